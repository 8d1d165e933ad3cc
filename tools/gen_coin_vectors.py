#!/usr/bin/env python3
"""Writes tests/vectors/data/coins/coin_vectors.json: for each coin of fastsecp's coin table and
each address kind it has, seed -> BIP-44/49/84/86 path -> public key, WIF and address, made by
bip_utils (PyPI bip_utils 2.12.3, MIT licence).

Where bip_utils knows the coin and purpose (its Bip44Coins/Bip49Coins/Bip84Coins/Bip86Coins), the
row comes from bip_utils' own coin configuration (source "bip_utils:<Class>.<COIN>") and the
script checks that configuration against the parameters below. Otherwise the key comes from
bip_utils' BIP-32 derivation and the text from bip_utils' generic encoders (P2PKH, P2SH, P2WPKH,
WIF) called with the parameters below (source "bip_utils-encoders"); for Groestlcoin, whose
Base58Check checksum is Groestl-512 twice, the checksum comes from PyPI groestlcoin_hash 1.0.3
and the Base58 text from bip_utils (source "bip_utils+groestlcoin_hash").

Run: python3 -m venv /work/ext/venv-bip && /work/ext/venv-bip/bin/pip install bip_utils==2.12.3 \
groestlcoin_hash==1.0.3 && /work/ext/venv-bip/bin/python tools/gen_coin_vectors.py > \
tests/vectors/data/coins/coin_vectors.json
"""
import hashlib
import json
import sys

import bip_utils as bu

# symbol: (coin type, P2PKH version, P2SH version, WIF version, segwit HRP, kinds, bip_utils Bip44 name)
# Versions and HRPs are those of each coin's reference client (chainparams); kinds as fastsecp's table.
L, S3, S4, E = ["p2pkh"], ["p2pkh", "p2sh-p2wpkh", "p2wpkh"], ["p2pkh", "p2sh-p2wpkh", "p2wpkh", "p2tr"], ["evm"]
COINS = {
    "BTC": (0, "00", "05", "80", "bc", S4, "BITCOIN"),
    "ETH": (60, None, None, None, None, E, "ETHEREUM"),
    "LTC": (2, "30", "32", "b0", "ltc", S3, "LITECOIN"),
    "DOGE": (3, "1e", "16", "9e", None, L, "DOGECOIN"),
    "BCH": (145, "00", "05", "80", None, L, "BITCOIN_CASH"),
    "BSV": (236, "00", "05", "80", None, L, "BITCOIN_SV"),
    "ZEC": (133, "1cb8", "1cbd", "80", None, L, "ZCASH"),
    "DASH": (5, "4c", "10", "cc", None, L, "DASH"),
    "DGB": (20, "1e", "3f", "80", "dgb", S3, "DIGIBYTE"),
    "NMC": (7, "34", "0d", "b4", None, L, None),
    "PPC": (6, "37", "75", "b7", None, L, None),
    "VTC": (28, "47", "05", "80", "vtc", S3, None),
    "VIA": (14, "47", "21", "c7", "via", S3, None),
    "GRS": (17, "24", "05", "80", "grs", S3, None),
    "SYS": (57, "3f", "05", "80", "sys", S3, None),
    "BNB": (60, None, None, None, None, E, "BINANCE_SMART_CHAIN"),
    "MATIC": (60, None, None, None, None, E, "POLYGON"),
    "AVAX": (60, None, None, None, None, E, "AVAX_C_CHAIN"),
    "FTM": (60, None, None, None, None, E, "FANTOM_OPERA"),
    "ARB": (60, None, None, None, None, E, "ARBITRUM"),
    "OP": (60, None, None, None, None, E, "OPTIMISM"),
    "RVN": (175, "3c", "7a", "80", None, L, None),
    "FLUX": (19167, "1cb8", "1cbd", "80", None, L, None),
    "QTUM": (2301, "3a", "32", "80", None, L, None),
    "ZEN": (121, "2089", "2096", "80", None, L, None),
    "BTG": (156, "26", "17", "80", "btg", S3, None),
    "KMD": (141, "3c", "55", "bc", None, L, None),
}
PURPOSE = {"p2pkh": 44, "p2sh-p2wpkh": 49, "p2wpkh": 84, "p2tr": 86, "evm": 44}
BIP_CLASSES = {44: (bu.Bip44, bu.Bip44Coins), 49: (bu.Bip49, bu.Bip49Coins), 84: (bu.Bip84, bu.Bip84Coins),
               86: (bu.Bip86, bu.Bip86Coins)}
# bip_utils' configuration differs from the reference client here (checked below, kept as notes).
KNOWN_DIFFERENCES = {
    ("DGB", "wif"): "bip_utils uses 0x9e, DigiByte Core's SECRET_KEY_OLD; its SECRET_KEY (what fastsecp writes) is 0x80",
}

SEEDS = [
    bu.Bip39SeedGenerator("abandon " * 11 + "about").Generate(""),  # the BIP-39 all-zero-entropy mnemonic
    hashlib.sha512(b"fastsecp coin vectors 1").digest(),
    hashlib.sha512(b"fastsecp coin vectors 2").digest()[:32],
]
POSITIONS = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 7)]  # (account, change, index)


def groestl_b58check(payload):
    import groestlcoin_hash
    return bu.Base58Encoder.Encode(payload + groestlcoin_hash.getHash(payload, len(payload))[:4])


def generic(sym, kind, pub, priv):
    ctype, p2pkh, p2sh, wif, hrp, _, _ = COINS[sym]
    if sym == "GRS":
        h = bu.Hash160.QuickDigest(pub.RawCompressed().ToBytes())
        if kind == "p2pkh":
            addr = groestl_b58check(bytes.fromhex(p2pkh) + h)
        elif kind == "p2sh-p2wpkh":
            addr = groestl_b58check(bytes.fromhex(p2sh) + bu.Hash160.QuickDigest(b"\x00\x14" + h))
        else:
            addr = bu.P2WPKHAddrEncoder.EncodeKey(pub.KeyObject(), hrp=hrp)
        return addr, groestl_b58check(bytes.fromhex(wif) + priv.Raw().ToBytes() + b"\x01"), "bip_utils+groestlcoin_hash"
    if kind == "p2pkh":
        addr = bu.P2PKHAddrEncoder.EncodeKey(pub.KeyObject(), net_ver=bytes.fromhex(p2pkh))
    elif kind == "p2sh-p2wpkh":
        addr = bu.P2SHAddrEncoder.EncodeKey(pub.KeyObject(), net_ver=bytes.fromhex(p2sh))
    elif kind == "p2wpkh":
        addr = bu.P2WPKHAddrEncoder.EncodeKey(pub.KeyObject(), hrp=hrp)
    else:
        raise ValueError(kind)
    return addr, bu.WifEncoder.Encode(priv.Raw().ToBytes(), net_ver=bytes.fromhex(wif)), "bip_utils-encoders"


def check_config(sym, purpose, conf, notes):
    _, p2pkh, p2sh, wif, hrp, _, _ = COINS[sym]
    params = {k: (v.hex() if isinstance(v, bytes) else v) for k, v in conf.AddrParams().items()}
    assert conf.CoinIndex() == COINS[sym][0], (sym, conf.CoinIndex())
    want = {44: {"net_ver": p2pkh}, 49: {"net_ver": p2sh}, 84: {"hrp": hrp}, 86: {"hrp": hrp}}[purpose]
    if sym == "BCH":
        want = {"net_ver": "00", "hrp": "bitcoincash"}
    if p2pkh is None:
        want = {}
    for k, v in want.items():
        assert params.get(k) == v, (sym, purpose, k, params.get(k), v)
    got_wif = conf.WifNetVersion().hex() if conf.WifNetVersion() else None
    if got_wif != wif:
        assert (sym, "wif") in KNOWN_DIFFERENCES, (sym, got_wif, wif)
        notes[sym] = KNOWN_DIFFERENCES[(sym, "wif")]


def main():
    rows, notes = [], {}
    for sym, (ctype, _, _, wif, _, kinds, bu_name) in COINS.items():
        for kind in kinds:
            purpose = PURPOSE[kind]
            cls, enum = BIP_CLASSES[purpose]
            bu_coin = getattr(enum, bu_name, None) if bu_name else None
            for s, seed in enumerate(SEEDS):
                for account, change, index in POSITIONS:
                    path = f"m/{purpose}'/{ctype}'/{account}'/{change}/{index}"
                    if bu_coin is not None:
                        check_config(sym, purpose, bu.__dict__[cls.__name__ + "ConfGetter"].GetConfig(bu_coin), notes)
                        ctx = cls.FromSeed(seed, bu_coin).Purpose().Coin().Account(account)
                        ctx = ctx.Change(bu.Bip44Changes.CHAIN_INT if change else bu.Bip44Changes.CHAIN_EXT)
                        ctx = ctx.AddressIndex(index)
                        pub, priv = ctx.PublicKey(), ctx.PrivateKey()
                        addr = pub.ToAddress()
                        if wif is None:
                            wif_text = None
                        elif sym in notes:  # the reference client's version, by bip_utils' encoder
                            wif_text = bu.WifEncoder.Encode(priv.Raw().ToBytes(), net_ver=bytes.fromhex(wif))
                        else:
                            wif_text = priv.ToWif()
                        source = f"bip_utils:{cls.__name__}Coins.{bu_name}"
                        assert bu.Bip32Slip10Secp256k1.FromSeed(seed).DerivePath(path).PublicKey().RawCompressed().ToHex() == pub.RawCompressed().ToHex()
                    else:
                        k = bu.Bip32Slip10Secp256k1.FromSeed(seed).DerivePath(path)
                        pub, priv = k.PublicKey(), k.PrivateKey()
                        addr, wif_text, source = generic(sym, kind, pub, priv)
                    rows.append({"coin": sym, "kind": kind, "seed": seed.hex(), "path": path,
                                 "pubkey": pub.RawCompressed().ToHex(), "seckey": priv.Raw().ToHex(),
                                 "wif": wif_text, "address": addr, "source": source})
    json.dump({"generator": "tools/gen_coin_vectors.py with bip_utils 2.12.3 (MIT) and groestlcoin_hash 1.0.3 (MIT)",
               "notes": notes, "vectors": rows}, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
