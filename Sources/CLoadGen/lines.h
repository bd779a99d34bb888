#ifndef ENTRYD_LOADGEN_LINES_H
#define ENTRYD_LOADGEN_LINES_H
/* A connection's request lines, built once before timing, back to back in one buffer so that any
 * run of consecutive requests goes out with a single write() straight from it. */
#include <stddef.h>
#include <stdint.h>

typedef struct lg_lines {
    char *buf;
    size_t *off;    /* off[i] is where line i starts; off[count] is the end of the last line */
    unsigned count;
} lg_lines;

/* Expands `tmpl` `count` times, "%d" becoming first, first+1, ... and "%c" the connection's index
 * `conn`; each line gets its '\n'. Returns 0, or -1 when out of memory. */
int lg_lines_build(lg_lines *l, const char *tmpl, uint64_t first, unsigned count, unsigned conn);
void lg_lines_free(lg_lines *l);

#endif
