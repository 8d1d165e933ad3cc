#error "the parent project's api_table.h shadowed fastsecp's own (include order)"
