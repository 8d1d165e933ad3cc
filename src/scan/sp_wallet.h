// The object behind fastsecp_sp_wallet: the scan key, the spend key and the wallet's labels,
// indexed by point so that a label candidate is found with one hash probe whatever the number of
// labels.
#pragma once

#include <fastsecp.h>

#include <cstdint>
#include "group/group.h"
#include "rt/vec.h"

namespace fastsecp::scan {

struct Label {
    Ge point;                  // label_m·G, affine, normalized
    unsigned int m;            // the label's m, or for a wallet made from points its index there
    unsigned char tweak32[32]; // label_m (secret like the scan key it is derived from); zero when
                               // the wallet was made from label points
};

}  // namespace fastsecp::scan

struct fastsecp_sp_wallet {
    fastsecp::Scalar scan;              // b_scan (secret)
    unsigned char scan32[32];
    fastsecp::Ge spend;                 // B_spend, affine, normalized
    fastsecp::rt::Vec<fastsecp::scan::Label> labels;  // in the caller's order, duplicates removed
    fastsecp::rt::Vec<uint32_t> slots;  // open-addressing index into labels (value + 1; 0 = empty)
    bool point_labels = false;          // labels given as points: their tweaks are unknown

    // Adds label l unless its point is already there. The capacity (labels, slots) must have been
    // reserved for it.
    void add_label(const fastsecp::scan::Label& l);

    // The label whose point is p (affine, normalized), or null. Variable time: p is public.
    const fastsecp::scan::Label* find_label(const fastsecp::Ge& p) const;
};
