"""fastsecp.coincurve against the coincurve 21.0.0 wheel: same inputs, same outputs and exceptions."""
from __future__ import annotations

import hashlib
import importlib
import os
import random
import subprocess
import sys

import pytest

from conftest import N, P, outcome

rng = random.Random(20261126)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


SECRETS = [
    (1).to_bytes(32, "big"),
    (N - 1).to_bytes(32, "big"),
    b"\x07",  # short: padded
    (12345).to_bytes(16, "big"),
] + [rbytes(32) for _ in range(6)]
# Invalid, or odd: 33 bytes with a leading zero pass coincurve's range check, and then its first 32
# bytes are used as the key (0 here: an error; 1 in the second).
BAD_SECRETS = [b"\x00" * 32, N.to_bytes(32, "big"), (N + 1).to_bytes(32, "big"), b"\xff" * 33, b"",
               b"\x00" + (5).to_bytes(32, "big"), b"\x00" + (1).to_bytes(31, "big") + b"\x00"]
MESSAGES = [b"", b"a", b"message", rbytes(100)]


def same(ours_fn, oracle_fn, convert=lambda v: v):
    a, b = outcome(ours_fn), outcome(oracle_fn)
    if a[0] == "ok" and b[0] == "ok":
        assert convert(a[1]) == convert(b[1])
    elif a[:2] == b[:2] == ("raise", "TypeError"):
        pass  # wrong argument types: a TypeError both, worded by cffi there and by nanobind here
    else:
        assert a == b


def both(ours, oracle, fn, convert=lambda v: v):
    same(lambda: fn(ours), lambda: fn(oracle), convert)


def pubs(cc):
    """Serialized public keys of several kinds for module cc."""
    keys = [cc.PrivateKey(s).public_key for s in SECRETS[:4]]
    return [k.format(True) for k in keys] + [k.format(False) for k in keys]


def hybrid(pub65):
    return bytes([6 + (pub65[64] & 1)]) + pub65[1:]


def bad_pubkeys(pub33, pub65):
    off_curve = b"\x04" + (1).to_bytes(32, "big") + (1).to_bytes(32, "big")
    return [
        b"",
        pub33[:-1],
        b"\x05" + pub33[1:],
        b"\x02" + P.to_bytes(32, "big"),
        b"\x02" + (5).to_bytes(32, "big"),  # x with no point
        off_curve,
        bytes([6 + 1 - (pub65[64] & 1)]) + pub65[1:],  # hybrid with the wrong parity
        pub65 + b"\x00",
    ]


def test_module_layout(ours, oracle):
    mine = importlib.import_module("fastsecp.coincurve.types")
    assert mine.Hasher is not None and mine.Nonce is not None  # coincurve.types' two names
    for name in ("keys", "utils", "ecdsa", "der", "flags", "context", "types"):
        mine = importlib.import_module(f"fastsecp.coincurve.{name}")
        try:
            theirs = importlib.import_module(f"coincurve.{name}")
        except TypeError:
            # coincurve 21's types.py writes `Callable[...] | None` at run time, which Python 3.9
            # cannot evaluate: that module of the oracle does not import there (ours does).
            assert name == "types" and sys.version_info < (3, 10)
            continue
        public = {n for n in dir(theirs) if not n.startswith("_")}
        # cffi's handles and typing/annotation helpers are not coincurve API.
        public -= {"ffi", "lib", "annotations", "TYPE_CHECKING", "Callable", "Generator", "Hasher", "Nonce",
                   "environ", "b64decode", "b64encode", "urandom", "Lock", "os", "Context", "GLOBAL_CONTEXT"}
        missing = {n for n in public if not hasattr(mine, n)}
        assert not missing, f"fastsecp.coincurve.{name} lacks {missing}"
    assert set(oracle.__all__) == set(ours.__all__)
    assert ours.__version__ == oracle.__version__


def test_constants(ours, oracle):
    for name in ("GROUP_ORDER", "GROUP_ORDER_INT", "KEY_SIZE", "MSG_HASH_SIZE", "ZERO", "PEM_HEADER", "PEM_FOOTER"):
        assert getattr(ours.utils, name) == getattr(oracle.utils, name), name
    for name in ("CONTEXT_NONE", "CONTEXT_FLAGS", "EC_COMPRESSED", "EC_UNCOMPRESSED"):
        assert getattr(ours.flags, name) == getattr(oracle.flags, name), name
    for name in ("MAX_SIG_LENGTH", "CDATA_SIG_LENGTH"):
        assert getattr(ours.ecdsa, name) == getattr(oracle.ecdsa, name), name
    for name in ("EC_PUBKEY_OID", "SECP256K1_OID", "EC_ALGORITHM_IDENTIFIER", "VERSION_INTEGER_ZERO",
                 "VERSION_INTEGER_ONE", "INTEGER_TAG", "BIT_STRING_TAG", "OCTET_STRING_TAG",
                 "OBJECT_IDENTIFIER_TAG", "SEQUENCE_TAG"):
        assert getattr(ours.der, name) == getattr(oracle.der, name), name


def test_utils(ours, oracle):
    u, o = ours.utils, oracle.utils
    for h in ("", "1", "abc", "00ff", "f" * 64, "1" * 65):
        assert u.pad_hex(h) == o.pad_hex(h)
        same(lambda: u.hex_to_bytes(h), lambda: o.hex_to_bytes(h))
    same(lambda: u.hex_to_bytes("zz"), lambda: o.hex_to_bytes("zz"))
    for n in (0, 1, 255, 256, 2**255, N, 2**300):
        assert u.int_to_bytes(n) == o.int_to_bytes(n)
        assert u.int_to_bytes_padded(n) == o.int_to_bytes_padded(n)
    same(lambda: u.int_to_bytes(-1), lambda: o.int_to_bytes(-1))
    for b in (b"", b"\x01", b"\x00\x01", rbytes(40)):
        assert u.bytes_to_int(b) == o.bytes_to_int(b)
        assert u.pad_scalar(b) == o.pad_scalar(b)
        assert list(u.chunk_data(b, 3)) == list(o.chunk_data(b, 3))
    for s in SECRETS + BAD_SECRETS:
        same(lambda: u.validate_secret(s), lambda: o.validate_secret(s))
    der = rbytes(150)
    assert u.der_to_pem(der) == o.der_to_pem(der)
    assert u.pem_to_der(o.der_to_pem(der)) == der
    assert u.sha256(b"abc") == o.sha256(b"abc")
    s = u.get_valid_secret()
    assert len(s) == 32 and 0 < int.from_bytes(s, "big") < N


def test_context(ours, oracle):
    same(lambda: ours.Context(flag=12345), lambda: oracle.Context(flag=12345))
    ctx = ours.Context(seed=b"\x01" * 32, name="mine")
    assert repr(ctx) == "mine"
    ctx.reseed()
    ctx.reseed(b"\x02" * 32)
    ctx.reseed(b"short")
    k = ours.PrivateKey(SECRETS[0], context=ctx)
    assert k.sign(b"x") == oracle.PrivateKey(SECRETS[0]).sign(b"x")
    assert repr(ours.GLOBAL_CONTEXT) == "GLOBAL_CONTEXT"


def test_private_key_construction(ours, oracle):
    for s in SECRETS + BAD_SECRETS:
        same(lambda: ours.PrivateKey(s).secret, lambda: oracle.PrivateKey(s).secret)
    for bad in ("str", 5, bytearray(32)):
        a, b = outcome(ours.PrivateKey, bad), outcome(oracle.PrivateKey, bad)
        assert a[0] == b[0] and a[1] == b[1]
    k = ours.PrivateKey()
    assert 0 < k.to_int() < N
    for s in SECRETS:
        both(ours, oracle, lambda cc: (cc.PrivateKey(s).to_hex(), cc.PrivateKey(s).to_int()))
        h = oracle.PrivateKey(s).to_hex()
        both(ours, oracle, lambda cc: cc.PrivateKey.from_hex(h).secret)
        both(ours, oracle, lambda cc: cc.PrivateKey.from_int(int(h, 16)).secret)
    for n in (0, N, -1):
        both(ours, oracle, lambda cc: cc.PrivateKey.from_int(n).secret)


def test_public_keys_of_private_key(ours, oracle):
    for s in SECRETS:
        a, b = ours.PrivateKey(s), oracle.PrivateKey(s)
        assert a.public_key.format() == b.public_key.format()
        assert a.public_key.format(compressed=False) == b.public_key.format(compressed=False)
        assert a.public_key.point() == b.public_key.point()
        assert a.public_key_xonly.format() == b.public_key_xonly.format()
        assert a.public_key_xonly.parity == b.public_key_xonly.parity


def test_pem_der(ours, oracle):
    for s in SECRETS[:4]:
        a, b = ours.PrivateKey(s), oracle.PrivateKey(s)
        assert a.to_der() == b.to_der()
        assert a.to_pem() == b.to_pem()
        assert ours.PrivateKey.from_der(b.to_der()).secret == s.rjust(32, b"\0") or len(s) > 32
        assert ours.PrivateKey.from_pem(b.to_pem()) == ours.PrivateKey.from_der(b.to_der())
        assert ours.der.encode_der(b.secret) == oracle.der.encode_der(b.secret)
    good = oracle.PrivateKey(SECRETS[1]).to_der()
    broken = [b"", b"\x30" * 10, b"\x31" + good[1:], good[:2] + b"\x03" + good[3:], good[:5] + b"\x31" + good[6:],
              good[:7] + b"\x05" + good[8:], good[:9] + b"\x00" + good[10:], good[:26] + b"\x05" + good[27:],
              good[:40], good[:28] + b"\x31" + good[29:], good[:30] + b"\x05" + good[31:],
              good[:33] + b"\x05" + good[34:], good[:-80]]
    broken += [bytes([0x30, 0x82, 0x01]) + good[3:], good[:1] + b"\x81" + good[2:]]
    for der in broken:
        both(ours, oracle, lambda cc: cc.PrivateKey.from_der(der).secret)
        both(ours, oracle, lambda cc: cc.der.decode_der(der))
    pem = oracle.PrivateKey(SECRETS[2]).to_pem()
    both(ours, oracle, lambda cc: cc.PrivateKey.from_pem(pem).secret)
    both(ours, oracle, lambda cc: cc.PrivateKey.from_pem(b"garbage").secret)
    for n in (0, 5, 127, 128, 255, 256, 70000):
        assert ours.der.encode_length(n) == oracle.der.encode_length(n)
        assert ours.der.decode_length(oracle.der.encode_length(n), 0) == oracle.der.decode_length(
            oracle.der.encode_length(n), 0)


def test_ecdsa_sign_verify(ours, oracle):
    from coincurve._libsecp256k1 import ffi

    for s in SECRETS:
        a, b = ours.PrivateKey(s), oracle.PrivateKey(s)
        for m in MESSAGES:
            sig = a.sign(m)
            assert sig == b.sign(m)
            assert a.public_key.verify(sig, m) is True
            assert b.public_key.verify(sig, m) is True
            assert ours.verify_signature(sig, m, b.public_key.format()) is True
            assert ours.verify_signature(sig, m + b"!", b.public_key.format()) is False
            assert oracle.verify_signature(sig, m + b"!", b.public_key.format()) is False
            h = hashlib.sha256(m).digest()
            assert a.sign(h, hasher=None) == sig
            assert a.sign(m, hasher=lambda x: hashlib.sha3_256(x).digest()) == b.sign(
                m, hasher=lambda x: hashlib.sha3_256(x).digest())
            # Extra entropy for RFC 6979: (None, 32 bytes) here, cffi's (NULL, buffer) there.
            extra = rbytes(32)
            assert a.sign(m, custom_nonce=(None, extra)) == b.sign(
                m, custom_nonce=(ffi.NULL, ffi.new("unsigned char[32]", extra)))
    k = SECRETS[3]
    sig = oracle.PrivateKey(k).sign(b"m")
    pub = oracle.PrivateKey(k).public_key.format()
    for cc in (ours, oracle):
        pass
    # Error paths, message by message.
    both(ours, oracle, lambda cc: cc.PrivateKey(k).sign(b"short", hasher=None))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).sign(b"m", hasher=lambda x: b"\x00" * 31))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).sign("text"))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).public_key.verify(sig, b"m", hasher=lambda x: b"1"))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).public_key.verify(b"\x30\x00", b"m"))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).public_key.verify(sig[:-1], b"m"))
    both(ours, oracle, lambda cc: cc.verify_signature(sig, b"m", pub[:-1]))
    both(ours, oracle, lambda cc: cc.verify_signature(sig, b"m", pub, hasher=None))
    both(ours, oracle, lambda cc: cc.verify_signature(b"junk", b"m", pub))
    both(ours, oracle, lambda cc: cc.verify_signature(sig, b"m", b"\x05" * 33))
    both(ours, oracle, lambda cc: cc.verify_signature(bytearray(sig), b"m", pub)[0])
    # High-S signatures do not verify (lower-S rule), either way.
    raw = oracle.ecdsa.der_to_cdata(sig)
    compact = oracle.ecdsa.serialize_compact(raw)
    high = compact[:32] + (N - int.from_bytes(compact[32:], "big")).to_bytes(32, "big")
    high_der = oracle.ecdsa.cdata_to_der(oracle.ecdsa.deserialize_compact(high))
    both(ours, oracle, lambda cc: cc.verify_signature(high_der, b"m", pub))
    both(ours, oracle, lambda cc: cc.PublicKey(pub).verify(high_der, b"m"))


def test_ecdsa_module(ours, oracle):
    k = SECRETS[4]
    sig = oracle.PrivateKey(k).sign(b"x")
    for cc in (ours,):
        raw = cc.ecdsa.der_to_cdata(sig)
        assert cc.ecdsa.cdata_to_der(raw) == sig
        compact = cc.ecdsa.serialize_compact(raw)
        assert compact == oracle.ecdsa.serialize_compact(oracle.ecdsa.der_to_cdata(sig))
        assert cc.ecdsa.cdata_to_der(cc.ecdsa.deserialize_compact(compact)) == sig
        high = compact[:32] + (N - int.from_bytes(compact[32:], "big")).to_bytes(32, "big")
        changed, norm = cc.ecdsa.signature_normalize(cc.ecdsa.deserialize_compact(high))
        o_changed, o_norm = oracle.ecdsa.signature_normalize(oracle.ecdsa.deserialize_compact(high))
        assert (changed, cc.ecdsa.serialize_compact(norm)) == (o_changed, oracle.ecdsa.serialize_compact(o_norm))
        assert cc.ecdsa.signature_normalize(raw)[0] is False
    both(ours, oracle, lambda cc: cc.ecdsa.der_to_cdata(b"\x30\x01"))
    both(ours, oracle, lambda cc: cc.ecdsa.deserialize_compact(b"\x00" * 63))
    both(ours, oracle, lambda cc: cc.ecdsa.deserialize_compact(b"\xff" * 64))
    rec = oracle.PrivateKey(k).sign_recoverable(b"x")
    r = ours.ecdsa.deserialize_recoverable(rec)
    assert ours.ecdsa.serialize_recoverable(r) == rec
    assert ours.ecdsa.cdata_to_der(ours.ecdsa.recoverable_convert(r)) == sig
    both(ours, oracle, lambda cc: cc.ecdsa.deserialize_recoverable(rec[:64]))
    both(ours, oracle, lambda cc: cc.ecdsa.deserialize_recoverable(rec[:64] + b"\x04"))
    both(ours, oracle, lambda cc: cc.ecdsa.deserialize_recoverable(b"\xff" * 64 + b"\x00"))
    both(ours, oracle, lambda cc: cc.ecdsa.recover(b"x", cc.ecdsa.deserialize_recoverable(rec), hasher=None))
    zero_r = b"\x00" * 64 + b"\x00"
    both(ours, oracle, lambda cc: cc.ecdsa.recover(b"x", cc.ecdsa.deserialize_recoverable(zero_r)))


def test_recoverable(ours, oracle):
    for s in SECRETS:
        for m in MESSAGES:
            rec = ours.PrivateKey(s).sign_recoverable(m)
            assert rec == oracle.PrivateKey(s).sign_recoverable(m)
            both(ours, oracle, lambda cc: cc.PublicKey.from_signature_and_message(rec, m).format())
            both(ours, oracle, lambda cc: cc.PublicKey.from_signature_and_message(rec, m + b"?").format())
    both(ours, oracle, lambda cc: cc.PrivateKey(SECRETS[0]).sign_recoverable(b"x", hasher=None))
    both(ours, oracle, lambda cc: cc.PublicKey.from_signature_and_message(b"\x01" * 65, b"m", hasher=None))


def test_schnorr(ours, oracle):
    for s in SECRETS:
        a, b = ours.PrivateKey(s), oracle.PrivateKey(s)
        for m in (b"\x00" * 32, rbytes(32)):
            aux = rbytes(32)
            sig = a.sign_schnorr(m, aux)
            assert sig == b.sign_schnorr(m, aux)
            assert a.sign_schnorr(m, None) == b.sign_schnorr(m, None)
            assert a.public_key_xonly.verify(sig, m) is True
            assert b.public_key_xonly.verify(a.sign_schnorr(m), m) is True  # random aux
            assert a.public_key_xonly.verify(sig, m[:-1] + bytes([m[-1] ^ 1])) is False
    k = SECRETS[0]
    both(ours, oracle, lambda cc: cc.PrivateKey(k).sign_schnorr(b"short"))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).sign_schnorr(b"\x00" * 32, b"\x01" * 31))
    both(ours, oracle, lambda cc: cc.PrivateKey(k).public_key_xonly.verify(b"\x00" * 63, b"m"))
    sig = oracle.PrivateKey(k).sign_schnorr(b"\x05" * 32)
    xo = oracle.PrivateKey(k).public_key_xonly.format()
    for msg in (b"", b"m", rbytes(100)):  # other lengths verify (False here), as in coincurve
        both(ours, oracle, lambda cc: cc.PublicKeyXOnly(xo).verify(sig, msg))


def test_bip340_vectors(ours, oracle):
    import csv

    from conftest import VECTORS

    with open(VECTORS / "bip-0340" / "test-vectors.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 15
    for row in rows:
        pub = bytes.fromhex(row["public key"])
        msg = bytes.fromhex(row["message"])
        sig = bytes.fromhex(row["signature"])
        expected = row["verification result"] == "TRUE"
        if row["secret key"]:
            k = ours.PrivateKey(bytes.fromhex(row["secret key"]))
            assert k.public_key_xonly.format() == pub
            if len(msg) == 32:
                assert k.sign_schnorr(msg, bytes.fromhex(row["aux_rand"])) == sig
        a = outcome(lambda: ours.PublicKeyXOnly(pub).verify(sig, msg))
        b = outcome(lambda: oracle.PublicKeyXOnly(pub).verify(sig, msg))
        assert a == b
        if a[0] == "ok":
            assert a[1] == expected
        else:
            assert not expected


def test_ecdh(ours, oracle):
    for s in SECRETS:
        for p in pubs(oracle):
            assert ours.PrivateKey(s).ecdh(p) == oracle.PrivateKey(s).ecdh(p)
        p65 = oracle.PrivateKey(SECRETS[5]).public_key.format(False)
        assert ours.PrivateKey(s).ecdh(hybrid(p65)) == oracle.PrivateKey(s).ecdh(hybrid(p65))
    p33, p65 = pubs(oracle)[0], pubs(oracle)[4]
    for bad in bad_pubkeys(p33, p65):
        both(ours, oracle, lambda cc: cc.PrivateKey(SECRETS[0]).ecdh(bad))


def test_public_key_parse(ours, oracle):
    p = pubs(oracle)
    for key in p + [hybrid(k) for k in p[4:]] + bad_pubkeys(p[0], p[4]):
        both(ours, oracle, lambda cc: (cc.PublicKey(key).format(), cc.PublicKey(key).format(False)))
    both(ours, oracle, lambda cc: cc.PublicKey("02ab").format())
    for s in SECRETS + BAD_SECRETS:
        both(ours, oracle, lambda cc: cc.PublicKey.from_secret(s).format())
        both(ours, oracle, lambda cc: cc.PublicKeyXOnly.from_secret(s).format())
    for s in SECRETS[:2] + [b"\x00" * 32, N.to_bytes(32, "big")]:
        both(ours, oracle, lambda cc: cc.PublicKey.from_valid_secret(s).format())
        both(ours, oracle, lambda cc: (cc.PublicKeyXOnly.from_valid_secret(s).format(),
                                       cc.PublicKeyXOnly.from_valid_secret(s).parity))
    x, y = oracle.PublicKey(p[1]).point()
    both(ours, oracle, lambda cc: cc.PublicKey.from_point(x, y).format())
    both(ours, oracle, lambda cc: cc.PublicKey.from_point(x, y + 1).format())
    a, b = ours.PublicKey(p[0]), ours.PublicKey(p[6])  # p[4] is p[0] uncompressed
    assert (a == ours.PublicKey(p[0])) and not (a == b)
    assert hash(a) == hash(ours.PublicKey(oracle.PublicKey(p[0]).format(False)))
    assert ours.PublicKey(a.public_key).format() == p[0]  # a parsed key is taken as is


def test_public_key_tweaks(ours, oracle):
    p = pubs(oracle)
    tweaks = [b"\x01", rbytes(32), (N - 1).to_bytes(32, "big"), N.to_bytes(32, "big"), b"\x00" * 32, b"",
              b"\x00" + rbytes(32), rbytes(33)]
    for key in p[:2]:
        for t in tweaks:
            both(ours, oracle, lambda cc: cc.PublicKey(key).add(t).format())
            both(ours, oracle, lambda cc: cc.PublicKey(key).multiply(t).format())
            both(ours, oracle, lambda cc: cc.PublicKey(key).add(t, update=True).format())
            both(ours, oracle, lambda cc: cc.PublicKey(key).multiply(t, update=True).format())
    # P + (n - k)·G = infinity for P = k·G.
    k = SECRETS[4]
    minus_k = (N - int.from_bytes(k, "big")).to_bytes(32, "big")
    both(ours, oracle, lambda cc: cc.PrivateKey(k).public_key.add(minus_k).format())
    both(ours, oracle, lambda cc: cc.PublicKey.combine_keys([cc.PublicKey(q) for q in p]).format())
    both(ours, oracle, lambda cc: cc.PublicKey(p[0]).combine([cc.PublicKey(q) for q in p[1:3]]).format())
    both(ours, oracle, lambda cc: cc.PublicKey(p[0]).combine([cc.PublicKey(p[1])], update=True).format())
    neg = oracle.PrivateKey(minus_k).public_key.format()
    pk = oracle.PrivateKey(k).public_key.format()
    both(ours, oracle, lambda cc: cc.PublicKey.combine_keys([cc.PublicKey(pk), cc.PublicKey(neg)]).format())
    both(ours, oracle, lambda cc: cc.PublicKey(pk).combine([cc.PublicKey(neg)]).format())
    # coincurve aborts the process here (libsecp256k1's illegal-argument callback); we raise.
    with pytest.raises(ValueError, match="The sum of the public keys is invalid."):
        ours.PublicKey.combine_keys([])


def test_private_key_tweaks(ours, oracle):
    tweaks = [b"\x01", rbytes(32), (N - 1).to_bytes(32, "big"), N.to_bytes(32, "big"), b"\x00" * 32, b"",
              b"\x00" + rbytes(32), rbytes(33)]
    for s in SECRETS[:5]:
        for t in tweaks:
            both(ours, oracle, lambda cc: cc.PrivateKey(s).add(t).secret)
            both(ours, oracle, lambda cc: cc.PrivateKey(s).multiply(t).secret)
            for method in ("add", "multiply"):
                def updated(cc, method=method, t=t):
                    key = cc.PrivateKey(s)
                    pub = key.public_key
                    same_obj = getattr(key, method)(t, update=True) is key
                    # coincurve changes the PublicKey object already handed out, in place.
                    return same_obj, key.secret, pub.format(), key.public_key.format()
                both(ours, oracle, updated)
    k = SECRETS[4]
    minus_k = (N - int.from_bytes(k, "big")).to_bytes(32, "big")
    both(ours, oracle, lambda cc: cc.PrivateKey(k).add(minus_k).secret)
    assert ours.PrivateKey(k) == ours.PrivateKey(k) and hash(ours.PrivateKey(k)) == hash(ours.PrivateKey(k))


def test_xonly(ours, oracle):
    keys = [oracle.PrivateKey(s).public_key_xonly.format() for s in SECRETS]
    for x in keys + [b"\x00" * 32, P.to_bytes(32, "big"), (5).to_bytes(32, "big")]:
        both(ours, oracle, lambda cc: cc.PublicKeyXOnly(x).format())
    for x in keys[:3]:
        for t in (b"\x01", rbytes(32), N.to_bytes(32, "big"), b"", b"\x00" + rbytes(32)):
            def tweaked(cc, t=t, x=x):
                key = cc.PublicKeyXOnly(x)
                key.tweak_add(t)
                return key.format(), key.parity
            both(ours, oracle, tweaked)
    a = ours.PublicKeyXOnly(keys[0])
    assert a == ours.PublicKeyXOnly(keys[0]) and not (a == ours.PublicKeyXOnly(keys[2]))  # keys 0 and 1 are ±G: one x
    assert hash(a) == hash(ours.PublicKeyXOnly(keys[0]))
    assert ours.PublicKeyXOnly(a.public_key, parity=True).parity is True


def test_sys_modules_alias():
    """The one-import switch: code written for coincurve runs on fastsecp unchanged."""
    code = (
        "import sys, fastsecp.coincurve\n"
        "sys.modules['coincurve'] = fastsecp.coincurve\n"
        "for name in ('keys', 'utils', 'ecdsa', 'der', 'flags', 'context', 'types'):\n"
        "    sys.modules['coincurve.' + name] = getattr(fastsecp.coincurve, name)\n"
        "import coincurve\n"
        "from coincurve.keys import PrivateKey\n"
        "from coincurve.utils import verify_signature\n"
        "k = PrivateKey(b'\\x01' * 32)\n"
        "assert verify_signature(k.sign(b'hi'), b'hi', k.public_key.format())\n"
        "assert coincurve.PrivateKey is fastsecp.coincurve.PrivateKey\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


@pytest.mark.parametrize("seed", range(3))
def test_random_roundtrips(ours, oracle, seed):
    r = random.Random(seed)
    for _ in range(30):
        s = r.getrandbits(256).to_bytes(32, "big")
        m = os.urandom(r.randrange(0, 80))
        both(ours, oracle, lambda cc: (cc.PrivateKey(s).sign(m), cc.PrivateKey(s).sign_recoverable(m),
                                       cc.PrivateKey(s).public_key.format(False)))
