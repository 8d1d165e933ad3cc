#!/usr/bin/env python3
"""Writes tests/vectors/data/schnorr-adaptor/spec_generated.json: outputs of the Python
specification of Schnorr adaptor signatures that secp256k1-zkp's proposed schnorr_adaptor module
cites (reference.py of github.com/ZhePang/Python_Specification_for_Schnorr_Adaptor, commit
51aa10b; it is not in this repository and is run unchanged from its own checkout):

    PYTHONPATH=/path/to/Python_Specification_for_Schnorr_Adaptor \
        python3 tools/gen_schnorr_adaptor_vectors.py > tests/vectors/data/schnorr-adaptor/spec_generated.json

Seeded (random.Random), so every run writes the same file. presign: 48 cases (the first with keys
3 and 5 and zero message/aux, the second with key n-1 and all-ones message/aux) drawn until every
parity of R', T and the full public key has at least three, each with the specification's
pre-signature, adapted signature (checked by its BIP-340 verify) and extracted secret. extract,
adapt, extract_sec: the specification's answer (None or an exception -> null) for the valid
inputs and tampered ones (other message or key, swapped or bad first byte, a flipped bit, s'+1,
x = p, x off the curve, s' or s or t = n or 2^256-1, and R or T at infinity built with the key).
"""
import json, random, sys
import reference as S

rng = random.Random(0x5ad0_2024_b340)
def rb(n): return bytes(rng.getrandbits(8) for _ in range(n))
def h(b): return None if b is None else b.hex()
N, P = S.n, S.p

def try_(f, *a):
    try:
        return f(*a)
    except (ValueError, RuntimeError):
        return None

def valid_sk():
    while True:
        sk = rb(32)
        if 1 <= int.from_bytes(sk, 'big') < N: return sk

presign, extract, adapt, extract_sec = [], [], [], []
combos = {}
i = 0
while len(presign) < 48 or len(combos) < 8 or min(combos.values()) < 3:
    i += 1
    sk, t, msg, aux = valid_sk(), valid_sk(), rb(32), rb(32)
    if len(presign) == 0:  # small keys and adaptor secret, all-zero message and aux
        sk, t, msg, aux = (3).to_bytes(32, 'big'), (5).to_bytes(32, 'big'), bytes(32), bytes(32)
    if len(presign) == 1:  # all-ones message and aux, the largest key
        sk, msg, aux = (N - 1).to_bytes(32, 'big'), b'\xff' * 32, b'\xff' * 32
    pk = S.pubkey_gen_xonly(sk)
    T = S.pubkey_gen_plain(t)
    pre = S.schnorr_presig_sign(msg, sk, aux, T)
    Pfull = S.point_mul(S.G, int.from_bytes(sk, 'big'))
    key = (pre[0], T[0], 2 + (Pfull[1] & 1))
    if len(presign) >= 48 and combos.get(key, 0) >= 3: continue
    combos[key] = combos.get(key, 0) + 1
    assert S.schnorr_extract_adaptor(msg, pk, pre) == T
    sig = S.schnorr_adapt(pre, t)
    assert S.schnorr_verify(msg, pk, sig)
    assert S.schnorr_extract_secadaptor(pre, sig) == t
    presign.append(dict(seckey=h(sk), pubkey=h(pk), aux_rand=h(aux), msg=h(msg), adaptor=h(T), sec_adaptor=h(t),
                        pre_sig=h(pre), sig=h(sig)))

def ext(comment, pre, msg, pk):
    extract.append(dict(comment=comment, pre_sig=h(pre), msg=h(msg), pubkey=h(pk),
                        adaptor=h(try_(S.schnorr_extract_adaptor, msg, pk, pre))))

def ad(comment, pre, t):
    adapt.append(dict(comment=comment, pre_sig=h(pre), sec_adaptor=h(t), sig=h(try_(S.schnorr_adapt, pre, t))))

def es(comment, pre, sig):
    extract_sec.append(dict(comment=comment, pre_sig=h(pre), sig=h(sig),
                            sec_adaptor=h(try_(S.schnorr_extract_secadaptor, pre, sig))))

def not_on_curve_x():
    while True:
        x = int.from_bytes(rb(32), 'big') % P
        if S.lift_x(x) is None: return x.to_bytes(32, 'big')

for j, c in enumerate(presign[:16]):
    pre, msg, pk, sig, t = (bytes.fromhex(c[k]) for k in ('pre_sig', 'msg', 'pubkey', 'sig', 'sec_adaptor'))
    other = bytes.fromhex(presign[j + 16]['pubkey'])
    ext('valid', pre, msg, pk)
    ext('other message', pre, bytes([msg[0] ^ 1]) + msg[1:], pk)
    ext('other key', pre, msg, other)
    ext('first byte 02/03 swapped', bytes([pre[0] ^ 1]) + pre[1:], msg, pk)
    pos = rng.randrange(1, 65)
    ext('bit flipped at byte %d' % pos, pre[:pos] + bytes([pre[pos] ^ (1 << rng.randrange(8))]) + pre[pos + 1:], msg, pk)
    ext('s\' + 1', pre[:33] + ((int.from_bytes(pre[33:], 'big') + 1) % N).to_bytes(32, 'big'), msg, pk)
    if j < 4:
        ext('first byte 0x04', b'\x04' + pre[1:], msg, pk)
        ext('first byte 0x00', b'\x00' + pre[1:], msg, pk)
        ext('x of R\' = p', pre[:1] + P.to_bytes(32, 'big') + pre[33:], msg, pk)
        ext('x of R\' not on the curve', pre[:1] + not_on_curve_x() + pre[33:], msg, pk)
        ext('s\' = n', pre[:33] + N.to_bytes(32, 'big'), msg, pk)
        ext('s\' = 2^256 - 1', pre[:33] + b'\xff' * 32, msg, pk)
    # adapt
    ad('valid', pre, t)
    ad('wrong secret (t + 1)', pre, ((int.from_bytes(t, 'big') + 1) % N).to_bytes(32, 'big'))
    if j < 4:
        ad('t = 0', pre, bytes(32))
        ad('t = n', pre, N.to_bytes(32, 'big'))
        ad('t = 2^256 - 1', pre, b'\xff' * 32)
        ad('first byte 0x04', b'\x04' + pre[1:], t)
        ad('s\' = n', pre[:33] + N.to_bytes(32, 'big'), t)
        ad('s\' = n - 1', pre[:33] + (N - 1).to_bytes(32, 'big'), t)
    # extract_sec
    es('valid', pre, sig)
    es('other signature s (s + 1)', pre, sig[:32] + ((int.from_bytes(sig[32:], 'big') + 1) % N).to_bytes(32, 'big'))
    if j < 4:
        es('first byte 0x05', b'\x05' + pre[1:], sig)
        es('s\' = n', pre[:33] + N.to_bytes(32, 'big'), sig)
        es('s = n', pre, sig[:32] + N.to_bytes(32, 'big'))
        es('s = 2^256 - 1', pre, sig[:32] + b'\xff' * 32)

# Infinity edge cases of extract, with the signer's key: R = s'·G - e·P at infinity (s' = e·d), and
# T = R' - R at infinity (a BIP-340 signature written as a 0x02 pre-signature).
for j in range(3):
    c = presign[j]
    sk, msg, pk = (bytes.fromhex(c[k]) for k in ('seckey', 'msg', 'pubkey'))
    d0 = int.from_bytes(sk, 'big')
    Pp = S.point_mul(S.G, d0)
    d = d0 if S.has_even_y(Pp) else N - d0
    Rp = S.point_mul(S.G, int.from_bytes(valid_sk(), 'big'))
    e = int.from_bytes(S.tagged_hash("BIP0340/challenge", S.xbytes(Rp) + pk + msg), 'big') % N
    ext('R = s\'G - eP at infinity', S.cbytes(Rp) + (e * d % N).to_bytes(32, 'big'), msg, pk)
    k = int.from_bytes(valid_sk(), 'big')
    R = S.point_mul(S.G, k)
    if not S.has_even_y(R): k = N - k; R = S.point_mul(S.G, k)
    e = int.from_bytes(S.tagged_hash("BIP0340/challenge", S.xbytes(R) + pk + msg), 'big') % N
    ext('T = R\' - R at infinity (a BIP-340 signature as pre-signature)', S.cbytes(R) + ((k + e * d) % N).to_bytes(32, 'big'), msg, pk)

out = dict(source="ZhePang/Python_Specification_for_Schnorr_Adaptor @ 51aa10b, reference.py run unchanged; "
                  "by tools/gen_schnorr_adaptor_vectors.py (see tests/vectors/data/README.md)",
           null_means="the specification returned None or raised ValueError (the C call returns 0)",
           presign=presign, extract=extract, adapt=adapt, extract_sec=extract_sec)
json.dump(out, sys.stdout, indent=1)
print()
print("combos", sorted(combos.items()), "draws", i, file=sys.stderr)
