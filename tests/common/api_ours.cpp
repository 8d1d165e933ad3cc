// Fills SecpApi from the secp256k1_* symbols linked into this program (fastsecp's compat layer).
#include "api_table.h"

SecpApi load_fastsecp_api() {
    SecpApi api;
    api.name = "fastsecp";
#define FASTSECP_API_OURS_FN(n) api.n = &::secp256k1_##n;
    FASTSECP_API_FUNCTIONS(FASTSECP_API_OURS_FN)
#undef FASTSECP_API_OURS_FN
    // Exported constants: the table holds their values, exactly what a caller would read.
#define FASTSECP_API_OURS_DATA(n) api.n = ::secp256k1_##n;
    FASTSECP_API_DATA(FASTSECP_API_OURS_DATA)
#undef FASTSECP_API_OURS_DATA
    return api;
}
