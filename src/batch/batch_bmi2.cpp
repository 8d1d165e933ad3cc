// The batch algorithms built with BMI2/ADX code generation (CMake gives this file the flags of
// ecmult/ecmult_bmi2.cpp); used only when batch_ops() picks the fast variant.
#define FASTSECP_VARIANT bmi2
// Public data only (multi-scalar multiplication, lift_x): field.h's variable-time reduction tail.
#define FASTSECP_FIELD_VARTIME 1
// Other CPUs compile nothing here: the name aliases the portable code (see ecmult_bmi2.cpp).
#if defined(FASTSECP_HAVE_BMI2_BUILD)
#define FASTSECP_VARIANT_AVX2 1
#include "ecmult/ecmult_impl.h"
#include "batch/batch_ops.h"
#include "batch/lift_x_impl.h"
#include "batch/pippenger_impl.h"
#include "batch/strauss_impl.h"

namespace fastsecp::batch {
const BatchOps BATCH_BMI2 = {"bmi2-adx", bmi2::msm_strauss, bmi2::msm_pippenger, bmi2::lift_x_even, bmi2::lift_x_square};
}
#else
#include "batch/batch_ops.h"

namespace fastsecp::batch {
const BatchOps BATCH_BMI2 = BATCH_PORTABLE;
}
#endif
