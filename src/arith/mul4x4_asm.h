// The 4×4-limb product a·b → t0..t7 (little-endian 64-bit limbs) with mulx and the two
// independent carry chains of adcx (CF) and adox (OF). Shared by fe_mul (which then reduces mod p)
// and scalar_mul_512 (which reduces mod n). Operands: %[a] and %[b] point to 4 limbs each; outputs
// t0..t7, scratch lo and hi; clobbers rdx and the flags. x86-64 with BMI2 and ADX only.
#pragma once

#define FASTSECP_MUL4X4_ASM \
    "movq 0(%[a]), %%rdx\n\t" \
    "mulx 0(%[b]), %[t0], %[t1]\n\t" \
    "mulx 8(%[b]), %[lo], %[t2]\n\t" \
    "addq %[lo], %[t1]\n\t" \
    "mulx 16(%[b]), %[lo], %[t3]\n\t" \
    "adcq %[lo], %[t2]\n\t" \
    "mulx 24(%[b]), %[lo], %[t4]\n\t" \
    "adcq %[lo], %[t3]\n\t" \
    "adcq $0, %[t4]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq 8(%[a]), %%rdx\n\t" \
    "mulx 0(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t1]\n\t" \
    "adox %[hi], %[t2]\n\t" \
    "mulx 8(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx 16(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx 24(%[b]), %[lo], %[t5]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "adcx %[hi], %[t5]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq 16(%[a]), %%rdx\n\t" \
    "mulx 0(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx 8(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx 16(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx 24(%[b]), %[lo], %[t6]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "adcx %[hi], %[t6]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq 24(%[a]), %%rdx\n\t" \
    "mulx 0(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx 8(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx 16(%[b]), %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "mulx 24(%[b]), %[lo], %[t7]\n\t" \
    "adcx %[lo], %[t6]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t7]\n\t" \
    "adcx %[hi], %[t7]\n\t" \

