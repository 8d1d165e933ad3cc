// The constant-time checks: every public API call that handles a secret, run with its secret
// inputs marked undefined for valgrind's memcheck. They are written against the SecpApi table so
// the same checks can run on fastsecp and, to validate the harness, on a reference libsecp256k1.
#pragma once

#include <string>
#include <vector>

#include "api_table.h"

namespace fastsecp::ctime {

struct StepOutcome {
    std::string name;
    unsigned valgrind_errors = 0;       // memcheck reports raised while the step ran
    std::vector<std::string> failures;  // wrong return values or outputs, illegal-argument calls
    bool ok() const { return valgrind_errors == 0 && failures.empty(); }
};

// Runs all checks on contexts created with `context_flags` (SECP256K1_CONTEXT_DECLASSIFY under
// valgrind, so the library may declassify values it deliberately treats as public) and prints one
// line per step as it goes.
std::vector<StepOutcome> run_ctime_checks(const SecpApi& api, unsigned context_flags);

// Branches on a secret on purpose. Returns the number of memcheck errors that caused, which must
// be at least 1 under valgrind: proof that the harness can see a leak at all.
unsigned run_canary();

}  // namespace fastsecp::ctime
