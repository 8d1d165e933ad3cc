#error "the parent project's arith/field_5x52.h shadowed fastsecp's own (include order)"
