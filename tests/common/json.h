// JSON for the test-vector files: nlohmann-json (Debian nlohmann-json3-dev, header only). The
// tests read through the throwing accessors (at(), get<T>()), so a damaged or changed vector
// file fails loudly instead of reading a default.
#pragma once

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>
#include <string>

namespace fastsecp::json {

using Value = nlohmann::json;

inline Value parse_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("json: cannot open " + path);
    try {
        return Value::parse(in);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::runtime_error("json: " + path + ": " + e.what());
    }
}

}  // namespace fastsecp::json
