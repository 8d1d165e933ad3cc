// The same algorithms compiled with BMI2/ADX code generation (mulx, adcx/adox) where the compiler
// supports it, plus AVX2 table scans. CMake adds -mbmi2 -madx to this file only; it is only called
// after CPUID says the CPU has BMI2, ADX and AVX2.
#define FASTSECP_VARIANT bmi2
#if defined(FASTSECP_HAVE_BMI2_BUILD)
#define FASTSECP_VARIANT_AVX2 1
#endif
#include "ecmult/ecmult_impl.h"

namespace fastsecp {
#if defined(FASTSECP_HAVE_BMI2_BUILD)
const EcmultOps ECMULT_BMI2 = {"bmi2-adx", bmi2::gen, bmi2::strauss, bmi2::konst, bmi2::gen_var,
                                   bmi2::field_mul, bmi2::field_sqr, bmi2::decompress,
                                   bmi2::on_curve, bmi2::field_sqrt, bmi2::field_pow_p3d4,
                                   bmi2::sc_mul, bmi2::sc_reduce_wide};
#else
const EcmultOps ECMULT_BMI2 = ECMULT_PORTABLE;
#endif
}
