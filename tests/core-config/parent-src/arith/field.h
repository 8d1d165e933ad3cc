#error "the parent project's arith/field.h shadowed fastsecp's own (include order)"
