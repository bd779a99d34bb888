#ifndef ENTRYD_CUV_SHIM_H
#define ENTRYD_CUV_SHIM_H
#include <uv.h>
#include <sys/socket.h>
#include <sys/types.h>

/* Glibc declares struct ucred only under _GNU_SOURCE, and defining that here would make this
   module's view of the system headers differ from Swift's Glibc module (both are imported
   together). The kernel's layout is fixed, so the shim declares it itself.
   Returns 0 and stores the peer's uid, or -1 with errno set. */
struct entryd_ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

static inline int entryd_peer_uid(int fd, uid_t *uid) {
    struct entryd_ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid;
    return 0;
}

#endif
