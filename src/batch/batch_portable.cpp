// Portable build of the batch algorithms (strauss_impl.h, pippenger_impl.h, lift_x_impl.h).
#define FASTSECP_VARIANT portable
#include "ecmult/ecmult_impl.h"
#include "batch/batch_ops.h"
#include "batch/lift_x_impl.h"
#include "batch/pippenger_impl.h"
#include "batch/strauss_impl.h"

namespace fastsecp::batch {
const BatchOps BATCH_PORTABLE = {"portable", portable::msm_strauss, portable::msm_pippenger, portable::lift_x_even, portable::lift_x_square};
}
