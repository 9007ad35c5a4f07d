/* compat.h — private to the kit's files: the POSIX calls the kit uses that Windows (mingw-w64)
 * spells differently or lacks, in one spelling for both. On POSIX systems every name here is
 * the system's own call.
 *   O_CLOEXEC              Windows: O_NOINHERIT (a child process does not inherit it)
 *   getc_unlocked          Windows: _getc_nolock
 *   kit_rename_over(a, b)  rename(a, b), replacing b: Windows' rename refuses an existing b
 *   kit_usual_mode(fd)     gives a file made by mkstemp (0600) the mode of any new file (0666
 *                          less the umask); nothing on Windows, which has no such modes
 *   kit_binary_stdio()     Windows: stdin, stdout, stderr and every file opened later without
 *                          "b" in binary mode (no "\n" -> "\r\n"), so that tables, replays and
 *                          recordings are the same bytes on every system; nothing elsewhere */
#ifndef KIT_COMPAT_H
#define KIT_COMPAT_H

#include <stdio.h>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC O_NOINHERIT
#endif
#define getc_unlocked _getc_nolock

static inline int kit_rename_over(const char *from, const char *to) {
    return MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING) ? 0 : rename(from, to);
}

static inline int kit_usual_mode(int fd) {
    (void)fd;
    return 0;
}

static inline void kit_binary_stdio(void) {
    _fmode = _O_BINARY;
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
}
#else
#include <sys/stat.h>
#include <sys/types.h>

#define kit_rename_over rename

#ifdef _POSIX_C_SOURCE /* for the files that ask for POSIX's declarations (fchmod) */
static inline int kit_usual_mode(int fd) {
    mode_t mask = umask(0);
    umask(mask);
    return fchmod(fd, 0666 & ~mask);
}
#endif

static inline void kit_binary_stdio(void) {}
#endif

#endif
