// tiny-secp256k1's points.json through the module: isPoint (and, on its valid points,
// isPointCompressed and isXOnlyPoint), pointAdd, pointAddScalar, pointCompress, pointFromScalar,
// pointMultiply, and privateNegate (the "pointNegate" cases), valid and invalid cases.
import assert from "node:assert/strict";
import test from "node:test";
import { CaseCount, assertAllCovered, assertBytes, assertThrows, ecc, fixture, fromHex, toHex } from "./helpers.mjs";

const data = fixture("points.json");
const count = new CaseCount();

// The same point in the other encoding (33 <-> 65 bytes), through the module.
function compressedHex(hex) {
  return toHex(ecc.pointCompress(fromHex(hex), true));
}
function uncompressedHex(hex) {
  return toHex(ecc.pointCompress(fromHex(hex), false));
}

test("isPoint, isPointCompressed, isXOnlyPoint", () => {
  count.check("valid.isPoint", data.valid.isPoint, (f, what) => {
    const p = fromHex(f.P);
    assert.equal(typeof f.expected, "boolean", what);
    assert.equal(ecc.isPoint(p), f.expected, what);
    // A valid point is compressed exactly when it has 33 bytes; its x alone is an x-only point
    // (every x of a curve point is), the 64 coordinate bytes of an uncompressed one are not.
    if (f.expected) {
      assert.equal(ecc.isPointCompressed(p), p.length === 33, what);
      assert.equal(ecc.isXOnlyPoint(p.slice(1, 33)), true, what);
      assert.equal(ecc.isXOnlyPoint(p.length === 33 ? p.slice(1, 33) : p.slice(1)), p.length === 33, what);
    } else {
      assert.equal(ecc.isPointCompressed(p), false, what);
    }
  });
});

test("pointAdd", () => {
  count.check("valid.pointAdd", data.valid.pointAdd, (f, what) => {
    const p = fromHex(f.P);
    const q = fromHex(f.Q);
    assertBytes(ecc.pointAdd(p, q), f.expected, what);
    if (f.expected === null) {
      assert.equal(ecc.pointAdd(p, q, true), null, what);
      assert.equal(ecc.pointAdd(p, q, false), null, what);
      return;
    }
    // Without `compressed` the result has P's encoding.
    assert.equal(f.expected.length, f.P.length, what);
    assertBytes(ecc.pointAdd(p, q, true), compressedHex(f.expected), what);
    assertBytes(ecc.pointAdd(p, q, false), uncompressedHex(f.expected), what);
    // Addition commutes; the result then has Q's encoding.
    assertBytes(ecc.pointAdd(q, p, true), compressedHex(f.expected), what);
  });
  count.check("invalid.pointAdd", data.invalid.pointAdd, (f, what) => {
    assertThrows(() => ecc.pointAdd(fromHex(f.P), fromHex(f.Q)), f.exception, what);
  });
});

test("pointAddScalar", () => {
  count.check("valid.pointAddScalar", data.valid.pointAddScalar, (f, what) => {
    const p = fromHex(f.P);
    const d = fromHex(f.d);
    assertBytes(ecc.pointAddScalar(p, d), f.expected, what);
    if (f.expected === null) return;
    assertBytes(ecc.pointAddScalar(p, d, true), compressedHex(f.expected), what);
    assertBytes(ecc.pointAddScalar(p, d, false), uncompressedHex(f.expected), what);
  });
  count.check("invalid.pointAddScalar", data.invalid.pointAddScalar, (f, what) => {
    assertThrows(() => ecc.pointAddScalar(fromHex(f.P), fromHex(f.d)), f.exception, what);
  });
});

test("pointCompress", () => {
  count.check("valid.pointCompress", data.valid.pointCompress, (f, what) => {
    const p = fromHex(f.P);
    // "noarg": called with one argument; otherwise with `compress` (which may be undefined).
    const result = f.noarg ? ecc.pointCompress(p) : ecc.pointCompress(p, f.compress);
    assertBytes(result, f.expected, what);
  });
  count.check("invalid.pointCompress", data.invalid.pointCompress, (f, what) => {
    assertThrows(() => ecc.pointCompress(fromHex(f.P), f.compress), f.exception, what);
    assertThrows(() => ecc.pointCompress(fromHex(f.P)), f.exception, what);
  });
});

test("pointFromScalar", () => {
  count.check("valid.pointFromScalar", data.valid.pointFromScalar, (f, what) => {
    const d = fromHex(f.d);
    assertBytes(ecc.pointFromScalar(d), f.expected, what);
    assertBytes(ecc.pointFromScalar(d, true), compressedHex(f.expected), what);
    assertBytes(ecc.pointFromScalar(d, false), uncompressedHex(f.expected), what);
  });
  count.check("invalid.pointFromScalar", data.invalid.pointFromScalar, (f, what) => {
    assertThrows(() => ecc.pointFromScalar(fromHex(f.d)), f.exception, what);
    // The same keys are no private keys to negate either.
    assertThrows(() => ecc.privateNegate(fromHex(f.d)), f.exception, what);
  });
});

test("pointMultiply", () => {
  count.check("valid.pointMultiply", data.valid.pointMultiply, (f, what) => {
    const p = fromHex(f.P);
    const d = fromHex(f.d);
    assertBytes(ecc.pointMultiply(p, d), f.expected, what);
    if (f.expected === null) return;
    assertBytes(ecc.pointMultiply(p, d, true), compressedHex(f.expected), what);
    assertBytes(ecc.pointMultiply(p, d, false), uncompressedHex(f.expected), what);
  });
  count.check("invalid.pointMultiply", data.invalid.pointMultiply, (f, what) => {
    assertThrows(() => ecc.pointMultiply(fromHex(f.P), fromHex(f.d)), f.exception, what);
  });
});

test("privateNegate (pointNegate cases)", () => {
  count.check("valid.pointNegate", data.valid.pointNegate, (f, what) => {
    const d = fromHex(f.d);
    const negated = ecc.privateNegate(d);
    assertBytes(negated, f.expected, what);
    // d + (-d) = 0: no key.
    assert.equal(ecc.privateAdd(d, negated), null, what);
    // -(-d) = d, and (-d)·G is d·G with the other y.
    assertBytes(ecc.privateNegate(negated), f.d, what);
    const pub = ecc.pointFromScalar(d, true);
    const negPub = ecc.pointFromScalar(negated, true);
    assert.equal(toHex(negPub.subarray(1)), toHex(pub.subarray(1)), what);
    assert.equal(negPub[0] ^ pub[0], 1, what);
  });
});

test("every case of points.json was checked", (t) => {
  t.diagnostic(assertAllCovered("points.json", data, count));
});
