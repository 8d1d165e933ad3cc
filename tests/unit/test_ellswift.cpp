// XSwiftECInv (not reachable through the public API) against every case of BIP-324's
// xswiftec_inv_test_vectors.csv, and XSwiftEC(u, t) = x for each inverse found.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "schemes/ellswift.h"

using namespace fastsecp;

namespace {

Fe fe_hex(const std::string& h) {
    unsigned char b[32];
    for (int i = 0; i < 32; i++) b[i] = (unsigned char)std::stoi(h.substr(2 * i, 2), nullptr, 16);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
std::string fe_to_hex(Fe a) {
    fe_normalize(a);
    unsigned char b[32];
    fe_get_b32(b, a);
    static const char* d = "0123456789abcdef";
    std::string s;
    for (unsigned char c : b) {
        s += d[c >> 4];
        s += d[c & 15];
    }
    return s;
}

TEST(Ellswift, XSwiftECInvVectors) {
    std::ifstream in(std::string(FASTSECP_VECTORS_DIR) + "/bip-0324/xswiftec_inv_test_vectors.csv");
    ASSERT_TRUE(in.good());
    std::string line;
    std::getline(in, line);
    int rows = 0, found = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> c;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ',')) c.push_back(cell);
        ASSERT_GE(c.size(), 10u);
        Fe u = fe_hex(c[0]), x = fe_hex(c[1]);
        for (int k = 0; k < 8; k++) {
            Fe t;
            bool ok = xswiftec_inv_var(t, x, u, k);
            ASSERT_EQ(ok, !c[2 + k].empty()) << "row " << rows << " case " << k;
            if (!ok) continue;
            found++;
            EXPECT_EQ(fe_to_hex(t), c[2 + k]) << "row " << rows << " case " << k;
            Fe back;
            xswiftec_var(back, u, t);
            EXPECT_EQ(fe_to_hex(back), c[1]) << "row " << rows << " case " << k;
        }
        rows++;
    }
    EXPECT_EQ(rows, 32);
    EXPECT_GT(found, 0);
}

}  // namespace
