#ifndef ENTRYD_LOADGEN_HISTOGRAM_H
#define ENTRYD_LOADGEN_HISTOGRAM_H
/* Log-linear latency histogram in nanoseconds: exact below 128 ns, then 64 buckets per power of two
 * (under 1.6 % relative error). Recording is a few instructions and memory is fixed (~30 KiB), so
 * millions of samples per second cost the load generator nothing noticeable, unlike a sample array. */
#include <stdint.h>

#define LG_HIST_SUB_BITS 6
#define LG_HIST_BUCKETS ((65 - LG_HIST_SUB_BITS) << LG_HIST_SUB_BITS)

typedef struct lg_hist {
    uint64_t counts[LG_HIST_BUCKETS];
    uint64_t total;
    uint64_t max;
    double sum;
} lg_hist;

void lg_hist_reset(lg_hist *h);
void lg_hist_record(lg_hist *h, uint64_t ns);
/* Value at quantile q in [0, 1], as the middle of its bucket; 0 when empty. */
uint64_t lg_hist_quantile(const lg_hist *h, double q);

#endif
