#ifndef NIBSCAN_CGLIBCEXTRAS_SHIM_H
#define NIBSCAN_CGLIBCEXTRAS_SHIM_H
// glibc functions that Swift's Glibc module does not bring: the allocator settings
// (`mallopt`, for `OneShotProcess`), the GNU CPU-affinity calls (for `ThreadTeam`) and
// `gettid` (its tests tell threads apart by it). All but `mallopt` are GNU extensions that
// <sched.h>, <pthread.h> and <unistd.h> declare only under _GNU_SOURCE, which the Glibc
// module is built without, so they are declared here as glibc defines them.
#if defined(__linux__)
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <sys/types.h>

extern int sched_getcpu(void);
extern int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *mask);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t cpusetsize, const cpu_set_t *cpuset);
extern int pthread_setaffinity_np(pthread_t thread, size_t cpusetsize, const cpu_set_t *cpuset);
extern int pthread_getaffinity_np(pthread_t thread, size_t cpusetsize, cpu_set_t *cpuset);
extern pid_t gettid(void);
#endif
#endif
