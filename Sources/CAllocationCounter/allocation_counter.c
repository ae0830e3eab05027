// See CAllocationCounter.h.
#define _GNU_SOURCE 1
#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>
#include <malloc.h>

// glibc's allocator under its own names (exported by libc.so.6 since 2.2.5).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// initial-exec: reaching the counters never calls __tls_get_addr, which could allocate.
static __thread uint64_t allocation_count __attribute__((tls_model("initial-exec")));
static __thread uint64_t allocation_bytes __attribute__((tls_model("initial-exec")));

static inline void counted(size_t size) {
    allocation_count += 1;
    allocation_bytes += size;
}

void *malloc(size_t size) {
    counted(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    counted(__builtin_mul_overflow(count, size, &total) ? SIZE_MAX : total);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    // realloc(p, 0) frees; anything else may move the block: an allocation call.
    if (size != 0 || pointer == NULL) counted(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    counted(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    counted(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted(size);
    return __libc_pvalloc(size);
}

void flightline_allocations(uint64_t *count, uint64_t *bytes) {
    *count = allocation_count;
    *bytes = allocation_bytes;
}

int flightline_allocation_counting_active(void) {
    // What the dynamic linker binds every library's malloc to: ours only if the executable
    // exports it and no preloaded allocator comes first.
    void *bound = dlsym(RTLD_DEFAULT, "malloc");
    if (bound != (void *)malloc) return 0;
    // And the counters move (through a volatile pointer: the pair cannot be elided).
    void *(*volatile allocate)(size_t) = malloc;
    uint64_t before = allocation_count;
    void *pointer = allocate(1);
    int active = allocation_count == before + 1;
    free(pointer);
    return active;
}

int64_t flightline_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

#else

void flightline_allocations(uint64_t *count, uint64_t *bytes) {
    *count = 0;
    *bytes = 0;
}

int flightline_allocation_counting_active(void) { return 0; }

int64_t flightline_heap_bytes_in_use(void) { return -1; }

#endif
