// ElligatorSwift's field arithmetic built with BMI2/ADX code generation (CMake gives this file the
// flags of ecmult/ecmult_bmi2.cpp); used only when ecmult_ops() picks the fast variant.
// Other CPUs compile nothing here: the name aliases the portable code (see ecmult_bmi2.cpp).
#define FASTSECP_VARIANT bmi2
#if defined(FASTSECP_HAVE_BMI2_BUILD)
#include "schemes/ellswift_impl.h"

namespace fastsecp {
const EllswiftOps ELLSWIFT_BMI2 = {bmi2::xswiftec_frac_impl, bmi2::xswiftec_impl, bmi2::swiftec_impl,
                                   bmi2::xswiftec_inv_impl};
}
#else
#include "schemes/ellswift.h"

namespace fastsecp {
const EllswiftOps ELLSWIFT_BMI2 = ELLSWIFT_PORTABLE;
}
#endif
