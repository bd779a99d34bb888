#define _GNU_SOURCE
#include "run.h"

#include <errno.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

uint64_t lg_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t due_at(const lg_run *r, const lg_conn *c, uint64_t k) {
    return r->t_begin + (uint64_t)(((double)k + c->phase) * r->interval_ns);
}

uint64_t lg_conn_next_due(const lg_run *r, const lg_conn *c) {
    if (r->cfg->rate <= 0 || c->inflight >= r->cfg->window) return UINT64_MAX;
    return due_at(r, c, c->issued);
}

static int set_polling_out(lg_run *r, lg_conn *c, int on) {
    if (c->polling_out == on) return 0;
    struct epoll_event ev = {.events = EPOLLIN | (on ? EPOLLOUT : 0), .data.ptr = c};
    if (epoll_ctl(r->ep, EPOLL_CTL_MOD, c->fd, &ev) != 0) return lg_fail(r, "epoll_ctl", errno);
    c->polling_out = on;
    return 0;
}

/* How many requests may be queued now: the window always limits; in rate mode only those whose
 * scheduled time has come; with a total, only up to it once measuring. Warm-up is not limited by
 * the total, which counts measured requests only. */
static unsigned allowed(const lg_run *r, const lg_conn *c, uint64_t now) {
    const entryd_loadgen_config *cfg = r->cfg;
    if (r->phase == LG_DONE) return 0;
    uint64_t n = cfg->window - c->inflight;
    if (cfg->rate > 0) {
        if (now < due_at(r, c, c->issued)) return 0;
        double periods = (double)(now - r->t_begin) / r->interval_ns - c->phase;
        uint64_t through = (uint64_t)periods + 1;
        /* The integer check above is authoritative: rounding must not make it none due. */
        uint64_t due = through > c->issued ? through - c->issued : 1;
        if (due < n) n = due;
    }
    if (cfg->total > 0 && r->phase == LG_MEASURE) {
        uint64_t left = cfg->total - r->out->requests;
        if (left < n) n = left;
    }
    return (unsigned)n;
}

int lg_conn_fill(lg_run *r, lg_conn *c, uint64_t now) {
    unsigned n = allowed(r, c, now);
    if (n == 0) return 0;
    unsigned w = r->cfg->window;
    for (unsigned i = 0; i < n; i++) {
        uint64_t t0 = now;
        if (r->cfg->rate > 0) {
            uint64_t charged_from = due_at(r, c, c->issued) + LG_PACE_TICK_NS;
            if (charged_from < now) t0 = charged_from;
        }
        c->sent_ns[(c->head + c->inflight) % w] = t0;
        if (r->phase == LG_MEASURE && c->issued >= c->lines.count) r->out->repeated++;
        c->inflight++;
        c->issued++;
        if (c->out_lines == 0) {
            c->out_line = c->next_line;
            c->out_off = 0;
        }
        c->out_lines++;
        c->next_line = (c->next_line + 1) % c->lines.count;
    }
    r->inflight += n;
    if (r->phase == LG_MEASURE) r->out->requests += n;
    return lg_conn_flush(r, c);
}

int lg_conn_flush(lg_run *r, lg_conn *c) {
    const size_t *off = c->lines.off;
    unsigned count = c->lines.count;
    while (c->out_lines > 0) {
        /* Queued lines are consecutive in the buffer except where they wrap to line 0. */
        unsigned end = c->out_line + c->out_lines;
        if (end > count) end = count;
        size_t from = off[c->out_line] + c->out_off;
        ssize_t n = send(c->fd, c->lines.buf + from, off[end] - from, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) return set_polling_out(r, c, 1);
            return lg_fail(r, "write to server", errno);
        }
        if (r->phase == LG_MEASURE) r->out->bytes_sent += (uint64_t)n;
        size_t pos = from + (size_t)n;
        while (c->out_lines > 0 && c->out_line < count && off[c->out_line + 1] <= pos) {
            c->out_line++;
            c->out_lines--;
        }
        if (c->out_line == count) {
            c->out_line = 0; /* the segment up to the buffer's end went out whole */
            c->out_off = 0;
        } else {
            c->out_off = c->out_lines > 0 ? pos - off[c->out_line] : 0;
        }
    }
    return set_polling_out(r, c, 0);
}

static int on_reply(lg_run *r, lg_conn *c, const char *line, size_t len, uint64_t now) {
    if (c->inflight == 0) return lg_fail(r, "server sent a line no request asked for", 0);
    uint64_t t0 = c->sent_ns[c->head];
    c->head = (c->head + 1) % r->cfg->window;
    c->inflight--;
    r->inflight--;
    entryd_loadgen_result *out = r->out;
    if (out->first_reply[0] == '\0') {
        size_t n = len < sizeof out->first_reply - 1 ? len : sizeof out->first_reply - 1;
        memcpy(out->first_reply, line, n);
        out->first_reply[n] = '\0';
    }
    if (r->phase != LG_MEASURE) return 0;
    lg_hist_record(&r->hist, now > t0 ? now - t0 : 0);
    out->replies++;
    if (memmem(line, len, "\"ok\":false", 10)) out->error_replies++;
    return 0;
}

int lg_conn_read(lg_run *r, lg_conn *c) {
    ssize_t n = read(c->fd, c->in + c->in_len, LG_IN_CAP - c->in_len);
    if (n == 0) return lg_fail(r, "server closed the connection", 0);
    if (n < 0) {
        if (errno == EAGAIN || errno == EINTR) return 0;
        return lg_fail(r, "read from server", errno);
    }
    uint64_t now = lg_now_ns();
    r->last_reply = now;
    if (r->phase == LG_MEASURE) r->out->bytes_received += (uint64_t)n;
    char *p = c->in, *end = c->in + c->in_len + (size_t)n;
    char *nl;
    while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
        if (on_reply(r, c, p, (size_t)(nl - p), now) != 0) return -1;
        p = nl + 1;
    }
    c->in_len = (size_t)(end - p);
    if (c->in_len == LG_IN_CAP) return lg_fail(r, "reply line longer than 128 KiB", 0);
    memmove(c->in, p, c->in_len);
    return 0;
}
