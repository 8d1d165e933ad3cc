// Portable build of the scalar multiplication algorithms.
#define FASTSECP_VARIANT portable
#include "ecmult/ecmult_impl.h"

namespace fastsecp {
const EcmultOps ECMULT_PORTABLE = {"portable", portable::gen, portable::strauss, portable::konst, portable::gen_var,
                                   portable::field_mul, portable::field_sqr, portable::decompress,
                                   portable::on_curve, portable::field_sqrt, portable::field_pow_p3d4,
                                   portable::sc_mul, portable::sc_reduce_wide,
                                   {portable::field_mul, portable::field_sqr, portable::field_sqrt}};
}
