// The 4×4-limb product a·b → t0..t7 (little-endian 64-bit limbs) with mulx and the two
// independent carry chains of adcx (CF) and adox (OF). Shared by fe_mul (which then reduces mod p)
// and scalar_mul_512 (which reduces mod n). Operands: the limbs %[a0]..%[a3] and %[b0]..%[b3]
// (memory operands, "m"); outputs t0..t7, scratch lo and hi; clobbers rdx and the flags. x86-64 with BMI2 and ADX only.
#pragma once

#define FASTSECP_MUL4X4_ASM \
    "movq %[a0], %%rdx\n\t" \
    "mulx %[b0], %[t0], %[t1]\n\t" \
    "mulx %[b1], %[lo], %[t2]\n\t" \
    "addq %[lo], %[t1]\n\t" \
    "mulx %[b2], %[lo], %[t3]\n\t" \
    "adcq %[lo], %[t2]\n\t" \
    "mulx %[b3], %[lo], %[t4]\n\t" \
    "adcq %[lo], %[t3]\n\t" \
    "adcq $0, %[t4]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq %[a1], %%rdx\n\t" \
    "mulx %[b0], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t1]\n\t" \
    "adox %[hi], %[t2]\n\t" \
    "mulx %[b1], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx %[b2], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx %[b3], %[lo], %[t5]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "adcx %[hi], %[t5]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq %[a2], %%rdx\n\t" \
    "mulx %[b0], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx %[b1], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx %[b2], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx %[b3], %[lo], %[t6]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "adcx %[hi], %[t6]\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "movq %[a3], %%rdx\n\t" \
    "mulx %[b0], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "mulx %[b1], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t4]\n\t" \
    "adox %[hi], %[t5]\n\t" \
    "mulx %[b2], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t5]\n\t" \
    "adox %[hi], %[t6]\n\t" \
    "mulx %[b3], %[lo], %[t7]\n\t" \
    "adcx %[lo], %[t6]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t7]\n\t" \
    "adcx %[hi], %[t7]\n\t" \

