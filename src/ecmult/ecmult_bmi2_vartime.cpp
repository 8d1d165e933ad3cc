// The variable-time algorithms of ecmult_impl.h (Strauss, variable-time k·G, decompression, the
// on-curve check) in the BMI2/ADX build, compiled apart from the constant-time ones so that their
// field arithmetic can use the branching reduction tail of field.h (FASTSECP_FIELD_VARTIME). Only
// public data reaches these functions (the valgrind constant-time test checks the secret paths).
// CMake gives this file the flags of ecmult_bmi2.cpp.
#define FASTSECP_VARIANT bmi2
#define FASTSECP_FIELD_VARTIME 1
// Empty on other CPUs (see ecmult_bmi2.cpp).
#if defined(FASTSECP_HAVE_BMI2_BUILD)
#define FASTSECP_VARIANT_AVX2 1
#include "ecmult/ecmult_impl.h"

namespace fastsecp::bmi2_vartime {
void strauss(Gej& r, const Gej& a, const Scalar& na, const Scalar& ng) { bmi2::entry::strauss(r, a, na, ng); }
void gen_var(Gej& r, const Scalar& k) { bmi2::entry::gen_var(r, k); }
bool decompress(Ge& r, const Fe& x, bool odd) { return bmi2::entry::decompress(r, x, odd); }
bool on_curve(const Ge& a) { return bmi2::entry::on_curve(a); }
void field_mul(Fe& r, const Fe& a, const Fe& b) { bmi2::entry::field_mul(r, a, b); }
void field_sqr(Fe& r, const Fe& a) { bmi2::entry::field_sqr(r, a); }
bool field_sqrt(Fe& r, const Fe& a) { return bmi2::entry::field_sqrt(r, a); }
}  // namespace fastsecp::bmi2_vartime
#endif
