#ifndef SECP256K1_SILENTPAYMENTS_H
#define SECP256K1_SILENTPAYMENTS_H

/* Declarations follow libsecp256k1 v0.8.0's Silent Payments module API (BIP-352). */

#include <stdint.h>
#include "secp256k1.h"
#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Silent Payments (BIP-352) let a recipient publish one static address (a scan public key and a
 * spend public key) while every payment lands on a fresh taproot output that only the recipient
 * can recognise. The sender combines the secret keys of its eligible inputs with the recipient's
 * scan key (Diffie-Hellman), the recipient combines the inputs' public keys with its scan secret
 * key; both arrive at the same shared secret and from it at the same output keys.
 *
 * This module covers only the elliptic-curve and hashing steps. Choosing which inputs are
 * eligible, extracting their public keys from scripts, finding the smallest outpoint, address
 * encoding and transaction building are the caller's job. */

/* The most outputs one transaction may carry for recipients that share a scan public key
 * (BIP-352's K_max). */
#define SECP256K1_SILENTPAYMENTS_RECIPIENT_GROUP_LIMIT 2323

/* One recipient address, as input to secp256k1_silentpayments_sender_create_outputs.
 *
 *  scan_pubkey:  the address's scan public key.
 *  spend_pubkey: the address's spend public key; for a labeled address this is already the
 *                labeled key, which makes no difference to the sender.
 *  index:        the position of this object in the recipients array given to
 *                secp256k1_silentpayments_sender_create_outputs (0 for the first). The function
 *                writes the output for this recipient to generated_outputs[index].
 */
typedef struct secp256k1_silentpayments_recipient {
    secp256k1_pubkey scan_pubkey;
    secp256k1_pubkey spend_pubkey;
    size_t index;
} secp256k1_silentpayments_recipient;

/* Create the taproot output keys that pay a list of Silent Payments recipients.
 *
 * The caller passes the secret keys of all eligible inputs: taproot inputs as keypairs (the key
 * is negated here when its public key has odd y, as BIP-352 requires), other inputs as 32-byte
 * secret keys. Recipients that share a scan public key form a group; within a group outputs are
 * numbered k = 0, 1, ... in the order the recipients were given. Every generated output must be
 * included in the transaction, or the recipient may miss later ones of the same group.
 *
 * Returns: 1 when every output was created.
 *          0 when a group holds more than SECP256K1_SILENTPAYMENTS_RECIPIENT_GROUP_LIMIT
 *            recipients, when a secret key is invalid or the keys sum to zero, or when an output
 *            key would be the point at infinity (only reachable with a spend public key chosen
 *            for that purpose).
 * Args:    ctx:                 a context object, not secp256k1_context_static.
 * Out:     generated_outputs:   array of n_recipients pointers to x-only public keys;
 *                               generated_outputs[i] receives the output for the recipient whose
 *                               index field is i.
 * In:      recipients:          array of n_recipients pointers to recipients, where
 *                               recipients[i]->index must equal i. The function sorts this array
 *                               of pointers in place (also when it fails), so afterwards the
 *                               positions no longer match the index fields. The same scan and/or
 *                               spend key may appear in several entries.
 *          n_recipients:        number of recipients (at least 1).
 *          outpoint_smallest36: the lexicographically smallest 36-byte serialized outpoint among
 *                               ALL inputs of the transaction (eligible or not). If it is wrong,
 *                               the recipient cannot find the payment.
 *          keypairs:            array of n_keypairs pointers to keypairs of taproot inputs, or
 *                               NULL when there are none.
 *          n_keypairs:          number of keypairs (0 exactly when keypairs is NULL).
 *          seckeys:             array of n_seckeys pointers to 32-byte secret keys of non-taproot
 *                               inputs, or NULL when there are none.
 *          n_seckeys:           number of secret keys (0 exactly when seckeys is NULL).
 * At least one of keypairs and seckeys must be non-NULL.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_sender_create_outputs(
    const secp256k1_context *ctx,
    secp256k1_xonly_pubkey **generated_outputs,
    const secp256k1_silentpayments_recipient **recipients,
    size_t n_recipients,
    const unsigned char *outpoint_smallest36,
    const secp256k1_keypair * const *keypairs,
    size_t n_keypairs,
    const unsigned char * const *seckeys,
    size_t n_seckeys
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5);

/* A label point (label_tweak·G) in an opaque 68-byte form. Convert it with
 * secp256k1_silentpayments_recipient_label_serialize / _label_parse. */
typedef struct secp256k1_silentpayments_label {
    unsigned char data[68];
} secp256k1_silentpayments_label;

/* Read a label from its 33-byte compressed encoding.
 *
 * Returns: 1 when in33 is a valid compressed point, 0 otherwise (label is zeroed).
 * Args:    ctx:   a context object.
 * Out:     label: the parsed label.
 * In:      in33:  the 33-byte encoding.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_recipient_label_parse(
    const secp256k1_context *ctx,
    secp256k1_silentpayments_label *label,
    const unsigned char *in33
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Write a label as a 33-byte compressed point (the form the label lookup callback receives).
 *
 * Returns: 1 (0 only after an illegal-argument report).
 * Args:    ctx:   a context object.
 * Out:     out33: 33-byte output buffer.
 * In:      label: a label made by this module.
 */
SECP256K1_API int secp256k1_silentpayments_recipient_label_serialize(
    const secp256k1_context *ctx,
    unsigned char *out33,
    const secp256k1_silentpayments_label *label
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Derive label number m of a recipient:
 *
 *     label_tweak = tagged hash "BIP0352/Label" of (scan_key || m as 4 big-endian bytes)
 *     label       = label_tweak·G
 *
 * m = 0 is reserved for change. Every label the wallet creates is one more candidate for the
 * scanner to look up per output, and implementations that cannot use a label cache (light
 * clients) slow down with each one; handing out only the change label keeps wallets compatible.
 *
 * Returns: 1 on success; 0 when scan_key32 is not a valid secret key or (negligibly rarely) the
 *          hash is not a valid scalar. On failure label and label_tweak32 are zeroed.
 * Args:    ctx:           a context object, not secp256k1_context_static.
 * Out:     label:         the label point.
 *          label_tweak32: the 32-byte label tweak.
 * In:      scan_key32:    the recipient's 32-byte scan secret key.
 *          m:             the label number.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_recipient_label_create(
    const secp256k1_context *ctx,
    secp256k1_silentpayments_label *label,
    unsigned char *label_tweak32,
    const unsigned char *scan_key32,
    uint32_t m
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/* Compute the spend public key of a labeled address: unlabeled_spend_pubkey + label.
 * The address itself is the scan public key followed by this key.
 *
 * Returns: 1 on success; 0 when the sum is the point at infinity (labeled_spend_pubkey is
 *          zeroed then).
 * Args:    ctx:                    a context object.
 * Out:     labeled_spend_pubkey:   the labeled spend public key.
 * In:      unlabeled_spend_pubkey: the recipient's spend public key without label.
 *          label:                  the label.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_recipient_create_labeled_spend_pubkey(
    const secp256k1_context *ctx,
    secp256k1_pubkey *labeled_spend_pubkey,
    const secp256k1_pubkey *unlabeled_spend_pubkey,
    const secp256k1_silentpayments_label *label
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/* What a recipient needs to know about a transaction's inputs to scan it: the sum of the eligible
 * inputs' public keys and the input hash. 101 bytes, no secrets, freely copyable; its inner
 * layout is not a stable format. */
typedef struct secp256k1_silentpayments_prevouts_summary {
    unsigned char data[101];
} secp256k1_silentpayments_prevouts_summary;

/* Summarize a transaction's eligible inputs for scanning.
 *
 * Public keys of taproot inputs are passed as x-only keys, the others as full public keys; either
 * list may be empty (NULL) but not both.
 *
 * Returns: 1 on success; 0 when the transaction cannot carry Silent Payments: the public keys sum
 *          to the point at infinity, a key is invalid, or (negligibly rarely) the input hash is
 *          not a valid scalar. prevouts_summary is zeroed first and stays so on failure.
 * Args:    ctx:                 a context object.
 * Out:     prevouts_summary:    the summary.
 * In:      outpoint_smallest36: the smallest 36-byte serialized outpoint among ALL inputs.
 *          xonly_pubkeys:       array of n_xonly_pubkeys pointers to the x-only keys of taproot
 *                               inputs, or NULL.
 *          n_xonly_pubkeys:     their number (0 exactly when xonly_pubkeys is NULL).
 *          pubkeys:             array of n_pubkeys pointers to the keys of other eligible
 *                               inputs, or NULL.
 *          n_pubkeys:           their number (0 exactly when pubkeys is NULL).
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_recipient_prevouts_summary_create(
    const secp256k1_context *ctx,
    secp256k1_silentpayments_prevouts_summary *prevouts_summary,
    const unsigned char *outpoint_smallest36,
    const secp256k1_xonly_pubkey * const *xonly_pubkeys,
    size_t n_xonly_pubkeys,
    const secp256k1_pubkey * const *pubkeys,
    size_t n_pubkeys
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Label lookup used while scanning: given a candidate label (33-byte compressed point) and the
 * caller's label_context, return a pointer to that label's 32-byte tweak when the wallet owns the
 * label, or NULL. The returned bytes must stay readable until the next lookup call or until the
 * scan returns. Labels for the cache come from secp256k1_silentpayments_recipient_label_create
 * and _label_serialize. */
typedef const unsigned char* (*secp256k1_silentpayments_label_lookup)(const unsigned char* label33, const void* label_context);

/* One output found by scanning.
 *
 *  output:           the transaction's x-only output key.
 *  tweak:            add this to the spend secret key to obtain the output's secret key (for a
 *                    labeled output it already includes the label tweak).
 *  found_with_label: 1 when the output pays a labeled address, else 0.
 *  label:            the label it pays when found_with_label is 1; all zero (invalid) otherwise.
 */
typedef struct secp256k1_silentpayments_found_output {
    secp256k1_xonly_pubkey output;
    unsigned char tweak[32];
    int found_with_label;
    secp256k1_silentpayments_label label;
} secp256k1_silentpayments_found_output;

/* Find the outputs of a transaction that pay this recipient.
 *
 * For k = 0, 1, ... the expected output for k is derived and looked for among tx_outputs, directly
 * or (when label_lookup is given) as a labeled output; scanning stops at the first k without a
 * match, and never looks beyond SECP256K1_SILENTPAYMENTS_RECIPIENT_GROUP_LIMIT outputs.
 *
 * Returns: 1 when the scan ran (whether or not anything was found); 0 when the arguments are
 *          invalid (scan key, spend public key, an output key) or the transaction cannot hold
 *          Silent Payments outputs.
 * Args:    ctx:                    a context object.
 * Out:     found_outputs:          array of n_tx_outputs pointers to found-output objects; the
 *                                  first *n_found_outputs of them are filled.
 *          n_found_outputs:        receives the number of outputs found (set to 0 first).
 * In:      tx_outputs:             array of n_tx_outputs pointers to the transaction's x-only
 *                                  output keys, in vout order.
 *          n_tx_outputs:           their number (at least 1).
 *          scan_key32:             the recipient's 32-byte scan secret key.
 *          prevouts_summary:       the transaction's summary from
 *                                  secp256k1_silentpayments_recipient_prevouts_summary_create.
 *          unlabeled_spend_pubkey: the recipient's spend public key without label.
 *          label_lookup:           label lookup function, or NULL when labels are not used.
 *          label_context:          passed to label_lookup; NULL when not needed (must be NULL
 *                                  when label_lookup is NULL).
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_recipient_scan_outputs(
    const secp256k1_context *ctx,
    secp256k1_silentpayments_found_output **found_outputs,
    uint32_t *n_found_outputs,
    const secp256k1_xonly_pubkey * const *tx_outputs,
    size_t n_tx_outputs,
    const unsigned char *scan_key32,
    const secp256k1_silentpayments_prevouts_summary *prevouts_summary,
    const secp256k1_pubkey *unlabeled_spend_pubkey,
    secp256k1_silentpayments_label_lookup label_lookup,
    const void *label_context
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(6) SECP256K1_ARG_NONNULL(7) SECP256K1_ARG_NONNULL(8);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_SILENTPAYMENTS_H */
