#ifndef SITEGEN_CLINUX_SHIM_H
#define SITEGEN_CLINUX_SHIM_H
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/inotify.h>
#include <linux/fs.h>
#include <malloc.h>
#include <sys/mman.h>

/// Atomically swaps two paths (files or directories) with renameat2(RENAME_EXCHANGE).
/// glibc's wrapper is not visible to Swift, so the system call is made directly.
static inline int sitegen_rename_exchange(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

/// Reads directory entries into `buffer` as `struct linux_dirent64` records; returns the bytes read,
/// 0 at the end, -1 on error. glibc's `getdents64` is not visible to Swift either.
static inline long sitegen_getdents64(int descriptor, void *buffer, unsigned long size) {
    return syscall(SYS_getdents64, descriptor, buffer, size);
}

/// Accepts a connection on `socket` already marked close-on-exec, in one step: marked a moment later, it could
/// leak into a process another thread starts, which would hold the connection open. glibc's `accept4` is not
/// visible to Swift, and `<sys/socket.h>` here would move Glibc's socket types into this module; Linux's
/// SOCK_CLOEXEC is O_CLOEXEC.
static inline int sitegen_accept_closing_on_exec(int socket) {
    return (int)syscall(SYS_accept4, socket, NULL, NULL, O_CLOEXEC);
}
#endif
