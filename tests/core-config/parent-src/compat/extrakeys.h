#error "the parent project's compat/extrakeys.h shadowed fastsecp's own (include order)"
