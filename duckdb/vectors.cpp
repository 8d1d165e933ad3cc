// Function registration and logical types (see vectors.h).
#include "vectors.h"

#include <initializer_list>

namespace ddb {

bool register_scalar(duckdb_connection con, const char* name, const duckdb_logical_type* params, size_t n_params,
                     duckdb_logical_type ret, duckdb_scalar_function_t fn) {
    duckdb_scalar_function f = duckdb_create_scalar_function();
    duckdb_scalar_function_set_name(f, name);
    for (size_t i = 0; i < n_params; i++) duckdb_scalar_function_add_parameter(f, params[i]);
    duckdb_scalar_function_set_return_type(f, ret);
    duckdb_scalar_function_set_function(f, fn);
    const bool ok = duckdb_register_scalar_function(con, f) == DuckDBSuccess;
    duckdb_destroy_scalar_function(&f);
    return ok;
}

Types::Types()
    : blob(duckdb_create_logical_type(DUCKDB_TYPE_BLOB)),
      integer(duckdb_create_logical_type(DUCKDB_TYPE_INTEGER)),
      uinteger(duckdb_create_logical_type(DUCKDB_TYPE_UINTEGER)),
      bigint(duckdb_create_logical_type(DUCKDB_TYPE_BIGINT)),
      boolean(duckdb_create_logical_type(DUCKDB_TYPE_BOOLEAN)),
      blob_list(duckdb_create_list_type(blob)),
      bigint_list(duckdb_create_list_type(bigint)) {}

Types::~Types() {
    for (duckdb_logical_type* t : {&blob, &integer, &uinteger, &bigint, &boolean, &blob_list, &bigint_list})
        duckdb_destroy_logical_type(t);
}

}  // namespace ddb
