// tiny-secp256k1's privates.json through the module: isPrivate, privateAdd and privateSub, valid
// and invalid cases (35,058 cases; the file is kept gzipped, data/README.md).
import assert from "node:assert/strict";
import test from "node:test";
import { CaseCount, assertAllCovered, assertBytes, assertThrows, ecc, fixture, fromHex } from "./helpers.mjs";

const data = fixture("privates.json");
const count = new CaseCount();

test("isPrivate", () => {
  count.check("valid.isPrivate", data.valid.isPrivate, (f, what) => {
    assert.equal(typeof f.expected, "boolean", what);
    const d = fromHex(f.d);
    assert.equal(ecc.isPrivate(d), f.expected, what);
    // A private key has a public key; anything else is refused by pointFromScalar.
    if (f.expected) assert.equal(ecc.pointFromScalar(d).length, 33, what);
    else assertThrows(() => ecc.pointFromScalar(d), "Expected Private", what);
  });
});

test("privateAdd", () => {
  count.check("valid.privateAdd", data.valid.privateAdd, (f, what) => {
    const d = fromHex(f.d);
    const tweak = fromHex(f.tweak);
    assertBytes(ecc.privateAdd(d, tweak), f.expected, what);
    // The arguments are not changed by the call.
    assert.equal(Buffer.from(d).toString("hex"), f.d, what);
    assert.equal(Buffer.from(tweak).toString("hex"), f.tweak, what);
  });
  count.check("invalid.privateAdd", data.invalid.privateAdd, (f, what) => {
    assertThrows(() => ecc.privateAdd(fromHex(f.d), fromHex(f.tweak)), f.exception, what);
  });
});

test("privateSub", () => {
  count.check("valid.privateSub", data.valid.privateSub, (f, what) => {
    const d = fromHex(f.d);
    const tweak = fromHex(f.tweak);
    const result = ecc.privateSub(d, tweak);
    assertBytes(result, f.expected, what);
    // (d - t) + t = d, when d - t exists.
    if (result !== null) assertBytes(ecc.privateAdd(result, tweak), f.d, what);
  });
  count.check("invalid.privateSub", data.invalid.privateSub, (f, what) => {
    assertThrows(() => ecc.privateSub(fromHex(f.d), fromHex(f.tweak)), f.exception, what);
  });
});

test("every case of privates.json was checked", (t) => {
  t.diagnostic(assertAllCovered("privates.json", data, count));
});
