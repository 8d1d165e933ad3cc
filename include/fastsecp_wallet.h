/* fastsecp_wallet.h: wallet protocols on the native API (same library, same conventions as
 * fastsecp.h: every call returns a fastsecp_status, batch calls write one status per item,
 * nothing aborts or calls back, outputs of failed calls/items are zero-filled).
 *
 *  - BIP-32 extended keys: seeds, parsing and serialization, private and public child
 *    derivation, paths, fingerprints; batches: many children of one key, one path for many seeds.
 *  - Addresses and key strings: Base58Check, Bech32/Bech32m (BIP-173/350), WIF, P2PKH,
 *    P2SH-P2WPKH (BIP-49), P2WPKH (BIP-84), P2TR (BIP-86 key-path output key).
 *  - Taproot (BIP-341): leaf and branch hashes, script-tree roots, output keys, control blocks,
 *    the secret-key tweak for key-path spending.
 *  - Ethereum: Keccak-256, addresses from public keys, EIP-55 checksums.
 *
 * Secrets (secret keys, private extended keys, seeds) are handled in constant time. Public child
 * derivation and address generation work on public data and use the faster variable-time code.
 */
#ifndef FASTSECP_WALLET_H
#define FASTSECP_WALLET_H

#include "fastsecp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- BIP-32 extended keys ------------------------------------------------------------------ */

/* Version bytes (the first four serialized bytes, as a big-endian number). */
#define FASTSECP_XKEY_XPRV 0x0488ADE4u /* mainnet, BIP-44/86 */
#define FASTSECP_XKEY_XPUB 0x0488B21Eu
#define FASTSECP_XKEY_TPRV 0x04358394u /* testnet and regtest */
#define FASTSECP_XKEY_TPUB 0x043587CFu
#define FASTSECP_XKEY_YPRV 0x049D7878u /* BIP-49 mainnet */
#define FASTSECP_XKEY_YPUB 0x049D7CB2u
#define FASTSECP_XKEY_UPRV 0x044A4E28u /* BIP-49 testnet */
#define FASTSECP_XKEY_UPUB 0x044A5262u
#define FASTSECP_XKEY_ZPRV 0x04B2430Cu /* BIP-84 mainnet */
#define FASTSECP_XKEY_ZPUB 0x04B24746u
#define FASTSECP_XKEY_VPRV 0x045F18BCu /* BIP-84 testnet */
#define FASTSECP_XKEY_VPUB 0x045F1CF6u

/* Indices at or above this are hardened (written i' or ih in paths). */
#define FASTSECP_BIP32_HARDENED 0x80000000u
/* Room for a serialized extended key: 111 characters and the NUL. */
#define FASTSECP_XKEY_STRING_SIZE 112
/* The longest path fastsecp_xkey_derive_path accepts (components). */
#define FASTSECP_BIP32_MAX_PATH 255

/* An extended key, field by field as BIP-32 serializes it. key[0] == 0x00 makes it private
 * (key[1..33) the secret key); otherwise key is the compressed public key (02/03 || x).
 * version, child_number: 32-bit values.
 * pubkey: not serialized; the key's compressed public key, carried so that a derivation step from
 * a private key does one k·G (the child's public key) instead of recomputing the parent's, and so
 * that fastsecp_xkey_pubkey needs none. The calls that output keys fill it (a copy of key for a
 * public key), except fastsecp_xkey_parse for a private key (it has no context: all zero there).
 * All zero means "not known": the calls then compute it. The calls trust a non-zero pubkey: a
 * caller who writes key itself must zero pubkey. */
typedef struct fastsecp_xkey {
    unsigned int version;
    unsigned int child_number;
    unsigned char depth;
    unsigned char parent_fingerprint[4];
    unsigned char chain_code[32];
    unsigned char key[33];
    unsigned char pubkey[33];
} fastsecp_xkey;

/* Master key from a seed of 16..64 bytes (BIP-32: HMAC-SHA512 keyed "Bitcoin seed").
 * version: a private version (FASTSECP_XKEY_XPRV, ...). Constant time in the seed.
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL, seed length, version not a known
 * private one), FASTSECP_ERR_SCALAR_OUT_OF_RANGE (this seed gives no valid key: I_L is 0 or
 * >= n, about 2^-127 likely). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_from_seed(
    const fastsecp_ctx *ctx, fastsecp_xkey *out, const unsigned char *seed, size_t seed_len, unsigned int version);

/* Parses a Base58Check extended key (xprv/xpub/tprv/tpub/yprv/ypub/uprv/upub/zprv/zpub/vprv/vpub).
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL), FASTSECP_ERR_BAD_CHECKSUM,
 * FASTSECP_ERR_BAD_ENCODING (characters, length other than 78 bytes, unknown version, private key
 * not prefixed by 0x00, public key prefix not 02/03, depth 0 with a non-zero parent fingerprint or
 * child number, public key x >= p), FASTSECP_ERR_SCALAR_OUT_OF_RANGE (private key 0 or >= n),
 * FASTSECP_ERR_POINT_NOT_ON_CURVE (public key x < p but not on the curve). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_parse(fastsecp_xkey *out, const char *text);

/* Base58Check text of key into out (out_size >= FASTSECP_XKEY_STRING_SIZE is always enough).
 * The key is checked as fastsecp_xkey_parse checks it (the version must match the key's kind).
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT, FASTSECP_ERR_BUFFER_TOO_SMALL, or
 * fastsecp_xkey_parse's codes for an inconsistent key. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_serialize(
    char *out, size_t out_size, const fastsecp_xkey *key);

/* The extended public key of a private one (the matching public version), or a copy of a public
 * one. Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT, or fastsecp_xkey_parse's key codes. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_neuter(
    const fastsecp_ctx *ctx, fastsecp_xkey *out, const fastsecp_xkey *key);

/* The compressed public key (pubkey33) and the BIP-32 fingerprint (fingerprint4: the first four
 * bytes of HASH160 of it) of either kind of key; either output may be NULL. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_pubkey(
    const fastsecp_ctx *ctx, unsigned char *pubkey33, unsigned char *fingerprint4, const fastsecp_xkey *key);

/* Child number index of parent: private children of a private key (hardened when
 * index >= FASTSECP_BIP32_HARDENED; constant time), public children of a public key.
 * out may be parent. Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL, depth 255),
 * FASTSECP_ERR_NEEDS_PRIVATE_KEY (hardened index on a public key),
 * FASTSECP_ERR_SCALAR_OUT_OF_RANGE (this index gives no valid child: I_L >= n or a zero key /
 * the point at infinity; BIP-32 says to go on with the next index), or the key's parse codes. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_derive(
    const fastsecp_ctx *ctx, fastsecp_xkey *out, const fastsecp_xkey *parent, unsigned int index);

/* Parses "m/86'/0'/0'/0/5" ("m" and "m/" optional; ', h or H mark hardened components; each
 * number below 2^31, in decimal without leading zeros: "m/01" is rejected, as BIP-32 tools do)
 * into indices[0..*n). cap: room in indices.
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL), FASTSECP_ERR_BAD_ENCODING (syntax,
 * a leading zero, a number >= 2^31; anywhere in the text), FASTSECP_ERR_BUFFER_TOO_SMALL (more than cap components, or
 * more than FASTSECP_BIP32_MAX_PATH). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_bip32_path_parse(
    unsigned int *indices, size_t *n, size_t cap, const char *path);

/* fastsecp_xkey_derive along a path (relative to parent; "m" alone gives a copy). Returns
 * fastsecp_bip32_path_parse's and fastsecp_xkey_derive's codes (the first failing step's). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_derive_path(
    const fastsecp_ctx *ctx, fastsecp_xkey *out, const fastsecp_xkey *parent, const char *path);

/* Batch: the public keys of children first .. first+n-1 of parent (public or private: a private
 * parent's public key is computed first, in constant time), by public derivation. The HMACs run
 * eight at a time (SHA-512 in AVX-512 lanes where the CPU has them), one variable-time k·G per
 * child, eight at a time in AVX-512 IFMA lanes, and one shared field inversion per block of
 * children; runs on the context's threads.
 * Out: pubkeys33[33*i ..] the child's compressed key; chain_codes32 (may be NULL) its chain code
 * (so a child extended key can be built without deriving it again).
 * results[i]: FASTSECP_OK, FASTSECP_ERR_NEEDS_PRIVATE_KEY (first + i >= 2^31),
 * FASTSECP_ERR_SCALAR_OUT_OF_RANGE (no valid child at that index).
 * Returns FASTSECP_OK, FASTSECP_ERR_ITEM_FAILED, FASTSECP_ERR_INVALID_ARGUMENT (NULLs), or the
 * parent key's parse code (then for every item). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_derive_range(
    const fastsecp_ctx *ctx, fastsecp_status *results, unsigned char *pubkeys33, unsigned char *chain_codes32,
    const fastsecp_xkey *parent, unsigned int first, size_t n);

/* Batch: for each of n seeds (seeds[seed_len*i ..], seed_len 16..64), the master key of version
 * (a private version) derived along path[0..path_len) (path_len <= FASTSECP_BIP32_MAX_PATH) into
 * out[i]. Constant time in the seeds; runs on the context's threads.
 * results[i]: FASTSECP_OK or FASTSECP_ERR_SCALAR_OUT_OF_RANGE (an invalid key on the way).
 * Returns FASTSECP_OK, FASTSECP_ERR_ITEM_FAILED, FASTSECP_ERR_INVALID_ARGUMENT. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_xkey_from_seed_path_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, fastsecp_xkey *out, const unsigned char *seeds,
    size_t seed_len, unsigned int version, const unsigned int *path, size_t path_len, size_t n);


/* ---- Base58Check, Bech32/Bech32m, WIF, addresses -------------------------------------------- */

typedef enum fastsecp_network {
    FASTSECP_NETWORK_MAINNET = 0, /* addresses 1..., 3..., bc1...; WIF 0x80 */
    FASTSECP_NETWORK_TESTNET = 1, /* m/n..., 2..., tb1...; WIF 0xEF */
    FASTSECP_NETWORK_REGTEST = 2, /* as testnet, but bcrt1... for segwit */
    /* Not a network: makes every int value from 0 up a valid fastsecp_network, so an unknown one
     * reaches the calls (which return FASTSECP_ERR_INVALID_ARGUMENT) as a valid value. */
    FASTSECP_NETWORK_MAX_ENUM = 0x7FFFFFFF
} fastsecp_network;

typedef enum fastsecp_address_kind {
    FASTSECP_ADDRESS_P2PKH = 0,       /* Base58Check(version || HASH160(pubkey)) */
    FASTSECP_ADDRESS_P2SH_P2WPKH = 1, /* BIP-49: P2SH of the script 0 <HASH160(pubkey)> */
    FASTSECP_ADDRESS_P2WPKH = 2,      /* BIP-84: segwit v0, Bech32 */
    FASTSECP_ADDRESS_P2TR = 3,        /* BIP-86: segwit v1, Bech32m, output key = the key tweaked with no script tree */
    FASTSECP_ADDRESS_EVM = 4,         /* Ethereum and the EVM chains: EIP-55 text of Keccak-256(x || y)[12..32) (coin calls only) */
    /* Not a kind: as FASTSECP_NETWORK_MAX_ENUM (unknown kinds are valid values, refused by the calls). */
    FASTSECP_ADDRESS_KIND_MAX_ENUM = 0x7FFFFFFF
} fastsecp_address_kind;

/* Room for any address these calls write, NUL included (segwit strings are at most 90). */
#define FASTSECP_ADDRESS_SIZE 91

/* The address of a compressed public key (33 bytes, 02/03). P2TR uses its x coordinate as the
 * BIP-86 internal key. Variable time (public data).
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL, unknown kind or network),
 * FASTSECP_ERR_BUFFER_TOO_SMALL, the key's parse codes (FASTSECP_ERR_BAD_ENCODING,
 * FASTSECP_ERR_POINT_NOT_ON_CURVE). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_address(
    const fastsecp_ctx *ctx, char *out, size_t out_size, fastsecp_address_kind kind, fastsecp_network network,
    const unsigned char *pubkey33);

/* Batch: addresses of n compressed keys; address i goes to out + stride*i (NUL-terminated;
 * stride >= FASTSECP_ADDRESS_SIZE always suffices). results[i]: as fastsecp_address. The P2TR
 * tweaks share one field inversion per block and run on the context's threads. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_address_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, char *out, size_t stride, fastsecp_address_kind kind,
    fastsecp_network network, const unsigned char *pubkeys33, size_t n);

/* Base58Check of len bytes (len <= 124). FASTSECP_ERR_BUFFER_TOO_SMALL when out_size is short. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_base58check_encode(
    char *out, size_t out_size, const unsigned char *data, size_t len);
/* Decodes and checks; *len gets the payload length (at most out_size).
 * FASTSECP_ERR_BAD_ENCODING (characters, too long), FASTSECP_ERR_BAD_CHECKSUM,
 * FASTSECP_ERR_BUFFER_TOO_SMALL. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_base58check_decode(
    unsigned char *out, size_t out_size, size_t *len, const char *text);

/* Bech32 (bech32m = 0) or Bech32m (bech32m = 1) string of a lower-case HRP and 5-bit values.
 * FASTSECP_ERR_BAD_ENCODING (HRP, values > 31, longer than 90), FASTSECP_ERR_BUFFER_TOO_SMALL. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_bech32_encode(
    char *out, size_t out_size, const char *hrp, const unsigned char *data5, size_t n, int bech32m);
/* Splits a Bech32 or Bech32m string: hrp84 (lower case, NUL-terminated), data90 (the 5-bit values
 * without the checksum), *n their count, *bech32m which checksum it has.
 * FASTSECP_ERR_BAD_ENCODING (characters, mixed case, length, no separator, empty HRP),
 * FASTSECP_ERR_BAD_CHECKSUM. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_bech32_decode(
    char *hrp84, unsigned char *data90, size_t *n, int *bech32m, const char *text);
/* Segwit address (BIP-173 for version 0, BIP-350 for versions 1-16) for hrp ("bc", "tb", "bcrt").
 * FASTSECP_ERR_BAD_ENCODING (version > 16, program length), FASTSECP_ERR_BUFFER_TOO_SMALL. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_segwit_address_encode(
    char *out, size_t out_size, const char *hrp, unsigned int version, const unsigned char *program, size_t len);
/* Decodes a segwit address that must carry hrp: *version, program40 (*len bytes).
 * FASTSECP_ERR_BAD_CHECKSUM (no valid checksum, or the wrong one of Bech32/Bech32m for the
 * version), FASTSECP_ERR_BAD_ENCODING (everything else, a different HRP included). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_segwit_address_decode(
    unsigned int *version, unsigned char *program40, size_t *len, const char *hrp, const char *text);

/* WIF (wallet import format) of a secret key: Base58Check(0x80/0xEF || key [|| 0x01 when
 * compressed]). Constant time in the key. FASTSECP_ERR_SCALAR_OUT_OF_RANGE (0 or >= n). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_wif_encode(
    char *out, size_t out_size, const unsigned char *seckey32, fastsecp_network network, int compressed);
/* Decodes a WIF key: seckey32, *network (MAINNET or TESTNET, which regtest shares), *compressed
 * (each output pointer but seckey32 may be NULL). FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM,
 * FASTSECP_ERR_SCALAR_OUT_OF_RANGE. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_wif_decode(
    unsigned char *seckey32, fastsecp_network *network, int *compressed, const char *text);

/* ---- Taproot (BIP-341) -------------------------------------------------------------------- */

/* tagged_hash("TapLeaf", leaf_version || compact_size(len) || script). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_leaf_hash(
    unsigned char *out32, unsigned char leaf_version, const unsigned char *script, size_t len);
/* tagged_hash("TapBranch", min(a, b) || max(a, b)) (bytewise order). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_branch_hash(
    unsigned char *out32, const unsigned char *a32, const unsigned char *b32);

/* A leaf of a script tree given in depth-first order with depths (as in tr() descriptors and
 * PSBT_OUT_TAP_TREE): depth 0..128, the leaf version (0xc0 for BIP-342 scripts), the script. */
typedef struct fastsecp_tap_leaf {
    unsigned char depth;
    unsigned char leaf_version;
    const unsigned char *script;
    size_t script_len;
} fastsecp_tap_leaf;

/* Merkle root of the tree whose leaves, left to right, are leaves[0..n) (n >= 1).
 * FASTSECP_ERR_BAD_ENCODING when the depths do not describe a complete binary tree. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_tree_root(
    unsigned char *root32, const fastsecp_tap_leaf *leaves, size_t n);

/* Output key Q = P + t·G, t = tagged_hash("TapTweak", P || merkle_root) (no root: P alone), P the
 * x-only internal key. out_xonly32 = x(Q), *parity = y(Q) odd (may be NULL). Variable time.
 * FASTSECP_ERR_BAD_ENCODING / FASTSECP_ERR_POINT_NOT_ON_CURVE (internal key),
 * FASTSECP_ERR_SCALAR_OUT_OF_RANGE (t >= n), FASTSECP_ERR_POINT_AT_INFINITY. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_output_key(
    const fastsecp_ctx *ctx, unsigned char *out_xonly32, int *parity, const unsigned char *internal_xonly32,
    const unsigned char *merkle_root32);

/* Control block for spending leaf index of the tree leaves[0..n) under internal_xonly32:
 * (leaf_version | parity of Q) || internal key || the Merkle path (32 bytes per level).
 * *len gets its length (33 + 32·depth); out_size >= 33 + 32·128 always suffices.
 * Codes: fastsecp_taproot_tree_root's, fastsecp_taproot_output_key's, FASTSECP_ERR_BUFFER_TOO_SMALL,
 * FASTSECP_ERR_INVALID_ARGUMENT (index >= n). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_control_block(
    const fastsecp_ctx *ctx, unsigned char *out, size_t out_size, size_t *len, const unsigned char *internal_xonly32,
    const fastsecp_tap_leaf *leaves, size_t n, size_t index);

/* Key-path spending: the secret key of the output key, from the internal secret key (negated
 * first when its point has odd y) plus the tweak (merkle_root32 may be NULL). Constant time in
 * the key. fastsecp_taproot_sign_keypath signs with it; so does any BIP-340 signer.
 * FASTSECP_ERR_SCALAR_OUT_OF_RANGE (key 0 or >= n, tweak >= n, or a zero result). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_tweak_seckey(
    const fastsecp_ctx *ctx, unsigned char *out32, const unsigned char *seckey32, const unsigned char *merkle_root32);

/* Key-path spending signature: BIP-340 over msg32 (the BIP-341 signature hash) with the tweaked
 * secret key (as fastsecp_taproot_tweak_seckey makes it) and auxiliary randomness aux_rand32 (may
 * be NULL, which counts as 32 zero bytes, as in secp256k1_schnorrsig_sign32).
 * Constant time in the key. FASTSECP_ERR_SCALAR_OUT_OF_RANGE (key 0 or >= n, or an invalid
 * tweak); sig64 zeroed then. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_taproot_sign_keypath(
    const fastsecp_ctx *ctx, unsigned char *sig64, const unsigned char *seckey32, const unsigned char *merkle_root32,
    const unsigned char *msg32, const unsigned char *aux_rand32);

/* ---- Ethereum --------------------------------------------------------------------------- */

/* Keccak-256 (the original Keccak padding that Ethereum uses, not SHA3-256). data may be NULL
 * when len is 0. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_keccak256(
    unsigned char *out32, const unsigned char *data, size_t len);

/* Address (20 bytes) of a public key, 33 bytes compressed or 65 uncompressed: the last 20 bytes of
 * Keccak-256(x || y). The key's parse codes on failure. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_eth_address(
    unsigned char *out20, const unsigned char *pubkey, size_t pubkey_len);

/* EIP-55 text of an address: "0x" and 40 hex digits with the checksum's capitals, NUL
 * (out_size >= 43). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_eth_address_to_checksum(
    char *out, size_t out_size, const unsigned char *addr20);

/* Parses "0x" + 40 hex digits into out20 (may be NULL). All lower-case or all upper-case digits
 * carry no checksum and are accepted; mixed case must be the EIP-55 form.
 * FASTSECP_ERR_BAD_ENCODING (prefix other than a lower-case "0x" (EIP-55 tools reject "0X"),
 * length, characters), FASTSECP_ERR_BAD_CHECKSUM. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_eth_address_parse(
    unsigned char *out20, const char *text);

/* Ethereum signature of a 32-byte hash: r || s || v (65 bytes), s low (EIP-2), v = 27 + the
 * recovery id, RFC 6979 nonce. Constant time in the key. FASTSECP_ERR_SCALAR_OUT_OF_RANGE (key). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_eth_sign(
    const fastsecp_ctx *ctx, unsigned char *sig65, const unsigned char *hash32, const unsigned char *seckey32);

/* ---- Coins: addresses and WIF keys of 27 secp256k1 coins from one table ----------------------- */

/* The coins. EVM chains (ETH, BNB = BNB Smart Chain, MATIC = Polygon PoS, AVAX = Avalanche C-Chain,
 * FTM = Fantom Opera, ARB = Arbitrum One, OP = OP Mainnet) share Ethereum's addresses; ZEC, FLUX and
 * ZEN are their transparent (t-) addresses. */
typedef enum fastsecp_coin {
    FASTSECP_COIN_BTC = 0, FASTSECP_COIN_ETH = 1, FASTSECP_COIN_LTC = 2, FASTSECP_COIN_DOGE = 3,
    FASTSECP_COIN_BCH = 4, FASTSECP_COIN_BSV = 5, FASTSECP_COIN_ZEC = 6, FASTSECP_COIN_DASH = 7,
    FASTSECP_COIN_DGB = 8, FASTSECP_COIN_NMC = 9, FASTSECP_COIN_PPC = 10, FASTSECP_COIN_VTC = 11,
    FASTSECP_COIN_VIA = 12, FASTSECP_COIN_GRS = 13, FASTSECP_COIN_SYS = 14, FASTSECP_COIN_BNB = 15,
    FASTSECP_COIN_MATIC = 16, FASTSECP_COIN_AVAX = 17, FASTSECP_COIN_FTM = 18, FASTSECP_COIN_ARB = 19,
    FASTSECP_COIN_OP = 20, FASTSECP_COIN_RVN = 21, FASTSECP_COIN_FLUX = 22, FASTSECP_COIN_QTUM = 23,
    FASTSECP_COIN_ZEN = 24, FASTSECP_COIN_BTG = 25, FASTSECP_COIN_KMD = 26,
    FASTSECP_COIN_COUNT = 27, /* not a coin: the number of them */
    /* Not a coin: as FASTSECP_NETWORK_MAX_ENUM. */
    FASTSECP_COIN_MAX_ENUM = 0x7FFFFFFF
} fastsecp_coin;

/* Address text encodings (fastsecp_coin_info.format). */
#define FASTSECP_COIN_FORMAT_BASE58 0   /* Base58Check P2PKH/P2SH (and Bech32 segwit where segwit_hrp is set) */
#define FASTSECP_COIN_FORMAT_CASHADDR 1 /* Bitcoin Cash's CashAddr (prefix cashaddr_prefix) */
#define FASTSECP_COIN_FORMAT_EVM 2      /* EIP-55 */

/* One coin's parameters (static strings; fields a coin does not use are 0 / NULL). */
typedef struct fastsecp_coin_info {
    const char *symbol;                /* "BTC", as fastsecp_coin_from_symbol takes it */
    const char *name;                  /* "Bitcoin" */
    unsigned int coin_type;            /* BIP-44 (SLIP-44) coin type, unhardened */
    unsigned int kinds;                /* bit (1u << kind) set for each fastsecp_address_kind the coin has */
    fastsecp_address_kind default_kind;
    int format;                        /* FASTSECP_COIN_FORMAT_* */
    size_t version_len;                /* bytes of the Base58 versions below: 1, 2 (ZEC, FLUX, ZEN) or 0 */
    unsigned char p2pkh_version[2];
    unsigned char p2sh_version[2];
    int wif_version;                   /* WIF's version byte, -1 for the EVM chains (no WIF) */
    const char *segwit_hrp;            /* Bech32 HRP, NULL without segwit */
    const char *cashaddr_prefix;       /* "bitcoincash" for BCH, else NULL */
    int groestl_checksum;              /* 1: Base58Check's checksum is Groestl-512 twice (GRS), 0: SHA-256 twice */
} fastsecp_coin_info;

/* The parameters of coin. FASTSECP_ERR_INVALID_ARGUMENT (NULL, unknown coin; *out zeroed). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_get_info(fastsecp_coin_info *out, fastsecp_coin coin);

/* The coin of a symbol ("btc", "DOGE"; case-insensitive). FASTSECP_ERR_INVALID_ARGUMENT (NULL or
 * unknown; *out = 0 then). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_from_symbol(fastsecp_coin *out, const char *symbol);

/* The BIP-44-style path of a coin's address: m / purpose' / coin_type' / account' / change / index,
 * purpose 44 (P2PKH, EVM), 49 (P2SH-P2WPKH), 84 (P2WPKH) or 86 (P2TR) (NUL-terminated; 48 bytes
 * always suffice). FASTSECP_ERR_INVALID_ARGUMENT (NULL, unknown coin, a kind the coin lacks,
 * account or index >= 2^31), FASTSECP_ERR_BUFFER_TOO_SMALL. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_path(
    char *out, size_t out_size, fastsecp_coin coin, fastsecp_address_kind kind, unsigned int account,
    unsigned int change, unsigned int index);

/* The address of a compressed public key (33 bytes) in one of the coin's kinds (info.kinds).
 * Variable time (public data). Returns as fastsecp_address: FASTSECP_ERR_INVALID_ARGUMENT (NULL,
 * unknown coin, a kind the coin lacks), FASTSECP_ERR_BUFFER_TOO_SMALL, the key's parse codes. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_address(
    const fastsecp_ctx *ctx, char *out, size_t out_size, fastsecp_coin coin, fastsecp_address_kind kind,
    const unsigned char *pubkey33);

/* Batch form, as fastsecp_address_batch (stride >= FASTSECP_ADDRESS_SIZE always suffices). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_address_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, char *out, size_t stride, fastsecp_coin coin,
    fastsecp_address_kind kind, const unsigned char *pubkeys33, size_t n);

/* WIF of a secret key with the coin's version byte and checksum. Constant time in the key.
 * FASTSECP_ERR_INVALID_ARGUMENT (NULL, unknown coin, an EVM chain), FASTSECP_ERR_SCALAR_OUT_OF_RANGE,
 * FASTSECP_ERR_BUFFER_TOO_SMALL (53 bytes always suffice). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_wif_encode(
    char *out, size_t out_size, const unsigned char *seckey32, fastsecp_coin coin, int compressed);

/* Decodes a WIF key of this coin (its version byte and checksum); *compressed may be NULL.
 * FASTSECP_ERR_INVALID_ARGUMENT, FASTSECP_ERR_BAD_ENCODING (characters, length, another version),
 * FASTSECP_ERR_BAD_CHECKSUM, FASTSECP_ERR_SCALAR_OUT_OF_RANGE; seckey32 zeroed on failure. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_coin_wif_decode(
    unsigned char *seckey32, int *compressed, fastsecp_coin coin, const char *text);

#ifdef __cplusplus
}
#endif

#endif /* FASTSECP_WALLET_H */
