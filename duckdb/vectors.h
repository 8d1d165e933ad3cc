// Reading and writing DuckDB's flat vectors through the stable C extension API (v1.2.0): blobs,
// lists, validity. Shared by the extension and the benchmark's per-row reference extension.
// DuckDB flattens every input chunk before it calls a C API scalar function, so each input is a
// flat vector here (lists: flat entries into a flat child vector).
#pragma once

#include <cstddef>
#include <cstdint>

#include "duckdb_extension.h"

DUCKDB_EXTENSION_EXTERN

namespace ddb {

// One blob (or VARCHAR) value; data points into DuckDB's memory (valid during the call).
struct Blob {
    const unsigned char* data = nullptr;
    size_t size = 0;
};

inline Blob blob_of(const duckdb_string_t& s) {
    const uint32_t len = s.value.inlined.length;
    if (len <= 12) return {reinterpret_cast<const unsigned char*>(s.value.inlined.inlined), len};
    return {reinterpret_cast<const unsigned char*>(s.value.pointer.ptr), len};
}

inline bool row_valid(const uint64_t* validity, size_t row) {
    return validity == nullptr || ((validity[row >> 6] >> (row & 63)) & 1) != 0;
}

// A flat input vector.
struct Column {
    duckdb_vector vec;
    const uint64_t* validity;

    Column(duckdb_data_chunk chunk, idx_t col)
        : vec(duckdb_data_chunk_get_vector(chunk, col)), validity(duckdb_vector_get_validity(vec)) {}
    explicit Column(duckdb_vector v) : vec(v), validity(duckdb_vector_get_validity(v)) {}
    bool valid(size_t row) const { return row_valid(validity, row); }
    template <typename T>
    const T* data() const {
        return static_cast<const T*>(duckdb_vector_get_data(vec));
    }
    Blob blob(size_t row) const { return blob_of(data<duckdb_string_t>()[row]); }
};

// A flat LIST input vector and its child.
struct ListColumn {
    Column list;
    Column child;

    ListColumn(duckdb_data_chunk chunk, idx_t col)
        : list(chunk, col), child(duckdb_list_vector_get_child(list.vec)) {}
    bool valid(size_t row) const { return list.valid(row); }
    duckdb_list_entry entry(size_t row) const { return list.data<duckdb_list_entry>()[row]; }
};

// The output vector: values and NULLs.
struct Output {
    duckdb_vector vec;
    uint64_t* validity = nullptr;

    explicit Output(duckdb_vector v) : vec(v) {}
    void set_null(size_t row) {
        if (validity == nullptr) {
            duckdb_vector_ensure_validity_writable(vec);
            validity = duckdb_vector_get_validity(vec);
        }
        validity[row >> 6] &= ~(uint64_t{1} << (row & 63));
    }
    template <typename T>
    T* data() {
        return static_cast<T*>(duckdb_vector_get_data(vec));
    }
    void set_blob(size_t row, const unsigned char* p, size_t len) {
        duckdb_vector_assign_string_element_len(vec, row, reinterpret_cast<const char*>(p), len);
    }
};

// Registers a scalar function; returns false when DuckDB refused it.
bool register_scalar(duckdb_connection con, const char* name, const duckdb_logical_type* params, size_t n_params,
                     duckdb_logical_type ret, duckdb_scalar_function_t fn);

// Logical types used by the functions (owned by the caller: destroy with duckdb_destroy_logical_type).
struct Types {
    duckdb_logical_type blob, integer, uinteger, bigint, boolean, blob_list, bigint_list;
    Types();
    ~Types();
};

}  // namespace ddb
