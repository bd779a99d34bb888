#ifndef ENTRYD_ECHO_H
#define ENTRYD_ECHO_H
/* The transport ceiling: what one libuv loop on one core can do with newline-delimited lines on a
 * Unix socket when answering costs nothing. entryd's throughput is read against this number. */
#include <stdint.h>
#include <uv.h>

typedef enum echo_reply {
    ECHO_LINE, /* send each line back: replies as large as requests, straight from the read buffer */
    ECHO_OK    /* answer each line with {"ok":true}: isolates the cost of reading from writing */
} echo_reply;

typedef struct echo_stats {
    uint64_t lines;
    uint64_t connections;
} echo_stats;

/* Accepts connections on `server` and serves them until the loop stops. */
int echo_listen(uv_pipe_t *server, echo_reply mode, echo_stats *stats);

#endif
