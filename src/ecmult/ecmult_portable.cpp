// Portable build of the scalar multiplication algorithms.
#define FASTSECP_VARIANT portable
#define FASTSECP_VARIANT_FE52 1
#include "ecmult/ecmult_impl.h"

namespace fastsecp {
const EcmultOps ECMULT_PORTABLE = {"portable", portable::entry::gen, portable::entry::strauss, portable::entry::konst, portable::entry::gen_var,
                                   portable::entry::field_mul, portable::entry::field_sqr, portable::entry::decompress,
                                   portable::entry::on_curve, portable::entry::field_sqrt, portable::entry::field_pow_p3d4,
                                   portable::entry::sc_mul, portable::entry::sc_reduce_wide,
                                   {portable::entry::field_mul, portable::entry::field_sqr, portable::entry::field_sqrt}};
}
