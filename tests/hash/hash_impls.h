// The compression functions a hash test runs against: portable, SHA-NI (when the CPU has it),
// the default choice (nullptr), and the tests' own independent compression plugged in as a
// caller-supplied function, which exercises the CompressFn plug-in path that
// secp256k1_context_set_sha256_compression relies on.
#pragma once

#include "hash/sha256.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace fastsecp::test {

struct HashImpl {
    std::string name;
    hash::CompressFn fn;
};

inline std::vector<HashImpl> hash_impls() {
    std::vector<HashImpl> v{{"portable", &hash::compress_portable}, {"default", nullptr},
                            {"plugin", &fastsecp::test::sha256_compress}};
    if (hash::have_shani_compress()) v.push_back({"shani", &hash::compress_shani});
    return v;
}

// Test names and failure messages show the implementation name, not the raw bytes.
inline void PrintTo(const HashImpl& impl, std::ostream* os) { *os << impl.name; }

inline std::string impl_name(const ::testing::TestParamInfo<HashImpl>& info) { return info.param.name; }

}  // namespace fastsecp::test
