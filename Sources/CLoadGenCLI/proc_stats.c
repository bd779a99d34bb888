#include "proc_stats.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int proc_read_cpu(pid_t pid, proc_cpu *out) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* The command name (field 2) may contain spaces and parentheses: count fields from the last ')'. */
    char *p = strrchr(buf, ')');
    unsigned long utime, stime;
    if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        return -1;
    double hz = (double)sysconf(_SC_CLK_TCK);
    out->user_s = (double)utime / hz;
    out->sys_s = (double)stime / hz;
    return 0;
}

long proc_read_peak_rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kib = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}
