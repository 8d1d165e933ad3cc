#error "the parent project's hash/sha256.h shadowed fastsecp's own (include order)"
