#error "the parent project's ecmult/ecmult.h shadowed fastsecp's own (include order)"
