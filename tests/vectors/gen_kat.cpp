// Writes data/fastsecp-kat/reference-0.8.0.txt from the reference libsecp256k1 v0.8.0 (the
// btclib-secp256k1 wheel that tools/fetch-reference.sh fetches, or FASTSECP_REFERENCE_LIB):
//     cmake --build build --target gen_kat && build/tests/vectors/gen_kat tests/vectors/data/fastsecp-kat/reference-0.8.0.txt
// Run on x86-64; kat_vectors.cpp checks every CPU against the file.
#include "kat_transcript.h"

#include <cstdio>

int main(int argc, char** argv) {
    using namespace fastsecp::test;
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT.txt\n", argv[0]);
        return 2;
    }
    SecpApi ref;
    std::string err;
    if (!load_reference_api("", ref, err)) {
        std::fprintf(stderr, "gen_kat: %s\n", err.c_str());
        return 1;
    }
    secp256k1_context* ctx = ref.context_create(SECP256K1_CONTEXT_NONE);
    const std::string text = kat_transcript(ref, ctx, KAT_CASES);
    ref.context_destroy(ctx);
    FILE* f = std::fopen(argv[1], "w");
    if (f == nullptr) return 1;
    std::fprintf(f, "# Known answers of libsecp256k1 v0.8.0 (btclib-secp256k1==0.8.0.13 wheel, x86-64),\n"
                    "# written by tests/vectors/gen_kat.cpp; format in tests/vectors/kat_transcript.h.\n");
    std::fputs(text.c_str(), f);
    return std::fclose(f) == 0 ? 0 : 1;
}
