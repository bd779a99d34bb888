#ifndef ENTRYD_MEMORY_HINT_H
#define ENTRYD_MEMORY_HINT_H

/* Asks the CPU to start loading the cache line at `address` for a read soon. A hint only: it never
   faults, whatever the address, and changes no value, so code behaves the same with or without it.
   Swift has no spelling for it; a load of the word instead would hold up the instructions after it
   until the line arrived, which is the wait the hint is there to overlap. */
static inline void entryd_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
