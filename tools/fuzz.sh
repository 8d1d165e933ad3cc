#!/usr/bin/env bash
# Fuzzing (clang + libFuzzer, ASan+UBSan), one target after the other:
#   fuzz_parsers  differential against libsecp256k1 v0.8.0 (every parser/verifier of secp256k1*.h);
#   fuzz_wallet   property checks of the wallet parsers (fastsecp_wallet.h: extended keys, paths,
#                 Base58Check, WIF, Bech32/Bech32m, segwit addresses, EIP-55, script trees).
#   fuzz_protocols property checks of secp256k1_dleq.h, secp256k1_ecdsa_adaptor.h,
#                 secp256k1_schnorr_adaptor.h and secp256k1_generator.h (adaptor signatures and
#                 pre-signatures, commitments, generators, DLEQ proofs).
#   tools/fuzz.sh [SECONDS]     (default 60 per target: CI's `tools/fuzz.sh 60` fuzzes 2 minutes)
# Builds build-fuzz/ with clang, then runs every target for SECONDS, starting from the corpus kept
# in the repository (tests/fuzz/corpus/TARGET/, minimized; tools/soak.sh grows it) and the inputs of
# earlier failures kept in tests/fuzz/regressions/ (fuzz_parsers), tests/fuzz/regressions-wallet/
# (fuzz_wallet) and tests/fuzz/regressions-protocols/ (fuzz_protocols); each one is run first. A difference between the libraries, a violated property or
# a sanitizer report stops the run with the crashing input saved in build-fuzz/; add it to the
# target's regressions folder with the fix. FASTSECP_FUZZ_SEED fixes libFuzzer's seed (CI sets it
# so that a run can be repeated); by default each run explores differently.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECONDS_PER_TARGET=${1:-60}
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DFASTSECP_BUILD_CUDA=OFF -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_FUZZERS=ON \
  -DFASTSECP_SANITIZE=ON -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF
cmake --build "$BUILD" -j "${JOBS:-2}" --target fuzz_parsers fuzz_wallet fuzz_protocols
cd "$BUILD"
SEED_ARG=()
[ -n "${FASTSECP_FUZZ_SEED:-}" ] && SEED_ARG=(-seed="$FASTSECP_FUZZ_SEED")
run() {  # run TARGET CORPUS REGRESSIONS
  mkdir -p "corpus/$2"
  local kept=()
  [ -d "$ROOT/tests/fuzz/corpus/$1" ] && kept=("$ROOT/tests/fuzz/corpus/$1")
  echo "== $1 (${SECONDS_PER_TARGET} s)"
  "./tests/fuzz/$1" "${SEED_ARG[@]}" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
    "corpus/$2" "${kept[@]}" "$ROOT/tests/fuzz/$3"
}
run fuzz_parsers parsers regressions
run fuzz_wallet wallet regressions-wallet
run fuzz_protocols protocols regressions-protocols
