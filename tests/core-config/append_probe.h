/* Passed to fastsecp's compiles through SECP256K1_APPEND_CFLAGS ("-include append_probe.h") by the
 * core-config project: every object of ours then defines this weak function, and the program
 * links only if the appended flags reached our compiles (C and C++). */
#ifdef __cplusplus
extern "C"
#endif
__attribute__((weak)) int fastsecp_append_cflags_probe(void) { return 42; }
