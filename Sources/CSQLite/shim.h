#ifndef ENTRYD_CSQLITE_SHIM_H
#define ENTRYD_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <malloc.h>

/* Loading a full store builds and drops tens of MiB of records; glibc keeps their freed pages in
   the process unless asked to give them back. */
static inline void entryd_release_free_heap(void) {
    malloc_trim(0);
}

/* The library counts every allocation in process-wide statistics guarded by a global mutex
   (memory-status), taken on each malloc and free even for a connection opened NOMUTEX; a busy store
   makes several allocations per row. Nothing in entryd reads those statistics. sqlite3_config is
   variadic, so Swift cannot call it; it must run before the library is initialized (the first open)
   and is refused, harmlessly, after that. */
static inline int entryd_sqlite_disable_memory_status(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
