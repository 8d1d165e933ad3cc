// Known answers of the reference libsecp256k1 v0.8.0 (data/fastsecp-kat/reference-0.8.0.txt,
// written by gen_kat.cpp on x86-64): fastsecp must reproduce the transcript line by line on every
// CPU, including those where no reference can be loaded (riscv64, big-endian s390x). The
// reference instantiation checks that the file is what the reference computes (here, on this CPU).
#include "kat_transcript.h"
#include "vector_fixture.h"

#include <fstream>
#include <sstream>

namespace fastsecp::test {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        if (!l.empty() && l[0] != '#') out.push_back(l);
    }
    return out;
}

using Kat = VectorTest;

TEST_P(Kat, ReproducesReferenceTranscript) {
    std::ifstream f(vector_path("fastsecp-kat/reference-0.8.0.txt"));
    ASSERT_TRUE(f) << "missing fastsecp-kat/reference-0.8.0.txt";
    std::stringstream ss;
    ss << f.rdbuf();
    std::vector<std::string> want = lines_of(ss.str());
    // A build without the ECDH module (Bitcoin Core's configuration) has no ecdh lines to compare.
    if (api().ecdh == nullptr) std::erase_if(want, [](const std::string& l) { return l.rfind("ecdh ", 0) == 0; });
    const std::vector<std::string> got = lines_of(kat_transcript(api(), ctx(), KAT_CASES));
    // 48 cases x about 33 operations; a short file would make the comparison meaningless.
    ASSERT_GT(want.size(), 1000u);
    ASSERT_EQ(got.size(), want.size());
    int bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
        if (got[i] != want[i] && ++bad <= 10) ADD_FAILURE() << "line " << i + 1 << "\n want " << want[i] << "\n  got " << got[i];
    }
    EXPECT_EQ(bad, 0);
}

FASTSECP_INSTANTIATE_BOTH(Kat);

}  // namespace
}  // namespace fastsecp::test
