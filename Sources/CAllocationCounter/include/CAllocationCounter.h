// Counts this thread's heap allocations, for BenchKit's allocations per operation.
//
// On glibc the target defines malloc, calloc, realloc, free and the aligned allocators; each
// counts the call (and the bytes asked for) in thread-local counters and forwards to glibc's
// own allocator (__libc_malloc & co.), as glibc's manual allows ("Replacing malloc"). A program
// that links BenchKit therefore counts every allocation of every thread, each in its own thread's
// counters, for the cost of two thread-local additions per call. Elsewhere, or when another
// allocator took precedence (LD_PRELOAD), counting is inactive and says so.
#ifndef FLIGHTLINE_CALLOCATIONCOUNTER_H
#define FLIGHTLINE_CALLOCATIONCOUNTER_H

#include <stdint.h>

/// Allocation calls and bytes requested by this thread since it started.
void flightline_allocations(uint64_t *count, uint64_t *bytes);

/// 1 when this process's malloc is the counting one (checked by allocating once), else 0.
int flightline_allocation_counting_active(void);

/// Bytes in use on the heap (glibc's mallinfo2: uordblks + hblkhd), or -1 where unknown.
int64_t flightline_heap_bytes_in_use(void);

#endif
