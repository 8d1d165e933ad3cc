#error "the parent project's compat/context.h shadowed fastsecp's own (include order)"
