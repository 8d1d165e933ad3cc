/* Pedersen commitments: fastsecp against secp256k1-zkp, the same C API loaded twice by path
 * (dlopen with RTLD_LOCAL | RTLD_DEEPBIND). Not built by CMake (docs/BENCHMARKS.md has the
 * command). Usage: bench_pedersen_zkp OURS.so ZKP.so. Alternating rounds, medians, µs. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { unsigned char data[64]; } commitment;
typedef struct {
    void *(*create)(unsigned);
    int (*commit)(const void *, commitment *, const unsigned char *, uint64_t, const void *);
    int (*tally)(const void *, const commitment *const *, size_t, const commitment *const *, size_t);
    int (*blind_sum)(const void *, unsigned char *, const unsigned char *const *, size_t, size_t);
    int (*parse)(const void *, commitment *, const unsigned char *);
    int (*ser)(const void *, unsigned char *, const commitment *);
    const void *h;
    void *ctx;
} Lib;

static void load(Lib *l, const char *path) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); exit(1); }
    *(void **)&l->create = dlsym(h, "secp256k1_context_create");
    *(void **)&l->commit = dlsym(h, "secp256k1_pedersen_commit");
    *(void **)&l->tally = dlsym(h, "secp256k1_pedersen_verify_tally");
    *(void **)&l->blind_sum = dlsym(h, "secp256k1_pedersen_blind_sum");
    *(void **)&l->parse = dlsym(h, "secp256k1_pedersen_commitment_parse");
    *(void **)&l->ser = dlsym(h, "secp256k1_pedersen_commitment_serialize");
    const void *const *hp = dlsym(h, "secp256k1_generator_h");
    if (!l->create || !l->commit || !l->tally || !hp) { fprintf(stderr, "symbols missing in %s\n", path); exit(1); }
    l->h = *hp;
    l->ctx = l->create(1);
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

enum { N = 1000, R = 9 };
static unsigned char blind[N][32], ser[N][33];
static uint64_t val[N];
static commitment cm[2][N];
static const commitment *pos[2][N / 2], *neg[2][N / 2];

int main(int argc, char **argv) {
    if (argc < 3) return 1;
    Lib lib[2];
    load(&lib[0], argv[1]);
    load(&lib[1], argv[2]);
    srand(11);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < 32; j++) blind[i][j] = rand();
        blind[i][0] &= 0x7f;
        val[i] = ((uint64_t)rand() << 20) ^ rand();
    }
    /* A tally that holds: the second half mirrors the first (the same commitments, shuffled). */
    double tc[2][R], tt[2][R];
    for (int r = 0; r < R; r++)
        for (int k = 0; k < 2; k++) {
            Lib *l = &lib[k];
            double t0 = now();
            for (int i = 0; i < N; i++)
                if (!l->commit(l->ctx, &cm[k][i], blind[i], val[i], l->h)) return 1;
            tc[k][r] = (now() - t0) / N;
            for (int i = 0; i < N / 2; i++) { pos[k][i] = &cm[k][i]; neg[k][i] = &cm[k][N / 2 - 1 - i]; }
            t0 = now();
            if (l->tally(l->ctx, pos[k], N / 2, neg[k], N / 2) != 1) { fprintf(stderr, "tally\n"); return 1; }
            tt[k][r] = now() - t0;
        }
    if (memcmp(cm[0][0].data, cm[1][0].data, 33) != 0) { fprintf(stderr, "different commitments\n"); return 1; }
    for (int k = 0; k < 2; k++) { qsort(tc[k], R, sizeof(double), cmp); qsort(tt[k], R, sizeof(double), cmp); }
    printf("| pedersen_commit | %.2f | %.2f | %.2fx |\n", tc[0][R / 2], tc[1][R / 2], tc[1][R / 2] / tc[0][R / 2]);
    printf("| pedersen_verify_tally, 500 + 500 commitments (µs per call) | %.0f | %.0f | %.2fx |\n", tt[0][R / 2], tt[1][R / 2],
           tt[1][R / 2] / tt[0][R / 2]);
    return 0;
}
