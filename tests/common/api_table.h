// A table of function pointers covering the libsecp256k1 v0.8.0 API that fastsecp implements.
// The same table is filled either from fastsecp's own (linked) symbols or from a reference
// libsecp256k1 loaded at run time, so vector tests, differential tests and the side-by-side
// benchmark run one code path against both libraries.
#pragma once

#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_preallocated.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>

#include <string>

// Each module added after the foundation keeps its list in its own file (api_<module>.h).
#include "api_ellswift.h"
#include "api_musig.h"
#include "api_silentpayments.h"

// The ECDH module (off in Bitcoin Core's configuration): its entries stay null in fastsecp's table
// when the library is built without it (api_ours.cpp), and its tests skip themselves.
#define FASTSECP_API_ECDH_FUNCTIONS(X) X(ecdh)
#define FASTSECP_API_ECDH_DATA(X) X(ecdh_hash_function_sha256) X(ecdh_hash_function_default)

// X(name): every exported function, by its name without the "secp256k1_" prefix.
#define FASTSECP_API_FUNCTIONS(X)                                                               \
    X(context_create) X(context_clone) X(context_destroy) X(context_randomize)                 \
    X(context_set_illegal_callback) X(context_set_error_callback)                               \
    X(context_set_sha256_compression) X(selftest)                                               \
    X(context_preallocated_size) X(context_preallocated_create)                                 \
    X(context_preallocated_clone_size) X(context_preallocated_clone)                            \
    X(context_preallocated_destroy)                                                             \
    X(ec_pubkey_parse) X(ec_pubkey_serialize) X(ec_pubkey_cmp) X(ec_pubkey_sort)                \
    X(ec_pubkey_create) X(ec_pubkey_negate) X(ec_pubkey_tweak_add) X(ec_pubkey_tweak_mul)       \
    X(ec_pubkey_combine)                                                                        \
    X(ec_seckey_verify) X(ec_seckey_negate) X(ec_seckey_tweak_add) X(ec_seckey_tweak_mul)       \
    X(ecdsa_signature_parse_compact) X(ecdsa_signature_parse_der)                               \
    X(ecdsa_signature_serialize_der) X(ecdsa_signature_serialize_compact)                       \
    X(ecdsa_signature_normalize) X(ecdsa_sign) X(ecdsa_verify) X(tagged_sha256)                 \
    X(keypair_create) X(keypair_sec) X(keypair_pub) X(keypair_xonly_pub)                        \
    X(keypair_xonly_tweak_add) X(xonly_pubkey_parse) X(xonly_pubkey_serialize)                  \
    X(xonly_pubkey_cmp) X(xonly_pubkey_from_pubkey) X(xonly_pubkey_tweak_add)                   \
    X(xonly_pubkey_tweak_add_check)                                                             \
    X(schnorrsig_sign32) X(schnorrsig_sign_custom) X(schnorrsig_verify)                         \
    FASTSECP_API_ECDH_FUNCTIONS(X)                                                              \
    X(ecdsa_recoverable_signature_parse_compact) X(ecdsa_recoverable_signature_serialize_compact) \
    X(ecdsa_recoverable_signature_convert) X(ecdsa_sign_recoverable) X(ecdsa_recover)          \
    FASTSECP_API_ELLSWIFT_FUNCTIONS(X) FASTSECP_API_MUSIG_FUNCTIONS(X)                          \
    FASTSECP_API_SILENTPAYMENTS_FUNCTIONS(X)

// X(name): every exported data symbol (pointer-typed constants), same naming.
#define FASTSECP_API_DATA(X)                                                                    \
    X(context_static) X(nonce_function_rfc6979) X(nonce_function_default)                       \
    X(nonce_function_bip340) FASTSECP_API_ECDH_DATA(X)                                         \
    FASTSECP_API_ELLSWIFT_DATA(X) FASTSECP_API_MUSIG_DATA(X) FASTSECP_API_SILENTPAYMENTS_DATA(X)

struct SecpApi {
    std::string name;  // "fastsecp" or "libsecp256k1 (<path>)"
#define FASTSECP_API_FN_MEMBER(n) decltype(&::secp256k1_##n) n = nullptr;
    FASTSECP_API_FUNCTIONS(FASTSECP_API_FN_MEMBER)
#undef FASTSECP_API_FN_MEMBER
    // Data symbols hold the *value* of the exported constant (a pointer).
#define FASTSECP_API_DATA_MEMBER(n) std::remove_cv_t<decltype(::secp256k1_##n)> n = nullptr;
    FASTSECP_API_DATA(FASTSECP_API_DATA_MEMBER)
#undef FASTSECP_API_DATA_MEMBER
};

// fastsecp itself, from the symbols linked into this program.
SecpApi load_fastsecp_api();

// A libsecp256k1 shared object (plain library or Python extension wheel) loaded at run time with
// RTLD_LOCAL|RTLD_DEEPBIND so its symbols never mix with ours. `path` empty means the default
// reference (environment variable FASTSECP_REFERENCE_LIB, else the path configured by CMake).
// Returns false and fills `error` when the library or any symbol is missing.
bool load_reference_api(const std::string& path, SecpApi& out, std::string& error);

// The configured default reference path ("" when none was configured).
std::string default_reference_path();
