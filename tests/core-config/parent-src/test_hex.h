#error "the parent project's test_hex.h shadowed fastsecp's own (include order)"
