/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1.h); documentation is our own. */
#ifndef SECP256K1_H
#define SECP256K1_H

#ifdef __cplusplus
extern "C" {
#endif

#include <stddef.h>
#include <stdint.h>

/* Conventions used by every function in these headers:
 *
 *  - No pointer argument may be NULL unless its description says so. Passing
 *    NULL (or otherwise breaking a documented precondition) is an "illegal
 *    argument": the context's illegal callback is invoked (by default it
 *    prints a message and aborts) and, if the callback returns, the function
 *    returns 0 (or NULL / does nothing for functions without a result).
 *  - "Returns 0 when ..." lists below describe the outcomes for legal
 *    arguments; illegal arguments always come on top of that list.
 *  - Argument order: context, then outputs, then in/out values, then inputs;
 *    a length comes right after the buffer it measures; callbacks are
 *    followed by the opaque pointer handed to them.
 */

/** Opaque handle to a library context.
 *
 *  A context carries the blinding state used to harden secret-key
 *  computations against side channels, and the two callbacks (illegal
 *  argument, internal error) the library calls when something goes wrong.
 *
 *  Functions that take a `const secp256k1_context *` may be called from many
 *  threads on the same context at once. Functions that take a non-const
 *  pointer (destroy, randomize, setting callbacks) need exclusive access.
 *  Randomize once right after creation, or guard later randomizations with a
 *  reader/writer lock.
 */
typedef struct secp256k1_context_struct secp256k1_context;

/** A parsed, valid public key (64 bytes, opaque).
 *
 *  The byte layout is private to the implementation and may differ between
 *  builds and versions; only its size is fixed. It may be copied with memcpy.
 *  Use secp256k1_ec_pubkey_serialize / secp256k1_ec_pubkey_parse to store or
 *  transmit it, and secp256k1_ec_pubkey_cmp to compare two of them.
 */
typedef struct secp256k1_pubkey {
    unsigned char data[64];
} secp256k1_pubkey;

/** A parsed ECDSA signature (64 bytes, opaque).
 *
 *  The byte layout is private to the implementation; only the size is fixed.
 *  It may be copied with memcpy. Convert it with the
 *  secp256k1_ecdsa_signature_parse_* / _serialize_* functions to store,
 *  transmit or compare it.
 */
typedef struct secp256k1_ecdsa_signature {
    unsigned char data[64];
} secp256k1_ecdsa_signature;

/** Signature of a deterministic ECDSA nonce generator.
 *
 *  Returns: 1 when nonce32 was filled; 0 makes the signing call fail.
 *  Out:  nonce32: 32-byte buffer receiving the nonce.
 *  In:   msg32:   the 32-byte message hash to sign (never NULL).
 *        key32:   the 32-byte secret key (never NULL).
 *        algo16:  16-byte algorithm tag, or NULL (ECDSA always passes NULL).
 *        data:    the caller's opaque pointer, passed through unchanged.
 *        attempt: 0 on the first call; incremented each time the previous
 *                 nonce was unusable. Distinct attempts must give distinct
 *                 nonces.
 *
 *  Real implementations derive the nonce from a cryptographic hash of the
 *  message, key, algorithm tag and attempt counter.
 */
typedef int (*secp256k1_nonce_function)(
    unsigned char *nonce32,
    const unsigned char *msg32,
    const unsigned char *key32,
    const unsigned char *algo16,
    void *data,
    unsigned int attempt
);

/* The library's own sources define SECP256K1_BUILD before including this
 * header. Without it, SECP256K1_NO_BUILD is defined so that an implementation
 * file can detect that the header was pulled in too early. */
#ifndef SECP256K1_BUILD
# define SECP256K1_NO_BUILD
#endif

/* Symbol visibility of the API. */
#if !defined(SECP256K1_API) && defined(SECP256K1_NO_API_VISIBILITY_ATTRIBUTES)
     /* Requested: no visibility attributes at all, so the builder's
      * -fvisibility=... setting decides (useful when a static library is
      * folded into a shared one that should not re-export this API). */
#    define SECP256K1_API extern
#endif
#if !defined(SECP256K1_API)
#    if defined(SECP256K1_BUILD)
         /* Building the library. On Windows, export only when a DLL build is
          * requested explicitly (SECP256K1_DLL_EXPORT, or Libtool's
          * DLL_EXPORT). */
#        if defined(_WIN32) && (defined(SECP256K1_DLL_EXPORT) || defined(DLL_EXPORT))
#            define SECP256K1_API extern __declspec(dllexport)
         /* Elsewhere use default visibility with GCC-compatible compilers
          * (not on Windows, where it upsets GCC's LTO). */
#        elif !defined(_WIN32) && defined (__GNUC__) && (__GNUC__ >= 4)
#            define SECP256K1_API extern __attribute__ ((visibility("default")))
#        else
#            define SECP256K1_API extern
#        endif
#    else
         /* Using the library. On Windows, assume a DLL unless the consumer
          * defines SECP256K1_STATIC. */
#        if defined(_WIN32) && !defined(SECP256K1_STATIC)
#            define SECP256K1_API extern __declspec(dllimport)
#        else
#            define SECP256K1_API extern
#        endif
#    endif
#endif

/* Compiler diagnostics. The non-null attribute is dropped while building the
 * library itself: otherwise the compiler may assume the pointers are non-NULL
 * and delete the argument checks that call the illegal callback. */
# if defined(__GNUC__)
#  define SECP256K1_WARN_UNUSED_RESULT __attribute__ ((__warn_unused_result__))
# else
#  define SECP256K1_WARN_UNUSED_RESULT
# endif
# if !defined(SECP256K1_BUILD) && defined(__GNUC__)
#  define SECP256K1_ARG_NONNULL(_x)  __attribute__ ((__nonnull__(_x)))
# else
#  define SECP256K1_ARG_NONNULL(_x)
# endif

/* Marks a function, type or variable as deprecated (for users only). */
#if !defined(SECP256K1_BUILD) && defined(__has_attribute)
# if __has_attribute(__deprecated__)
#  define SECP256K1_DEPRECATED(_msg) __attribute__ ((__deprecated__(_msg)))
# else
#  define SECP256K1_DEPRECATED(_msg)
# endif
#else
# define SECP256K1_DEPRECATED(_msg)
#endif

/* Flag encoding (internal; use the public flags below). The low 8 bits say
 * which kind of flag it is, the higher bits carry the value. */
#define SECP256K1_FLAGS_TYPE_MASK ((1 << 8) - 1)
#define SECP256K1_FLAGS_TYPE_CONTEXT (1 << 0)
#define SECP256K1_FLAGS_TYPE_COMPRESSION (1 << 1)
#define SECP256K1_FLAGS_BIT_CONTEXT_VERIFY (1 << 8)
#define SECP256K1_FLAGS_BIT_CONTEXT_SIGN (1 << 9)
#define SECP256K1_FLAGS_BIT_CONTEXT_DECLASSIFY (1 << 10)
#define SECP256K1_FLAGS_BIT_COMPRESSION (1 << 8)

/** Flag for secp256k1_context_create and the preallocated creation functions. */
#define SECP256K1_CONTEXT_NONE (SECP256K1_FLAGS_TYPE_CONTEXT)

/** Obsolete context flags, accepted and treated exactly like SECP256K1_CONTEXT_NONE. */
#define SECP256K1_CONTEXT_VERIFY (SECP256K1_FLAGS_TYPE_CONTEXT | SECP256K1_FLAGS_BIT_CONTEXT_VERIFY)
#define SECP256K1_CONTEXT_SIGN (SECP256K1_FLAGS_TYPE_CONTEXT | SECP256K1_FLAGS_BIT_CONTEXT_SIGN)

/* For the constant-time test harness only (valid only when running under a
 * memory checker such as valgrind). */
#define SECP256K1_CONTEXT_DECLASSIFY (SECP256K1_FLAGS_TYPE_CONTEXT | SECP256K1_FLAGS_BIT_CONTEXT_DECLASSIFY)

/** Flags for secp256k1_ec_pubkey_serialize: 33-byte or 65-byte encoding. */
#define SECP256K1_EC_COMPRESSED (SECP256K1_FLAGS_TYPE_COMPRESSION | SECP256K1_FLAGS_BIT_COMPRESSION)
#define SECP256K1_EC_UNCOMPRESSED (SECP256K1_FLAGS_TYPE_COMPRESSION)

/** First byte of the serialized point encodings. */
#define SECP256K1_TAG_PUBKEY_EVEN 0x02
#define SECP256K1_TAG_PUBKEY_ODD 0x03
#define SECP256K1_TAG_PUBKEY_UNCOMPRESSED 0x04
#define SECP256K1_TAG_PUBKEY_HYBRID_EVEN 0x06
#define SECP256K1_TAG_PUBKEY_HYBRID_ODD 0x07

/** A ready-made, read-only context with static storage.
 *
 *  It is enough for every function that handles only public data (parsing,
 *  serializing, verifying, public-key tweaks, ...). It must not be passed to
 *  functions that compute with a secret key against the generator (signing,
 *  public key creation, keypair creation; their documentation says
 *  "not secp256k1_context_static"), nor be randomized, cloned or destroyed;
 *  doing so is an illegal argument. Call secp256k1_selftest before relying
 *  on it.
 */
SECP256K1_API const secp256k1_context * const secp256k1_context_static;

/** Run a quick sanity check of the library build.
 *
 *  Catches gross problems such as a build for the wrong byte order; it is not
 *  a substitute for the test suite. Recommended before first use of
 *  secp256k1_context_static; contexts made by secp256k1_context_create or
 *  secp256k1_context_preallocated_create run it themselves. On failure the
 *  default error callback is called (which aborts by default).
 */
SECP256K1_API void secp256k1_selftest(void);


/** Allocate and initialize a new context.
 *
 *  Calls malloc exactly once (see secp256k1_preallocated.h for a
 *  malloc-free alternative).
 *
 *  Returns: the new context, or NULL if flags are invalid (after the default
 *           illegal callback returned).
 *  In:      flags: SECP256K1_CONTEXT_NONE. The obsolete VERIFY/SIGN flags
 *                  are accepted and mean the same; SECP256K1_CONTEXT_DECLASSIFY
 *                  is only accepted when running under a memory checker.
 *
 *  Before computing with secret keys, call secp256k1_context_randomize on the
 *  new context. Contexts are costly to build: create one and reuse it.
 */
SECP256K1_API secp256k1_context *secp256k1_context_create(
    unsigned int flags
) SECP256K1_WARN_UNUSED_RESULT;

/** Allocate a copy of a context (one malloc call).
 *
 *  Returns: the copy, or NULL if ctx is secp256k1_context_static (illegal).
 *  Args:    ctx: the context to copy; not secp256k1_context_static (make a
 *                fresh context instead of copying that one, even by memcpy).
 */
SECP256K1_API secp256k1_context *secp256k1_context_clone(
    const secp256k1_context *ctx
) SECP256K1_ARG_NONNULL(1) SECP256K1_WARN_UNUSED_RESULT;

/** Free a context made by secp256k1_context_create or secp256k1_context_clone.
 *
 *  The pointer is dangling afterwards. Contexts built in caller memory must
 *  go to secp256k1_context_preallocated_destroy instead (passing them here is
 *  undefined behaviour). NULL is accepted and ignored.
 *
 *  Args:   ctx: the context to free (not secp256k1_context_static; that is
 *               an illegal argument).
 */
SECP256K1_API void secp256k1_context_destroy(
    secp256k1_context *ctx
) SECP256K1_ARG_NONNULL(1);

/** Install the handler for illegal arguments (API misuse).
 *
 *  Only the misuse cases documented in these headers trigger it. The default
 *  handler prints the message on stderr, then aborts. If a custom handler
 *  returns, the API function that detected the misuse returns 0 (or NULL, or
 *  nothing) and the content of its outputs is unspecified; a single call may
 *  also invoke the handler more than once.
 *
 *  Builds configured with SECP256K1_USE_EXTERNAL_DEFAULT_CALLBACKS take the
 *  default handlers from the application at link time, under the names
 *  secp256k1_default_illegal_callback_fn and
 *  secp256k1_default_error_callback_fn (both `void (const char *msg, void *data)`).
 *  The default handlers may run before any context exists (e.g. when context
 *  creation fails), in which case their data argument is NULL.
 *
 *  Args: ctx:  the context to modify (not secp256k1_context_static).
 *  In:   fun:  handler receiving the message and `data`; NULL restores the
 *              default handler.
 *        data: opaque pointer passed to fun; pass NULL when fun is NULL.
 */
SECP256K1_API void secp256k1_context_set_illegal_callback(
    secp256k1_context *ctx,
    void (*fun)(const char *message, void *data),
    const void *data
) SECP256K1_ARG_NONNULL(1);

/** Install the handler for internal errors.
 *
 *  Internal errors mean the library cannot continue safely: a failed memory
 *  allocation, a failed self test, hardware faults, memory corruption or a
 *  library bug; never plain API misuse. The default handler writes the
 *  message to stderr and aborts. If a custom handler returns, behaviour is
 *  undefined.
 *
 *  Args: ctx:  the context to modify (not secp256k1_context_static).
 *  In:   fun:  handler receiving the message and `data`; NULL restores the
 *              default handler.
 *        data: opaque pointer passed to fun; pass NULL when fun is NULL.
 */
SECP256K1_API void secp256k1_context_set_error_callback(
    secp256k1_context *ctx,
    void (*fun)(const char *message, void *data),
    const void *data
) SECP256K1_ARG_NONNULL(1);

/** Signature of a replacement SHA-256 block compression function.
 *
 *  It applies the SHA-256 compression function to n_blocks consecutive
 *  64-byte blocks; padding and length counting stay with the caller.
 *
 *  In/Out: state:    the eight 32-bit chaining words, updated in place.
 *  In:     blocks64: n_blocks * 64 bytes of input, with no alignment promise.
 *          n_blocks: number of blocks to process.
 */
typedef void (*secp256k1_sha256_compression_function)(
    uint32_t *state,
    const unsigned char *blocks64,
    size_t n_blocks
);

/** Route this context's SHA-256 block compression through a caller function.
 *
 *  Meant for hardware-accelerated SHA-256, not for substituting another hash.
 *  The function is checked against known digests when installed; a mismatch
 *  is reported through the illegal callback and the previous function is
 *  kept. The exported stand-alone functions (secp256k1_nonce_function_default
 *  and friends) take no context and so never use it, but library calls that
 *  invoke them by default through a context do.
 *
 *  Args: ctx:            the context to modify (not secp256k1_context_static).
 *  In:   fn_compression: the compression function; NULL restores the
 *                        built-in one.
 */
SECP256K1_API void secp256k1_context_set_sha256_compression(
        secp256k1_context *ctx,
        secp256k1_sha256_compression_function fn_compression
) SECP256K1_ARG_NONNULL(1);

/** Decode a serialized public key.
 *
 *  Accepted encodings: compressed (33 bytes, first byte 0x02/0x03),
 *  uncompressed (65 bytes, 0x04) and hybrid (65 bytes, 0x06/0x07, whose
 *  first byte must match the parity of Y).
 *
 *  Returns: 1 if input is a valid point on the curve in one of those
 *           encodings; 0 otherwise (wrong length or prefix, coordinate not
 *           below the field size, point not on the curve, hybrid parity
 *           mismatch).
 *  Args: ctx:      a context object.
 *  Out:  pubkey:   the decoded key on success; on failure it is cleared to an
 *                  invalid value.
 *  In:   input:    the serialized key.
 *        inputlen: number of bytes at input.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_parse(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const unsigned char *input,
    size_t inputlen
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Encode a public key as 33 (compressed) or 65 (uncompressed) bytes.
 *
 *  Returns: 1 for a valid pubkey. 0 only on illegal arguments: *outputlen
 *           smaller than 33 (compressed) or 65 (uncompressed), flags not a
 *           compression flag, or a pubkey that does not hold a valid key.
 *           Once the size check has passed, a failure leaves *outputlen at 0
 *           and output zeroed.
 *  Args:   ctx:       a context object.
 *  Out:    output:    buffer of at least 33 or 65 bytes, as chosen by flags.
 *  In/Out: outputlen: in: the size of output; out: bytes written (33 or 65).
 *  In:     pubkey:    the key to encode.
 *          flags:     SECP256K1_EC_COMPRESSED or SECP256K1_EC_UNCOMPRESSED.
 */
SECP256K1_API int secp256k1_ec_pubkey_serialize(
    const secp256k1_context *ctx,
    unsigned char *output,
    size_t *outputlen,
    const secp256k1_pubkey *pubkey,
    unsigned int flags
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Order two public keys by their 33-byte compressed encodings (memcmp order).
 *
 *  Returns: a negative value if pubkey1 sorts first, a positive value if
 *           pubkey2 sorts first, 0 if both are the same key. An invalid key
 *           (illegal argument) sorts as if encoded as 33 zero bytes, i.e.
 *           before every valid key, so the ordering stays consistent.
 *  Args: ctx:     a context object.
 *  In:   pubkey1: first key.
 *        pubkey2: second key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_cmp(
    const secp256k1_context *ctx,
    const secp256k1_pubkey *pubkey1,
    const secp256k1_pubkey *pubkey2
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Sort an array of public-key pointers in place, in secp256k1_ec_pubkey_cmp order.
 *
 *  Returns: 1, except 0 on illegal arguments (pubkeys or one of its first
 *           n_pubkeys entries is NULL).
 *  Args:  ctx:       a context object.
 *  In:    pubkeys:   array of n_pubkeys pointers; the pointers are reordered.
 *         n_pubkeys: number of entries.
 */
SECP256K1_API int secp256k1_ec_pubkey_sort(
    const secp256k1_context *ctx,
    const secp256k1_pubkey **pubkeys,
    size_t n_pubkeys
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Decode a 64-byte compact ECDSA signature (big-endian R then big-endian S).
 *
 *  Returns: 1 if both R and S are below the group order (zero is allowed
 *           here); 0 if either is not.
 *  Args: ctx:     a context object.
 *  Out:  sig:     always written. On failure, or when R or S is zero, it holds
 *                 a signature that no message and key will ever verify.
 *  In:   input64: the 64 bytes to decode.
 */
SECP256K1_API int secp256k1_ecdsa_signature_parse_compact(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sig,
    const unsigned char *input64
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Decode a DER-encoded ECDSA signature.
 *
 *  Returns: 1 if input is a well-formed DER signature (strict DER: minimal
 *           lengths and integer encodings, no trailing bytes); 0 if not.
 *           Integers that are negative or not below the group order still
 *           decode (returning 1) but yield a signature that never verifies.
 *  Args: ctx:      a context object.
 *  Out:  sig:      always written; on failure it never verifies.
 *  In:   input:    the DER bytes.
 *        inputlen: number of bytes at input.
 */
SECP256K1_API int secp256k1_ecdsa_signature_parse_der(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sig,
    const unsigned char *input,
    size_t inputlen
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Encode an ECDSA signature in DER.
 *
 *  Returns: 1 if the encoding fit in output; 0 if output was too small.
 *  Args:   ctx:       a context object.
 *  Out:    output:    buffer for the encoding (72 bytes always suffice).
 *  In/Out: outputlen: in: size of output; out: length of the encoding, set
 *                     even when 0 is returned so the caller can retry.
 *  In:     sig:       the signature to encode.
 */
SECP256K1_API int secp256k1_ecdsa_signature_serialize_der(
    const secp256k1_context *ctx,
    unsigned char *output,
    size_t *outputlen,
    const secp256k1_ecdsa_signature *sig
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Encode an ECDSA signature as 64 compact bytes (R then S, big endian).
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:   ctx:      a context object.
 *  Out:    output64: 64-byte buffer.
 *  In:     sig:      the signature to encode.
 */
SECP256K1_API int secp256k1_ecdsa_signature_serialize_compact(
    const secp256k1_context *ctx,
    unsigned char *output64,
    const secp256k1_ecdsa_signature *sig
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Check an ECDSA signature against a 32-byte message hash and a public key.
 *
 *  Only lower-S signatures (S <= n/2) are accepted, because (R, n-S) is an
 *  equally valid signature anyone can derive from (R, S). To accept both
 *  forms, pass the signature through secp256k1_ecdsa_signature_normalize
 *  first, knowing that this admits malleated signatures.
 *
 *  Returns: 1 if the signature is valid for msghash32 and pubkey; 0 if it is
 *           not, including when R or S is zero, S is in the upper half, or
 *           pubkey is invalid (the latter also an illegal argument).
 *  Args: ctx:       a context object.
 *  In:   sig:       the signature.
 *        msghash32: the 32-byte hash of the message. Hash the message
 *                   yourself: accepting a hash from an untrusted party lets
 *                   anyone construct "valid" signatures without the key.
 *        pubkey:    the signer's public key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ecdsa_verify(
    const secp256k1_context *ctx,
    const secp256k1_ecdsa_signature *sig,
    const unsigned char *msghash32,
    const secp256k1_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Put an ECDSA signature into lower-S form (S <= n/2).
 *
 *  Given (R, S), the pair (R, n-S) verifies for the same message and key, so
 *  a third party can change a signature without the key. Requiring lower S,
 *  as secp256k1_ecdsa_verify does, removes that freedom; signatures produced
 *  by secp256k1_ecdsa_sign are already lower-S. Other encodings (e.g. lax
 *  DER) may still allow variation, which this function does not address.
 *
 *  Returns: 1 if S was in the upper half and has been replaced by n-S;
 *           0 if the input was already lower-S (copied unchanged).
 *  Args: ctx:    a context object.
 *  Out:  sigout: receives the normalized signature; may be NULL to only test,
 *                and may equal sigin.
 *  In:   sigin:  the signature to examine.
 */
SECP256K1_API int secp256k1_ecdsa_signature_normalize(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sigout,
    const secp256k1_ecdsa_signature *sigin
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3);

/** RFC 6979 nonce generation with HMAC-SHA256. A non-NULL data pointer must
 *  point to 32 bytes of extra entropy, which are mixed into the derivation. */
SECP256K1_API const secp256k1_nonce_function secp256k1_nonce_function_rfc6979;

/** The default nonce generator; currently the same function as
 *  secp256k1_nonce_function_rfc6979. */
SECP256K1_API const secp256k1_nonce_function secp256k1_nonce_function_default;

/** Sign a 32-byte message hash with ECDSA. The result is always lower-S.
 *
 *  Returns: 1 on success; 0 if seckey is not a valid secret key (see
 *           secp256k1_ec_seckey_verify) or the nonce function returned 0.
 *           On 0 the signature is set to an all-zero value that never
 *           verifies.
 *  Args:    ctx:       a context object (not secp256k1_context_static).
 *  Out:     sig:       the signature.
 *  In:      msghash32: the 32-byte message hash to sign.
 *           seckey:    the 32-byte secret key.
 *           noncefp:   nonce generator; NULL means
 *                      secp256k1_nonce_function_default.
 *           ndata:     opaque pointer for noncefp; may be NULL. With the
 *                      default generator a non-NULL ndata must point to 32
 *                      bytes of extra entropy.
 */
SECP256K1_API int secp256k1_ecdsa_sign(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sig,
    const unsigned char *msghash32,
    const unsigned char *seckey,
    secp256k1_nonce_function noncefp,
    const void *ndata
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Check whether 32 bytes form a valid secret key.
 *
 *  A secret key is valid when, read as a big-endian integer, it is neither 0
 *  nor >= the group order n. A uniformly random 32-byte string is invalid
 *  with negligible probability; if it happens, suspect the random generator
 *  rather than retrying.
 *
 *  Returns: 1 if valid, 0 if not.
 *  Args:    ctx:    a context object.
 *  In:      seckey: the 32 bytes to check.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_seckey_verify(
    const secp256k1_context *ctx,
    const unsigned char *seckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Derive the public key seckey*G of a secret key.
 *
 *  Returns: 1 on success; 0 if seckey is invalid (see
 *           secp256k1_ec_seckey_verify), in which case pubkey is cleared.
 *  Args:    ctx:    a context object (not secp256k1_context_static).
 *  Out:     pubkey: the public key.
 *  In:      seckey: the 32-byte secret key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_create(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const unsigned char *seckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Replace a secret key by its negation modulo n.
 *
 *  Returns: 1 on success; 0 if seckey was invalid (see
 *           secp256k1_ec_seckey_verify), in which case seckey is overwritten
 *           with an unspecified value.
 *  Args:   ctx:    a context object.
 *  In/Out: seckey: the 32-byte secret key, negated in place.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_seckey_negate(
    const secp256k1_context *ctx,
    unsigned char *seckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Replace a public key by its negation (the point with the opposite Y).
 *
 *  Returns: 1, except 0 on illegal arguments (including a pubkey that does
 *           not hold a valid key).
 *  Args:   ctx:    a context object.
 *  In/Out: pubkey: the key, negated in place.
 */
SECP256K1_API int secp256k1_ec_pubkey_negate(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Add a tweak to a secret key: seckey := seckey + tweak32 (mod n).
 *
 *  Returns: 1 on success; 0 if seckey is invalid, if tweak32 is >= n, or if
 *           the sum is zero (tweak32 is the negation of seckey). On 0 seckey
 *           is overwritten with an unspecified value.
 *  Args:   ctx:     a context object.
 *  In/Out: seckey:  the 32-byte secret key, updated in place.
 *  In:     tweak32: 32-byte big-endian tweak; 0 is allowed. A random tweak is
 *                   out of range with probability about 2^-128.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_seckey_tweak_add(
    const secp256k1_context *ctx,
    unsigned char *seckey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Add tweak32*G to a public key.
 *
 *  Returns: 1 on success; 0 if tweak32 is >= n, the result is the point at
 *           infinity (tweak32 is the negated secret key), or pubkey was
 *           invalid (also an illegal argument). On 0 pubkey is cleared to an
 *           invalid value.
 *  Args:   ctx:     a context object.
 *  In/Out: pubkey:  the key, updated in place.
 *  In:     tweak32: 32-byte big-endian tweak; 0 is allowed.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_tweak_add(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Multiply a secret key by a tweak: seckey := seckey * tweak32 (mod n).
 *
 *  Returns: 1 on success; 0 if seckey is invalid or tweak32 is 0 or >= n
 *           (i.e. not a valid secret key itself). On 0 seckey is overwritten
 *           with an unspecified value.
 *  Args:   ctx:     a context object.
 *  In/Out: seckey:  the 32-byte secret key, updated in place.
 *  In:     tweak32: 32-byte big-endian factor.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_seckey_tweak_mul(
    const secp256k1_context *ctx,
    unsigned char *seckey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Multiply a public key by a tweak: pubkey := tweak32 * pubkey.
 *
 *  Returns: 1 on success; 0 if tweak32 is 0 or >= n, or pubkey was invalid
 *           (also an illegal argument). On 0 pubkey is cleared to an invalid
 *           value.
 *  Args:   ctx:     a context object.
 *  In/Out: pubkey:  the key, updated in place.
 *  In:     tweak32: 32-byte big-endian factor.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_tweak_mul(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Re-randomize the blinding used for secret-key multiplications by G.
 *
 *  Even with constant-time code, a compiler or the hardware (power draw,
 *  electromagnetic emissions) may leak information about secrets. Blinding
 *  with a fresh random seed makes such leakage much harder to exploit.
 *  Randomize every new or cloned context before signing or deriving public
 *  keys with it; repeating it now and then is a sensible extra precaution.
 *  The seed affects only operations documented as requiring a context other
 *  than secp256k1_context_static (signing, key creation); ECDH uses a
 *  different multiplication and does not gain from it.
 *
 *  Returns: 1, except 0 on illegal arguments (ctx is
 *           secp256k1_context_static).
 *  Args:    ctx:    the context to modify (not secp256k1_context_static).
 *  In:      seed32: 32 bytes of fresh randomness, or NULL to reset the
 *                   blinding to the state the context was created with.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_context_randomize(
    secp256k1_context *ctx,
    const unsigned char *seed32
) SECP256K1_ARG_NONNULL(1);

/** Add several public keys.
 *
 *  Returns: 1 on success; 0 if the sum is the point at infinity, in which
 *           case out is cleared to an invalid value. Also 0 on illegal
 *           arguments (n is 0, ins or an entry of ins is NULL).
 *  Args:   ctx: a context object.
 *  Out:    out: the sum.
 *  In:     ins: array of n pointers to the keys to add.
 *          n:   number of keys, at least 1.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ec_pubkey_combine(
    const secp256k1_context *ctx,
    secp256k1_pubkey *out,
    const secp256k1_pubkey * const *ins,
    size_t n
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** BIP-340 tagged hash: SHA256(SHA256(tag) || SHA256(tag) || msg).
 *
 *  Handy for hashing application messages with a domain-separation tag
 *  before signing them.
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:  ctx:    a context object.
 *  Out:   hash32: 32-byte buffer for the digest.
 *  In:    tag:    the tag bytes.
 *         taglen: length of tag.
 *         msg:    the message bytes.
 *         msglen: length of msg.
 */
SECP256K1_API int secp256k1_tagged_sha256(
    const secp256k1_context *ctx,
    unsigned char *hash32,
    const unsigned char *tag,
    size_t taglen,
    const unsigned char *msg,
    size_t msglen
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_H */
