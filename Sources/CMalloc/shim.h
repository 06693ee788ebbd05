#ifndef NIBSCAN_CMALLOC_SHIM_H
#define NIBSCAN_CMALLOC_SHIM_H
// glibc's allocator settings (`mallopt`), which Swift's Glibc module does not bring:
// `OneShotProcess` tunes the heap of a process that runs one analysis and exits.
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
