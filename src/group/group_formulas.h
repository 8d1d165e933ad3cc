// The point formulas, written once over the field's function names and included by group.h
// (namespace fastsecp: field.h's 4×64 elements) and group_5x52.h (namespace fastsecp::f52: the
// 5×52 elements of the portable scalar multiplication). The including header defines Fe, Ge,
// Gej, GeStorage, fe_beta() and the inversions in FASTSECP_GROUP_NS first.
// No include guard on purpose: it is read once per namespace.
namespace FASTSECP_GROUP_NS {

static inline void ge_set_infinity(Ge& r) {
    fe_clear(r.x); fe_clear(r.y); r.infinity = 1;
}
static inline void gej_set_infinity(Gej& r) {
    fe_clear(r.x); fe_clear(r.y); fe_clear(r.z); r.infinity = 1;
}
static inline void ge_set_xy(Ge& r, const Fe& x, const Fe& y) {
    r.x = x; r.y = y; r.infinity = 0;
}
static inline void gej_set_ge(Gej& r, const Ge& a) {
    r.x = a.x; r.y = a.y; fe_set_int(r.z, 1); r.infinity = a.infinity;
}

// y^2 == x^3 + 7 for a non-infinite affine point. (ecmult.h's ge_is_valid_var runs it in the
// fastest compiled variant.)
static inline bool ge_is_valid_var_impl(const Ge& a) {
    if (a.infinity) return false;
    Fe y2, x3;
    fe_sqr(y2, a.y);
    fe_sqr(x3, a.x);
    fe_mul(x3, x3, a.x);
    fe_add_int(x3, CURVE_B);
    Fe neg;
    fe_negate(neg, y2, 1);
    fe_add(x3, neg);
    return fe_normalizes_to_zero_var(x3);
}

// Decompress: the point with this x and y of the given parity. False when x^3+7 is not a square.
// r.x, r.y normalized on success. Constant time in x (sqrt is), branch only on the result.
// Callers use ge_set_xo() from ecmult.h, which runs this in the fastest compiled variant.
static inline bool ge_set_xo_impl(Ge& r, const Fe& x, bool odd) {
    Fe x3, y;
    fe_sqr(x3, x);
    fe_mul(x3, x3, x);
    fe_add_int(x3, CURVE_B);
    bool ok = fe_sqrt(y, x3);
    r.x = x;
    fe_normalize(r.x);
    fe_normalize(y);
    Fe ny;
    fe_negate(ny, y, 1);
    fe_normalize(ny);
    fe_cmov(y, ny, (uint64_t)(fe_is_odd(y) != odd));
    r.y = y;
    r.infinity = 0;
    return ok;
}

static inline void ge_neg(Ge& r, const Ge& a) {
    r = a;
    fe_normalize_weak(r.y);
    fe_negate(r.y, r.y, 1);
    fe_normalize_weak(r.y);
}
static inline void gej_neg(Gej& r, const Gej& a) {
    r = a;
    fe_negate(r.y, a.y, 1);
    fe_normalize_weak(r.y);
}

static inline void ge_to_storage(GeStorage& r, const Ge& a) {  // a not infinity
    Fe x = a.x, y = a.y;
    fe_normalize(x); fe_normalize(y);
    fe_to_storage(r.x, x); fe_to_storage(r.y, y);
}
static inline void ge_from_storage(Ge& r, const GeStorage& a) {
    fe_from_storage(r.x, a.x); fe_from_storage(r.y, a.y); r.infinity = 0;
}
static inline void ge_cmov(Ge& r, const Ge& a, uint64_t flag) {
    fe_cmov(r.x, a.x, flag); fe_cmov(r.y, a.y, flag);
    r.infinity ^= (0 - flag) & (r.infinity ^ a.infinity);
}
static inline void gej_cmov(Gej& r, const Gej& a, uint64_t flag) {
    fe_cmov(r.x, a.x, flag); fe_cmov(r.y, a.y, flag); fe_cmov(r.z, a.z, flag);
    r.infinity ^= (0 - flag) & (r.infinity ^ a.infinity);
}

// Affine from Jacobian with a known 1/Z.
static inline void ge_set_gej_zinv(Ge& r, const Gej& a, const Fe& zi) {
    Fe zi2, zi3;
    fe_sqr(zi2, zi);
    fe_mul(zi3, zi2, zi);
    fe_mul(r.x, a.x, zi2);
    fe_mul(r.y, a.y, zi3);
    r.infinity = a.infinity;
}

static inline void ge_set_gej(Ge& r, const Gej& a) {  // constant time; infinity -> infinity
    Fe zi;
    fe_inv(zi, a.z);
    ge_set_gej_zinv(r, a, zi);
}
static inline void ge_set_gej_var(Ge& r, const Gej& a) {
    if (a.infinity) { ge_set_infinity(r); return; }
    Fe zi;
    fe_inv_var(zi, a.z);
    ge_set_gej_zinv(r, a, zi);
}

// Batch conversion with one inversion (Montgomery's trick). Infinity inputs give infinity.
// `scratch` must hold n field elements.
static inline void ge_set_all_gej_var(Ge* r, const Gej* a, size_t n, Fe* scratch) {
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        if (a[i].infinity) continue;
        if (last == SIZE_MAX) scratch[i] = a[i].z;
        else fe_mul(scratch[i], scratch[last], a[i].z);
        last = i;
    }
    if (last == SIZE_MAX) {
        for (size_t i = 0; i < n; i++) ge_set_infinity(r[i]);
        return;
    }
    Fe inv;
    fe_inv_var(inv, scratch[last]);
    for (size_t i = n; i-- > 0;) {
        if (a[i].infinity) { ge_set_infinity(r[i]); continue; }
        // find previous non-infinite
        size_t prev = SIZE_MAX;
        for (size_t j = i; j-- > 0;) if (!a[j].infinity) { prev = j; break; }
        Fe zi;
        if (prev == SIZE_MAX) zi = inv;
        else {
            fe_mul(zi, inv, scratch[prev]);
            fe_mul(inv, inv, a[i].z);
        }
        ge_set_gej_zinv(r[i], a[i], zi);
    }
}

// r[j] = a[j] + b[j] for N pairs of finite affine points with a[j].x ≠ b[j].x, all sharing one
// inversion (Montgomery's trick): λ = (y2 - y1)/(x2 - x1), x3 = λ² - x1 - x2, y3 = λ·(x1 - x3) - y1.
// Returns false, r untouched, when a pair has equal x (a doubling or a sum at infinity: callers
// take the general Jacobian route then). Outputs normalized. Variable time.
template <int N>
static inline bool ge_add_distinct_var(Ge* r, const Ge* a, const Ge* b) {
    Fe d[N], acc[N];
    for (int j = 0; j < N; j++) {
        fe_sub(d[j], b[j].x, a[j].x);
        if (fe_normalizes_to_zero_var(d[j])) return false;
        if (j == 0) acc[0] = d[0];
        else fe_mul(acc[j], acc[j - 1], d[j]);
    }
    Fe inv;
    fe_inv_var(inv, acc[N - 1]);
    for (int j = N - 1; j >= 0; j--) {
        Fe dinv, lambda, x3, y3, t;
        if (j > 0) {
            fe_mul(dinv, inv, acc[j - 1]);
            fe_mul(inv, inv, d[j]);
        } else {
            dinv = inv;
        }
        fe_sub(t, b[j].y, a[j].y);
        fe_mul(lambda, t, dinv);
        fe_sqr(x3, lambda);
        fe_sub(x3, x3, a[j].x);
        fe_sub(x3, x3, b[j].x);
        fe_sub(t, a[j].x, x3);
        fe_mul(y3, lambda, t);
        fe_sub(y3, y3, a[j].y);
        fe_normalize(x3);
        fe_normalize(y3);
        ge_set_xy(r[j], x3, y3);
    }
    return true;
}

// r = 2a (a may alias r). Constant time. With λ = 3x²/2y and Z3 = Y·Z:
//   L = 3X²/2, S = Y², T = -X·S, X3 = L² + 2T, Y3 = -(L·(X3 + T) + S²)   (3M + 4S).
// The statement order matters as much as the operation count: the out-of-order window holds
// about one field multiplication, so the critical chain X² → L → L² → X3 → Y3 comes first and
// the independent Z3 = Y·Z is issued where it fills a gap (bench_micro Strauss -8 %, doubling
// alone 58 → 50 ns).
// The doubling also yields a itself on r's z for free (Meloni's co-Z doubling): Z3/Z = Y, so a is
// (X·Y², Y·Y³) = (-T, S²) there; gej_double_coz returns it in (ax, ay) for co-Z table chains.
// One body for both; gej_double itself stores nothing more (it is often not inlined).
template <bool CoZ>
__attribute__((always_inline)) static inline void gej_double_impl(Gej& r, Fe* ax, Fe* ay, const Gej& a) {
    Fe L, S, T, t, z3;
    fe_sqr(L, a.x);
    fe_sqr(S, a.y);
    fe_mul_int(L, 3);
    fe_half(L);
    fe_mul(T, S, a.x);                   // -T
    fe_sqr(r.x, L);
    fe_sqr(S, S);
    t = T;
    fe_add(t, T);
    fe_sub(r.x, r.x, t);                 // X3 = L² + 2T
    fe_mul(z3, a.z, a.y);
    fe_sub(t, T, r.x);                   // -(X3 + T)
    fe_mul(r.y, t, L);
    fe_sub(r.y, r.y, S);                 // Y3 = -(L·(X3 + T) + S²)
    r.z = z3;
    r.infinity = a.infinity;
    if (CoZ) {
        *ax = T;
        *ay = S;
    }
}
static inline void gej_double(Gej& r, const Gej& a) { gej_double_impl<false>(r, nullptr, nullptr, a); }
static inline void gej_double_coz(Gej& r, Fe& ax, Fe& ay, const Gej& a) { gej_double_impl<true>(r, &ax, &ay, a); }
static inline void gej_double_var(Gej& r, const Gej& a) {
    if (a.infinity) { gej_set_infinity(r); return; }
    gej_double(r, a);
}

// Chord addition tail shared by the variable-time additions: with H = U2 - U1, R = S2 - S1,
// X3 = R² - H³ - 2·U1·H², Y3 = R·(U1·H² - X3) - S1·H³, Z3 = z·H. The order (H² first, then R²,
// Z3 late) keeps independent multiplications within reach of the out-of-order window (see
// gej_double); measured 97 → 85 ns per mixed addition.
static inline void gej_add_tail(Gej& r, const Fe& u1, const Fe& s1, const Fe& h, const Fe& rr, const Fe& z) {
    Fe h2, h3, u1h2, rr2, s1h3, t, z3;
    fe_sqr(h2, h);
    fe_sqr(rr2, rr);
    fe_mul(h3, h, h2);
    fe_mul(u1h2, u1, h2);
    fe_sub(rr2, rr2, h3);
    t = u1h2;
    fe_add(t, u1h2);
    fe_mul(s1h3, s1, h3);
    fe_sub(r.x, rr2, t);
    fe_sub(t, u1h2, r.x);
    fe_mul(z3, z, h);
    fe_mul(r.y, rr, t);
    fe_sub(r.y, r.y, s1h3);
    r.z = z3;
    r.infinity = 0;
}

// Co-Z addition with update (Meloni, "New point addition formulae for ECC applications", 2007):
// p = (px, py) and q = (qx, qy) are Jacobian points on one common z, which is not needed. Sets
// s = p + q and moves q onto s's z; both then have z·zr with zr = px - qx. With h = px - qx,
// W1 = px·h², W2 = qx·h², R = py - qy:
//   X3 = R² - W1 - W2,  Y3 = R·(W2 - X3) - qy·h³,  q := (W2, qy·h³)   (h³ = W1 - W2; 4M + 2S,
// against 8M + 3S for a mixed addition). Requires px ≠ qx (p ≠ ±q). Variable time.
// Outputs must not alias the inputs p.
static inline void gej_coz_add_update(Fe& sx, Fe& sy, Fe& qx, Fe& qy, Fe& zr, const Fe& px, const Fe& py) {
    Fe c, w1, w2, rr, t;
    fe_sub(zr, px, qx);
    fe_sub(rr, py, qy);
    fe_sqr(c, zr);
    fe_sqr(sx, rr);
    fe_mul(w1, px, c);
    fe_mul(w2, qx, c);
    fe_sub(t, w1, w2);                   // h³
    fe_mul(qy, qy, t);
    fe_sub(sx, sx, w1);
    fe_sub(sx, sx, w2);
    fe_sub(t, w2, sx);
    fe_mul(sy, rr, t);
    fe_sub(sy, sy, qy);
    qx = w2;
}

// r = a + b, general Jacobian addition. Variable time; handles every special case.
static inline void gej_add_var(Gej& r, const Gej& a, const Gej& b) {
    if (a.infinity) { r = b; return; }
    if (b.infinity) { r = a; return; }
    Fe z22, z12, u1, u2, s1, s2, h, rr, z;
    fe_sqr(z22, b.z);
    fe_sqr(z12, a.z);
    fe_mul(u1, a.x, z22);
    fe_mul(u2, b.x, z12);
    fe_mul(s1, a.y, z22); fe_mul(s1, s1, b.z);
    fe_mul(s2, b.y, z12); fe_mul(s2, s2, a.z);
    fe_sub(h, u2, u1);
    fe_sub(rr, s2, s1);
    if (fe_normalizes_to_zero_var(h)) {
        if (fe_normalizes_to_zero_var(rr)) gej_double(r, a);
        else gej_set_infinity(r);
        return;
    }
    fe_mul(z, a.z, b.z);
    gej_add_tail(r, u1, s1, h, rr, z);
}

// r = a + b' for affine b, where b' = (b.x·w², b.y·w³) with w = az/a.z: the mixed addition with
// U2 = b.x·az², S2 = b.y·az³ and Z3 = a.z·H. az = a.z adds b itself; the scaled addition below
// passes a.z·s. a and b finite; variable time, every other special case handled.
static inline void gej_add_ge_az_var(Gej& r, const Gej& a, const Ge& b, const Fe& az) {
    Fe z12, u2, s2, h, rr;
    fe_sqr(z12, az);
    fe_mul(s2, b.y, z12);
    fe_mul(u2, b.x, z12);
    fe_mul(s2, s2, az);
    fe_sub(h, u2, a.x);
    fe_sub(rr, s2, a.y);
    if (fe_normalizes_to_zero_var(h)) {
        if (fe_normalizes_to_zero_var(rr)) gej_double(r, a);
        else gej_set_infinity(r);
        return;
    }
    Fe u1 = a.x, s1 = a.y, z1 = a.z;  // r may alias a
    gej_add_tail(r, u1, s1, h, rr, z1);
}

// r = a + b with b affine. Variable time; handles every special case.
static inline void gej_add_ge_var(Gej& r, const Gej& a, const Ge& b) {
    if (a.infinity) { gej_set_ge(r, b); return; }
    if (b.infinity) { r = a; return; }
    gej_add_ge_az_var(r, a, b, a.z);
}

// r = a + b' where b' = (b.x·s², b.y·s³) is the affine point b scaled onto a's curve (a lives on
// the isomorphic curve y² = x³ + 7·s⁶, as in Strauss with affine P tables): with A = a.z·s,
// U2 = b.x·A², S2 = b.y·A³ and Z3 = a.z·H. One multiplication fewer than scaling b first.
// b finite; variable time, every other special case handled.
static inline void gej_add_ge_scaled_var(Gej& r, const Gej& a, const Ge& b, const Fe& s) {
    if (a.infinity) {
        Fe s2, s3;
        fe_sqr(s2, s);
        fe_mul(s3, s2, s);
        fe_mul(r.x, b.x, s2);
        fe_mul(r.y, b.y, s3);
        fe_set_int(r.z, 1);
        r.infinity = 0;
        return;
    }
    Fe az;
    fe_mul(az, a.z, s);
    gej_add_ge_az_var(r, a, b, az);
}

// r = a + b with b affine, constant time and complete (a or b infinity, a == b, a == -b).
//
// Brier–Joye unified slope: for points on y² = x³ + 7, λ = (x1² + x1·x2 + x2²)/(y1 + y2) equals
// the chord slope when x1 ≠ x2 and the tangent slope when a == b, so one formula covers addition
// and doubling. It fails only when y1 = -y2: then a == -b (result infinity) or x1 ≠ x2, where the
// chord slope (y2 - y1)/(x2 - x1) is used instead.
// Jacobian terms: U1 = X1, U2 = x2·Z1², S1 = Y1, S2 = y2·Z1³, T = U1 + U2, M = S1 + S2, and
// λ = num/(den·Z1) with (num, den) = (T² - U1·U2, M), or (S2 - S1, U2 - U1) when M = 0. Then
//   Z3 = den·Z1,  X3 = num² - T·den²,
//   Y3 = (num·(T·den² - 2·X3) - M·den³) / 2,
// using y3 = λ·((x1 + x2)/2 - x3) - (y1 + y2)/2, which holds for chord and tangent alike. M·den³
// is den⁴ normally and 0 in the fallback case. Cost: 7M + 5S.
// Order: S2 = (y2·Z1)·Z1² rather than (y2·Z1²)·Z1, so U2 and S2 are both two multiplications deep
// and the chain to Y3 is five deep instead of six (the operations are the same): constant-time
// k·G 8.1 -> 7.65 µs (build-exp experiment, one run).
//
// Hooked form: h.step<0>() ... h.step<7>() are called between the field operations, so that a
// caller can interleave independent work with the addition's multiplications: the constant-time
// k·G scans the next window's table row there (ecmult_impl.h), vector loads and masks that run
// beside the multiplications' integer instructions. Always inlined; gej_add_ge is this with no hook.
struct GroupNoHook {
    template <int S>
    void step() {}
};
template <class Hook>
__attribute__((always_inline)) static inline void gej_add_ge_hooked(Gej& r, const Gej& a, const Ge& b, Hook& h) {
    Fe zz, yz, u2, s2, t, m, num, den, alt, q, n1;
    fe_sqr(zz, a.z);
    fe_mul(yz, b.y, a.z);
    h.template step<0>();
    fe_mul(u2, b.x, zz);
    fe_mul(s2, yz, zz);
    h.template step<1>();
    t = a.x;
    fe_add(t, u2);                       // T = U1 + U2
    fe_sqr(num, t);
    fe_mul(n1, a.x, u2);
    h.template step<2>();
    m = a.y;
    fe_add(m, s2);                       // M = S1 + S2
    den = m;
    uint64_t degenerate = fe_normalizes_to_zero(m);
    fe_sub(alt, u2, a.x);                // U2 - U1
    fe_cmov(den, alt, degenerate);
    Fe den2, den4;
    fe_sqr(den2, den);
    h.template step<3>();
    fe_sub(num, num, n1);                // T² - U1·U2
    fe_sub(alt, s2, a.y);                // S2 - S1
    fe_cmov(num, alt, degenerate);
    fe_mul(q, t, den2);                  // Q = T·den²
    h.template step<4>();
    Gej sum;
    fe_sqr(sum.x, num);
    fe_sqr(den4, den2);
    h.template step<5>();
    fe_sub(sum.x, sum.x, q);             // X3 = num² - Q
    Fe zero;
    fe_clear(zero);
    fe_cmov(den4, zero, degenerate);     // M·den³
    n1 = sum.x;
    fe_add(n1, sum.x);
    fe_sub(n1, q, n1);                   // Q - 2·X3
    fe_mul(sum.z, a.z, den);             // zero exactly when a == -b
    h.template step<6>();
    fe_mul(sum.y, num, n1);
    h.template step<7>();
    fe_sub(sum.y, sum.y, den4);
    fe_half(sum.y);                      // Y3
    sum.infinity = fe_normalizes_to_zero(sum.z);
    // a infinite: the result is b; b infinite: the result is a.
    Gej bj;
    gej_set_ge(bj, b);
    gej_cmov(sum, bj, a.infinity);
    gej_cmov(sum, a, b.infinity & (a.infinity ^ 1));
    r = sum;
}
FASTSECP_SLP_VECTORIZE static inline void gej_add_ge(Gej& r, const Gej& a, const Ge& b) {
    GroupNoHook h;
    gej_add_ge_hooked(r, a, b, h);
}

// x(a) == x (x normalized), a Jacobian non-infinite. Variable time.
static inline bool gej_eq_x_var(const Fe& x, const Gej& a) {
    Fe r, z2;
    fe_sqr(z2, a.z);
    fe_mul(r, x, z2);
    Fe n1;
    fe_negate(n1, a.x, 1);
    fe_add(r, n1);
    return fe_normalizes_to_zero_var(r);
}

// Multiply by λ: (x, y) -> (βx, y).
static inline void ge_mul_lambda(Ge& r, const Ge& a) {
    r = a;
    fe_mul(r.x, a.x, fe_beta());
}

}  // namespace FASTSECP_GROUP_NS
