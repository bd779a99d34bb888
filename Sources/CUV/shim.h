#ifndef ENTRYD_CUV_SHIM_H
#define ENTRYD_CUV_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <uv.h>
#include <sys/socket.h>
#include <sys/types.h>

/* struct ucred is hidden by Glibc without _GNU_SOURCE, so Swift cannot read SO_PEERCRED itself.
   Returns 0 and stores the peer's uid, or -errno. */
static inline int entryd_peer_uid(int fd, uid_t *uid) {
    struct ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid;
    return 0;
}
#endif
