// The 4×4-limb product a·b → t0..t7 (little-endian 64-bit limbs) with mulx and the two
// independent carry chains of adcx (CF) and adox (OF). Shared by fe_mul (which then reduces mod p)
// and scalar_mul_512 (which reduces mod n). Operands: FASTSECP_ASM_IN(a, ...) and
// FASTSECP_ASM_IN(b, ...); outputs t0..t7, scratch lo and hi; clobbers FASTSECP_ASM_CLOBBERS
// (rdx and the flags). x86-64 with BMI2 and ADX only.
#pragma once

// How the asm reads the 4 limbs of an operand. Optimized GCC builds: each limb is a memory
// operand ("m"), so the compiler knows exactly what is read (no "memory" clobber, no volatile: it
// may schedule around the asm) and addresses stack temporaries directly, without a register for
// the address (2-6 % faster group operations than one address register per operand,
// bench_compare A/B). Elsewhere each operand is one address register and the asm clobbers
// "memory": clang spends a register per memory operand (10 outputs and rdx leave too few), and
// GCC without optimization, or with AddressSanitizer, cannot fold the eight addresses either
// ("impossible constraints", or a compile that does not finish). That form is also volatile,
// because a non-volatile asm reading through a pointer may be merged with an earlier one on the
// same pointer although the memory behind it changed in between (GCC did that).
#if defined(__clang__) || !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__)
#define FASTSECP_ASM_VOLATILE volatile
#define FASTSECP_LIMB(x, i) #i "*8(%[" #x "])"
#define FASTSECP_ASM_IN(x, limbs) [x] "r"(limbs)
#define FASTSECP_ASM_CLOBBERS "rdx", "cc", "memory"
#else
#define FASTSECP_ASM_VOLATILE
#define FASTSECP_LIMB(x, i) "%[" #x #i "]"
#define FASTSECP_ASM_IN(x, limbs) [x##0] "m"((limbs)[0]), [x##1] "m"((limbs)[1]), [x##2] "m"((limbs)[2]), [x##3] "m"((limbs)[3])
#define FASTSECP_ASM_CLOBBERS "rdx", "cc"
#endif

#define FASTSECP_MUL4X4_ASM \
    "movq " FASTSECP_LIMB(a, 0) ", %%rdx\n\t" \
    "mulx " FASTSECP_LIMB(b, 0) ", %[t0], %[t1]\n\t" \
    "mulx " FASTSECP_LIMB(b, 1) ", %[lo], %[t2]\n\t" \
    "addq %[lo], %[t1]\n\t" \
    "mulx " FASTSECP_LIMB(b, 2) ", %[lo], %[t3]\n\t" \
    "adcq %[lo], %[t2]\n\t" \
    "mulx " FASTSECP_LIMB(b, 3) ", %[lo], %[t4]\n\t" \
    "adcq %[lo], %[t3]\n\t" \
    "adcq $0, %[t4]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq " FASTSECP_LIMB(a, 1) ", %%rdx\n\t" \
    "mulx " FASTSECP_LIMB(b, 0) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t1]\n\t" \
    "adox %[hi], %[t2]\n\t" \
    "mulx " FASTSECP_LIMB(b, 1) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx " FASTSECP_LIMB(b, 2) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx " FASTSECP_LIMB(b, 3) ", %[lo], %[t5]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "adcx %[hi], %[t5]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq " FASTSECP_LIMB(a, 2) ", %%rdx\n\t" \
    "mulx " FASTSECP_LIMB(b, 0) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx " FASTSECP_LIMB(b, 1) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx " FASTSECP_LIMB(b, 2) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx " FASTSECP_LIMB(b, 3) ", %[lo], %[t6]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "adcx %[hi], %[t6]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq " FASTSECP_LIMB(a, 3) ", %%rdx\n\t" \
    "mulx " FASTSECP_LIMB(b, 0) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx " FASTSECP_LIMB(b, 1) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx " FASTSECP_LIMB(b, 2) ", %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "mulx " FASTSECP_LIMB(b, 3) ", %[lo], %[t7]\n\t" \
    "adcx %[lo], %[t6]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t7]\n\t" \
    "adcx %[hi], %[t7]\n\t" \

