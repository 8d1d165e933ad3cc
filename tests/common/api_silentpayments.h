// The silentpayments module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#define FASTSECP_API_SILENTPAYMENTS_FUNCTIONS(X)
#define FASTSECP_API_SILENTPAYMENTS_DATA(X)
