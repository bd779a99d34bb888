/* CLoadGenCLI: runs one load test against a newline-JSON server and prints one JSON line.
 *
 *   CLoadGenCLI --socket PATH [--conns N] [--window W] [--seconds S] [--warmup S] [--total N]
 *               [--rate R] [--line TEMPLATE] [--lines-per-conn N] [--server-pid PID]
 *
 * With --server-pid it also reports the server's CPU time over exactly the measured window (from
 * /proc) and its peak RSS, which is what "CPU per request" needs. Its own CPU use is reported too:
 * a client near 100 % means the number measures the client, not the server. */
#include "entryd_loadgen.h"
#include "proc_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* An `open` request padded to 200 bytes with its newline (for a five-digit req), shaped like what
 * entryd will be sent so the same line serves the echo ceiling and the daemon. */
static const char default_line[] =
    "{\"op\":\"open\",\"req\":%d,\"url\":\"materunner://records/detail?id=%d&from=bench"
    "&pad=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
    "0123456789abcdef0123456789\"}";

typedef struct sampler {
    pid_t server;
    int server_ok;
    proc_cpu server_cpu[2];
    struct rusage self[2];
} sampler;

static void on_measure(void *ctx, int phase) {
    sampler *s = ctx;
    if (s->server > 0 && proc_read_cpu(s->server, &s->server_cpu[phase]) != 0) s->server_ok = 0;
    getrusage(RUSAGE_SELF, &s->self[phase]);
}

static double tv_s(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }

static double cpu_s(const struct rusage *r) { return tv_s(r->ru_utime) + tv_s(r->ru_stime); }

/* Reply text is arbitrary bytes: keep it printable and valid inside a JSON string. */
static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') printf("\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f) printf("\\u%04x", ch);
        else putchar(ch);
    }
    putchar('"');
}

static int usage(const char *why) {
    fprintf(stderr, "CLoadGenCLI: %s\nusage: CLoadGenCLI --socket PATH [--conns N] [--window W] "
                    "[--seconds S] [--warmup S] [--total N] [--rate R] [--line TEMPLATE] "
                    "[--lines-per-conn N] [--server-pid PID]\n", why);
    return 2;
}

static void print_result(const entryd_loadgen_config *cfg, const entryd_loadgen_result *r,
                         const sampler *s) {
    double client = cpu_s(&s->self[1]) - cpu_s(&s->self[0]);
    printf("{\"conns\":%u,\"window\":%u,\"rate\":%.0f,\"elapsed_s\":%.3f,\"requests\":%llu,"
           "\"repeated\":%llu,\"replies\":%llu,\"error_replies\":%llu,\"replies_per_s\":%.0f,\"req_bytes\":%.1f,"
           "\"mean_us\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f,\"p999_us\":%.1f,"
           "\"max_us\":%.1f,\"client_cpu\":%.3f,\"client_cpu_us_per_req\":%.3f",
           cfg->connections, cfg->window, cfg->rate, r->elapsed_seconds,
           (unsigned long long)r->requests, (unsigned long long)r->repeated, (unsigned long long)r->replies,
           (unsigned long long)r->error_replies, r->replies_per_second,
           r->requests ? (double)r->bytes_sent / (double)r->requests : 0.0, r->mean_us, r->p50_us,
           r->p90_us, r->p99_us, r->p999_us, r->max_us, client / r->elapsed_seconds,
           r->replies ? client * 1e6 / (double)r->replies : 0.0);
    if (s->server > 0 && s->server_ok) {
        double user = s->server_cpu[1].user_s - s->server_cpu[0].user_s;
        double sys = s->server_cpu[1].sys_s - s->server_cpu[0].sys_s;
        printf(",\"server_user_s\":%.2f,\"server_sys_s\":%.2f,\"server_cpu\":%.3f,"
               "\"server_cpu_us_per_req\":%.3f,\"server_peak_rss_kib\":%ld",
               user, sys, (user + sys) / r->elapsed_seconds,
               r->replies ? (user + sys) * 1e6 / (double)r->replies : 0.0,
               proc_read_peak_rss_kib(s->server));
    }
    printf(",\"first_reply\":");
    print_json_string(r->first_reply);
    printf("}\n");
}

int main(int argc, char **argv) {
    entryd_loadgen_config cfg = {
        .connections = 1, .window = 16, .seconds = 5, .warmup_seconds = 1, .line_template = default_line,
    };
    sampler s = {.server_ok = 1};
    int seconds_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) return usage(a);
        i++;
        if (strcmp(a, "--socket") == 0) cfg.socket_path = v;
        else if (strcmp(a, "--conns") == 0) cfg.connections = (unsigned)strtoul(v, NULL, 10);
        else if (strcmp(a, "--window") == 0) cfg.window = (unsigned)strtoul(v, NULL, 10);
        else if (strcmp(a, "--seconds") == 0) {
            cfg.seconds = strtod(v, NULL);
            seconds_given = 1;
        }
        else if (strcmp(a, "--warmup") == 0) cfg.warmup_seconds = strtod(v, NULL);
        else if (strcmp(a, "--total") == 0) cfg.total = strtoull(v, NULL, 10);
        else if (strcmp(a, "--rate") == 0) cfg.rate = strtod(v, NULL);
        else if (strcmp(a, "--line") == 0) cfg.line_template = v;
        else if (strcmp(a, "--lines-per-conn") == 0) cfg.lines_per_connection = (unsigned)strtoul(v, NULL, 10);
        else if (strcmp(a, "--server-pid") == 0) s.server = (pid_t)strtol(v, NULL, 10);
        else return usage(a);
    }
    if (!cfg.socket_path) return usage("--socket is required");
    /* A total alone means "send exactly that many"; the default duration would cut it short. */
    if (cfg.total > 0 && !seconds_given) cfg.seconds = 0;
    if (s.server > 0 && proc_read_cpu(s.server, &s.server_cpu[0]) != 0)
        return usage("--server-pid names no readable process");
    cfg.on_measure = on_measure;
    cfg.ctx = &s;
    entryd_loadgen_result r;
    if (entryd_loadgen_run(&cfg, &r) != 0) {
        printf("{\"error\":");
        print_json_string(r.error);
        printf("}\n");
        return 1;
    }
    print_result(&cfg, &r, &s);
    return 0;
}
