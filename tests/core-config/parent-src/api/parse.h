#error "the parent project's api/parse.h shadowed fastsecp's own (include order)"
