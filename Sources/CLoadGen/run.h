#ifndef ENTRYD_LOADGEN_RUN_H
#define ENTRYD_LOADGEN_RUN_H
/* State shared by the event loop (run.c) and the per-connection I/O (conn.c). */
#include "entryd_loadgen.h"
#include "histogram.h"
#include "lines.h"

/* One reply line may be as long as entryd's frame limit (64 KiB); twice that keeps a read large. */
#define LG_IN_CAP (128u * 1024u)

/* Rate mode wakes at most this often and sends everything due since, so paced load costs a few
 * requests per wake-up rather than a timer interrupt (a VM exit here) per request. Up to this much
 * lateness is the pacer's own and is not charged to the server; beyond it, it is. */
#define LG_PACE_TICK_NS 50000u

enum lg_phase { LG_WARMUP, LG_MEASURE, LG_DONE };

/* Replies arrive in request order, so the send time of the oldest in-flight request is always the
 * one a reply line answers: a ring of `window` timestamps is all the bookkeeping latency needs. */
typedef struct lg_conn {
    int fd;
    int polling_out;       /* EPOLLOUT is registered because the socket buffer was full */
    lg_lines lines;
    unsigned next_line;    /* the next line to queue */
    unsigned out_line;     /* first queued line not fully written ... */
    unsigned out_lines;    /* ... how many queued lines are not fully written ... */
    size_t out_off;        /* ... and how many bytes of the first one already went out */
    uint64_t *sent_ns;     /* ring of send times of in-flight requests, oldest at `head` */
    unsigned head;
    unsigned inflight;
    uint64_t issued;       /* requests queued on this connection since the start (rate schedule) */
    double phase;          /* rate mode: this connection's offset in the schedule, in periods */
    char *in;              /* a partial reply line carried over between reads */
    size_t in_len;
} lg_conn;

typedef struct lg_run {
    const entryd_loadgen_config *cfg;
    entryd_loadgen_result *out;
    lg_conn *conns;
    unsigned n;
    int ep;
    enum lg_phase phase;
    uint64_t t_begin;      /* load started (rate schedule origin) */
    uint64_t t_measure;    /* measured window opened */
    uint64_t last_reply;   /* for detecting a stalled server */
    uint64_t last_wake;    /* rate mode: when the loop last woke, for the pacing tick */
    double interval_ns;    /* rate mode: time between two requests on one connection */
    uint64_t inflight;     /* over all connections */
    int failed;
    lg_hist hist;
} lg_run;

uint64_t lg_now_ns(void);
/* Queues as many requests as the window, the rate schedule and the total allow, and writes them. */
int lg_conn_fill(lg_run *r, lg_conn *c, uint64_t now);
/* Writes queued bytes until done or the socket buffer is full. */
int lg_conn_flush(lg_run *r, lg_conn *c);
/* Reads what is there and accounts every complete reply line. */
int lg_conn_read(lg_run *r, lg_conn *c);
/* Earliest time the rate schedule wants this connection's next request, or UINT64_MAX. */
uint64_t lg_conn_next_due(const lg_run *r, const lg_conn *c);
/* Records the failure (first one wins) and returns -1. */
int lg_fail(lg_run *r, const char *what, int err);

#endif
