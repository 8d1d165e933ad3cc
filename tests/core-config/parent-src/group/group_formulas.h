#error "the parent project's group/group_formulas.h shadowed fastsecp's own (include order)"
