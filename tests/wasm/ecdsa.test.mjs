// tiny-secp256k1's ecdsa.json through the module: sign and signRecoverable (RFC 6979, with and
// without extra entropy), verify (with compressed and uncompressed keys, strict and not), recover;
// valid and invalid cases.
import assert from "node:assert/strict";
import test from "node:test";
import { CaseCount, assertAllCovered, assertBytes, assertThrows, ecc, fixture, fromHex, toHex } from "./helpers.mjs";

const data = fixture("ecdsa.json");
const count = new CaseCount();

// The extra-entropy inputs behind the fixture's extraEntropy* signatures (tiny-secp256k1's
// tests/ecdsa.js): 0, 1, a fixed random value, n and 2^256 - 1.
const EXTRA = {
  extraEntropy0: "0000000000000000000000000000000000000000000000000000000000000000",
  extraEntropy1: "0000000000000000000000000000000000000000000000000000000000000001",
  extraEntropyRand: "6e723d3fd94ed5d2b6bdd4f123364b0f3ca52af829988a63f8afe91d29db1c33",
  extraEntropyN: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
  extraEntropyMax: "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
};
const RECOVERY_ID_OF = {
  extraEntropy0: "recoveryId0",
  extraEntropy1: "recoveryId1",
  extraEntropyRand: "recoveryIdRand",
  extraEntropyN: "recoveryIdN",
  extraEntropyMax: "recoveryIdMax",
};

// A copy of bytes with one bit flipped.
function flipped(bytes, byteIndex, bit) {
  const out = Uint8Array.from(bytes);
  out[byteIndex] ^= 1 << bit;
  return out;
}

test("sign", () => {
  count.check("valid", data.valid, (f, what) => {
    assertBytes(ecc.sign(fromHex(f.m), fromHex(f.d)), f.signature, what);
  });
  count.check("extraEntropy", data.extraEntropy, (f, what) => {
    const m = fromHex(f.m);
    const d = fromHex(f.d);
    assertBytes(ecc.sign(m, d), f.signature, `${what} no extra entropy`);
    assertBytes(ecc.sign(m, d, undefined), f.signature, `${what} extra entropy undefined`);
    for (const [key, hex] of Object.entries(EXTRA)) {
      assertBytes(ecc.sign(m, d, fromHex(hex)), f[key], `${what} ${key}`);
    }
  });
  count.check("invalid.sign", data.invalid.sign, (f, what) => {
    assertThrows(() => ecc.sign(fromHex(f.m), fromHex(f.d)), f.exception, what);
  });
});

test("signRecoverable", () => {
  count.check("valid", data.valid, (f, what) => {
    const res = ecc.signRecoverable(fromHex(f.m), fromHex(f.d));
    assert.deepEqual(Object.keys(res).sort(), ["recoveryId", "signature"], what);
    assertBytes(res.signature, f.signature, what);
    assert.equal(res.recoveryId, f.recoveryId, what);
  });
  count.check("extraEntropy", data.extraEntropy, (f, what) => {
    const m = fromHex(f.m);
    const d = fromHex(f.d);
    const plain = ecc.signRecoverable(m, d);
    assertBytes(plain.signature, f.signature, what);
    assert.equal(plain.recoveryId, f.recoveryId, what);
    for (const [key, hex] of Object.entries(EXTRA)) {
      const res = ecc.signRecoverable(m, d, fromHex(hex));
      assertBytes(res.signature, f[key], `${what} ${key}`);
      assert.equal(res.recoveryId, f[RECOVERY_ID_OF[key]], `${what} ${key}`);
    }
  });
  count.check("invalid.sign", data.invalid.sign, (f, what) => {
    assertThrows(() => ecc.signRecoverable(fromHex(f.m), fromHex(f.d)), f.exception, what);
  });
});

test("verify", () => {
  count.check("valid", data.valid, (f, what, i) => {
    const d = fromHex(f.d);
    const m = fromHex(f.m);
    const sig = fromHex(f.signature);
    for (const Q of [ecc.pointFromScalar(d, true), ecc.pointFromScalar(d, false)]) {
      const key = `${what} key ${Q.length} bytes`;
      assert.equal(ecc.verify(m, Q, sig), true, key);
      assert.equal(ecc.verify(m, Q, sig, true), true, `${key} strict (the signature is low-s)`);
      // One bit off in r, in s or in the message: rejected. (The low byte of r or s: the value
      // stays below n for these signatures.)
      assert.equal(ecc.verify(m, Q, flipped(sig, 31, i % 8)), false, `${key} r corrupted`);
      assert.equal(ecc.verify(m, Q, flipped(sig, 63, (i + 3) % 8)), false, `${key} s corrupted`);
      assert.equal(ecc.verify(flipped(m, i % 32, (i + 5) % 8), Q, sig), false, `${key} message corrupted`);
    }
  });
  count.check("invalid.verify", data.invalid.verify, (f, what) => {
    const Q = fromHex(f.Q);
    const m = fromHex(f.m);
    const sig = fromHex(f.signature);
    if (f.exception) {
      assertThrows(() => ecc.verify(m, Q, sig), f.exception, what);
      assertThrows(() => ecc.verify(m, Q, sig, true), f.exception, `${what} strict`);
      return;
    }
    assert.equal(ecc.verify(m, Q, sig, f.strict), false, what);
    // A high-s signature: valid once normalized, so only strict verification refuses it.
    if (f.strict === true) assert.equal(ecc.verify(m, Q, sig, false), true, `${what} not strict`);
  });
});

test("recover", () => {
  count.check("valid", data.valid, (f, what) => {
    const d = fromHex(f.d);
    const m = fromHex(f.m);
    const sig = fromHex(f.signature);
    assertBytes(ecc.recover(m, sig, f.recoveryId, true), toHex(ecc.pointFromScalar(d, true)), what);
    assertBytes(ecc.recover(m, sig, f.recoveryId, false), toHex(ecc.pointFromScalar(d, false)), what);
    // Uncompressed unless asked otherwise.
    assertBytes(ecc.recover(m, sig, f.recoveryId), toHex(ecc.pointFromScalar(d, false)), what);
  });
  count.check("extraEntropy", data.extraEntropy, (f, what) => {
    const d = fromHex(f.d);
    const m = fromHex(f.m);
    const Q = toHex(ecc.pointFromScalar(d, true));
    const Qu = toHex(ecc.pointFromScalar(d, false));
    assertBytes(ecc.recover(m, fromHex(f.signature), f.recoveryId, true), Q, what);
    assertBytes(ecc.recover(m, fromHex(f.signature), f.recoveryId, false), Qu, what);
    for (const key of Object.keys(EXTRA)) {
      const sig = fromHex(f[key]);
      const id = f[RECOVERY_ID_OF[key]];
      assertBytes(ecc.recover(m, sig, id, true), Q, `${what} ${key}`);
      assertBytes(ecc.recover(m, sig, id, false), Qu, `${what} ${key}`);
      // The other parity gives another key (or none).
      const other = ecc.recover(m, sig, id ^ 1, true);
      assert.notEqual(other === null ? null : toHex(other), Q, `${what} ${key} wrong recovery id`);
    }
  });
  count.check("invalid.recover", data.invalid.recover, (f, what) => {
    assertThrows(() => ecc.recover(fromHex(f.m), fromHex(f.signature), f.recoveryId || 0), f.exception, what);
  });
});

test("every case of ecdsa.json was checked", (t) => {
  t.diagnostic(assertAllCovered("ecdsa.json", data, count));
});
