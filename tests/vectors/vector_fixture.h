// Shared fixture for the official-vector tests: every test runs once against fastsecp and once
// against the reference libsecp256k1. The reference run proves the test itself is right (a test
// that fails on the reference is a broken test); the fastsecp run is the real check.
#pragma once

#include "api_table.h"
#include "json.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#ifndef FASTSECP_VECTORS_DIR
#error "FASTSECP_VECTORS_DIR must be defined by the build"
#endif

namespace fastsecp::test {

enum class Lib { Fastsecp, Reference };
inline void PrintTo(Lib lib, std::ostream* os) { *os << (lib == Lib::Fastsecp ? "fastsecp" : "reference"); }

inline const SecpApi& fastsecp_api() {
    static const SecpApi api = load_fastsecp_api();
    return api;
}

// The reference library, loaded once; nullptr (and `error` filled) when it cannot be loaded.
inline const SecpApi* reference_api(std::string* error) {
    struct Loaded {
        SecpApi api;
        std::string error;
        bool ok = false;
    };
    static const Loaded loaded = [] {
        Loaded l;
        l.ok = load_reference_api("", l.api, l.error);
        return l;
    }();
    if (!loaded.ok && error != nullptr) *error = loaded.error;
    return loaded.ok ? &loaded.api : nullptr;
}

inline std::string vector_path(const std::string& relative) {
    return std::string(FASTSECP_VECTORS_DIR) + "/" + relative;
}

// Illegal-argument callback data: how many calls and what the library said last.
struct IllegalCalls {
    int count = 0;
    std::string last;
};
inline void record_illegal(const char* message, void* data) {
    auto* calls = static_cast<IllegalCalls*>(data);
    ++calls->count;
    calls->last = message != nullptr ? message : "";
}

class VectorTest : public ::testing::TestWithParam<Lib> {
protected:
    void SetUp() override {
        ref_ = reference_api(&ref_error_);
        if (GetParam() == Lib::Reference) {
#if defined(FASTSECP_REFERENCE_OPTIONAL)
            // Built inside another project with no reference configured (no network at configure).
            if (ref_ == nullptr) GTEST_SKIP() << "no reference libsecp256k1 configured";
#endif
            ASSERT_NE(ref_, nullptr) << "reference libsecp256k1 could not be loaded (" << ref_error_
                                     << "); set FASTSECP_REFERENCE_LIB to its path";
        }
        api_ = GetParam() == Lib::Fastsecp ? &fastsecp_api() : ref_;
        ctx_ = api_->context_create(SECP256K1_CONTEXT_NONE);
        ASSERT_NE(ctx_, nullptr);
        // Vectors never pass illegal arguments; count any callback so the test can fail cleanly
        // instead of aborting in the default handler.
        api_->context_set_illegal_callback(ctx_, record_illegal, &illegal_calls_);
        if (ref_ != nullptr) {
            ref_ctx_ = ref_->context_create(SECP256K1_CONTEXT_NONE);
            ASSERT_NE(ref_ctx_, nullptr);
            ref_->context_set_illegal_callback(ref_ctx_, record_illegal, &illegal_calls_);
        }
    }
    void TearDown() override {
        EXPECT_EQ(illegal_calls_.count, 0) << "a vector test triggered the illegal-argument callback: "
                                           << illegal_calls_.last;
        if (ctx_ != nullptr) api_->context_destroy(ctx_);
        if (ref_ctx_ != nullptr) ref_->context_destroy(ref_ctx_);
    }

    // For tests whose expected answer is "whatever libsecp256k1 does": fails the test when the
    // reference is missing, in both instantiations.
    bool have_ref() const { return ref_ != nullptr; }
    std::string ref_error() const { return ref_error_; }

    const SecpApi& api() const { return *api_; }
    secp256k1_context* ctx() const { return ctx_; }
    const SecpApi& ref() const { return *ref_; }
    secp256k1_context* ref_ctx() const { return ref_ctx_; }

private:
    const SecpApi* api_ = nullptr;
    const SecpApi* ref_ = nullptr;
    secp256k1_context* ctx_ = nullptr;
    secp256k1_context* ref_ctx_ = nullptr;
    std::string ref_error_;
    IllegalCalls illegal_calls_;
};

inline std::string lib_param_name(const ::testing::TestParamInfo<Lib>& info) {
    return info.param == Lib::Fastsecp ? "fastsecp" : "reference";
}

#define FASTSECP_INSTANTIATE_BOTH(Suite) \
    INSTANTIATE_TEST_SUITE_P(Libs, Suite, \
                             ::testing::Values(::fastsecp::test::Lib::Fastsecp, ::fastsecp::test::Lib::Reference), \
                             ::fastsecp::test::lib_param_name)

}  // namespace fastsecp::test
