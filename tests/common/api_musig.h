// The musig module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#define FASTSECP_API_MUSIG_FUNCTIONS(X)
#define FASTSECP_API_MUSIG_DATA(X)
