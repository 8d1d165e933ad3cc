// Fills SecpApi from the secp256k1_* symbols linked into this program (fastsecp's compat layer).
#include "api_table.h"

SecpApi load_fastsecp_api() {
    SecpApi api;
    api.name = "fastsecp";
#define FASTSECP_API_OURS_FN(n) api.n = &::secp256k1_##n;
// Exported constants: the table holds their values, exactly what a caller would read.
#define FASTSECP_API_OURS_DATA(n) api.n = ::secp256k1_##n;
#define FASTSECP_API_NONE(n)
#if !defined(ENABLE_MODULE_ECDH)
    // Built without the ECDH module (as inside Bitcoin Core): its symbols do not exist.
#undef FASTSECP_API_ECDH_FUNCTIONS
#undef FASTSECP_API_ECDH_DATA
#define FASTSECP_API_ECDH_FUNCTIONS(X) FASTSECP_API_NONE(ecdh)
#define FASTSECP_API_ECDH_DATA(X) FASTSECP_API_NONE(ecdh_hash_function_sha256)
#endif
    FASTSECP_API_FUNCTIONS(FASTSECP_API_OURS_FN)
    FASTSECP_API_DATA(FASTSECP_API_OURS_DATA)
#undef FASTSECP_API_OURS_FN
#undef FASTSECP_API_OURS_DATA
    return api;
}
