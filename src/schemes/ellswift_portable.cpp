// Portable build of ElligatorSwift's field arithmetic (ellswift_impl.h).
#define FASTSECP_VARIANT portable
#include "schemes/ellswift_impl.h"

namespace fastsecp {
const EllswiftOps ELLSWIFT_PORTABLE = {portable::xswiftec_frac_impl, portable::xswiftec_impl, portable::swiftec_impl,
                                       portable::xswiftec_inv_impl};
}
