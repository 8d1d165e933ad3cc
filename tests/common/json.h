// A small JSON reader for the test-vector files (Wycheproof, bitcoinjs, Bitcoin Core).
// It accepts standard JSON (RFC 8259) and keeps numbers as their source text, because the
// vector files only use numbers as identifiers and counts; callers convert them as they need.
// Errors throw std::runtime_error with the byte offset, so a damaged vector file fails loudly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace fastsecp::json {

class Value {
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    Value() = default;
    static Value boolean(bool b) { Value v; v.kind_ = Kind::Bool; v.bool_ = b; return v; }
    static Value number(std::string text) { Value v; v.kind_ = Kind::Number; v.text_ = std::move(text); return v; }
    static Value string(std::string s) { Value v; v.kind_ = Kind::String; v.text_ = std::move(s); return v; }
    static Value array() { Value v; v.kind_ = Kind::Array; return v; }
    static Value object() { Value v; v.kind_ = Kind::Object; return v; }

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::Null; }
    bool is_string() const { return kind_ == Kind::String; }
    bool is_array() const { return kind_ == Kind::Array; }
    bool is_object() const { return kind_ == Kind::Object; }

    bool as_bool() const { expect(Kind::Bool, "bool"); return bool_; }
    const std::string& as_string() const { expect(Kind::String, "string"); return text_; }
    long long as_int() const { expect(Kind::Number, "number"); return std::stoll(text_); }
    const std::vector<Value>& items() const { expect(Kind::Array, "array"); return items_; }
    // Members in file order (the files never repeat a key, but order helps error messages).
    const std::vector<std::pair<std::string, Value>>& members() const { expect(Kind::Object, "object"); return members_; }

    bool has(const std::string& key) const { return find(key) != nullptr; }
    const Value& operator[](const std::string& key) const {
        const Value* v = find(key);
        if (v == nullptr) throw std::runtime_error("json: missing key \"" + key + "\"");
        return *v;
    }
    const Value& operator[](std::size_t i) const { return items().at(i); }
    std::size_t size() const { return kind_ == Kind::Object ? members_.size() : items().size(); }

    void push(Value v) { items_.push_back(std::move(v)); }
    void add(std::string k, Value v) { members_.emplace_back(std::move(k), std::move(v)); }

private:
    const Value* find(const std::string& key) const {
        expect(Kind::Object, "object");
        for (const auto& [k, v] : members_)
            if (k == key) return &v;
        return nullptr;
    }
    void expect(Kind k, const char* what) const {
        if (kind_ != k) throw std::runtime_error(std::string("json: value is not a ") + what);
    }

    Kind kind_ = Kind::Null;
    bool bool_ = false;
    std::string text_;
    std::vector<Value> items_;
    std::vector<std::pair<std::string, Value>> members_;
};

namespace detail {

class Parser {
public:
    explicit Parser(const std::string& s) : s_(s) {}

    Value document() {
        Value v = value(0);
        skip_ws();
        if (pos_ != s_.size()) fail("trailing characters");
        return v;
    }

private:
    // Deep nesting never occurs in the vector files; the limit only stops runaway recursion.
    static constexpr int kMaxDepth = 64;

    [[noreturn]] void fail(const std::string& why) const {
        throw std::runtime_error("json: " + why + " at offset " + std::to_string(pos_));
    }
    void skip_ws() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
    }
    char peek() {
        skip_ws();
        if (pos_ >= s_.size()) fail("unexpected end of input");
        return s_[pos_];
    }
    void literal(const char* word) {
        for (const char* p = word; *p; ++p, ++pos_)
            if (pos_ >= s_.size() || s_[pos_] != *p) fail(std::string("expected ") + word);
    }

    Value value(int depth) {
        if (depth > kMaxDepth) fail("nesting too deep");
        switch (peek()) {
            case '{': return object(depth);
            case '[': return array(depth);
            case '"': return Value::string(string());
            case 't': literal("true"); return Value::boolean(true);
            case 'f': literal("false"); return Value::boolean(false);
            case 'n': literal("null"); return Value();
            default: return number();
        }
    }

    Value object(int depth) {
        Value obj = Value::object();
        ++pos_;  // '{'
        if (peek() == '}') { ++pos_; return obj; }
        for (;;) {
            if (peek() != '"') fail("expected a key");
            std::string key = string();
            if (peek() != ':') fail("expected ':'");
            ++pos_;
            obj.add(std::move(key), value(depth + 1));
            char c = peek();
            ++pos_;
            if (c == '}') return obj;
            if (c != ',') fail("expected ',' or '}'");
        }
    }

    Value array(int depth) {
        Value arr = Value::array();
        ++pos_;  // '['
        if (peek() == ']') { ++pos_; return arr; }
        for (;;) {
            arr.push(value(depth + 1));
            char c = peek();
            ++pos_;
            if (c == ']') return arr;
            if (c != ',') fail("expected ',' or ']'");
        }
    }

    Value number() {
        std::size_t start = pos_;
        auto digits = [&] {
            std::size_t d = pos_;
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
            if (pos_ == d) fail("expected a digit");
        };
        if (s_[pos_] == '-') ++pos_;
        digits();
        if (pos_ < s_.size() && s_[pos_] == '.') { ++pos_; digits(); }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
            digits();
        }
        return Value::number(s_.substr(start, pos_ - start));
    }

    unsigned hex4() {
        if (pos_ + 4 > s_.size()) fail("short \\u escape");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            char c = s_[pos_++];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= unsigned(c - '0');
            else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
            else fail("bad \\u escape");
        }
        return v;
    }

    static void put_utf8(std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        std::string out;
        ++pos_;  // opening quote
        for (;;) {
            if (pos_ >= s_.size()) fail("unterminated string");
            char c = s_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
            if (c != '\\') { out += c; continue; }
            if (pos_ >= s_.size()) fail("unterminated escape");
            char e = s_[pos_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    std::uint32_t cp = hex4();
                    // A high surrogate must be followed by a low one; together they name one code point.
                    if (cp >= 0xD800 && cp < 0xDC00) {
                        if (pos_ + 2 > s_.size() || s_[pos_] != '\\' || s_[pos_ + 1] != 'u') fail("lone surrogate");
                        pos_ += 2;
                        std::uint32_t lo = hex4();
                        if (lo < 0xDC00 || lo >= 0xE000) fail("bad surrogate pair");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    put_utf8(out, cp);
                    break;
                }
                default: fail("unknown escape");
            }
        }
    }

    const std::string& s_;
    std::size_t pos_ = 0;
};

}  // namespace detail

inline Value parse(const std::string& text) { return detail::Parser(text).document(); }

inline Value parse_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("json: cannot open " + path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return parse(ss.str());
}

}  // namespace fastsecp::json
