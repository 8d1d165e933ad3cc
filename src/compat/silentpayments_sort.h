// In-place heap sort for the silent-payments sender's recipient list.
//
// Recipients are ordered by scan public key (secp256k1_ec_pubkey_cmp), ties by their index.
// The comparison reports invalid keys through the illegal-argument callback each time it meets
// one, so how many comparisons happen, and between which elements, is visible to the caller.
// This heap sort therefore makes exactly the comparisons libsecp256k1 v0.8.0's sort makes:
// heapify from the last parent down to the root, then repeatedly move the maximum to the end;
// sifting down compares the right child with the left one first (the right child wins ties) and
// then the larger child with the parent.
#pragma once

#include <cstddef>
#include <utility>

namespace fastsecp::compat {

template <class T, class Cmp>
void heap_sift_down(T* a, size_t i, size_t size, Cmp& cmp) {
    while (i < size / 2) {
        size_t left = 2 * i + 1, right = left + 1;
        size_t bigger;
        if (right < size && cmp(a[right], a[left]) >= 0) {
            bigger = right;
        } else {
            bigger = left;
        }
        if (cmp(a[bigger], a[i]) <= 0) return;
        std::swap(a[i], a[bigger]);
        i = bigger;
    }
}

// cmp(x, y) returns <0, 0 or >0 like memcmp; the result is ascending.
template <class T, class Cmp>
void heap_sort(T* a, size_t n, Cmp cmp) {
    for (size_t i = n / 2; i > 0; i--) heap_sift_down(a, i - 1, n, cmp);
    for (size_t end = n; end > 1; end--) {
        std::swap(a[0], a[end - 1]);
        heap_sift_down(a, 0, end - 1, cmp);
    }
}

}  // namespace fastsecp::compat
