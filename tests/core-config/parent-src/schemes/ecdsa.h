#error "the parent project's schemes/ecdsa.h shadowed fastsecp's own (include order)"
