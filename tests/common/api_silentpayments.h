// The silentpayments module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#include <secp256k1_silentpayments.h>

#define FASTSECP_API_SILENTPAYMENTS_FUNCTIONS(X)                                                   \
    X(silentpayments_sender_create_outputs) X(silentpayments_recipient_label_parse)                 \
    X(silentpayments_recipient_label_serialize) X(silentpayments_recipient_label_create)            \
    X(silentpayments_recipient_create_labeled_spend_pubkey)                                         \
    X(silentpayments_recipient_prevouts_summary_create) X(silentpayments_recipient_scan_outputs)
#define FASTSECP_API_SILENTPAYMENTS_DATA(X)
