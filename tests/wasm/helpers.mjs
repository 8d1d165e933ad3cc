// Shared by the tests of the WebAssembly module (tests/wasm/*.test.mjs, run by tools/wasm-test.sh
// as `node --test`): the module under test, the fixture files and small assertions.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");

// The module: FASTSECP_WASM_MODULE (tools/wasm-test.sh sets it), else build-wasm's.
const modulePath = process.env.FASTSECP_WASM_MODULE || join(ROOT, "build-wasm", "wasm", "secp256k1.mjs");
export const ecc = await import(pathToFileURL(modulePath).href);

// The git blob id of each fixture file in bitcoinjs/tiny-secp256k1 (tests/fixtures/, commit
// 1ab2fee6048ca01b2c2954698a17e40a8e868392; data/README.md): a copy that differs by one byte
// fails here, before any test uses it.
const FIXTURE_BLOBS = {
  "ecdsa.json": "dddc3466bba1911cb57ebcf6487a0e51fea3d1b4",
  "points.json": "d4a03006b51e3a8c21dce68e995ae23e35929dcc",
  "privates.json": "1379ae3b9683c62faad40a99042119240e928898",
  "schnorr.json": "8b3e12bd2cac242613bff2ae8875693c47b507bd",
};

// Reads data/NAME (or data/NAME.gz, kept compressed for its size) and checks its blob id.
export function fixture(name) {
  const path = join(HERE, "data", name);
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch {
    bytes = gunzipSync(readFileSync(path + ".gz"));
  }
  const blob = createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
  assert.equal(blob, FIXTURE_BLOBS[name], `${name}: not the published file`);
  return JSON.parse(bytes.toString("utf8"));
}

export function fromHex(hex) {
  assert.equal(typeof hex, "string");
  assert.match(hex, /^([0-9a-f]{2})*$/i, `not hex: ${hex}`);
  return new Uint8Array(Buffer.from(hex, "hex"));
}

export function toHex(bytes) {
  return Buffer.from(bytes).toString("hex");
}

// Results are fresh Uint8Arrays (never views into the module's memory), or null.
export function assertBytes(actual, expectedHex, message) {
  if (expectedHex === null) {
    assert.equal(actual, null, message);
    return;
  }
  assert.ok(actual instanceof Uint8Array, `${message}: result is not a Uint8Array`);
  assert.equal(actual.byteOffset, 0, `${message}: result is a view`);
  assert.equal(actual.buffer.byteLength, actual.length, `${message}: result is a view`);
  assert.equal(toHex(actual), expectedHex, message);
}

// fn() must throw a TypeError with exactly this message.
export function assertThrows(fn, expectedMessage, message) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof TypeError, `${message}: ${err} is not a TypeError`);
    assert.equal(err.message, expectedMessage, message);
    return true;
  }, `${message}: no exception`);
}

// Counts the fixture cases a test checked, so that each test can prove it saw every case of
// the arrays it covers: count.check(label, array, fn) runs fn(element, description, index) on each
// element and adds one per element to the label's count.
export class CaseCount {
  constructor() {
    this.byArray = new Map();
  }
  check(label, array, fn) {
    assert.ok(Array.isArray(array) && array.length > 0, `${label}: no cases`);
    let n = 0;
    array.forEach((f, i) => {
      fn(f, `${label}[${i}]${f.description ? ` (${f.description})` : ""}`, i);
      n++;
    });
    this.byArray.set(label, (this.byArray.get(label) || 0) + n);
    return n;
  }
  total() {
    let t = 0;
    for (const n of this.byArray.values()) t += n;
    return t;
  }
}

// Every array of a fixture object (path "valid.isPoint" etc.) and its length.
export function fixtureArrays(obj, prefix = "") {
  const out = new Map();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out.set(path, value.length);
    else if (value && typeof value === "object") for (const [p, n] of fixtureArrays(value, path)) out.set(p, n);
  }
  return out;
}

// Every array of the fixture file was checked, each element at least once per listed use.
// Returns a line for the test's diagnostics: the file's cases and the checks made on them.
export function assertAllCovered(name, data, count) {
  let cases = 0;
  for (const [path, length] of fixtureArrays(data)) {
    cases += length;
    const checked = count.byArray.get(path) || 0;
    assert.ok(checked >= length, `${name}: ${path} has ${length} cases, ${checked} checked`);
    assert.equal(checked % length, 0, `${name}: ${path} checked ${checked} times for ${length} cases`);
  }
  for (const path of count.byArray.keys()) {
    assert.ok(fixtureArrays(data).has(path), `${name}: ${path} is no array of the file`);
  }
  return `${name}: all ${cases} cases checked (${count.total()} case checks)`;
}
