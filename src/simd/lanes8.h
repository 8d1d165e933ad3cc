// Eight 64-bit lanes, two implementations of one small instruction set:
//  - LanesIfma: one ZMM register, AVX-512F/DQ/VL + IFMA intrinsics (compile with those flags);
//  - LanesEmu: eight uint64_t in a loop, the same semantics in plain C++.
// The 8-lane k·P kernel (kp8_impl.h) is written once against this set. The emulation is what the
// valgrind constant-time test runs (valgrind cannot execute AVX-512), so the kernel's control
// flow and memory accesses are checked on the very source the IFMA build uses; the intrinsics
// themselves have no data-dependent timing.
#pragma once

#include <cstdint>

#if defined(__AVX512F__) && defined(__AVX512IFMA__)
#include <immintrin.h>
#endif

namespace fastsecp::simd {

struct LanesEmu {
    uint64_t v[8];
    using Mask = uint8_t;  // bit i = lane i

    static LanesEmu set1(uint64_t x) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = x;
        return r;
    }
    static LanesEmu zero() { return set1(0); }
    static LanesEmu load(const uint64_t* p) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = p[i];
        return r;
    }
    void store(uint64_t* p) const {
        for (int i = 0; i < 8; i++) p[i] = v[i];
    }
    friend LanesEmu operator+(const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = a.v[i] + b.v[i];
        return r;
    }
    friend LanesEmu operator-(const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = a.v[i] - b.v[i];
        return r;
    }
    friend LanesEmu operator&(const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = a.v[i] & b.v[i];
        return r;
    }
    LanesEmu shr(int s) const {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = v[i] >> s;
        return r;
    }
    LanesEmu shl(int s) const {
        LanesEmu r;
        for (int i = 0; i < 8; i++) r.v[i] = v[i] << s;
        return r;
    }
    // acc + low / high 52 bits of the 104-bit product of the low 52 bits of a and b.
    static LanesEmu madd52lo(const LanesEmu& acc, const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        const uint64_t m = (uint64_t(1) << 52) - 1;
        for (int i = 0; i < 8; i++) {
            unsigned __int128 p = (unsigned __int128)(a.v[i] & m) * (b.v[i] & m);
            r.v[i] = acc.v[i] + ((uint64_t)p & m);
        }
        return r;
    }
    static LanesEmu madd52hi(const LanesEmu& acc, const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        const uint64_t m = (uint64_t(1) << 52) - 1;
        for (int i = 0; i < 8; i++) {
            unsigned __int128 p = (unsigned __int128)(a.v[i] & m) * (b.v[i] & m);
            r.v[i] = acc.v[i] + (uint64_t)(p >> 52);
        }
        return r;
    }
    // mask ? b : a, per lane.
    static LanesEmu blend(Mask mask, const LanesEmu& a, const LanesEmu& b) {
        LanesEmu r;
        for (int i = 0; i < 8; i++) {
            uint64_t sel = 0 - (uint64_t)((mask >> i) & 1);
            r.v[i] = (a.v[i] & ~sel) | (b.v[i] & sel);
        }
        return r;
    }
};

#if defined(__AVX512F__) && defined(__AVX512IFMA__)
struct LanesIfma {
    __m512i v;
    using Mask = __mmask8;

    static LanesIfma set1(uint64_t x) { return {_mm512_set1_epi64((long long)x)}; }
    static LanesIfma zero() { return {_mm512_setzero_si512()}; }
    static LanesIfma load(const uint64_t* p) { return {_mm512_loadu_si512(p)}; }
    void store(uint64_t* p) const { _mm512_storeu_si512(p, v); }
    friend LanesIfma operator+(const LanesIfma& a, const LanesIfma& b) { return {_mm512_add_epi64(a.v, b.v)}; }
    friend LanesIfma operator-(const LanesIfma& a, const LanesIfma& b) { return {_mm512_sub_epi64(a.v, b.v)}; }
    friend LanesIfma operator&(const LanesIfma& a, const LanesIfma& b) { return {_mm512_and_si512(a.v, b.v)}; }
    LanesIfma shr(int s) const { return {_mm512_srli_epi64(v, (unsigned)s)}; }
    LanesIfma shl(int s) const { return {_mm512_slli_epi64(v, (unsigned)s)}; }
    static LanesIfma madd52lo(const LanesIfma& acc, const LanesIfma& a, const LanesIfma& b) {
        return {_mm512_madd52lo_epu64(acc.v, a.v, b.v)};
    }
    static LanesIfma madd52hi(const LanesIfma& acc, const LanesIfma& a, const LanesIfma& b) {
        return {_mm512_madd52hi_epu64(acc.v, a.v, b.v)};
    }
    static LanesIfma blend(Mask mask, const LanesIfma& a, const LanesIfma& b) {
        return {_mm512_mask_blend_epi64(mask, a.v, b.v)};
    }
};
#endif

}  // namespace fastsecp::simd
