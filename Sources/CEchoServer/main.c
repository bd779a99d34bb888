/* CEchoServer: a minimal newline-delimited echo server on a Unix socket, the yardstick for entryd.
 *
 *   CEchoServer [--reply line|ok] SOCKET_PATH
 *
 * On SIGTERM or SIGINT it prints its own CPU time and peak memory as one JSON line on stderr and
 * exits, so a benchmark can also read the server's cost without /proc. */
#include "echo.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *socket_path;
static echo_stats stats;

static double seconds(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }

static void on_signal(uv_signal_t *sig, int signum) {
    (void)signum;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr,
            "{\"user_s\":%.3f,\"sys_s\":%.3f,\"max_rss_kib\":%ld,\"lines\":%llu,\"connections\":%llu}\n",
            seconds(ru.ru_utime), seconds(ru.ru_stime), ru.ru_maxrss,
            (unsigned long long)stats.lines, (unsigned long long)stats.connections);
    uv_stop(sig->loop);
}

static int usage(void) {
    fprintf(stderr, "usage: CEchoServer [--reply line|ok] SOCKET_PATH\n");
    return 2;
}

int main(int argc, char **argv) {
    echo_reply mode = ECHO_LINE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reply") == 0 && i + 1 < argc) {
            const char *m = argv[++i];
            if (strcmp(m, "line") == 0) mode = ECHO_LINE;
            else if (strcmp(m, "ok") == 0) mode = ECHO_OK;
            else return usage();
        } else if (argv[i][0] == '-' || socket_path) {
            return usage();
        } else {
            socket_path = argv[i];
        }
    }
    if (!socket_path) return usage();
    /* libuv 1.44 silently truncates a longer path and would listen somewhere else. */
    if (strlen(socket_path) > 107) {
        fprintf(stderr, "CEchoServer: socket path longer than 107 bytes: %s\n", socket_path);
        return 2;
    }

    /* A stale socket from an earlier run would make bind fail; remove only a socket, never a file. */
    struct stat st;
    if (lstat(socket_path, &st) == 0 && S_ISSOCK(st.st_mode)) unlink(socket_path);

    /* A client that hangs up with replies unsent must cost one connection, not the process. */
    signal(SIGPIPE, SIG_IGN);
    /* The mask is inherited: a parent that blocks signals in its threads (Foundation's Process
     * does) would otherwise leave SIGTERM pending forever and the server unstoppable. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGINT);
    sigprocmask(SIG_UNBLOCK, &stop_signals, NULL);

    uv_loop_t *loop = uv_default_loop();
    uv_pipe_t server;
    uv_signal_t term, intr;
    uv_pipe_init(loop, &server, 0);
    int rc = uv_pipe_bind(&server, socket_path);
    if (rc == 0) rc = echo_listen(&server, mode, &stats);
    if (rc != 0) {
        fprintf(stderr, "CEchoServer: cannot listen on %s: %s\n", socket_path, uv_strerror(rc));
        return 1;
    }
    uv_signal_init(loop, &term);
    uv_signal_start(&term, on_signal, SIGTERM);
    uv_signal_init(loop, &intr);
    uv_signal_start(&intr, on_signal, SIGINT);
    fprintf(stderr, "CEchoServer: listening on %s\n", socket_path);
    uv_run(loop, UV_RUN_DEFAULT);
    /* Exit without closing every connection: the process ends here and the kernel reclaims them. */
    unlink(socket_path);
    return 0;
}
