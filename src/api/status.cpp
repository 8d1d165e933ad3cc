// Version and status texts of the native API.
#include <fastsecp.h>

#define FASTSECP_STR2(x) #x
#define FASTSECP_STR(x) FASTSECP_STR2(x)

extern "C" {

const char* fastsecp_version_string(void) {
    return FASTSECP_STR(FASTSECP_VERSION_MAJOR) "." FASTSECP_STR(FASTSECP_VERSION_MINOR) "." FASTSECP_STR(
        FASTSECP_VERSION_PATCH);
}

unsigned int fastsecp_version(void) { return FASTSECP_VERSION_NUMBER; }

const char* fastsecp_strerror(fastsecp_status status) {
    switch (status) {
        case FASTSECP_OK: return "success";
        case FASTSECP_ERR_INVALID_ARGUMENT: return "invalid argument (NULL pointer or option out of range)";
        case FASTSECP_ERR_OUT_OF_MEMORY: return "out of memory (or threads could not be started)";
        case FASTSECP_ERR_BAD_ENCODING: return "bad encoding (length, prefix, or coordinate >= p)";
        case FASTSECP_ERR_SCALAR_OUT_OF_RANGE: return "scalar out of range (zero or >= group order)";
        case FASTSECP_ERR_POINT_NOT_ON_CURVE: return "point not on the curve";
        case FASTSECP_ERR_POINT_AT_INFINITY: return "result is the point at infinity";
        case FASTSECP_ERR_BUFFER_TOO_SMALL: return "output buffer too small";
        case FASTSECP_ERR_INVALID_SIGNATURE: return "invalid signature";
        case FASTSECP_ERR_HIGH_S: return "ECDSA signature not lower-S (s > n/2)";
        case FASTSECP_ERR_ITEM_FAILED: return "one or more batch items failed (see the per-item results)";
        case FASTSECP_ERR_BAD_CHECKSUM: return "checksum mismatch (Base58Check, Bech32/Bech32m or EIP-55)";
        case FASTSECP_ERR_NEEDS_PRIVATE_KEY: return "needs a private key (hardened derivation from a public key)";
        case FASTSECP_ERR_NO_DEVICE: return "no GPU device of the requested kind (driver library, device or index missing)";
        case FASTSECP_ERR_DEVICE: return "the GPU device or its driver failed (kernel build, launch, copy or device memory)";
        case FASTSECP_STATUS_MAX_ENUM: break;
    }
    return "unknown fastsecp status";
}

}  // extern "C"
