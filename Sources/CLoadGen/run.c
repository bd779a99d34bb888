#define _GNU_SOURCE
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* A server that answers nothing for this long with requests outstanding is reported, not waited on. */
#define LG_STALL_NS (10ull * 1000000000ull)
#define LG_EVENTS 64

int lg_fail(lg_run *r, const char *what, int err) {
    if (!r->failed) {
        r->failed = 1;
        if (err) snprintf(r->out->error, sizeof r->out->error, "%s: %s", what, strerror(err));
        else snprintf(r->out->error, sizeof r->out->error, "%s", what);
    }
    return -1;
}

static const char *invalid(const entryd_loadgen_config *cfg) {
    struct sockaddr_un sa;
    if (!cfg->socket_path || strlen(cfg->socket_path) >= sizeof sa.sun_path)
        return "socket path is missing or longer than 107 bytes";
    if (cfg->connections < 1 || cfg->window < 1) return "connections and window must be at least 1";
    if (cfg->seconds <= 0 && cfg->total == 0) return "give seconds or total, or the run never ends";
    if (cfg->seconds < 0 || cfg->warmup_seconds < 0 || cfg->rate < 0) return "seconds, warm-up and rate cannot be negative";
    if (!cfg->line_template || strchr(cfg->line_template, '\n'))
        return "the line template is missing or contains a newline";
    return NULL;
}

static int open_conn(lg_run *r, lg_conn *c, unsigned i) {
    const entryd_loadgen_config *cfg = r->cfg;
    unsigned per = cfg->lines_per_connection ? cfg->lines_per_connection : 1024;
    c->fd = -1;
    c->phase = (double)i / r->n; /* spreads the connections' scheduled sends evenly over a period */
    c->sent_ns = calloc(cfg->window, sizeof *c->sent_ns);
    c->in = malloc(LG_IN_CAP);
    if (!c->sent_ns || !c->in || lg_lines_build(&c->lines, cfg->line_template, (uint64_t)i * per, per, i) != 0)
        return lg_fail(r, "out of memory building request lines", 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strcpy(sa.sun_path, cfg->socket_path);
    c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c->fd < 0) return lg_fail(r, "socket", errno);
    /* Connect blocking: on a Unix socket it completes at once or fails, no handshake to overlap. */
    if (connect(c->fd, (struct sockaddr *)&sa, sizeof sa) != 0) return lg_fail(r, cfg->socket_path, errno);
    if (fcntl(c->fd, F_SETFL, O_NONBLOCK) != 0) return lg_fail(r, "fcntl", errno);
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    if (epoll_ctl(r->ep, EPOLL_CTL_ADD, c->fd, &ev) != 0) return lg_fail(r, "epoll_ctl", errno);
    return 0;
}

static void close_conns(lg_run *r) {
    for (unsigned i = 0; i < r->n; i++) {
        lg_conn *c = &r->conns[i];
        if (c->fd >= 0) close(c->fd);
        lg_lines_free(&c->lines);
        free(c->sent_ns);
        free(c->in);
    }
    free(r->conns);
}

static void start_measure(lg_run *r, uint64_t now) {
    entryd_loadgen_result *out = r->out;
    lg_hist_reset(&r->hist);
    out->requests = out->replies = out->error_replies = 0;
    out->bytes_sent = out->bytes_received = 0;
    r->phase = LG_MEASURE;
    r->t_measure = now;
    if (r->cfg->on_measure) r->cfg->on_measure(r->cfg->ctx, ENTRYD_LOADGEN_MEASURE_START);
}

static void end_measure(lg_run *r, uint64_t now) {
    /* Sample first, so the caller's view of server CPU closes as near the last reply as possible. */
    if (r->cfg->on_measure) r->cfg->on_measure(r->cfg->ctx, ENTRYD_LOADGEN_MEASURE_END);
    entryd_loadgen_result *out = r->out;
    const lg_hist *h = &r->hist;
    r->phase = LG_DONE;
    out->elapsed_seconds = (double)(now - r->t_measure) / 1e9;
    out->replies_per_second = out->elapsed_seconds > 0 ? (double)out->replies / out->elapsed_seconds : 0;
    out->mean_us = h->total ? h->sum / (double)h->total / 1e3 : 0;
    out->p50_us = (double)lg_hist_quantile(h, 0.50) / 1e3;
    out->p90_us = (double)lg_hist_quantile(h, 0.90) / 1e3;
    out->p99_us = (double)lg_hist_quantile(h, 0.99) / 1e3;
    out->p999_us = (double)lg_hist_quantile(h, 0.999) / 1e3;
    out->max_us = (double)h->max / 1e3;
}

static void advance_phase(lg_run *r, uint64_t now) {
    const entryd_loadgen_config *cfg = r->cfg;
    if (r->phase == LG_WARMUP && now >= r->t_begin + (uint64_t)(cfg->warmup_seconds * 1e9))
        start_measure(r, now);
    if (r->phase != LG_MEASURE) return;
    int timed_out = cfg->seconds > 0 && now >= r->t_measure + (uint64_t)(cfg->seconds * 1e9);
    int all_answered = cfg->total > 0 && r->out->requests == cfg->total && r->inflight == 0;
    if (timed_out || all_answered) end_measure(r, now);
}

/* The next moment the loop must wake without I/O: a phase boundary, a scheduled send, or the stall
 * limit. UINT64_MAX when only I/O can move things on. */
static uint64_t next_wake(const lg_run *r) {
    const entryd_loadgen_config *cfg = r->cfg;
    uint64_t wake = UINT64_MAX;
    if (r->phase == LG_WARMUP) wake = r->t_begin + (uint64_t)(cfg->warmup_seconds * 1e9);
    else if (cfg->seconds > 0) wake = r->t_measure + (uint64_t)(cfg->seconds * 1e9);
    if (r->inflight > 0 && r->last_reply + LG_STALL_NS < wake) wake = r->last_reply + LG_STALL_NS;
    for (unsigned i = 0; cfg->rate > 0 && i < r->n; i++) {
        uint64_t due = lg_conn_next_due(r, &r->conns[i]), earliest = r->last_wake + LG_PACE_TICK_NS;
        if (due != UINT64_MAX && due < earliest) due = earliest;
        if (due < wake) wake = due;
    }
    return wake;
}

static void loop(lg_run *r) {
    struct epoll_event evs[LG_EVENTS];
    while (r->phase != LG_DONE && !r->failed) {
        uint64_t now = lg_now_ns(), wake = next_wake(r);
        struct timespec ts, *tsp = NULL;
        if (wake != UINT64_MAX) {
            uint64_t d = wake > now ? wake - now : 0;
            ts.tv_sec = (time_t)(d / 1000000000u);
            ts.tv_nsec = (long)(d % 1000000000u);
            tsp = &ts;
        }
        int n = epoll_pwait2(r->ep, evs, LG_EVENTS, tsp, NULL);
        if (n < 0 && errno != EINTR) {
            lg_fail(r, "epoll_pwait2", errno);
            return;
        }
        for (int i = 0; i < n && !r->failed; i++) {
            lg_conn *c = evs[i].data.ptr;
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) lg_conn_read(r, c);
            if (!r->failed && (evs[i].events & EPOLLOUT)) lg_conn_flush(r, c);
        }
        now = lg_now_ns();
        r->last_wake = now;
        advance_phase(r, now);
        if (r->inflight > 0 && now > r->last_reply + LG_STALL_NS) {
            lg_fail(r, "the server sent no reply for 10 s with requests outstanding", 0);
            return;
        }
        /* Without a rate only connections that just got replies have room; with one, any may be due. */
        if (r->cfg->rate > 0)
            for (unsigned i = 0; i < r->n && !r->failed; i++) lg_conn_fill(r, &r->conns[i], now);
        else
            for (int i = 0; i < n && !r->failed; i++) lg_conn_fill(r, evs[i].data.ptr, now);
    }
}

int entryd_loadgen_run(const entryd_loadgen_config *cfg, entryd_loadgen_result *out) {
    memset(out, 0, sizeof *out);
    const char *why = invalid(cfg);
    if (why) {
        snprintf(out->error, sizeof out->error, "%s", why);
        return -1;
    }
    lg_run r = {.cfg = cfg, .out = out, .n = cfg->connections, .phase = LG_WARMUP};
    r.interval_ns = cfg->rate > 0 ? 1e9 * cfg->connections / cfg->rate : 0;
    r.conns = calloc(r.n, sizeof *r.conns);
    r.ep = epoll_create1(EPOLL_CLOEXEC);
    if (!r.conns || r.ep < 0) {
        snprintf(out->error, sizeof out->error, "cannot set up: %s", strerror(errno));
        free(r.conns);
        if (r.ep >= 0) close(r.ep);
        return -1;
    }
    for (unsigned i = 0; i < r.n; i++) r.conns[i].fd = -1;
    for (unsigned i = 0; i < r.n && !r.failed; i++) open_conn(&r, &r.conns[i], i);
    /* The default 50 us timer slack would delay every scheduled send; ask for exact wake-ups. */
    int slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
    if (cfg->rate > 0) prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    if (!r.failed) {
        r.t_begin = r.last_reply = lg_now_ns();
        advance_phase(&r, r.t_begin);
        for (unsigned i = 0; i < r.n && !r.failed; i++) lg_conn_fill(&r, &r.conns[i], r.t_begin);
        loop(&r);
    }
    if (cfg->rate > 0 && slack > 0) prctl(PR_SET_TIMERSLACK, (unsigned long)slack, 0, 0, 0);
    close_conns(&r);
    close(r.ep);
    return r.failed ? -1 : 0;
}
