#error "the parent project's group/group.h shadowed fastsecp's own (include order)"
