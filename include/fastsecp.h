/* fastsecp.h: the native, batch-first C API of fastsecp.
 *
 * Every call returns a fastsecp_status. Batch calls take n items and write one status per item
 * into a caller-provided array (in input order), so one bad signature or key never hides the
 * results of the others and never aborts the process: there are no callbacks.
 *
 * Conventions for every call below:
 *  - A NULL context, a NULL array when n > 0, or a NULL pointer inside an item (where the item
 *    needs one) is FASTSECP_ERR_INVALID_ARGUMENT. Arrays may be NULL when n is 0.
 *  - The return value of a batch call is FASTSECP_OK when every item is FASTSECP_OK,
 *    FASTSECP_ERR_ITEM_FAILED when the call ran and at least one item did not succeed (see the
 *    per-item results), and otherwise the reason the call did not run at all
 *    (FASTSECP_ERR_INVALID_ARGUMENT, FASTSECP_ERR_OUT_OF_MEMORY); in that last case every entry
 *    of a non-NULL results array holds the same code.
 *  - Outputs of items that failed are zero-filled.
 *  - Byte strings are big-endian, as in SEC 1 and BIP-340.
 *
 * Contexts are immutable after creation and may be used by several threads at once.
 */
#ifndef FASTSECP_H
#define FASTSECP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbol visibility. The library is built with hidden symbols; only what is marked here is
 * exported. FASTSECP_NO_API_VISIBILITY_ATTRIBUTES leaves the choice to the compiler's
 * -fvisibility setting (for folding a static build into another shared library). */
#if !defined(FASTSECP_API) && defined(FASTSECP_NO_API_VISIBILITY_ATTRIBUTES)
#    define FASTSECP_API extern
#endif
#if !defined(FASTSECP_API)
#    if defined(FASTSECP_BUILD) || defined(SECP256K1_BUILD)
#        if defined(_WIN32) && (defined(FASTSECP_DLL_EXPORT) || defined(DLL_EXPORT))
#            define FASTSECP_API extern __declspec(dllexport)
#        elif !defined(_WIN32) && defined(__GNUC__) && (__GNUC__ >= 4)
#            define FASTSECP_API extern __attribute__((visibility("default")))
#        else
#            define FASTSECP_API extern
#        endif
#    else
#        if defined(_WIN32) && !defined(FASTSECP_STATIC)
#            define FASTSECP_API extern __declspec(dllimport)
#        else
#            define FASTSECP_API extern
#        endif
#    endif
#endif

#if defined(__GNUC__)
#    define FASTSECP_WARN_UNUSED_RESULT __attribute__((__warn_unused_result__))
#else
#    define FASTSECP_WARN_UNUSED_RESULT
#endif

/* ---- Version ------------------------------------------------------------------------------ */

#define FASTSECP_VERSION_MAJOR 0
#define FASTSECP_VERSION_MINOR 1
#define FASTSECP_VERSION_PATCH 0
/* major << 16 | minor << 8 | patch, for compile-time comparisons. */
#define FASTSECP_VERSION_NUMBER \
    ((FASTSECP_VERSION_MAJOR << 16) | (FASTSECP_VERSION_MINOR << 8) | FASTSECP_VERSION_PATCH)

/* "major.minor.patch" of the library actually loaded (may differ from the header's macros when
 * a program runs against a newer build). Never NULL; the string is static. */
FASTSECP_API const char *fastsecp_version_string(void);
/* The loaded library's version in the FASTSECP_VERSION_NUMBER format. */
FASTSECP_API unsigned int fastsecp_version(void);

/* ---- Status codes ----------------------------------------------------------------------- */

typedef enum fastsecp_status {
    FASTSECP_OK = 0,
    /* A required pointer is NULL, or an option is outside its documented range. */
    FASTSECP_ERR_INVALID_ARGUMENT = 1,
    /* Memory (or another system resource such as a thread) could not be obtained. */
    FASTSECP_ERR_OUT_OF_MEMORY = 2,
    /* Bytes that are not a valid encoding: wrong length or prefix byte of a public key, a
     * coordinate >= p, a hybrid key whose prefix disagrees with y's parity, a Schnorr
     * signature's r >= p. */
    FASTSECP_ERR_BAD_ENCODING = 3,
    /* A 32-byte number that must be below the group order n is not (or must be non-zero and
     * is zero): secret keys 0 or >= n, tweaks >= n, ECDSA r or s >= n, Schnorr s >= n. */
    FASTSECP_ERR_SCALAR_OUT_OF_RANGE = 4,
    /* A well-encoded public key whose point is not on secp256k1. */
    FASTSECP_ERR_POINT_NOT_ON_CURVE = 5,
    /* The result would be the point at infinity (e.g. a tweak equal to minus the key). */
    FASTSECP_ERR_POINT_AT_INFINITY = 6,
    /* An output buffer is shorter than the result needs. */
    FASTSECP_ERR_BUFFER_TOO_SMALL = 7,
    /* Well-formed inputs, but the signature does not verify (ECDSA r or s equal to zero count
     * here too, as they never verify). */
    FASTSECP_ERR_INVALID_SIGNATURE = 8,
    /* ECDSA signature with s > n/2: libsecp256k1's lower-S rule rejects it. The same signature
     * with s replaced by n - s may verify. */
    FASTSECP_ERR_HIGH_S = 9,
    /* Returned by a batch call that ran when at least one item's result is not FASTSECP_OK. */
    FASTSECP_ERR_ITEM_FAILED = 10,
    /* A checksum does not match: Base58Check, Bech32/Bech32m, an EIP-55 mixed-case address. */
    FASTSECP_ERR_BAD_CHECKSUM = 11,
    /* The operation needs a private key: hardened BIP-32 derivation from an extended public key. */
    FASTSECP_ERR_NEEDS_PRIVATE_KEY = 12,
    /* fastsecp_gpu.h: no device of the requested kind (no driver library, no GPU, or the index
     * is past the last device). */
    FASTSECP_ERR_NO_DEVICE = 13,
    /* fastsecp_gpu.h: the device or its driver failed (kernel build, launch, copy, device memory). */
    FASTSECP_ERR_DEVICE = 14,
    /* Not a status: makes every int value from 0 up a valid fastsecp_status, so codes that later
     * versions add stay valid values for programs compiled against this header. */
    FASTSECP_STATUS_MAX_ENUM = 0x7FFFFFFF
} fastsecp_status;

/* A short English description of a status code (static string, never NULL; unknown codes get a
 * generic text). */
FASTSECP_API const char *fastsecp_strerror(fastsecp_status status);

/* ---- Context ------------------------------------------------------------------------------ */

/* Opaque. Holds the blinding of constant-time key generation and the worker threads. */
typedef struct fastsecp_ctx fastsecp_ctx;

#define FASTSECP_CTX_OPTIONS_VERSION 1u
/* The largest accepted n_threads. */
#define FASTSECP_MAX_THREADS 256u

typedef struct fastsecp_ctx_options {
    /* Must be FASTSECP_CTX_OPTIONS_VERSION (lets later versions append fields safely). */
    unsigned int version;
    /* Threads a batch call may use, the calling thread included: 0 = one per CPU core,
     * 1 = no extra threads at all. Small batches always run on the calling thread only. */
    unsigned int n_threads;
    /* NULL, or 32 secret random bytes: they randomize the blinding of key generation (side-channel
     * protection) and the coefficients of batch verification. Copied; not kept. */
    const unsigned char *seed32;
} fastsecp_ctx_options;

/* version = FASTSECP_CTX_OPTIONS_VERSION, one thread, no seed. */
#define FASTSECP_CTX_OPTIONS_INIT { FASTSECP_CTX_OPTIONS_VERSION, 1u, NULL }

/* Creates a context. options may be NULL (same as FASTSECP_CTX_OPTIONS_INIT).
 * Out: *ctx, the new context (set to NULL on failure).
 * Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (ctx NULL, unknown options version,
 * n_threads > FASTSECP_MAX_THREADS) or FASTSECP_ERR_OUT_OF_MEMORY (memory or threads). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_ctx_create(
    fastsecp_ctx **ctx, const fastsecp_ctx_options *options);

/* Stops the context's threads and frees it. NULL is ignored. No call may be using it. */
FASTSECP_API void fastsecp_ctx_destroy(fastsecp_ctx *ctx);

/* The number of threads the context uses (n_threads resolved: 0 becomes the core count).
 * Returns 0 for a NULL context. */
FASTSECP_API unsigned int fastsecp_ctx_threads(const fastsecp_ctx *ctx);

/* ---- Signature verification ------------------------------------------------------------- */

/* One ECDSA verification: a compact signature r || s (two 32-byte numbers), the 32-byte
 * message hash, and a SEC 1 public key of 33 bytes (02/03 prefix) or 65 bytes (04, or the
 * hybrid 06/07 that libsecp256k1 also accepts). */
typedef struct fastsecp_ecdsa_item {
    const unsigned char *sig64;
    const unsigned char *msghash32;
    const unsigned char *pubkey;
    size_t pubkeylen;
} fastsecp_ecdsa_item;

/* Verifies n ECDSA signatures; results[i] is the outcome of items[i]: FASTSECP_OK exactly when
 * libsecp256k1's secp256k1_ecdsa_verify (with the key parsed by secp256k1_ec_pubkey_parse and
 * the signature by secp256k1_ecdsa_signature_parse_compact) returns 1. Otherwise, checked in
 * this order: INVALID_ARGUMENT (NULL pointer in the item), SCALAR_OUT_OF_RANGE (r or s >= n),
 * BAD_ENCODING or POINT_NOT_ON_CURVE (public key), HIGH_S, INVALID_SIGNATURE. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_ecdsa_verify_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, const fastsecp_ecdsa_item *items, size_t n);

/* One BIP-340 verification: 64-byte signature, a message of any length (msg may be NULL when
 * msglen is 0), and the 32-byte x-only public key. */
typedef struct fastsecp_schnorr_item {
    const unsigned char *sig64;
    const unsigned char *msg;
    size_t msglen;
    const unsigned char *xonly_pubkey32;
} fastsecp_schnorr_item;

/* Verifies n BIP-340 signatures. Batches are checked with one randomized equation over all
 * items (BIP-340 batch verification); when it fails, items are checked one by one, so every
 * result equals that of a single verification (secp256k1_schnorrsig_verify after
 * secp256k1_xonly_pubkey_parse). Per-item codes, in checking order: INVALID_ARGUMENT (NULL
 * sig64 or key, or NULL msg with msglen > 0), BAD_ENCODING (key x >= p, or r >= p),
 * POINT_NOT_ON_CURVE (key x not on the curve), SCALAR_OUT_OF_RANGE (s >= n), INVALID_SIGNATURE. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_schnorr_verify_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, const fastsecp_schnorr_item *items, size_t n);

/* ---- Public keys ---------------------------------------------------------------------------- */

/* pubkeys33[33*i ..] = compressed public key of the secret key seckeys32[32*i ..]. Each key is
 * handled in constant time. An item fails with SCALAR_OUT_OF_RANGE when its key is 0 or >= n
 * (its output is then 33 zero bytes). pubkeys33 must not overlap seckeys32. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_pubkey_create_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, unsigned char *pubkeys33,
    const unsigned char *seckeys32, size_t n);

/* out33[33*i ..] = compressed encoding of P_i + t_i*G, where P_i is the compressed key
 * pubkeys33[33*i ..] and t_i the tweak tweaks32[32*i ..] (the operation of
 * secp256k1_ec_pubkey_tweak_add). Per-item codes: BAD_ENCODING or POINT_NOT_ON_CURVE (key),
 * SCALAR_OUT_OF_RANGE (t_i >= n), POINT_AT_INFINITY (t_i*G = -P_i). Public data only (variable
 * time). out33 may be the same array as pubkeys33 (in-place), but must not overlap otherwise. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_pubkey_tweak_add_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, unsigned char *out33,
    const unsigned char *pubkeys33, const unsigned char *tweaks32, size_t n);

/* out33[33*i ..] = compressed encoding of tweak*P_i, where P_i is the compressed key
 * pubkeys33[33*i ..] and tweak the one 32-byte scalar tweak32 for all items (the operation of
 * secp256k1_ec_pubkey_tweak_mul, e.g. a silent-payments scan key times many tweaks). Constant time
 * in the tweak, which may be secret; the keys are public. If the tweak is 0 or >= n every item
 * fails with SCALAR_OUT_OF_RANGE; otherwise per-item codes BAD_ENCODING or POINT_NOT_ON_CURVE
 * (key). Failed items' outputs are 33 zero bytes. out33 may be the same array as pubkeys33
 * (in-place), but must not overlap otherwise. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_pubkey_tweak_mul_batch(
    const fastsecp_ctx *ctx, fastsecp_status *results, unsigned char *out33,
    const unsigned char *pubkeys33, const unsigned char *tweak32, size_t n);

/* ---- Silent payments (BIP-352) scanning ------------------------------------------------------ */

/* A receiving wallet prepared for scanning: the scan secret key b_scan, the spend public key
 * B_spend, and the labels it owns (BIP-352 labels m; m = 0 is the change label). Creating it
 * derives every label's point once and indexes them, so the cost of fastsecp_sp_scan does not
 * grow with the number of labels. The cost of fastsecp_sp_scan_prefilter does: it grows
 * linearly with the number of labels (see there). Opaque; immutable after creation; may be shared by threads. Holds a copy of
 * the scan key, wiped by fastsecp_sp_wallet_destroy. */
typedef struct fastsecp_sp_wallet fastsecp_sp_wallet;

/* The largest number of labels a wallet may hold. */
#define FASTSECP_SP_MAX_LABELS 1000000u

/* Creates a wallet. labels may be NULL when n_labels is 0; duplicate m values are allowed (kept once).
 * Returns FASTSECP_OK, INVALID_ARGUMENT (NULL wallet/ctx/keys, n_labels too large),
 * SCALAR_OUT_OF_RANGE (scan key 0 or >= n), BAD_ENCODING / POINT_NOT_ON_CURVE (spend key, 33-byte
 * compressed), OUT_OF_MEMORY. *wallet is NULL on failure. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_sp_wallet_create(
    const fastsecp_ctx *ctx, fastsecp_sp_wallet **wallet, const unsigned char *scan_seckey32,
    const unsigned char *spend_pubkey33, const unsigned int *labels, size_t n_labels);

/* Creates a wallet from label *points* instead of m values, as a server that is handed a
 * client's label points (label_m*G, e.g. the change label's hash_BIP0352/Label(b_scan||m)*G) needs.
 * Points here, the spend key and the labels, are given in either of two encodings (the
 * length tells which):
 *  - 33 bytes: SEC 1 compressed (02/03 || x);
 *  - 64 bytes "raw": x || y, each a 32-byte little-endian number. These are the bytes of
 *    libsecp256k1's secp256k1_pubkey object on little-endian 64-bit machines (x86-64, arm64), so
 *    such objects can be passed as they are. They are checked (x, y < p and on the curve) without
 *    a square root.
 * label_points[i] (length label_lens[i]) is label i; label_results[i] (may be NULL) receives its
 * status: OK, INVALID_ARGUMENT (NULL point), BAD_ENCODING (length not 33 or 64, a coordinate
 * >= p, a bad prefix) or POINT_NOT_ON_CURVE. A label that fails is left out and does not fail the
 * wallet; duplicates are kept once. label_points and label_lens may be NULL when n_labels is 0.
 * Returns, like fastsecp_sp_wallet_create, OK, INVALID_ARGUMENT, SCALAR_OUT_OF_RANGE (scan key),
 * BAD_ENCODING / POINT_NOT_ON_CURVE (spend key), OUT_OF_MEMORY; on failure every label_results
 * entry is that code and *wallet is NULL.
 * Such a wallet does not know its labels' tweaks, so it serves the pre-filters only:
 * fastsecp_sp_scan returns INVALID_ARGUMENT for a wallet made here with n_labels > 0 (with no
 * labels it scans like any wallet). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_sp_wallet_create_from_points(
    const fastsecp_ctx *ctx, fastsecp_sp_wallet **wallet, const unsigned char *scan_seckey32,
    const unsigned char *spend_pubkey, size_t spend_pubkeylen,
    const unsigned char *const *label_points, const size_t *label_lens, size_t n_labels,
    fastsecp_status *label_results);

/* Wipes and frees a wallet. NULL is ignored. */
FASTSECP_API void fastsecp_sp_wallet_destroy(fastsecp_sp_wallet *wallet);

/* One transaction to scan: its tweak, i.e. the 33-byte compressed point input_hash*A that
 * indexers store (A = sum of the eligible input public keys), and its taproot outputs as
 * n_outputs consecutive 32-byte x-only keys (in vout order).
 * Outputs are not validated: an output whose 32 bytes are not a valid x-only key (x >= p, or x
 * of no curve point) can never be a silent-payment output, so it is silently skipped: it is
 * never matched, it is not reported anywhere, and the item stays FASTSECP_OK. (scan_outputs
 * cannot even be given such an output: secp256k1_xonly_pubkey_parse rejects it.) Callers that
 * want to know about malformed outputs must check them themselves. */
typedef struct fastsecp_sp_item {
    const unsigned char *tweak33;
    const unsigned char *outputs32;
    size_t n_outputs;
} fastsecp_sp_item;

/* One found output. spend_tweak32 is the scalar to add to the spend secret key to spend it
 * (t_k, plus the label's tweak when found through a label): it is secret. */
typedef struct fastsecp_sp_match {
    size_t item;            /* index into the items array */
    size_t output;          /* index into that item's outputs */
    unsigned int k;         /* BIP-352 output counter */
    int has_label;          /* 1 when found through a label, else 0 */
    unsigned int label;     /* the label's m when has_label */
    unsigned char spend_tweak32[32];
} fastsecp_sp_match;

/* Scan options (bit flags). */
#define FASTSECP_SP_SCAN_DEFAULT 0u
/* Opt-in: multiply by the scan key in variable time. Faster, but the time taken depends on the
 * scan key, which an attacker who can time the scanner may learn. Only for deployments that
 * accept that (e.g. an indexer on its own hardware). */
#define FASTSECP_SP_SCAN_VARTIME 1u

/* Scans n transactions, following BIP-352 exactly (k = 0, 1, ... while an output matches,
 * labels included), with the same matches as libsecp256k1's
 * secp256k1_silentpayments_recipient_scan_outputs on each transaction.
 * results[i] is the outcome of items[i], one of:
 *  - OK: scanned, with or without matches (an item with n_outputs = 0 is OK with none; outputs
 *    that are not valid x-only keys are skipped without failing the item, see fastsecp_sp_item);
 *  - INVALID_ARGUMENT: NULL tweak33, or NULL outputs32 with n_outputs > 0;
 *  - BAD_ENCODING / POINT_NOT_ON_CURVE: tweak33 is not a compressed point on the curve;
 *  - SCALAR_OUT_OF_RANGE: some round's t_k = hash(shared secret || k) is 0 or >= n
 *    (probability ~2^-128 per round; never seen);
 *  - POINT_AT_INFINITY: some round's P_k = B_spend + t_k*G is the point at infinity (only when
 *    the spend key equals -t_k*G; t_k being a hash output, an honest wallet never meets it).
 * In the last two cases scan_outputs returns 0 and reports nothing; likewise a failed item has
 * no matches at all here, even when an earlier round had matched. Failed items do not stop the
 * others, which are scanned.
 * Matches are written to matches[0 .. matches_cap) in input order (item, then k); *n_matches
 * receives the total number found. If that exceeds matches_cap the call returns
 * FASTSECP_ERR_BUFFER_TOO_SMALL (the first matches_cap are written; scan again with more room).
 * Otherwise the summary rule of batch calls applies. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_sp_scan(
    const fastsecp_ctx *ctx, const fastsecp_sp_wallet *wallet, fastsecp_status *results,
    const fastsecp_sp_item *items, size_t n, fastsecp_sp_match *matches, size_t matches_cap,
    size_t *n_matches, unsigned int flags);

/* The indexer's pre-filter. For each tweak tweaks33[33*i ..], computes the k = 0 output key P_0
 * (and P_0 + label point for each of the wallet's labels) and compares the upper 64 bits of its x
 * coordinate (bytes 0..7 of the x-only key) with the item's output prefixes: prefix j is the 8
 * bytes prefixes8[8*j ..], and item i owns j in [prefix_offsets[i], prefix_offsets[i+1]).
 * maybe[i] = 1 when any matches (the
 * transaction then needs a full fastsecp_sp_scan), else 0. prefix_offsets has n + 1 entries.
 * Per-item codes: OK, BAD_ENCODING / POINT_NOT_ON_CURVE (the tweak), SCALAR_OUT_OF_RANGE (t_0),
 * POINT_AT_INFINITY (P_0); maybe[i] = 0 for failed items. Only round k = 0 is computed, so an
 * item that fastsecp_sp_scan fails at a later round can be OK here. A candidate P_0 + label that
 * is the point at infinity matches nothing and does not fail the item.
 * Cost: unlike fastsecp_sp_scan, the pre-filter's cost grows linearly with the wallet's number
 * of labels. With only 8-byte prefixes it cannot recover the output points to look labels up,
 * so for every tweak it computes P_0 + label for each of the wallet's labels (a point addition
 * and a share of a field inversion per label) and compares each with the prefixes. With a few
 * labels that is cheap; with about a hundred it already costs more per transaction than
 * fastsecp_sp_scan of the full outputs (bench/bench_scan.cpp measures both). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_sp_scan_prefilter(
    const fastsecp_ctx *ctx, const fastsecp_sp_wallet *wallet, fastsecp_status *results,
    unsigned char *maybe, const unsigned char *tweaks33, size_t n, const unsigned char *prefixes8,
    const size_t *prefix_offsets, unsigned int flags);

/* One transaction for fastsecp_sp_scan_prefilter_items: its tweak in either encoding of
 * fastsecp_sp_wallet_create_from_points (33 bytes compressed, or 64 bytes raw x || y little-endian,
 * which needs no square root), and its output prefixes as numbers: prefix j is bytes 0..7 of an
 * output's x-only key read as a big-endian unsigned 64-bit number (an int64 column holding the
 * same bytes, as indexers store them, can be passed by casting). prefixes may be NULL when
 * n_prefixes is 0. */
typedef struct fastsecp_sp_prefilter_item {
    const unsigned char *tweak;
    size_t tweaklen;
    const uint64_t *prefixes;
    size_t n_prefixes;
} fastsecp_sp_prefilter_item;

/* fastsecp_sp_scan_prefilter for items in the form above: maybe[i] = 1 when P_0 or some P_0 +
 * label point of items[i] has an x whose prefix is among the item's prefixes, else 0. Same
 * per-item codes, plus INVALID_ARGUMENT (NULL tweak, or NULL prefixes with n_prefixes > 0) and
 * BAD_ENCODING for a tweak length other than 33 or 64. Works with any wallet. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_sp_scan_prefilter_items(
    const fastsecp_ctx *ctx, const fastsecp_sp_wallet *wallet, fastsecp_status *results,
    unsigned char *maybe, const fastsecp_sp_prefilter_item *items, size_t n, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* FASTSECP_H */
