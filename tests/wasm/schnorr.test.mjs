// tiny-secp256k1's schnorr.json through the module: the BIP-340 vectors (signSchnorr with their
// auxiliary randomness, verifySchnorr including the cases that throw, xOnlyPointFromScalar,
// xOnlyPointFromPoint) and the x-only tweak vectors (xOnlyPointAddTweak, xOnlyPointAddTweakCheck
// with and without the parity).
import assert from "node:assert/strict";
import test from "node:test";
import { CaseCount, assertAllCovered, assertBytes, assertThrows, ecc, fixture, fromHex } from "./helpers.mjs";

const data = fixture("schnorr.json");
const count = new CaseCount();

test("BIP-340 vectors", () => {
  count.check("bip340testvectors", data.bip340testvectors, (f, what) => {
    what = `${what} ${f.comment || ""}`;
    const m = fromHex(f.m);
    const Q = fromHex(f.Q);
    const sig = fromHex(f.s);
    if (f.exception) {
      assertThrows(() => ecc.verifySchnorr(m, Q, sig), f.exception, what);
    } else {
      assert.equal(typeof f.v, "boolean", what);
      assert.equal(ecc.verifySchnorr(m, Q, sig), f.v, what);
    }
    if (!f.d) return;
    // A vector with a secret key: signing with its aux randomness gives its signature, and the
    // key's x-only public key is Q, from the scalar and from either encoding of the point.
    const d = fromHex(f.d);
    assertBytes(ecc.signSchnorr(m, d, fromHex(f.e)), f.s, what);
    assertBytes(ecc.xOnlyPointFromScalar(d), f.Q, what);
    assertBytes(ecc.xOnlyPointFromPoint(ecc.pointFromScalar(d, true)), f.Q, what);
    assertBytes(ecc.xOnlyPointFromPoint(ecc.pointFromScalar(d, false)), f.Q, what);
    // Without aux randomness (BIP-340's "no randomness" nonce): another valid signature.
    const plain = ecc.signSchnorr(m, d);
    assert.equal(ecc.verifySchnorr(m, Q, plain), true, what);
  });
});

test("x-only tweak vectors", () => {
  count.check("tweakaddvectors", data.tweakaddvectors, (f, what) => {
    const p = fromHex(f.pubkey);
    const tweak = fromHex(f.tweak);
    const res = ecc.xOnlyPointAddTweak(p, tweak);
    if (f.result === null) {
      // P + t·G at infinity (P = G, t = n - 1 and the like).
      assert.equal(res, null, what);
      assert.equal(f.parity, -1, what);
      return;
    }
    assert.deepEqual(Object.keys(res).sort(), ["parity", "xOnlyPubkey"], what);
    assertBytes(res.xOnlyPubkey, f.result, what);
    assert.equal(res.parity, f.parity, what);
    const result = fromHex(f.result);
    assert.equal(ecc.xOnlyPointAddTweakCheck(p, tweak, result, f.parity), true, what);
    assert.equal(ecc.xOnlyPointAddTweakCheck(p, tweak, result), true, what);
    assert.equal(ecc.xOnlyPointAddTweakCheck(p, tweak, result, 1 - f.parity), false, `${what} other parity`);
    // Another valid x-only key is refused, with or without the parity: the first of the untweaked
    // key, x(G) and x(2G) that is not the result (a tweak of 0 leaves the key as it was).
    const other = [p, ecc.xOnlyPointFromScalar(fromHex("01".padStart(64, "0"))), ecc.xOnlyPointFromScalar(fromHex("02".padStart(64, "0")))]
      .find((k) => Buffer.from(k).toString("hex") !== f.result);
    assert.equal(ecc.xOnlyPointAddTweakCheck(p, tweak, other, f.parity), false, `${what} wrong key`);
    assert.equal(ecc.xOnlyPointAddTweakCheck(p, tweak, other), false, `${what} wrong key`);
  });
});

test("every case of schnorr.json was checked", (t) => {
  t.diagnostic(assertAllCovered("schnorr.json", data, count));
});
