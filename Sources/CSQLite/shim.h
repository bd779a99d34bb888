#ifndef ENTRYD_CSQLITE_SHIM_H
#define ENTRYD_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <malloc.h>

/* Loading a full store builds and drops tens of MiB of records; glibc keeps their freed pages in
   the process unless asked to give them back. */
static inline void entryd_release_free_heap(void) {
    malloc_trim(0);
}

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it. */
static inline sqlite3_destructor_type entryd_sqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}
#endif
