// Reading the batch API's inputs from Python: packed buffers (any object with the buffer
// protocol: bytes, bytearray, memoryview, NumPy arrays) or sequences of bytes-like objects.
#pragma once

#include "native.h"

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace pyfastsecp {

// A contiguous read-only view of one buffer-protocol object, released on destruction.
class BufferView {
public:
    BufferView() = default;
    // Raises TypeError naming `what` when obj does not export a C-contiguous buffer.
    BufferView(nb::handle obj, const char* what);
    BufferView(BufferView&& other) noexcept;
    BufferView& operator=(BufferView&&) = delete;
    BufferView(const BufferView&) = delete;
    ~BufferView();
    const unsigned char* data() const { return static_cast<const unsigned char*>(view_.buf); }
    size_t size() const { return static_cast<size_t>(view_.len); }

private:
    Py_buffer view_{};
    bool held_ = false;
};

// n records, each a pointer and a length, valid while the Column lives. The Column keeps the
// Python objects (and their buffers) it read, so the pointers stay valid with the GIL released.
class Column {
public:
    // obj: a packed buffer (n records of one size) or a sequence of bytes-like objects.
    // sizes: the accepted record sizes; empty accepts any size (sequences) or, for packed
    // buffers, size/n. n: the expected count, or SIZE_MAX when this column defines it (a packed
    // buffer then needs exactly one accepted size). Raises TypeError / ValueError naming `what`.
    Column(nb::handle obj, const char* what, std::initializer_list<size_t> sizes, size_t n);
    size_t size() const { return ptr_.size(); }
    const unsigned char* ptr(size_t i) const { return ptr_[i]; }
    size_t len(size_t i) const { return len_[i]; }
    // The column as one contiguous block of fixed-size records (copied when it came as a
    // sequence). Only for columns whose records all have the same size `record`.
    const unsigned char* packed(size_t record);

private:
    std::vector<const unsigned char*> ptr_;
    std::vector<size_t> len_;
    std::vector<nb::object> keep_;
    std::vector<BufferView> views_;
    std::vector<unsigned char> copy_;
    const unsigned char* base_ = nullptr;  // set for packed input
};

// A list of offsets (n + 1 non-decreasing integers, the last at most `limit`): a sequence of
// ints or a buffer of 8-byte integers (e.g. array('Q'), numpy uint64/int64).
std::vector<size_t> read_offsets(nb::handle obj, const char* what, size_t n, size_t limit);

// The columns of an ECDSA batch (64-byte signatures, 32-byte hashes, 33/65-byte keys; a packed key
// column all of one size) and its items, valid while this lives. (batch_bindings.cpp)
struct EcdsaColumns {
    Column sigs, hashes, keys;
    std::vector<fastsecp_ecdsa_item> items;
    EcdsaColumns(nb::handle signatures, nb::handle msghashes, nb::handle pubkeys);
};

// The columns of a BIP-340 batch (64-byte signatures, messages of any length, 32-byte keys) and its
// items. (batch_bindings.cpp)
struct SchnorrColumns {
    Column sigs, msgs, keys;
    std::vector<fastsecp_schnorr_item> items;
    SchnorrColumns(nb::handle signatures, nb::handle messages, nb::handle pubkeys);
};

// The bytes of a bytes-like object, exactly `size` long (ValueError otherwise).
BufferView fixed_bytes(nb::handle obj, const char* what, size_t size);

}  // namespace pyfastsecp
