// The rows of bip-0340/test-vectors.csv (tests/vectors/data), for the tests that run them through
// a batch verifier (api_tests: fastsecp_schnorr_verify_batch; batch_module_tests: secp256k1_batch).
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "test_hex.h"

namespace fastsecp::test {

struct Bip340Row {
    int index = -1;
    Bytes pk, msg, sig;
    bool valid = false;
    std::string comment;
};

// Plain CSV with a header; only the last column (comment) may contain commas. Returns the rows
// read; `bad` counts lines that did not have the 8 columns (and 1 when the file cannot be opened).
inline std::vector<Bip340Row> read_bip340_rows(const std::string& vectors_dir, int& bad) {
    bad = 0;
    std::ifstream in(vectors_dir + "/bip-0340/test-vectors.csv");
    std::vector<Bip340Row> rows;
    if (!in.good()) {
        bad = 1;
        return rows;
    }
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        std::vector<std::string> f;
        size_t start = 0;
        for (int i = 0; i < 7; ++i) {
            size_t comma = line.find(',', start);
            if (comma == std::string::npos) break;
            f.push_back(line.substr(start, comma - start));
            start = comma + 1;
        }
        f.push_back(line.substr(start));
        if (f.size() != 8) {
            bad++;
            continue;
        }
        Bip340Row r;
        r.index = std::stoi(f[0]);
        r.pk = from_hex(f[2]);
        r.msg = from_hex(f[4]);
        r.sig = from_hex(f[5]);
        r.valid = f[6] == "TRUE";
        r.comment = f[7];
        rows.push_back(r);
    }
    return rows;
}

}  // namespace fastsecp::test
