// Reading what the fastsecp tool printed, for the CLI tests.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cli_text {

// A whole file ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The whitespace-separated fields of a line.
inline std::vector<std::string> fields(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> f;
    for (std::string w; in >> w;) f.push_back(w);
    return f;
}

// The non-empty lines of a text.
inline std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) out.push_back(l);
    return out;
}

}  // namespace cli_text
