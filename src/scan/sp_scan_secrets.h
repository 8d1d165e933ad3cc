// The CPU scanner's rounds for transactions whose shared secrets were computed elsewhere (the GPU
// runtimes compute scan_key * tweak on the device, then run the rounds here).
#pragma once

#include <fastsecp.h>

#include "rt/vec.h"
#include "scan/sp_wallet.h"

namespace fastsecp::scan {

// fastsecp_sp_scan of items[0, n) on the calling thread, except that the shared secret of every
// item whose tweak parses is ss33[33*i ..] (ser_P(scan_key * tweak_i)) instead of being computed.
// Matches are appended to `matches` in input order (item indices relative to items). False when
// memory could not be had (results are then incomplete).
bool scan_with_secrets(const fastsecp_sp_wallet& w, fastsecp_status* results, const fastsecp_sp_item* items, size_t n,
                       const unsigned char* ss33, rt::Vec<fastsecp_sp_match>& matches);

}  // namespace fastsecp::scan
