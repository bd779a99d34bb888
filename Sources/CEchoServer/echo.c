#define _GNU_SOURCE
#include "echo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* entryd's frame limit is 64 KiB; a line that does not fit closes the connection, as entryd does. */
#define ECHO_BUF (64u * 1024u)
/* Stop reading once this much output waits, as entryd caps unsent output per connection; resume
 * when it is down to a quarter, so one slow reader cannot grow the server without bound. */
#define ECHO_HIGH_WATER (1024u * 1024u)
#define ECHO_LOW_WATER (ECHO_HIGH_WATER / 4)

static const char ok_line[] = "{\"ok\":true}\n";
#define OK_LEN (sizeof ok_line - 1)

typedef struct echo_conn {
    uv_pipe_t pipe;
    size_t used;   /* bytes of a partial line kept at the front of buf */
    int paused;
    char buf[ECHO_BUF];
} echo_conn;

/* Output the socket would not take at once, copied so the read buffer can be reused. */
typedef struct pending_write {
    uv_write_t req;
    char data[];
} pending_write;

static echo_reply reply_mode;
static echo_stats *stats;
/* One line of at least one byte can become OK_LEN bytes of reply; the loop is single-threaded. */
static char ok_scratch[ECHO_BUF * OK_LEN];

static void on_closed(uv_handle_t *h) { free(h->data); }

static void drop(echo_conn *c) {
    if (!uv_is_closing((uv_handle_t *)&c->pipe)) uv_close((uv_handle_t *)&c->pipe, on_closed);
}

static void on_alloc(uv_handle_t *h, size_t hint, uv_buf_t *buf) {
    (void)hint;
    echo_conn *c = h->data;
    *buf = uv_buf_init(c->buf + c->used, (unsigned)(ECHO_BUF - c->used));
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf);

static void on_written(uv_write_t *req, int status) {
    uv_stream_t *s = req->handle;
    free(req);
    if (status < 0) return; /* cancelled by close: the connection is already going away */
    echo_conn *c = s->data;
    if (c->paused && s->write_queue_size <= ECHO_LOW_WATER) {
        c->paused = 0;
        uv_read_start(s, on_alloc, on_read);
    }
}

/* Tries the write in place first: with a reader keeping up, the socket takes it all and nothing is
 * copied or allocated. Only what is left over is copied into a queued write. */
static void send_bytes(echo_conn *c, const char *p, size_t len) {
    uv_stream_t *s = (uv_stream_t *)&c->pipe;
    uv_buf_t b = uv_buf_init((char *)p, (unsigned)len);
    int n = uv_try_write(s, &b, 1);
    if (n == UV_EAGAIN) n = 0;
    if (n < 0) {
        drop(c);
        return;
    }
    if ((size_t)n == len) return;
    pending_write *w = malloc(sizeof *w + len - (size_t)n);
    if (!w) {
        drop(c);
        return;
    }
    memcpy(w->data, p + n, len - (size_t)n);
    b = uv_buf_init(w->data, (unsigned)(len - (size_t)n));
    if (uv_write(&w->req, s, &b, 1, on_written) != 0) {
        free(w);
        drop(c);
        return;
    }
    if (s->write_queue_size > ECHO_HIGH_WATER) {
        c->paused = 1;
        uv_read_stop(s);
    }
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf) {
    (void)buf;
    echo_conn *c = s->data;
    if (nread < 0) { /* end of stream, error, or UV_ENOBUFS: a line longer than the buffer */
        drop(c);
        return;
    }
    size_t end = c->used + (size_t)nread;
    char *last = memrchr(c->buf + c->used, '\n', (size_t)nread);
    if (!last) {
        c->used = end;
        return;
    }
    size_t done = (size_t)(last - c->buf) + 1;
    size_t lines = 0;
    for (char *p = c->buf; (p = memchr(p, '\n', (size_t)(c->buf + done - p))); p++) lines++;
    stats->lines += lines;
    if (reply_mode == ECHO_LINE) {
        send_bytes(c, c->buf, done);
    } else {
        for (size_t i = 0; i < lines; i++) memcpy(ok_scratch + i * OK_LEN, ok_line, OK_LEN);
        send_bytes(c, ok_scratch, lines * OK_LEN);
    }
    c->used = end - done;
    memmove(c->buf, c->buf + done, c->used);
}

static void on_connection(uv_stream_t *server, int status) {
    if (status < 0) return;
    echo_conn *c = malloc(sizeof *c);
    if (!c) return;
    c->used = 0;
    c->paused = 0;
    uv_pipe_init(server->loop, &c->pipe, 0);
    c->pipe.data = c;
    if (uv_accept(server, (uv_stream_t *)&c->pipe) != 0) {
        drop(c);
        return;
    }
    stats->connections++;
    uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read);
}

int echo_listen(uv_pipe_t *server, echo_reply mode, echo_stats *s) {
    reply_mode = mode;
    stats = s;
    return uv_listen((uv_stream_t *)server, 1024, on_connection);
}
