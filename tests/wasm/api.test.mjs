// The module's contract beyond the fixtures: argument checks of every function (type, length,
// range, the order in which they are made), null results, results that are copies, and the
// functions against each other on keys derived from a fixed seed.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import test from "node:test";
import { assertBytes, assertThrows, ecc, fromHex, toHex } from "./helpers.mjs";

const N_HEX = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
const N_MINUS_1_HEX = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140";
const G_X_HEX = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
const G_HEX = "02" + G_X_HEX;
const scalar = (n) => fromHex(n.toString(16).padStart(64, "0"));

// 32-byte strings from a fixed seed (SHA-256 of "fastsecp wasm" and a counter).
function seeded(i) {
  return new Uint8Array(createHash("sha256").update(`fastsecp wasm ${i}`).digest());
}
// Private keys from the seed (every such hash is one, short of a 2^-128 chance; checked).
const KEYS = Array.from({ length: 24 }, (_, i) => {
  const d = seeded(i);
  assert.equal(ecc.isPrivate(d), true);
  return d;
});

const d1 = KEYS[0];
const d2 = KEYS[1];
const P33 = ecc.pointFromScalar(d1, true);
const P65 = ecc.pointFromScalar(d1, false);
const X32 = ecc.xOnlyPointFromScalar(d1);
const h = seeded(100);
const e = seeded(101);
const sig = ecc.sign(h, d1);
const schnorrSig = ecc.signSchnorr(h, d1, e);

// Values that are not byte strings at all, and Uint8Arrays of lengths never accepted anywhere.
const NOT_BYTES = [undefined, null, 0, "00".repeat(32), Array(32).fill(1), new Uint16Array(32), new ArrayBuffer(32), {}];
const BAD_LENGTHS = [0, 1, 31, 34, 63, 66, 96].map((n) => new Uint8Array(n).fill(2));

// For each function: arguments that work, and for each checked position the message its bad
// values give.
const CALLS = [
  ["pointAdd", [P33, P65], ["Expected Point", "Expected Point"]],
  ["pointAddScalar", [P33, d2], ["Expected Point", "Expected Tweak"]],
  ["pointCompress", [P65, true], ["Expected Point"]],
  ["pointFromScalar", [d1], ["Expected Private"]],
  ["xOnlyPointFromScalar", [d1], ["Expected Private"]],
  ["xOnlyPointFromPoint", [P65], ["Expected Point"]],
  ["pointMultiply", [P65, d2], ["Expected Point", "Expected Tweak"]],
  ["privateAdd", [d1, d2], ["Expected Private", "Expected Tweak"]],
  ["privateSub", [d1, d2], ["Expected Private", "Expected Tweak"]],
  ["privateNegate", [d1], ["Expected Private"]],
  ["xOnlyPointAddTweak", [X32, d2], ["Expected Point", "Expected Tweak"]],
  ["xOnlyPointAddTweakCheck", [X32, d2, X32], ["Expected Point", "Expected Tweak", "Expected Point"]],
  ["sign", [h, d1, e], ["Expected Hash", "Expected Private", "Expected Extra Data (32 bytes)"]],
  ["signRecoverable", [h, d1, e], ["Expected Hash", "Expected Private", "Expected Extra Data (32 bytes)"]],
  ["signSchnorr", [h, d1, e], ["Expected Hash", "Expected Private", "Expected Extra Data (32 bytes)"]],
  ["verify", [h, P33, sig], ["Expected Hash", "Expected Point", "Expected Signature"]],
  ["recover", [h, sig, 0], ["Expected Hash", "Expected Signature"]],
  ["verifySchnorr", [h, X32, schnorrSig], ["Expected Hash", "Expected Point", "Expected Signature"]],
];

test("every function of the interface is exported, and nothing else", () => {
  const names = [
    "isPoint", "isPointCompressed", "isXOnlyPoint", "isPrivate", ...CALLS.map(([name]) => name),
  ].sort();
  assert.deepEqual(Object.keys(ecc).sort(), names);
  for (const name of names) assert.equal(typeof ecc[name], "function", name);
});

test("the working arguments work", () => {
  for (const [name, args] of CALLS) {
    const result = ecc[name](...args);
    assert.notEqual(result, null, name);
    assert.notEqual(result, undefined, name);
  }
});

test("bad argument types and lengths throw TypeError naming the argument", () => {
  for (const [name, args, messages] of CALLS) {
    messages.forEach((message, pos) => {
      for (const bad of [...NOT_BYTES, ...BAD_LENGTHS]) {
        // An omitted extra-entropy argument is allowed (undefined): skip it there.
        if (bad === undefined && message.startsWith("Expected Extra Data")) continue;
        const callArgs = args.slice();
        callArgs[pos] = bad;
        assertThrows(() => ecc[name](...callArgs), message, `${name} argument ${pos} = ${String(bad).slice(0, 20)}`);
      }
    });
  }
});

test("out-of-range scalars and signatures", () => {
  const n = fromHex(N_HEX);
  const zero = new Uint8Array(32);
  const ff = new Uint8Array(32).fill(0xff);
  for (const bad of [zero, n, ff]) {
    assertThrows(() => ecc.pointFromScalar(bad), "Expected Private", "pointFromScalar");
    assertThrows(() => ecc.sign(h, bad), "Expected Private", "sign");
    assertThrows(() => ecc.signSchnorr(h, bad), "Expected Private", "signSchnorr");
    assert.equal(ecc.isPrivate(bad), false);
  }
  for (const bad of [n, ff]) {
    assertThrows(() => ecc.pointAddScalar(P33, bad), "Expected Tweak", "pointAddScalar");
    assertThrows(() => ecc.privateAdd(d1, bad), "Expected Tweak", "privateAdd");
    assertThrows(() => ecc.xOnlyPointAddTweak(X32, bad), "Expected Tweak", "xOnlyPointAddTweak");
    const highR = Uint8Array.from([...bad, ...sig.subarray(32)]);
    const highS = Uint8Array.from([...sig.subarray(0, 32), ...bad]);
    assertThrows(() => ecc.verify(h, P33, highR), "Expected Signature", "verify r");
    assertThrows(() => ecc.verify(h, P33, highS), "Expected Signature", "verify s");
    assertThrows(() => ecc.verifySchnorr(h, X32, highS), "Expected Signature", "verifySchnorr s");
  }
  // BIP-340 allows r up to p - 1; tiny-secp256k1's check (kept) wants it below n too.
  const rAboveN = Uint8Array.from([...fromHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e"), ...schnorrSig.subarray(32)]);
  assertThrows(() => ecc.verifySchnorr(h, X32, rAboveN), "Expected Signature", "verifySchnorr r >= n");
  // Zero is a tweak (below n), but no key.
  assertBytes(ecc.pointAddScalar(P33, zero), toHex(P33), "P + 0");
  assertBytes(ecc.privateAdd(d1, zero), toHex(d1), "d + 0");
  assertBytes(ecc.privateSub(d1, zero), toHex(d1), "d - 0");
});

test("checks run in argument order, before any point is parsed", () => {
  const offCurve = fromHex("02" + "00".repeat(31) + "05"); // x = 5 has no y on secp256k1
  assert.equal(ecc.isPoint(offCurve), false);
  const n = fromHex(N_HEX);
  // The shape of every argument first: the bad tweak is named, not the unparsable point.
  assertThrows(() => ecc.pointAddScalar(offCurve, n), "Expected Tweak", "pointAddScalar");
  assertThrows(() => ecc.pointMultiply(offCurve, n), "Expected Tweak", "pointMultiply");
  assertThrows(() => ecc.pointAddScalar(offCurve, d2), "Expected Point", "pointAddScalar");
  assertThrows(() => ecc.verify(new Uint8Array(31), offCurve, sig), "Expected Hash", "verify");
  assertThrows(() => ecc.verify(h, offCurve, sig), "Expected Point", "verify");
  assertThrows(() => ecc.sign(new Uint8Array(31), n), "Expected Hash", "sign");
  // A 32-byte string passes the point shape check of the full-point functions, then fails to parse.
  assertThrows(() => ecc.pointCompress(X32), "Expected Point", "pointCompress(x-only)");
  assertThrows(() => ecc.xOnlyPointFromPoint(X32), "Expected Point", "xOnlyPointFromPoint(x-only)");
  assert.equal(ecc.isPoint(X32), false);
});

test("parity and recovery id", () => {
  for (const bad of [2, -1, 0.5, "0", null, true]) {
    assertThrows(() => ecc.xOnlyPointAddTweakCheck(X32, d2, X32, bad), "Expected Parity (1 | 0)", `parity ${bad}`);
  }
  for (const bad of [4, -1, 1.5, "0", null, undefined, 256]) {
    assertThrows(() => ecc.recover(h, sig, bad), "Bad Recovery Id", `recovery id ${bad}`);
  }
  // A zero r or s cannot be recovered from; ids 2 and 3 need r < p - n.
  const zeroS = Uint8Array.from([...sig.subarray(0, 32), ...new Uint8Array(32)]);
  assertThrows(() => ecc.recover(h, zeroS, 0), "Expected Signature", "s = 0");
  const bigR = Uint8Array.from([...fromHex(G_X_HEX), ...sig.subarray(32)]);
  assertThrows(() => ecc.recover(h, bigR, 2), "Bad Recovery Id", "r >= p - n with id 2");
  // r = 1 is below p - n, and 1 + n is the x of a curve point; with id 2 that point is used.
  const smallR = Uint8Array.from([...scalar(1), ...sig.subarray(32)]);
  if (ecc.isXOnlyPoint(smallR.subarray(0, 32))) {
    const key = ecc.recover(h, smallR, 2, true);
    assert.ok(key === null || key.length === 33);
  } else {
    assertThrows(() => ecc.recover(h, smallR, 2), "Expected Signature", "r not an x coordinate");
  }
});

test("results that do not exist are null", () => {
  const g = fromHex(G_HEX);
  const gx = fromHex(G_X_HEX);
  const nMinus1 = fromHex(N_MINUS_1_HEX);
  const minusG = ecc.pointFromScalar(nMinus1, true);
  assert.equal(ecc.pointAdd(g, minusG), null, "G + (-G)");
  assert.equal(ecc.pointAddScalar(g, nMinus1), null, "G + (n-1)G");
  assert.equal(ecc.pointMultiply(g, new Uint8Array(32)), null, "0 * G");
  assert.equal(ecc.privateAdd(scalar(1), nMinus1), null, "1 + (n-1)");
  assert.equal(ecc.privateSub(d1, d1), null, "d - d");
  assert.equal(ecc.xOnlyPointAddTweak(gx, nMinus1), null, "x(G) + (n-1)G");
  // At infinity there is no tweaked key to match (with the parity, libsecp256k1 says the same).
  assert.equal(ecc.xOnlyPointAddTweakCheck(gx, nMinus1, gx), false);
  assert.equal(ecc.xOnlyPointAddTweakCheck(gx, nMinus1, gx, 0), false);
  assert.equal(ecc.xOnlyPointAddTweakCheck(gx, nMinus1, gx, 1), false);
});

test("results are fresh copies; inputs are not changed", () => {
  const a = ecc.pointFromScalar(d1);
  const b = ecc.pointFromScalar(d1);
  assert.notEqual(a, b);
  a.fill(0);
  assert.equal(toHex(ecc.pointFromScalar(d1)), toHex(b));
  const dCopy = Uint8Array.from(d1);
  const tCopy = Uint8Array.from(d2);
  ecc.privateSub(d1, d2);
  ecc.privateNegate(d1);
  ecc.signSchnorr(h, d1, e);
  assert.equal(toHex(d1), toHex(dCopy));
  assert.equal(toHex(d2), toHex(tCopy));
  // Buffers and views at an offset are Uint8Arrays too.
  const big = new Uint8Array(100);
  big.set(d1, 7);
  assertBytes(ecc.pointFromScalar(big.subarray(7, 39)), toHex(P33), "view");
  assertBytes(ecc.pointFromScalar(Buffer.from(d1)), toHex(P33), "Buffer");
  assert.equal(ecc.isPoint(Buffer.from(P65)), true);
});

test("compression defaults", () => {
  assert.equal(ecc.pointFromScalar(d1).length, 33);
  assert.equal(ecc.pointAdd(P65, P33).length, 65);
  assert.equal(ecc.pointAdd(P33, P65).length, 33);
  assert.equal(ecc.pointAddScalar(P65, d2).length, 65);
  assert.equal(ecc.pointMultiply(P65, d2).length, 65);
  assert.equal(ecc.pointCompress(P65).length, 65);
  assert.equal(ecc.pointCompress(P65, undefined).length, 65);
  assert.equal(ecc.pointCompress(P33, false).length, 65);
  assert.equal(ecc.recover(h, sig, ecc.signRecoverable(h, d1).recoveryId).length, 65);
  assertBytes(ecc.pointCompress(P65, true), toHex(P33), "compress");
  assertBytes(ecc.pointCompress(P33, false), toHex(P65), "decompress");
});

test("the functions agree with each other (24 keys from a fixed seed)", () => {
  for (let i = 0; i + 1 < KEYS.length; i++) {
    const a = KEYS[i];
    const b = KEYS[i + 1];
    const what = `keys ${i}, ${i + 1}`;
    const A = ecc.pointFromScalar(a);
    const B = ecc.pointFromScalar(b);
    // (a + b)·G = A + B = A + b·G; (a·b)·G = b·A = a·B.
    const sum = ecc.privateAdd(a, b);
    assertBytes(ecc.pointAdd(A, B), toHex(ecc.pointFromScalar(sum)), what);
    assertBytes(ecc.pointAddScalar(A, b), toHex(ecc.pointFromScalar(sum)), what);
    assertBytes(ecc.pointMultiply(B, a), toHex(ecc.pointMultiply(A, b)), what);
    assertBytes(ecc.pointMultiply(fromHex(G_HEX), a), toHex(A), what);
    // (a - b) + b = a; -(-a) = a; (a - b)·G = A + (-B).
    const diff = ecc.privateSub(a, b);
    assertBytes(ecc.privateAdd(diff, b), toHex(a), what);
    assertBytes(ecc.pointAdd(A, ecc.pointFromScalar(ecc.privateNegate(b))), toHex(ecc.pointFromScalar(diff)), what);
    // ECDSA: sign, verify, recover; a signature of another key or message fails.
    const msg = seeded(1000 + i);
    const s = ecc.sign(msg, a);
    assert.equal(ecc.verify(msg, A, s), true, what);
    assert.equal(ecc.verify(msg, B, s), false, what);
    assert.equal(ecc.verify(seeded(2000 + i), A, s), false, what);
    const rs = ecc.signRecoverable(msg, a, e);
    assertBytes(ecc.recover(msg, rs.signature, rs.recoveryId, true), toHex(A), what);
    assertBytes(ecc.sign(msg, a, e), toHex(rs.signature), what);
    // Schnorr: x-only keys, signing with and without aux randomness, tweaks.
    const X = ecc.xOnlyPointFromScalar(a);
    assertBytes(ecc.xOnlyPointFromPoint(A), toHex(X), what);
    assertBytes(X, toHex(A.subarray(1)), what);
    for (const aux of [undefined, e, seeded(3000 + i)]) {
      const ss = ecc.signSchnorr(msg, a, aux);
      assert.equal(ecc.verifySchnorr(msg, X, ss), true, what);
      assert.equal(ecc.verifySchnorr(msg, ecc.xOnlyPointFromScalar(b), ss), false, what);
    }
    const tweaked = ecc.xOnlyPointAddTweak(X, b);
    // The tweak is added to the even-y point with x X: a or -a, whichever has an even y.
    const evenA = A[0] === 2 ? a : ecc.privateNegate(a);
    const full = ecc.pointFromScalar(ecc.privateAdd(evenA, b), true);
    assertBytes(tweaked.xOnlyPubkey, toHex(full.subarray(1)), what);
    assert.equal(tweaked.parity, full[0] - 2, what);
    assert.equal(ecc.xOnlyPointAddTweakCheck(X, b, tweaked.xOnlyPubkey, tweaked.parity), true, what);
  }
});
