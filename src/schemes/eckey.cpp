#include "schemes/eckey.h"

#include "ecmult/ecmult.h"

namespace fastsecp {

bool pubkey_parse(Ge& r, const unsigned char* in, size_t len) {
    if (len == 33 && (in[0] == 0x02 || in[0] == 0x03)) {
        Fe x;
        return fe_set_b32_limit(x, in + 1) && ge_set_xo(r, x, in[0] == 0x03);
    }
    if (len == 65 && (in[0] == 0x04 || in[0] == 0x06 || in[0] == 0x07)) {
        Fe x, y;
        if (!fe_set_b32_limit(x, in + 1) || !fe_set_b32_limit(y, in + 33)) return false;
        if (in[0] != 0x04 && fe_is_odd(y) != (in[0] == 0x07)) return false;
        ge_set_xy(r, x, y);
        return ge_is_valid_var(r);
    }
    return false;
}

}  // namespace fastsecp
