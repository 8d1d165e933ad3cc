// ctime_tests: checks that the secret-handling calls of the libsecp256k1-compatible API neither
// branch on nor index memory with secrets. Meaningful under valgrind (memcheck):
//
//   valgrind --error-exitcode=42 --track-origins=yes ./ctime_tests --require-valgrind
//
// Without valgrind the same calls run with their result checks only (useful under sanitizers).
//
// Options:
//   --require-valgrind   fail at once unless running under valgrind
//   --reference[=PATH]   check a reference libsecp256k1 instead of fastsecp (validates the harness:
//                        libsecp256k1 is known to pass); PATH defaults to the configured reference
//   --canary             instead of the checks, branch on a secret on purpose; prints
//                        "canary detected" only if valgrind reported it
//
// Exit status: 0 when every step passed, 1 otherwise, 2 on usage or setup errors.
#include <cstdio>
#include <cstring>
#include <string>

#include "api_table.h"
#include "ctime_checks.h"
#include "secret.h"

namespace {

struct Options {
    bool require_valgrind = false;
    bool reference = false;
    std::string reference_path;
    bool canary = false;
};

bool parse(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--require-valgrind") o.require_valgrind = true;
        else if (a == "--canary") o.canary = true;
        else if (a == "--reference") o.reference = true;
        else if (a.rfind("--reference=", 0) == 0) {
            o.reference = true;
            o.reference_path = a.substr(std::strlen("--reference="));
        } else {
            std::fprintf(stderr, "ctime_tests: unknown argument '%s'\n", a.c_str());
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace fastsecp::ctime;
    Options opt;
    if (!parse(argc, argv, opt)) return 2;

    const bool valgrind = running_on_valgrind();
    if (opt.require_valgrind && !valgrind) {
        std::fprintf(stderr, "ctime_tests: --require-valgrind given but not running under valgrind\n");
        return 2;
    }

    if (opt.canary) {
        const unsigned errors = run_canary();
        if (errors > 0) std::printf("canary detected: valgrind reported %u error(s)\n", errors);
        else std::printf("canary NOT detected: the harness cannot see secret-dependent branches\n");
        return errors > 0 ? 0 : 1;
    }

    SecpApi api;
    if (opt.reference) {
        std::string error;
        if (!load_reference_api(opt.reference_path, api, error)) {
            std::fprintf(stderr, "ctime_tests: %s\n", error.c_str());
            return 2;
        }
    } else {
        api = load_fastsecp_api();
    }

    // Under valgrind the library may mark values it treats as public on purpose (a signature once
    // computed, whether a nonce was usable) as defined again; that is what this flag enables. It is
    // rejected outside a memory checker, so the plain run uses an ordinary context.
    const unsigned flags = valgrind ? SECP256K1_CONTEXT_DECLASSIFY : SECP256K1_CONTEXT_NONE;
    std::printf("ctime_tests: checking %s %s\n", api.name.c_str(),
                valgrind ? "under valgrind (secrets marked undefined, context with SECP256K1_CONTEXT_DECLASSIFY)"
                         : "WITHOUT valgrind (results only; constant-time behaviour is not checked)");

    const auto steps = run_ctime_checks(api, flags);
    size_t failed = 0;
    unsigned vg_errors = 0;
    for (const auto& s : steps) {
        if (!s.ok()) ++failed;
        vg_errors += s.valgrind_errors;
    }
    std::printf("\nctime_tests summary (%s): %zu steps, %zu failed, %u valgrind error(s)%s\n", api.name.c_str(),
                steps.size(), failed, vg_errors, valgrind ? "" : " [valgrind not running]");
    if (failed != 0) {
        std::printf("failed steps:\n");
        for (const auto& s : steps)
            if (!s.ok()) std::printf("  %s\n", s.name.c_str());
    }
    return failed == 0 && !steps.empty() ? 0 : 1;
}
