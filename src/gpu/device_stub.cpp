// Placeholder for the device runtimes (OpenCL, CUDA) until they are merged: device.h with no
// devices at all. Deleted when the runtimes land.
#include "gpu/device.h"

namespace fastsecp::gpu {

size_t list_devices(fastsecp_gpu_backend, int, fastsecp_gpu_device_info*, size_t) { return 0; }
fastsecp_status open_device(fastsecp_gpu_backend, unsigned int, const fastsecp_gpu_options*, Device** out) {
    *out = nullptr;
    return FASTSECP_ERR_NO_DEVICE;
}
void close_device(Device*) {}
const fastsecp_gpu_device_info* device_info(const Device*) { return nullptr; }
void take_times(Device*, double* k, double* c, unsigned long long* l) { *k = *c = 0, *l = 0; }
fastsecp_status run_ecmult_gen(Device*, fastsecp_status*, unsigned char*, const unsigned char*, size_t, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}
fastsecp_status run_tweak_mul(Device*, fastsecp_status*, unsigned char*, const unsigned char*, const unsigned char*,
                              size_t, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}
fastsecp_status run_schnorr_verify(Device*, fastsecp_status*, const fastsecp_schnorr_item*, size_t, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}
fastsecp_status run_ecdsa_verify(Device*, fastsecp_status*, const fastsecp_ecdsa_item*, size_t, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}
fastsecp_status run_sp_prefilter(Device*, const fastsecp_sp_wallet*, fastsecp_status*, unsigned char*,
                                 const fastsecp_sp_prefilter_item*, size_t, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}
fastsecp_status run_sp_scan(Device*, const fastsecp_sp_wallet*, fastsecp_status*, const fastsecp_sp_item*, size_t,
                            MatchSink, void*, size_t* d) {
    *d = 0;
    return FASTSECP_ERR_DEVICE;
}

}  // namespace fastsecp::gpu
