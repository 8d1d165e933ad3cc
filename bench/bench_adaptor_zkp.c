/* ECDSA adaptor calls: fastsecp against secp256k1-zkp, the same C API loaded twice by path
 * (dlopen with RTLD_LOCAL | RTLD_DEEPBIND: each library keeps its own symbols). Not built by CMake
 * (docs/BENCHMARKS.md has the command). Usage: bench_adaptor_zkp OURS.so ZKP.so
 * Each round times N calls of one operation on each library, alternating; medians of the rounds,
 * microseconds per call. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { unsigned char data[64]; } pubkey;
typedef struct { unsigned char data[64]; } signature;
typedef struct {
    void *(*create)(unsigned);
    int (*pub)(const void *, pubkey *, const unsigned char *);
    int (*enc)(const void *, unsigned char *, unsigned char *, const pubkey *, const unsigned char *, void *, void *);
    int (*ver)(const void *, const unsigned char *, const pubkey *, const unsigned char *, const pubkey *);
    int (*dec)(const void *, signature *, const unsigned char *, const unsigned char *);
    int (*rec)(const void *, unsigned char *, const signature *, const unsigned char *, const pubkey *);
    void *ctx;
} Lib;

static void load(Lib *l, const char *path) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); exit(1); }
    *(void **)&l->create = dlsym(h, "secp256k1_context_create");
    *(void **)&l->pub = dlsym(h, "secp256k1_ec_pubkey_create");
    *(void **)&l->enc = dlsym(h, "secp256k1_ecdsa_adaptor_encrypt");
    *(void **)&l->ver = dlsym(h, "secp256k1_ecdsa_adaptor_verify");
    *(void **)&l->dec = dlsym(h, "secp256k1_ecdsa_adaptor_decrypt");
    *(void **)&l->rec = dlsym(h, "secp256k1_ecdsa_adaptor_recover");
    if (!l->create || !l->enc || !l->ver || !l->dec || !l->rec) { fprintf(stderr, "symbols missing in %s\n", path); exit(1); }
    l->ctx = l->create(1); /* SECP256K1_CONTEXT_NONE */
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

enum { N = 300, R = 11 };
static unsigned char sk[N][32], y[N][32], msg[N][32], sig[N][162];
static pubkey X[N], Y[N];
static signature s[N];

static double run(Lib *l, int op) {
    unsigned char out[162];
    double t0 = now();
    for (int i = 0; i < N; i++) {
        int ok = op == 0 ? l->enc(l->ctx, out, sk[i], &Y[i], msg[i], NULL, NULL)
               : op == 1 ? l->ver(l->ctx, sig[i], &X[i], msg[i], &Y[i])
               : op == 2 ? l->dec(l->ctx, &s[i], y[i], sig[i])
                         : l->rec(l->ctx, out, &s[i], sig[i], &Y[i]);
        if (!ok) { fprintf(stderr, "op %d failed\n", op); exit(1); }
    }
    return (now() - t0) / N;
}

int main(int argc, char **argv) {
    if (argc < 3) return 1;
    Lib a, b;
    load(&a, argv[1]);
    load(&b, argv[2]);
    srand(7);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < 32; j++) { sk[i][j] = rand(); y[i][j] = rand(); msg[i][j] = rand(); }
        sk[i][0] &= 0x7f; y[i][0] &= 0x7f;
        if (!a.pub(a.ctx, &X[i], sk[i]) || !a.pub(a.ctx, &Y[i], y[i])) return 1;
        if (!b.enc(b.ctx, sig[i], sk[i], &Y[i], msg[i], NULL, NULL)) return 1;
        if (!b.dec(b.ctx, &s[i], y[i], sig[i])) return 1;
    }
    const char *names[4] = {"encrypt", "verify", "decrypt", "recover"};
    for (int op = 0; op < 4; op++) {
        double ta[R], tb[R];
        for (int r = 0; r < R; r++) { ta[r] = run(&a, op); tb[r] = run(&b, op); }
        qsort(ta, R, sizeof(double), cmp);
        qsort(tb, R, sizeof(double), cmp);
        printf("| ecdsa_adaptor_%s | %.2f | %.2f | %.2fx |\n", names[op], ta[R / 2], tb[R / 2], tb[R / 2] / ta[R / 2]);
    }
    return 0;
}
