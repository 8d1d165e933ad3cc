// The BIP-340 test vectors (bip-0340/test-vectors.csv) through fastsecp_schnorr_verify_batch:
// every row alone, all rows in one batch, and the valid rows in one batch (where the batch
// equation itself must accept them), with 1 and 2 threads.
#include "api_fixture.h"
#include "bip340_csv.h"

namespace fastsecp::test {
namespace {

using Row = Bip340Row;

std::vector<Row> read_rows() {
    int bad = 0;
    auto rows = read_bip340_rows(FASTSECP_VECTORS_DIR, bad);
    EXPECT_EQ(bad, 0) << "bip-0340/test-vectors.csv: missing or malformed";
    return rows;
}

fastsecp_schnorr_item item_of(const Row& r) {
    return {r.sig.data(), r.msg.empty() ? nullptr : r.msg.data(), r.msg.size(), r.pk.data()};
}

TEST(Bip340Batch, FileHasAllRows) {
    auto rows = read_rows();
    ASSERT_EQ(rows.size(), 19u);
    int valid = 0;
    for (const auto& r : rows) {
        EXPECT_EQ(r.pk.size(), 32u);
        EXPECT_EQ(r.sig.size(), 64u);
        valid += r.valid;
    }
    EXPECT_EQ(valid, 9);
}

TEST(Bip340Batch, EachRowAlone) {
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (const auto& r : read_rows()) {
            SCOPED_TRACE("row " + std::to_string(r.index) + " " + r.comment);
            fastsecp_schnorr_item it = item_of(r);
            fastsecp_status st = kUnset;
            fastsecp_status ret = fastsecp_schnorr_verify_batch(ctx.get(), &st, &it, 1);
            EXPECT_EQ(st == FASTSECP_OK, r.valid) << status_name(st);
            EXPECT_EQ(ret, r.valid ? FASTSECP_OK : FASTSECP_ERR_ITEM_FAILED);
            for (const Lib& L : oracle_libs()) EXPECT_EQ(single_schnorr(L, it) == 1, r.valid) << L.api->name;
        }
    }
}

// The rows' stated faults map onto the documented codes (comments of BIP-340's file).
TEST(Bip340Batch, InvalidRowsGetTheirCodes) {
    auto ctx = make_ctx(1);
    for (const auto& r : read_rows()) {
        if (r.valid) continue;
        SCOPED_TRACE("row " + std::to_string(r.index) + " " + r.comment);
        fastsecp_schnorr_item it = item_of(r);
        fastsecp_status st = kUnset;
        EXPECT_EQ(fastsecp_schnorr_verify_batch(ctx.get(), &st, &it, 1), FASTSECP_ERR_ITEM_FAILED);
        fastsecp_status want = FASTSECP_ERR_INVALID_SIGNATURE;
        if (r.comment.find("public key not on the curve") != std::string::npos) want = FASTSECP_ERR_POINT_NOT_ON_CURVE;
        if (r.comment.find("public key is not a valid X coordinate because it exceeds the field size") != std::string::npos)
            want = FASTSECP_ERR_BAD_ENCODING;
        if (r.comment.find("sig[0:32] is equal to field size") != std::string::npos) want = FASTSECP_ERR_BAD_ENCODING;
        if (r.comment.find("sig[32:64] is equal to curve order") != std::string::npos)
            want = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
        EXPECT_EQ(st, want) << status_name(st);
    }
}

TEST(Bip340Batch, AllRowsInOneBatch) {
    auto rows = read_rows();
    std::vector<fastsecp_schnorr_item> items;
    for (const auto& r : rows) items.push_back(item_of(r));
    // Repeated so that with 2 threads each thread gets a real batch.
    std::vector<fastsecp_schnorr_item> many;
    for (int k = 0; k < 4; k++) many.insert(many.end(), items.begin(), items.end());
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (const auto* batch : {&items, &many}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(batch->size()));
            std::vector<fastsecp_status> st(batch->size(), kUnset);
            fastsecp_status ret = fastsecp_schnorr_verify_batch(ctx.get(), st.data(), batch->data(), batch->size());
            EXPECT_EQ(ret, FASTSECP_ERR_ITEM_FAILED);
            for (size_t i = 0; i < batch->size(); i++)
                EXPECT_EQ(st[i] == FASTSECP_OK, rows[i % rows.size()].valid) << "row " << i % rows.size();
        }
    }
}

TEST(Bip340Batch, ValidRowsInOneBatch) {
    std::vector<fastsecp_schnorr_item> items;
    auto rows = read_rows();
    for (const auto& r : rows)
        if (r.valid) items.push_back(item_of(r));
    ASSERT_EQ(items.size(), 9u);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        std::vector<fastsecp_status> st(items.size(), kUnset);
        EXPECT_EQ(fastsecp_schnorr_verify_batch(ctx.get(), st.data(), items.data(), items.size()), FASTSECP_OK);
        for (auto s : st) EXPECT_EQ(s, FASTSECP_OK);
    }
}

}  // namespace
}  // namespace fastsecp::test
