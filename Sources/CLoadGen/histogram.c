#include "histogram.h"

#include <string.h>

#define HALF (1u << LG_HIST_SUB_BITS)

/* Keeps the top SUB_BITS+1 significant bits: the leading one selects the power of two (via the
 * shift), the next SUB_BITS select one of HALF linear steps inside it. */
static unsigned bucket_of(uint64_t v) {
    if (v < 2 * HALF) return (unsigned)v;
    unsigned shift = (unsigned)(63 - __builtin_clzll(v)) - LG_HIST_SUB_BITS;
    return (shift << LG_HIST_SUB_BITS) + (unsigned)(v >> shift);
}

static uint64_t bucket_low(unsigned b) {
    if (b < 2 * HALF) return b;
    unsigned shift = (b >> LG_HIST_SUB_BITS) - 1;
    return (uint64_t)(b - (shift << LG_HIST_SUB_BITS)) << shift;
}

void lg_hist_reset(lg_hist *h) { memset(h, 0, sizeof *h); }

void lg_hist_record(lg_hist *h, uint64_t ns) {
    h->counts[bucket_of(ns)]++;
    h->total++;
    h->sum += (double)ns;
    if (ns > h->max) h->max = ns;
}

uint64_t lg_hist_quantile(const lg_hist *h, double q) {
    if (h->total == 0) return 0;
    uint64_t rank = (uint64_t)(q * (double)h->total);
    if (rank >= h->total) rank = h->total - 1;
    uint64_t seen = 0;
    for (unsigned b = 0; b < LG_HIST_BUCKETS; b++) {
        seen += h->counts[b];
        if (seen > rank) {
            uint64_t lo = bucket_low(b), hi = b + 1 < LG_HIST_BUCKETS ? bucket_low(b + 1) : lo;
            uint64_t mid = lo + (hi - lo) / 2;
            return mid > h->max ? h->max : mid;
        }
    }
    return h->max;
}
