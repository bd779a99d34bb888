#ifndef ENTRYD_PROC_STATS_H
#define ENTRYD_PROC_STATS_H
/* Another process's CPU time and peak memory, read from /proc, so a benchmark can charge the server
 * (not the load generator) for the work each request costs. Linux only. */
#include <sys/types.h>

typedef struct proc_cpu {
    double user_s;
    double sys_s;
} proc_cpu;

/* CPU time of all threads of `pid` so far; 0, or -1 when the process cannot be read. */
int proc_read_cpu(pid_t pid, proc_cpu *out);
/* Peak resident set (VmHWM) in KiB, or -1. */
long proc_read_peak_rss_kib(pid_t pid);

#endif
