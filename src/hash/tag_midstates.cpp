// Midstates of the fixed BIP-340-style tags: SHA-256 state after absorbing the single block
// SHA256(tag) || SHA256(tag). Starting a tagged hash from these saves two compressions.
//
// Generated at development time with this library's own SHA-256; the unit test
// TagMidstates.TableMatchesTagStrings (tests/hash/tagged_hash_test.cpp) recomputes every entry
// from its tag string with an independent SHA-256 and prints corrected lines on mismatch, so it
// doubles as the generator when a tag is added.
#include "hash/sha256.h"

namespace fastsecp::hash {
namespace {

// Same order as enum Tag.
constexpr const char* kTagStrings[kTagCount] = {
    "BIP0340/challenge",
    "BIP0340/aux",
    "BIP0340/nonce",
    "TapTweak",
    "KeyAgg list",
    "KeyAgg coefficient",
    "MuSig/aux",
    "MuSig/nonce",
    "MuSig/noncecoef",
    "BIP0352/Inputs",
    "BIP0352/SharedSecret",
    "BIP0352/Label",
    "bip324_ellswift_xonly_ecdh",
};

// Same order as enum Tag.
constexpr std::uint32_t kMidstates[kTagCount][8] = {
    // "BIP0340/challenge"
    {0x9cecba11, 0x23925381, 0x11679112, 0xd1627e0f, 0x97c87550, 0x003cc765, 0x90f61164, 0x33e9b66a},
    // "BIP0340/aux"
    {0x24dd3219, 0x4eba7e70, 0xca0fabb9, 0x0fa3166d, 0x3afbe4b1, 0x4c44df97, 0x4aac2739, 0x249e850a},
    // "BIP0340/nonce"
    {0x46615b35, 0xf4bfbff7, 0x9f8dc671, 0x83627ab3, 0x60217180, 0x57358661, 0x21a29e54, 0x68b07b4c},
    // "TapTweak"
    {0xd129a2f3, 0x701c655d, 0x6583b6c3, 0xb9419727, 0x95f4e232, 0x94fd54f4, 0xa2ae8d85, 0x47ca590b},
    // "KeyAgg list"
    {0xb399d5e0, 0xc8fff302, 0x6badac71, 0x07c5b7f1, 0x9701e2ef, 0x2a72ecf8, 0x201a4c7b, 0xab148a38},
    // "KeyAgg coefficient"
    {0x6ef02c5a, 0x06a480de, 0x1f298665, 0x1d1134f2, 0x56a0b063, 0x52da4147, 0xf280d9d4, 0x4484be15},
    // "MuSig/aux"
    {0xa19e884b, 0xf463fe7e, 0x2f18f9a2, 0xbeb0f9ff, 0x0f37e8b0, 0x06ebd26f, 0xe3b243d2, 0x522fb150},
    // "MuSig/nonce"
    {0x07101b64, 0x18003414, 0x0391bc43, 0x0e6258ee, 0x29d26b72, 0x8343937e, 0xb7a0a4fb, 0xff568a30},
    // "MuSig/noncecoef"
    {0x2c7d5a45, 0x06bf7e53, 0x89be68a6, 0x971254c0, 0x60ac12d2, 0x72846dcd, 0x6c81212f, 0xde7a2500},
    // "BIP0352/Inputs"
    {0xd4143ffc, 0x012ea4b5, 0x36e21c8f, 0xf7ec7b54, 0x4dd4e2ac, 0x9bcaa0a4, 0xe244899b, 0xcd06903e},
    // "BIP0352/SharedSecret"
    {0x88831537, 0x5127079b, 0x69c2137b, 0xab0303e6, 0x98fa21fa, 0x4a888523, 0xbd99daab, 0xf25e5e0a},
    // "BIP0352/Label"
    {0x26b95d63, 0x8bf1b740, 0x10a5986f, 0x06a387a5, 0x2d1c1c30, 0xd035951a, 0x2d7f0f96, 0x29e3e0db},
    // "bip324_ellswift_xonly_ecdh"
    {0x8c12d730, 0x827bd392, 0x9e4fb2ee, 0x207b373e, 0x2292bd7a, 0xaa5441bc, 0x15c3779f, 0xcfb52549},
};

}  // namespace

const char* tag_string(Tag tag) { return kTagStrings[static_cast<std::size_t>(tag)]; }

const std::uint32_t* tag_midstate(Tag tag) { return kMidstates[static_cast<std::size_t>(tag)]; }

}  // namespace fastsecp::hash
