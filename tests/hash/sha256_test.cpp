// SHA-256: FIPS 180 known answers for every compression function, streaming in random splits
// against an independent one-shot implementation, and the run-time dispatch.
#include "hash/sha256.h"

#include "hash_impls.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define FASTSECP_TEST_HAVE_VALGRIND_H 1
#endif
#endif

namespace fastsecp::test {
namespace {

using hash::CompressFn;

std::string digest_hex(const std::string& msg, CompressFn fn) {
    unsigned char out[32];
    hash::sha256(reinterpret_cast<const unsigned char*>(msg.data()), msg.size(), out, fn);
    return to_hex(out, 32);
}

class Sha256Impl : public ::testing::TestWithParam<HashImpl> {};

// FIPS 180-2 appendix B examples / NIST CAVP short and long messages.
TEST_P(Sha256Impl, FipsKnownAnswers) {
    CompressFn fn = GetParam().fn;
    EXPECT_EQ(digest_hex("", fn), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(digest_hex("abc", fn), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(digest_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", fn),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(digest_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmn"
                         "opqrsmnopqrstnopqrstu",
                         fn),
              "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST_P(Sha256Impl, OneMillionA) {
    const std::string block(1000, 'a');
    hash::Sha256 h;
    hash::sha256_init(h, GetParam().fn);
    for (int i = 0; i < 1000; ++i)
        hash::sha256_write(h, reinterpret_cast<const unsigned char*>(block.data()), block.size());
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    EXPECT_EQ(to_hex(out, 32), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    EXPECT_EQ(digest_hex(std::string(1000000, 'a'), GetParam().fn),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Every length 0..300 (all padding cases, 1-5 blocks), written in random pieces, must equal the
// independent one-shot hash of tests/common/test_sha256.h.
TEST_P(Sha256Impl, RandomSplitsMatchOneShot) {
    std::mt19937_64 rng(0x5eed0001);
    for (std::size_t len = 0; len <= 300; ++len) {
        for (int trial = 0; trial < 4; ++trial) {
            Bytes msg(len);
            for (auto& c : msg) c = static_cast<unsigned char>(rng());
            const auto expected = sha256(msg.data(), msg.size());

            hash::Sha256 h;
            hash::sha256_init(h, GetParam().fn);
            std::size_t pos = 0;
            while (pos < len) {
                // Mostly small pieces, sometimes large ones that cross several blocks, and empty
                // writes in between.
                std::size_t piece = (rng() % 4 == 0) ? rng() % 150 : rng() % 9;
                piece = std::min(piece, len - pos);
                hash::sha256_write(h, msg.data() + pos, piece);
                pos += piece;
            }
            unsigned char out[32];
            hash::sha256_finalize(h, out);
            ASSERT_EQ(to_hex(out, 32), to_hex(expected.data(), 32)) << "len " << len << " trial " << trial;

            unsigned char one_shot[32];
            hash::sha256(msg.data(), msg.size(), one_shot, GetParam().fn);
            ASSERT_EQ(to_hex(one_shot, 32), to_hex(expected.data(), 32)) << "len " << len;
        }
    }
}

// The state is the only thing carried between writes: a midstate taken after whole blocks and
// resumed with sha256_init_midstate gives the same digest.
TEST_P(Sha256Impl, ResumeFromMidstate) {
    std::mt19937_64 rng(0x5eed0002);
    Bytes msg(64 * 3 + 17);
    for (auto& c : msg) c = static_cast<unsigned char>(rng());
    hash::Sha256 a;
    hash::sha256_init(a, GetParam().fn);
    hash::sha256_write(a, msg.data(), 128);
    hash::Sha256 b;
    hash::sha256_init_midstate(b, a.s, a.bytes, GetParam().fn);
    hash::sha256_write(b, msg.data() + 128, msg.size() - 128);
    unsigned char out[32];
    hash::sha256_finalize(b, out);
    EXPECT_EQ(to_hex(out, 32), to_hex(sha256(msg).data(), 32));
}

INSTANTIATE_TEST_SUITE_P(Impls, Sha256Impl, ::testing::ValuesIn(hash_impls()), impl_name);

// The raw compression functions agree on random states and multi-block inputs.
TEST(Sha256Compress, ImplementationsAgreeOnRandomBlocks) {
    std::mt19937_64 rng(0x5eed0003);
    for (int trial = 0; trial < 200; ++trial) {
        std::size_t n = 1 + rng() % 5;
        // Offset by 1..15 bytes: the functions must not assume alignment.
        Bytes storage(n * 64 + 16);
        for (auto& c : storage) c = static_cast<unsigned char>(rng());
        const unsigned char* blocks = storage.data() + 1 + rng() % 15;
        std::uint32_t start[8];
        for (auto& w : start) w = static_cast<std::uint32_t>(rng());

        std::uint32_t expect[8], got[8];
        std::memcpy(expect, start, sizeof start);
        sha256_compress(expect, blocks, n);
        std::memcpy(got, start, sizeof start);
        hash::compress_portable(got, blocks, n);
        ASSERT_EQ(0, std::memcmp(got, expect, sizeof got)) << "portable, trial " << trial;
        if (hash::have_shani_compress()) {
            std::memcpy(got, start, sizeof start);
            hash::compress_shani(got, blocks, n);
            ASSERT_EQ(0, std::memcmp(got, expect, sizeof got)) << "shani, trial " << trial;
        }
        // Zero blocks leave the state alone.
        std::memcpy(got, start, sizeof start);
        hash::best_compress()(got, blocks, 0);
        ASSERT_EQ(0, std::memcmp(got, start, sizeof got));
    }
}

// best_compress() honours FASTSECP_FORCE_PORTABLE=1 (CTest runs the suite once with it set),
// and otherwise picks SHA-NI whenever the CPU has it.
TEST(Sha256Dispatch, BestCompressFollowsCpuAndEnvironment) {
    const char* force = std::getenv("FASTSECP_FORCE_PORTABLE");
    if (force != nullptr && std::strcmp(force, "1") == 0) {
        EXPECT_EQ(hash::best_compress(), &hash::compress_portable);
    } else if (hash::have_shani_compress()) {
        EXPECT_EQ(hash::best_compress(), &hash::compress_shani);
    } else {
        EXPECT_EQ(hash::best_compress(), &hash::compress_portable);
    }
    // A null CompressFn means the default one.
    hash::Sha256 h;
    hash::sha256_init(h, nullptr);
    EXPECT_EQ(h.fn, hash::best_compress());
}

#if defined(__x86_64__)
// On x86-64 the detection must agree with the kernel's view of the CPU. Valgrind's emulated CPUID
// hides SHA (it cannot run those instructions) while /proc/cpuinfo still lists it, so under
// valgrind the portable fallback is the right answer and the comparison is skipped.
TEST(Sha256Dispatch, ShaniDetectionMatchesCpuinfo) {
#if FASTSECP_TEST_HAVE_VALGRIND_H
    if (RUNNING_ON_VALGRIND) GTEST_SKIP() << "CPUID is emulated under valgrind";
#endif
    std::FILE* f = std::fopen("/proc/cpuinfo", "r");
    if (f == nullptr) GTEST_SKIP() << "no /proc/cpuinfo";
    std::string text;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
    const bool listed = text.find(" sha_ni") != std::string::npos && text.find(" sse4_1") != std::string::npos;
    EXPECT_EQ(hash::have_shani_compress(), listed);
}
#endif

TEST(Sha256Finalize, WipesState) {
    hash::Sha256 h;
    hash::sha256_init(h);
    const unsigned char secret[40] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                      21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40};
    hash::sha256_write(h, secret, sizeof secret);
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    const unsigned char* p = reinterpret_cast<const unsigned char*>(&h);
    for (std::size_t i = 0; i < sizeof h; ++i) ASSERT_EQ(p[i], 0) << "byte " << i;
}

TEST(MemClear, ZeroesEveryByte) {
    unsigned char buf[77];
    std::memset(buf, 0xa5, sizeof buf);
    hash::memclear(buf + 3, 70);
    for (int i = 0; i < 77; ++i) EXPECT_EQ(buf[i], (i >= 3 && i < 73) ? 0 : 0xa5) << i;
    hash::memclear(buf, 0);  // no-op, must not crash
}

}  // namespace
}  // namespace fastsecp::test
