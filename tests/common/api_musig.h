// The musig module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#include <secp256k1_musig.h>

#define FASTSECP_API_MUSIG_FUNCTIONS(X)                                                            \
    X(musig_pubnonce_parse) X(musig_pubnonce_serialize) X(musig_aggnonce_parse)                    \
    X(musig_aggnonce_serialize) X(musig_partial_sig_parse) X(musig_partial_sig_serialize)          \
    X(musig_pubkey_agg) X(musig_pubkey_get) X(musig_pubkey_ec_tweak_add)                           \
    X(musig_pubkey_xonly_tweak_add) X(musig_nonce_gen) X(musig_nonce_gen_counter) X(musig_nonce_agg) \
    X(musig_nonce_process) X(musig_partial_sign) X(musig_partial_sig_verify) X(musig_partial_sig_agg)
#define FASTSECP_API_MUSIG_DATA(X)
