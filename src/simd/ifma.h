// AVX-512 IFMA kernels: eight field elements side by side in the 64-bit lanes of ZMM registers,
// radix 2^52 (five limbs), multiplied with vpmadd52luq/vpmadd52huq. Built with per-file compiler
// flags and used only when the CPU and the OS support AVX-512F/DQ/VL and IFMA (checked at run
// time; FASTSECP_FORCE_PORTABLE=1 turns them off, like every other fast path).
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp::simd {

// True when the kernels below may be called.
bool ifma_available();

// out[i] = k·in[i] for i < n, computed eight points at a time. in[i]: affine, valid, not infinity;
// k non-zero. The schedule (GLV split, signed 4-bit windows, complete projective formulas) is fixed,
// and with constant_time every table lookup and sign choice is a masked selection, so nothing
// branches on or indexes memory with k; without it, table entries are read directly.
void ecmult_same_scalar_ifma(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time);

// out[i] = t[i]·G for i < n, eight at a time; variable time (the scalars are public).
void ecmult_gen_var_ifma(Gej* out, const Scalar* t, size_t n);

// out[i] = g[i]·G + k[i]·in[i] for i < n, eight at a time; variable time (public data, as in
// ECDSA verification). in[i]: affine, valid, not infinity. Jacobian lanes with a scalar
// recomputation of the rare exceptional lane (kp8_jac_impl.h).
void ecmult2_var_ifma(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n);

// y[i] = c[i]^((p+1)/4) for i < n (c normalized), eight square-root chains side by side; the
// caller checks y[i]² = c[i]. Variable time in n only (meant for public inputs).
void pow_sqrt_ifma(Fe* y, const Fe* c, size_t n);

// out[j] = a[j] + b[j] for j < n, affine, eight pairs at a time with one shared field inversion
// (affine8_impl.h). Every pair finite with a[j].x ≠ b[j].x; out[j] may be a[j] or b[j], no other
// overlap. Outputs below 2^256, not necessarily below p. Variable time (public points: the
// multi-scalar multiplications of batch/msm.h).
void ge_add_pairs_var_ifma(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n);

// The same kernel on the portable 8-lane emulation (lanes8.h's LanesEmu): slow, for tests and for
// the valgrind constant-time test (FASTSECP_FORCE_LANES=emu makes the scanner use it).
void ecmult_same_scalar_emu8(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time);
void ecmult_gen_var_emu8(Gej* out, const Scalar* t, size_t n);
void ecmult2_var_emu8(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n);
void pow_sqrt_emu8(Fe* y, const Fe* c, size_t n);
void ge_add_pairs_var_emu8(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n);

// Which same-scalar kernel batch::ecmult_same_scalar uses: 0 = scalar code, 1 = IFMA, 2 = the
// emulation (test-only, FASTSECP_FORCE_LANES=emu).
int lanes_kernel();

}  // namespace fastsecp::simd
