#error "the parent project's json.h shadowed fastsecp's own (include order)"
