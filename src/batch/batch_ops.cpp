#include "batch/batch_ops.h"

#include "ecmult/ecmult.h"

namespace fastsecp::batch {

const BatchOps& batch_ops() {
    return &ecmult_ops() == &ECMULT_BMI2 ? BATCH_BMI2 : BATCH_PORTABLE;
}

}  // namespace fastsecp::batch
