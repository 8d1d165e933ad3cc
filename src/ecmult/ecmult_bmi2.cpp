// The same algorithms compiled with BMI2/ADX code generation (mulx, adcx/adox) where the compiler
// supports it, plus AVX2 table scans. CMake adds -mbmi2 -madx to this file only; it is only called
// after CPUID says the CPU has BMI2, ADX and AVX2.
// Other CPUs (aarch64, riscv64, s390x) compile nothing here: the names alias the portable code.
#define FASTSECP_VARIANT bmi2
#if defined(FASTSECP_HAVE_BMI2_BUILD)
#define FASTSECP_VARIANT_AVX2 1
#include "ecmult/ecmult_impl.h"
#else
#include "ecmult/ecmult.h"
#endif

namespace fastsecp {
#if defined(FASTSECP_HAVE_BMI2_BUILD)
// The variable-time entries come from ecmult_bmi2_vartime.cpp (variable-time field reduction).
namespace bmi2_vartime {
void strauss(Gej& r, const Gej& a, const Scalar& na, const Scalar& ng);
void gen_var(Gej& r, const Scalar& k);
bool decompress(Ge& r, const Fe& x, bool odd);
bool on_curve(const Ge& a);
void field_mul(Fe& r, const Fe& a, const Fe& b);
void field_sqr(Fe& r, const Fe& a);
bool field_sqrt(Fe& r, const Fe& a);
}  // namespace bmi2_vartime
const EcmultOps ECMULT_BMI2 = {"bmi2-adx", bmi2::entry::gen, bmi2_vartime::strauss, bmi2::entry::konst, bmi2_vartime::gen_var,
                                   bmi2::entry::field_mul, bmi2::entry::field_sqr, bmi2_vartime::decompress,
                                   bmi2_vartime::on_curve, bmi2::entry::field_sqrt, bmi2::entry::field_pow_p3d4,
                                   bmi2::entry::sc_mul, bmi2::entry::sc_reduce_wide,
                                   {bmi2_vartime::field_mul, bmi2_vartime::field_sqr, bmi2_vartime::field_sqrt}};
#else
const EcmultOps ECMULT_BMI2 = ECMULT_PORTABLE;
#endif
}
