// BIP-375 output computation from an ECDH share (see bip375.h).
#include "schemes/bip375.h"

#include "hash/memclear.h"
#include "schemes/silentpayments.h"

namespace fastsecp::bip375 {

bool output_xonly(Ge& out, const unsigned char outpoint36[36], const Ge& a_sum, const Ge& share, const Ge& spend,
                  std::uint32_t k, hash::CompressFn fn) {
    Scalar ih;
    if (!silentpayments::input_hash(ih, outpoint36, a_sum, fn)) return false;
    unsigned char s33[33], t32[32];
    silentpayments::shared_secret(s33, share, ih);
    silentpayments::output_tweak_hash(t32, s33, k, fn);
    hash::memclear(s33, sizeof s33);
    Scalar t;
    bool ok = silentpayments::output_tweak_scalar(t, t32) && silentpayments::output_xonly_var(out, spend, t);
    hash::memclear(t32, sizeof t32);
    return ok;
}

}  // namespace fastsecp::bip375
