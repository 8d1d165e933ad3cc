// The ellswift module's part of SecpApi (see api_table.h): X(name) per exported function / data symbol.
#pragma once

#define FASTSECP_API_ELLSWIFT_FUNCTIONS(X)
#define FASTSECP_API_ELLSWIFT_DATA(X)
