// Points over the 5×52 field of field_5x52.h (namespace fastsecp::f52): the types, constants and
// inversions the formulas of group_formulas.h need, then those formulas. Used by the portable
// scalar multiplication (ecmult_impl.h with FASTSECP_VARIANT_FE52); everything outside it keeps
// group.h's 4×64 points, converted at the entry points (ge_import, gej_export, ...). Tables stay
// in group.h's storage form (GeStorage), converted as an entry is read.
#pragma once

#include "arith/field_5x52.h"
#include "group/group.h"

namespace fastsecp::f52 {

using Ge = GeOf<Fe>;
using Gej = GejOf<Fe>;

using fastsecp::GeStorage;
using fastsecp::CURVE_B;

static inline const Fe& fe_beta() {
    static constexpr Fe B = fe_from_4x64(0xC1396C28719501EEULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL,
                                         0x7AE96A2B657C0710ULL);
    return B;
}

// Inversions and the quadratic character through the 4×64 code (modinv works on 64-bit words).
static inline void fe_inv(Fe& r, const Fe& a) {
    fastsecp::Fe t, o;
    fe_export(t, a);
    fastsecp::fe_inv(o, t);
    fe_import(r, o);
}
static inline void fe_inv_var(Fe& r, const Fe& a) {
    fastsecp::Fe t, o;
    fe_export(t, a);
    fastsecp::fe_inv_var(o, t);
    fe_import(r, o);
}
static inline bool fe_is_square_var(const Fe& a) {
    fastsecp::Fe t;
    fe_export(t, a);
    return fastsecp::fe_is_square_var(t);
}

// To and from group.h's points (the output normalized).
static inline void ge_import(Ge& r, const fastsecp::Ge& a) {
    fe_import(r.x, a.x); fe_import(r.y, a.y); r.infinity = a.infinity;
}
static inline void gej_import(Gej& r, const fastsecp::Gej& a) {
    fe_import(r.x, a.x); fe_import(r.y, a.y); fe_import(r.z, a.z); r.infinity = a.infinity;
}
static inline void ge_export(fastsecp::Ge& r, const Ge& a) {
    fe_export(r.x, a.x); fe_export(r.y, a.y); r.infinity = a.infinity;
}
static inline void gej_export(fastsecp::Gej& r, const Gej& a) {
    fe_export(r.x, a.x); fe_export(r.y, a.y); fe_export(r.z, a.z); r.infinity = a.infinity;
}

}  // namespace fastsecp::f52

// Without group.h's straight-line vectorization of the constant-time addition: on five limbs its
// vector selections read limbs just written as scalars (store-forwarding stalls).
#pragma push_macro("FASTSECP_SLP_VECTORIZE")
#undef FASTSECP_SLP_VECTORIZE
#define FASTSECP_SLP_VECTORIZE
#define FASTSECP_GROUP_NS fastsecp::f52
#include "group/group_formulas.h"
#undef FASTSECP_GROUP_NS
#pragma pop_macro("FASTSECP_SLP_VECTORIZE")
