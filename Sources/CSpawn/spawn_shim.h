#ifndef ENTRYD_SPAWN_SHIM_H
#define ENTRYD_SPAWN_SHIM_H
#include <spawn.h>

#if defined(__GLIBC__)
/* Glibc (2.34 and later) declares posix_spawn_file_actions_addclosefrom_np only under _GNU_SOURCE,
   and defining that here would make this module's view of the system headers differ from Swift's
   Glibc module (both are imported together); the function itself is always there. A child started
   with this action keeps only the descriptors the other actions gave it. Darwin gets the same from
   POSIX_SPAWN_CLOEXEC_DEFAULT, so nothing is declared there. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int entryd_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
#endif
