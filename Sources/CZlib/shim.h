#ifndef NIBSCAN_CZLIB_SHIM_H
#define NIBSCAN_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2` is a macro, which Swift cannot call: expose it as a function.
static inline int nibscan_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

/// `deflateInit2` is a macro too (used by tests that build archives in code).
static inline int nibscan_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
#endif
