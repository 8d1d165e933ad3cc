// fastsecp for JavaScript: the interface of tiny-secp256k1 v2 (the calls bitcoinjs-lib and its
// relatives make: `import * as ecc from "./secp256k1.mjs"; bitcoin.initEccLib(ecc)`) on fastsecp's
// libsecp256k1 API, compiled to WebAssembly (secp256k1.wasm, beside this file; wasm/CMakeLists.txt).
//
// Contract, as tiny-secp256k1 v2 has it: byte strings are Uint8Array (a node Buffer is one) in and
// out; a result that does not exist (the point at infinity, a zero key) is null; an argument of the
// wrong type, length or range throws a TypeError whose message names it ("Expected Point",
// "Expected Private", ...), as does a point that is not on the curve. Checks run in tiny-secp256k1's
// order, so the first bad argument names the error. Two differences, both in arguments
// bitcoinjs-lib never passes: a recovery id that is not one of the numbers 0, 1, 2, 3 throws
// TypeError("Bad Recovery Id") (tiny-secp256k1 converts it to a 32-bit integer, then traps in its
// module beyond 3); and xOnlyPointAddTweakCheck without a parity is false when the tweaked point is
// at infinity (tiny-secp256k1 then compares the untweaked key).
//
// No JavaScript runtime of emscripten's is used: the module is built as a standalone WebAssembly
// module (wasm/CMakeLists.txt), whose only imports are the few WASI calls below. Loading is
// asynchronous (top-level await): in node the file is read beside this one, elsewhere fetched
// from the same URL base.

const WASM_URL = new URL("./secp256k1.wasm", import.meta.url);

async function wasmBytes() {
  if (typeof process === "object" && process !== null && process.versions && process.versions.node) {
    const { readFile } = await import("node:fs/promises");
    return readFile(WASM_URL);
  }
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`secp256k1.mjs: cannot load ${WASM_URL}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// --- the WebAssembly instance ---------------------------------------------------------------------
let memory = null;
let heapView = new Uint8Array(0);
// A view of the module's memory, renewed when the memory has grown (growth detaches the old buffer).
function heap() {
  if (heapView.buffer !== memory.buffer) heapView = new Uint8Array(memory.buffer);
  return heapView;
}

const WASI_ERRNO_BADF = 8;
const WASI_ERRNO_SPIPE = 70;
let stderrLine = "";
const imports = {
  env: {
    // The views are renewed on use (heap()).
    emscripten_notify_memory_growth() {},
  },
  wasi_snapshot_preview1: {
    // The library writes only the message of its illegal-argument and error callbacks (to stderr)
    // before it aborts; this module's checks keep those callbacks from firing.
    fd_write(fd, iovs, iovsLen, nwrittenPtr) {
      const dv = new DataView(memory.buffer);
      let written = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = dv.getUint32(iovs + 8 * i, true);
        const len = dv.getUint32(iovs + 8 * i + 4, true);
        for (const byte of heap().subarray(ptr, ptr + len)) {
          if (byte === 10) {
            console.error(stderrLine);
            stderrLine = "";
          } else {
            stderrLine += String.fromCharCode(byte);
          }
        }
        written += len;
      }
      dv.setUint32(nwrittenPtr, written, true);
      return fd === 1 || fd === 2 ? 0 : WASI_ERRNO_BADF;
    },
    fd_close() {
      return WASI_ERRNO_BADF;
    },
    fd_seek() {
      return WASI_ERRNO_SPIPE;
    },
    // An empty environment (the library reads FASTSECP_FORCE_PORTABLE; wasm has one code path).
    environ_sizes_get(countPtr, sizePtr) {
      const dv = new DataView(memory.buffer);
      dv.setUint32(countPtr, 0, true);
      dv.setUint32(sizePtr, 0, true);
      return 0;
    },
    environ_get() {
      return 0;
    },
    proc_exit(code) {
      if (stderrLine !== "") console.error(stderrLine);
      stderrLine = "";
      throw new Error(`secp256k1.wasm aborted (exit status ${code})`);
    },
  },
};

const { instance } = await WebAssembly.instantiate(await wasmBytes(), imports);
const lib = instance.exports;
memory = lib.memory;
lib._initialize(); // a WASI reactor: runs the module's constructors once

// secp256k1.h: SECP256K1_CONTEXT_NONE, SECP256K1_EC_COMPRESSED / _UNCOMPRESSED.
const CONTEXT_NONE = 1;
const EC_COMPRESSED = (1 << 1) | (1 << 8);
const EC_UNCOMPRESSED = 1 << 1;

const ctx = lib.secp256k1_context_create(CONTEXT_NONE);
if (ctx === 0) throw new Error("secp256k1.mjs: secp256k1_context_create failed");

// One scratch block for every call's arguments and results, wiped after each call (it holds
// secret keys and nonce data while a call runs). Offsets are multiples of 8; the opaque objects
// have libsecp256k1's sizes (64-byte public keys and signatures, 65-byte recoverable signatures,
// 96-byte key pairs); size_t and int are 4 bytes on wasm32.
const LAYOUT = {
  seckey: 32, tweak: 32, hash: 32, extra: 32, sig64: 64, in1: 72, in2: 72, out: 72, outlen: 8,
  pubkey1: 64, pubkey2: 64, pubkeyOut: 64, xonly1: 64, xonly2: 64, keypair: 96, sig: 72, int: 8,
  ptrs: 8,
};
const SCRATCH_SIZE = Object.values(LAYOUT).reduce((a, b) => a + b, 0);
const scratch = lib.malloc(SCRATCH_SIZE);
if (scratch === 0) throw new Error("secp256k1.mjs: out of memory");
const at = {};
{
  let offset = scratch;
  for (const [name, size] of Object.entries(LAYOUT)) {
    at[name] = offset;
    offset += size;
  }
}
function wipe() {
  heap().fill(0, scratch, scratch + SCRATCH_SIZE);
}
function put(ptr, bytes) {
  heap().set(bytes, ptr);
}
function take(ptr, len) {
  return heap().slice(ptr, ptr + len);
}
function getU32(ptr) {
  return new DataView(memory.buffer).getUint32(ptr, true);
}
function setU32(ptr, value) {
  new DataView(memory.buffer).setUint32(ptr, value, true);
}
function getI32(ptr) {
  return new DataView(memory.buffer).getInt32(ptr, true);
}
// Runs fn with the scratch block, then wipes it, whatever fn did.
function withScratch(fn) {
  try {
    return fn();
  } finally {
    wipe();
  }
}

// Blinding of the constant-time k·G (secp256k1_context_randomize) with fresh randomness where
// the platform has a CSPRNG (node 20 and browsers: globalThis.crypto).
if (globalThis.crypto && typeof globalThis.crypto.getRandomValues === "function") {
  withScratch(() => {
    put(at.seckey, globalThis.crypto.getRandomValues(new Uint8Array(32)));
    if (lib.secp256k1_context_randomize(ctx, at.seckey) !== 1) {
      throw new Error("secp256k1.mjs: secp256k1_context_randomize failed");
    }
  });
}

// --- argument checks ------------------------------------------------------------------------------
const ERR_PRIVATE = "Expected Private";
const ERR_POINT = "Expected Point";
const ERR_TWEAK = "Expected Tweak";
const ERR_HASH = "Expected Hash";
const ERR_SIGNATURE = "Expected Signature";
const ERR_EXTRA_DATA = "Expected Extra Data (32 bytes)";
const ERR_PARITY = "Expected Parity (1 | 0)";
const ERR_RECOVERY_ID = "Bad Recovery Id";

function fail(message) {
  throw new TypeError(message);
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}
// The group order n, and p - n (the largest r for which r + n is still a field element).
const ORDER = hexBytes("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
const P_MINUS_N = hexBytes("000000000000000000000000000000014551231950b75fc4402da1722fc9baee");

// -1, 0 or 1 as the 32-byte big-endian numbers a and b compare; reads every byte (no early exit:
// a is a secret key in isPrivate).
function compare32(a, b) {
  let result = 0;
  for (let i = 0; i < 32; i++) {
    const decided = result !== 0 ? 1 : 0;
    const diff = (a[i] > b[i] ? 1 : 0) - (a[i] < b[i] ? 1 : 0);
    result = decided * result + (1 - decided) * diff;
  }
  return result;
}
function isZero32(a) {
  let acc = 0;
  for (let i = 0; i < 32; i++) acc |= a[i];
  return acc === 0;
}
function isBytes(x, ...lengths) {
  return x instanceof Uint8Array && lengths.includes(x.length);
}
function isScalarBelowOrder(x) {
  return isBytes(x, 32) && compare32(x, ORDER) < 0;
}
function checkPrivate(d) {
  if (!isPrivate(d)) fail(ERR_PRIVATE);
}
// tiny-secp256k1 lets a 32-byte string through here; no 32-byte string parses as a
// compressed or uncompressed point, so it fails as "Expected Point" at the parse.
function checkPointShape(p) {
  if (!isBytes(p, 33, 65, 32)) fail(ERR_POINT);
}
function checkXOnlyShape(p) {
  if (!isBytes(p, 32)) fail(ERR_POINT);
}
function checkTweak(t) {
  if (!isScalarBelowOrder(t)) fail(ERR_TWEAK);
}
function checkHash(h) {
  if (!isBytes(h, 32)) fail(ERR_HASH);
}
function checkExtraData(e) {
  if (e !== undefined && !isBytes(e, 32)) fail(ERR_EXTRA_DATA);
}
function checkSignature(sig) {
  if (!isBytes(sig, 64) || compare32(sig.subarray(0, 32), ORDER) >= 0 || compare32(sig.subarray(32, 64), ORDER) >= 0) {
    fail(ERR_SIGNATURE);
  }
}
// The output length: `compressed` when given (truthy: 33 bytes, else 65), otherwise the input's.
function outputLength(compressed, input) {
  if (compressed === undefined) return input === undefined ? 33 : input.length;
  return compressed ? 33 : 65;
}

// --- calls into the library (scratch block already in use) ---------------------------------------
// Parses p into the secp256k1_pubkey at `slot`; true when it is a point.
function parsePubkey(slot, p, inSlot = at.in1) {
  put(inSlot, p);
  return lib.secp256k1_ec_pubkey_parse(ctx, slot, inSlot, p.length) === 1;
}
function parseXOnly(slot, p, inSlot = at.in1) {
  put(inSlot, p);
  return lib.secp256k1_xonly_pubkey_parse(ctx, slot, inSlot) === 1;
}
function requirePubkey(slot, p, inSlot) {
  if (!parsePubkey(slot, p, inSlot)) fail(ERR_POINT);
}
function requireXOnly(slot, p, inSlot) {
  if (!parseXOnly(slot, p, inSlot)) fail(ERR_POINT);
}
function serializePubkey(slot, len) {
  setU32(at.outlen, len);
  const flags = len === 33 ? EC_COMPRESSED : EC_UNCOMPRESSED;
  if (lib.secp256k1_ec_pubkey_serialize(ctx, at.out, at.outlen, slot, flags) !== 1 || getU32(at.outlen) !== len) {
    throw new Error("secp256k1.mjs: secp256k1_ec_pubkey_serialize failed");
  }
  return take(at.out, len);
}
function serializeXOnly(slot) {
  if (lib.secp256k1_xonly_pubkey_serialize(ctx, at.out, slot) !== 1) {
    throw new Error("secp256k1.mjs: secp256k1_xonly_pubkey_serialize failed");
  }
  return take(at.out, 32);
}
function mustSucceed(ret, what) {
  if (ret !== 1) throw new Error(`secp256k1.mjs: ${what} failed`);
}

// --- the interface --------------------------------------------------------------------------------
export function isPoint(p) {
  return isBytes(p, 33, 65) && withScratch(() => parsePubkey(at.pubkey1, p));
}

export function isPointCompressed(p) {
  return isBytes(p, 33) && withScratch(() => parsePubkey(at.pubkey1, p));
}

export function isXOnlyPoint(p) {
  return isBytes(p, 32) && withScratch(() => parseXOnly(at.xonly1, p));
}

export function isPrivate(d) {
  return isBytes(d, 32) && !isZero32(d) && compare32(d, ORDER) < 0;
}

export function pointAdd(pA, pB, compressed) {
  checkPointShape(pA);
  checkPointShape(pB);
  const len = outputLength(compressed, pA);
  return withScratch(() => {
    requirePubkey(at.pubkey1, pA, at.in1);
    requirePubkey(at.pubkey2, pB, at.in2);
    setU32(at.ptrs, at.pubkey1);
    setU32(at.ptrs + 4, at.pubkey2);
    if (lib.secp256k1_ec_pubkey_combine(ctx, at.pubkeyOut, at.ptrs, 2) !== 1) return null; // A = -B
    return serializePubkey(at.pubkeyOut, len);
  });
}

// P tweaked in place by tweakFn (secp256k1_ec_pubkey_tweak_add or _mul); null when that fails.
function tweakPoint(tweakFn, p, tweak, compressed) {
  checkPointShape(p);
  checkTweak(tweak);
  const len = outputLength(compressed, p);
  return withScratch(() => {
    requirePubkey(at.pubkey1, p);
    put(at.tweak, tweak);
    if (tweakFn(ctx, at.pubkey1, at.tweak) !== 1) return null;
    return serializePubkey(at.pubkey1, len);
  });
}

export function pointAddScalar(p, tweak, compressed) {
  return tweakPoint(lib.secp256k1_ec_pubkey_tweak_add, p, tweak, compressed); // null: P = -tweak·G
}

export function pointCompress(p, compressed) {
  checkPointShape(p);
  const len = outputLength(compressed, p);
  return withScratch(() => {
    requirePubkey(at.pubkey1, p);
    return serializePubkey(at.pubkey1, len);
  });
}

export function pointFromScalar(d, compressed) {
  checkPrivate(d);
  const len = outputLength(compressed);
  return withScratch(() => {
    put(at.seckey, d);
    if (lib.secp256k1_ec_pubkey_create(ctx, at.pubkey1, at.seckey) !== 1) return null;
    return serializePubkey(at.pubkey1, len);
  });
}

export function xOnlyPointFromScalar(d) {
  checkPrivate(d);
  return withScratch(() => {
    put(at.seckey, d);
    mustSucceed(lib.secp256k1_keypair_create(ctx, at.keypair, at.seckey), "secp256k1_keypair_create");
    mustSucceed(lib.secp256k1_keypair_xonly_pub(ctx, at.xonly1, 0, at.keypair), "secp256k1_keypair_xonly_pub");
    return serializeXOnly(at.xonly1);
  });
}

export function xOnlyPointFromPoint(p) {
  checkPointShape(p);
  return withScratch(() => {
    requirePubkey(at.pubkey1, p);
    mustSucceed(lib.secp256k1_xonly_pubkey_from_pubkey(ctx, at.xonly1, 0, at.pubkey1), "secp256k1_xonly_pubkey_from_pubkey");
    return serializeXOnly(at.xonly1);
  });
}

export function pointMultiply(p, tweak, compressed) {
  return tweakPoint(lib.secp256k1_ec_pubkey_tweak_mul, p, tweak, compressed); // null: tweak = 0
}

export function privateAdd(d, tweak) {
  checkPrivate(d);
  checkTweak(tweak);
  return withScratch(() => {
    put(at.seckey, d);
    put(at.tweak, tweak);
    if (lib.secp256k1_ec_seckey_tweak_add(ctx, at.seckey, at.tweak) !== 1) return null; // d + tweak = 0
    return take(at.seckey, 32);
  });
}

export function privateSub(d, tweak) {
  checkPrivate(d);
  checkTweak(tweak);
  // secp256k1_ec_seckey_negate refuses 0 (no secret key); d - 0 is d.
  if (isZero32(tweak)) return new Uint8Array(d);
  return withScratch(() => {
    put(at.seckey, d);
    put(at.tweak, tweak);
    mustSucceed(lib.secp256k1_ec_seckey_negate(ctx, at.tweak), "secp256k1_ec_seckey_negate");
    if (lib.secp256k1_ec_seckey_tweak_add(ctx, at.seckey, at.tweak) !== 1) return null; // d = tweak
    return take(at.seckey, 32);
  });
}

export function privateNegate(d) {
  checkPrivate(d);
  return withScratch(() => {
    put(at.seckey, d);
    mustSucceed(lib.secp256k1_ec_seckey_negate(ctx, at.seckey), "secp256k1_ec_seckey_negate");
    return take(at.seckey, 32);
  });
}

export function xOnlyPointAddTweak(p, tweak) {
  checkXOnlyShape(p);
  checkTweak(tweak);
  return withScratch(() => {
    requireXOnly(at.xonly1, p);
    put(at.tweak, tweak);
    // The tweaked point as a full public key; null at infinity (P = -tweak·G).
    if (lib.secp256k1_xonly_pubkey_tweak_add(ctx, at.pubkey1, at.xonly1, at.tweak) !== 1) return null;
    mustSucceed(lib.secp256k1_xonly_pubkey_from_pubkey(ctx, at.xonly2, at.int, at.pubkey1), "secp256k1_xonly_pubkey_from_pubkey");
    return { parity: getI32(at.int), xOnlyPubkey: serializeXOnly(at.xonly2) };
  });
}

export function xOnlyPointAddTweakCheck(point, tweak, resultToCheck, tweakParity) {
  checkXOnlyShape(point);
  checkXOnlyShape(resultToCheck);
  checkTweak(tweak);
  const hasParity = tweakParity !== undefined;
  if (hasParity && tweakParity !== 0 && tweakParity !== 1) fail(ERR_PARITY);
  return withScratch(() => {
    requireXOnly(at.xonly1, point);
    put(at.tweak, tweak);
    if (hasParity) {
      // libsecp256k1's check also wants the result to be an x-only point.
      requireXOnly(at.xonly2, resultToCheck, at.in2);
      return lib.secp256k1_xonly_pubkey_tweak_add_check(ctx, at.in2, tweakParity, at.xonly1, at.tweak) === 1;
    }
    // Without the parity: compute the tweaked key and compare the x coordinates. At infinity there
    // is no x, so nothing matches (tiny-secp256k1 compares the untweaked key there instead).
    if (lib.secp256k1_xonly_pubkey_tweak_add(ctx, at.pubkey1, at.xonly1, at.tweak) !== 1) return false;
    mustSucceed(lib.secp256k1_xonly_pubkey_from_pubkey(ctx, at.xonly2, 0, at.pubkey1), "secp256k1_xonly_pubkey_from_pubkey");
    const tweaked = serializeXOnly(at.xonly2);
    return compare32(tweaked, resultToCheck) === 0;
  });
}

function signEcdsa(h, d, e, recoverable) {
  checkHash(h);
  checkPrivate(d);
  checkExtraData(e);
  return withScratch(() => {
    put(at.hash, h);
    put(at.seckey, d);
    if (e !== undefined) put(at.extra, e);
    const extra = e === undefined ? 0 : at.extra;
    // noncefp NULL: RFC 6979, with the extra data as its additional input.
    if (recoverable) {
      mustSucceed(lib.secp256k1_ecdsa_sign_recoverable(ctx, at.sig, at.hash, at.seckey, 0, extra), "secp256k1_ecdsa_sign_recoverable");
      mustSucceed(lib.secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, at.sig64, at.int, at.sig), "secp256k1_ecdsa_recoverable_signature_serialize_compact");
      return { signature: take(at.sig64, 64), recoveryId: getI32(at.int) };
    }
    mustSucceed(lib.secp256k1_ecdsa_sign(ctx, at.sig, at.hash, at.seckey, 0, extra), "secp256k1_ecdsa_sign");
    mustSucceed(lib.secp256k1_ecdsa_signature_serialize_compact(ctx, at.sig64, at.sig), "secp256k1_ecdsa_signature_serialize_compact");
    return take(at.sig64, 64);
  });
}

export function sign(h, d, e) {
  return signEcdsa(h, d, e, false);
}

export function signRecoverable(h, d, e) {
  return signEcdsa(h, d, e, true);
}

export function signSchnorr(h, d, e) {
  checkHash(h);
  checkPrivate(d);
  checkExtraData(e);
  return withScratch(() => {
    put(at.hash, h);
    put(at.seckey, d);
    if (e !== undefined) put(at.extra, e);
    mustSucceed(lib.secp256k1_keypair_create(ctx, at.keypair, at.seckey), "secp256k1_keypair_create");
    mustSucceed(lib.secp256k1_schnorrsig_sign32(ctx, at.sig64, at.hash, at.keypair, e === undefined ? 0 : at.extra), "secp256k1_schnorrsig_sign32");
    return take(at.sig64, 64);
  });
}

export function verify(h, Q, signature, strict = false) {
  checkHash(h);
  checkPointShape(Q);
  checkSignature(signature);
  return withScratch(() => {
    requirePubkey(at.pubkey1, Q);
    put(at.hash, h);
    put(at.sig64, signature);
    if (lib.secp256k1_ecdsa_signature_parse_compact(ctx, at.sig, at.sig64) !== 1) fail(ERR_SIGNATURE);
    // libsecp256k1 accepts only low-s signatures; unless strict, a high s is first made low.
    if (strict !== true) lib.secp256k1_ecdsa_signature_normalize(ctx, at.sig, at.sig);
    return lib.secp256k1_ecdsa_verify(ctx, at.sig, at.hash, at.pubkey1) === 1;
  });
}

export function recover(h, signature, recoveryId, compressed = false) {
  checkHash(h);
  checkSignature(signature);
  if (isZero32(signature.subarray(0, 32)) || isZero32(signature.subarray(32, 64))) fail(ERR_SIGNATURE);
  if (recoveryId !== 0 && recoveryId !== 1 && recoveryId !== 2 && recoveryId !== 3) fail(ERR_RECOVERY_ID);
  // Ids 2 and 3 stand for R.x = r + n, a field element only when r < p - n.
  if (recoveryId & 2 && compare32(signature.subarray(0, 32), P_MINUS_N) >= 0) fail(ERR_RECOVERY_ID);
  if (!isXOnlyPoint(signature.subarray(0, 32))) fail(ERR_SIGNATURE);
  const len = outputLength(compressed);
  return withScratch(() => {
    put(at.hash, h);
    put(at.sig64, signature);
    if (lib.secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, at.sig, at.sig64, recoveryId) !== 1) fail(ERR_SIGNATURE);
    if (lib.secp256k1_ecdsa_recover(ctx, at.pubkey1, at.sig, at.hash) !== 1) return null;
    return serializePubkey(at.pubkey1, len);
  });
}

export function verifySchnorr(h, Q, signature) {
  checkHash(h);
  checkXOnlyShape(Q);
  checkSignature(signature);
  return withScratch(() => {
    requireXOnly(at.xonly1, Q);
    put(at.hash, h);
    put(at.sig64, signature);
    return lib.secp256k1_schnorrsig_verify(ctx, at.sig64, at.hash, 32, at.xonly1) === 1;
  });
}
