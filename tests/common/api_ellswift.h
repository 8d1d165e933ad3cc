// The ellswift module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#include <secp256k1_ellswift.h>

#define FASTSECP_API_ELLSWIFT_FUNCTIONS(X) \
    X(ellswift_encode) X(ellswift_decode) X(ellswift_create) X(ellswift_xdh)
#define FASTSECP_API_ELLSWIFT_DATA(X) \
    X(ellswift_xdh_hash_function_prefix) X(ellswift_xdh_hash_function_bip324)
