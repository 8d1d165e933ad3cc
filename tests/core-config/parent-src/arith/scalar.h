#error "the parent project's arith/scalar.h shadowed fastsecp's own (include order)"
