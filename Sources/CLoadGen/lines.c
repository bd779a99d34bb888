#include "lines.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes one expanded line to `dst` (when not NULL) and returns its length including '\n', so the
 * same code both sizes the buffer and fills it. */
static size_t expand(char *dst, const char *tmpl, uint64_t n, unsigned conn) {
    char num[24], cnum[16];
    int numlen = snprintf(num, sizeof num, "%" PRIu64, n);
    int cnumlen = snprintf(cnum, sizeof cnum, "%u", conn);
    size_t len = 0;
    for (const char *p = tmpl; *p; p++) {
        if (p[0] == '%' && (p[1] == 'd' || p[1] == 'c')) {
            const char *text = p[1] == 'd' ? num : cnum;
            size_t textlen = (size_t)(p[1] == 'd' ? numlen : cnumlen);
            if (dst) memcpy(dst + len, text, textlen);
            len += textlen;
            p++;
        } else {
            if (dst) dst[len] = *p;
            len++;
        }
    }
    if (dst) dst[len] = '\n';
    return len + 1;
}

int lg_lines_build(lg_lines *l, const char *tmpl, uint64_t first, unsigned count, unsigned conn) {
    l->count = count;
    l->off = malloc(((size_t)count + 1) * sizeof *l->off);
    l->buf = NULL;
    if (!l->off) return -1;
    size_t total = 0;
    for (unsigned i = 0; i < count; i++) {
        l->off[i] = total;
        total += expand(NULL, tmpl, first + i, conn);
    }
    l->off[count] = total;
    l->buf = malloc(total);
    if (!l->buf) return -1;
    for (unsigned i = 0; i < count; i++) expand(l->buf + l->off[i], tmpl, first + i, conn);
    return 0;
}

void lg_lines_free(lg_lines *l) {
    free(l->buf);
    free(l->off);
    l->buf = NULL;
    l->off = NULL;
}
