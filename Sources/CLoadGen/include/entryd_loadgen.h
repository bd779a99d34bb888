#ifndef ENTRYD_LOADGEN_H
#define ENTRYD_LOADGEN_H
/* A load generator for newline-delimited request/reply servers on a Unix socket.
 *
 * It is written in C on plain epoll, single-threaded, and writes pre-built request bytes straight
 * from memory, so that when it runs on its own CPU the server, not the client, is what saturates.
 * Replies must come back one line per request, in request order per connection (entryd's wire
 * contract); that order is what lets a per-connection ring of send times give each reply its
 * latency without parsing anything. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Passed to `on_measure`: the measured window opens (after warm-up) and closes. */
enum { ENTRYD_LOADGEN_MEASURE_START = 0, ENTRYD_LOADGEN_MEASURE_END = 1 };

typedef struct entryd_loadgen_config {
    const char *socket_path;
    unsigned connections;          /* >= 1 */
    unsigned window;               /* requests in flight per connection, >= 1 */
    double seconds;                /* length of the measured window; 0 = until `total` */
    double warmup_seconds;         /* load before measuring, so caches, buffers and CPU clocks settle */
    uint64_t total;                /* 0 = by `seconds`; else send exactly this many measured requests */
    double rate;                   /* requests/s over all connections; 0 = as fast as the window allows */
    /* One request line without its '\n'. Each "%d" becomes a counter unique across connections, so
     * servers that deduplicate by id see distinct ids; each "%c" becomes the connection's index
     * (0, 1, ...), for keys that must stay the same on one connection. Expanded before timing starts. */
    const char *line_template;
    unsigned lines_per_connection; /* distinct lines built per connection, then cycled; 0 = 1024 */
    /* Called exactly when the measured window opens and closes, so a caller can sample server
     * CPU time around precisely the interval the counts cover. May be NULL. */
    void (*on_measure)(void *ctx, int phase);
    void *ctx;
} entryd_loadgen_config;

typedef struct entryd_loadgen_result {
    uint64_t requests;             /* requests sent in the measured window */
    /* Of those, requests whose line had been sent before on its connection (its lines ran out and
     * were cycled): a server that deduplicates by id answers them on a cheaper path, so a run
     * meant to measure distinct ids must see 0 here. */
    uint64_t repeated;
    uint64_t replies;              /* reply lines received in the measured window */
    uint64_t error_replies;        /* of those, lines containing "ok":false */
    uint64_t bytes_sent;
    uint64_t bytes_received;
    double elapsed_seconds;
    double replies_per_second;
    /* Latency of measured replies in microseconds, from the moment the request was queued on the
     * socket. With `rate`, a request sent late because the window was full or the client could not
     * keep up is charged from its scheduled time (less the pacer's own 50 us tick), so a server
     * stall counts against every request it delayed (no coordinated omission). */
    double mean_us, p50_us, p90_us, p99_us, p999_us, max_us;
    char first_reply[160];         /* the first reply line seen, to check the server answered sensibly */
    char error[200];               /* set when the run fails */
} entryd_loadgen_result;

/* Runs one load test. Returns 0 on success; -1 with `out->error` saying what went wrong. */
int entryd_loadgen_run(const entryd_loadgen_config *cfg, entryd_loadgen_result *out);

#ifdef __cplusplus
}
#endif
#endif
