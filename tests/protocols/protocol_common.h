// Helpers of the protocol tests: vector files, CSV rows, a context, key parsing.
#pragma once

#include <secp256k1.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "test_hex.h"

namespace fastsecp::test {

inline std::string read_vector_file(const std::string& rel) {
    std::ifstream f(std::string(FASTSECP_VECTORS_DIR) + "/" + rel, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Rows of a CSV file without quoted fields (the BIP-374 files), header row dropped.
inline std::vector<std::vector<std::string>> read_csv(const std::string& rel) {
    std::stringstream in(read_vector_file(rel));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> row;
        std::stringstream ls(line);
        std::string cell;
        while (std::getline(ls, cell, ',')) row.push_back(cell);
        if (!line.empty() && line.back() == ',') row.push_back("");
        rows.push_back(row);
    }
    return rows;
}

struct Context {
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    ~Context() { secp256k1_context_destroy(ctx); }
    operator secp256k1_context*() const { return ctx; }
};

inline bool parse_pub(const secp256k1_context* ctx, secp256k1_pubkey& pk, const Bytes& b) {
    return b.size() == 33 && secp256k1_ec_pubkey_parse(ctx, &pk, b.data(), b.size()) == 1;
}

inline Bytes ser33(const secp256k1_context* ctx, const secp256k1_pubkey& pk) {
    Bytes out(33);
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, out.data(), &len, &pk, SECP256K1_EC_COMPRESSED);
    return out;
}

inline Bytes random_bytes(std::mt19937_64& rng, size_t n) {
    Bytes b(n);
    for (auto& c : b) c = (unsigned char)rng();
    return b;
}

}  // namespace fastsecp::test
