// Thin wrappers around perf_event_open(2) and its ioctl/read calls, for BenchKit's hardware
// counters. Swift cannot call the variadic syscall(2), so the system call lives here; every
// function returns a negative errno on failure and leaves the interpretation to Swift.
#ifndef FLIGHTLINE_CPERFEVENT_H
#define FLIGHTLINE_CPERFEVENT_H

#include <stdint.h>

/// The counters BenchKit asks for, in the order it reads them.
enum FlightlinePerfCounter {
    FlightlinePerfInstructions = 0,
    FlightlinePerfCycles = 1,
    FlightlinePerfBranchMisses = 2,
    FlightlinePerfCacheMisses = 3,
};

/// Opens one hardware counter of this thread, user space only (exclude_kernel, exclude_hv: what
/// perf_event_paranoid ≤ 2 allows), disabled, as a member of `group_fd`'s group (-1: a new
/// group whose leader reads every member at once). Returns the file descriptor, or -errno
/// (-ENOSYS where the kernel or a seccomp filter lacks the call).
int flightline_perf_open(int counter, int group_fd);

/// Resets, enables or disables the whole group of `leader_fd`; 0 or -errno.
int flightline_perf_reset(int leader_fd);
int flightline_perf_enable(int leader_fd);
int flightline_perf_disable(int leader_fd);

/// Reads the group of `leader_fd` (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING):
/// up to `capacity` values in the order the members were opened, and the times the group was
/// enabled and actually counting (less when the kernel multiplexed it). Returns the number of
/// values, or -errno.
int flightline_perf_read(int leader_fd, uint64_t *values, int capacity, uint64_t *time_enabled, uint64_t *time_running);

/// Closes a counter's descriptor.
void flightline_perf_close(int fd);

/// /proc/sys/kernel/perf_event_paranoid, or INT32_MIN when it cannot be read.
int flightline_perf_paranoid(void);

#endif
