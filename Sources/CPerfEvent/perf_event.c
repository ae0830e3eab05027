// See CPerfEvent.h. Linux only; elsewhere every call reports ENOSYS.
#include "CPerfEvent.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static const uint64_t configs[] = {
    PERF_COUNT_HW_INSTRUCTIONS,
    PERF_COUNT_HW_CPU_CYCLES,
    PERF_COUNT_HW_BRANCH_MISSES,
    PERF_COUNT_HW_CACHE_MISSES,
};

int flightline_perf_open(int counter, int group_fd) {
    if (counter < 0 || counter >= (int)(sizeof configs / sizeof configs[0])) return -EINVAL;
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = configs[counter];
    attr.disabled = group_fd == -1 ? 1 : 0;  // Members follow their leader.
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    long fd = syscall(SYS_perf_event_open, &attr, 0 /* this thread */, -1 /* any CPU */, group_fd, PERF_FLAG_FD_CLOEXEC);
    return fd < 0 ? -errno : (int)fd;
}

static int group_ioctl(int fd, unsigned long request) {
    return ioctl(fd, request, PERF_IOC_FLAG_GROUP) < 0 ? -errno : 0;
}

int flightline_perf_reset(int leader_fd) { return group_ioctl(leader_fd, PERF_EVENT_IOC_RESET); }
int flightline_perf_enable(int leader_fd) { return group_ioctl(leader_fd, PERF_EVENT_IOC_ENABLE); }
int flightline_perf_disable(int leader_fd) { return group_ioctl(leader_fd, PERF_EVENT_IOC_DISABLE); }

int flightline_perf_read(int leader_fd, uint64_t *values, int capacity, uint64_t *time_enabled, uint64_t *time_running) {
    // { nr, time_enabled, time_running, value[nr] } for PERF_FORMAT_GROUP without IDs.
    uint64_t buffer[3 + 8];
    ssize_t got;
    do { got = read(leader_fd, buffer, sizeof buffer); } while (got < 0 && errno == EINTR);
    if (got < 0) return -errno;
    if (got < (ssize_t)(3 * sizeof(uint64_t))) return -EIO;
    uint64_t count = buffer[0];
    if (count > 8 || (size_t)got < (3 + count) * sizeof(uint64_t)) return -EIO;
    *time_enabled = buffer[1];
    *time_running = buffer[2];
    int n = (int)count < capacity ? (int)count : capacity;
    for (int i = 0; i < n; i++) values[i] = buffer[3 + i];
    return n;
}

void flightline_perf_close(int fd) {
    if (fd >= 0) close(fd);
}

int flightline_perf_paranoid(void) {
    FILE *file = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
    if (!file) return INT_MIN;
    int value = INT_MIN;
    if (fscanf(file, "%d", &value) != 1) value = INT_MIN;
    fclose(file);
    return value;
}

#else

int flightline_perf_open(int counter, int group_fd) { (void)counter; (void)group_fd; return -ENOSYS; }
int flightline_perf_reset(int leader_fd) { (void)leader_fd; return -ENOSYS; }
int flightline_perf_enable(int leader_fd) { (void)leader_fd; return -ENOSYS; }
int flightline_perf_disable(int leader_fd) { (void)leader_fd; return -ENOSYS; }
int flightline_perf_read(int leader_fd, uint64_t *values, int capacity, uint64_t *time_enabled, uint64_t *time_running) {
    (void)leader_fd; (void)values; (void)capacity; (void)time_enabled; (void)time_running; return -ENOSYS;
}
void flightline_perf_close(int fd) { (void)fd; }
int flightline_perf_paranoid(void) { return INT_MIN; }

#endif
