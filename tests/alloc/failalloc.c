/* failalloc.c — an LD_PRELOAD library that makes the N-th allocation of a program fail, for
 * testing that the dmap tools survive running out of memory (tests/alloc/cli.sh).
 *
 *   DMAP_FAIL_ALLOC=N          malloc, calloc and realloc return NULL on their N-th call of a
 *                              nonzero size (counted from the program's start; 0: never)
 *   DMAP_COUNT_ALLOC=FILE      at exit, write the number of such calls to FILE (not counting
 *                              the ones that write it)
 *
 * Standard output is made unbuffered as the program starts: the C library allocates its buffer
 * at the first write and, when that fails, writes unbuffered without telling anyone, so that
 * allocation would be a failure point no program can report (the tests want every failure
 * reported). Whole-file readers read unbuffered for the same reason (src/readfile.c).
 * It forwards to glibc's __libc_malloc, __libc_calloc and __libc_realloc, so it needs no
 * dlsym (which itself allocates). Not for sanitizer builds: their runtimes replace malloc. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

static long calls;
static long fail_at = -1; /* -1: not read yet */

static long read_fail_at(void) {
    const char *s = getenv("DMAP_FAIL_ALLOC");
    return s ? strtol(s, NULL, 10) : 0;
}

static int fail_now(size_t n) {
    if (n == 0) return 0;
    if (fail_at < 0) fail_at = read_fail_at();
    if (++calls != fail_at) return 0;
    errno = ENOMEM; /* as glibc's malloc does: its own callers (pthread_create) assert it */
    return 1;
}

void *malloc(size_t n) { return fail_now(n) ? NULL : __libc_malloc(n); }
void *calloc(size_t n, size_t size) { return fail_now(n * size) ? NULL : __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { return fail_now(n) ? NULL : __libc_realloc(p, n); }

__attribute__((constructor)) static void unbuffer_stdout(void) { setvbuf(stdout, NULL, _IONBF, 0); }

__attribute__((destructor)) static void report_count(void) {
    const char *path = getenv("DMAP_COUNT_ALLOC");
    if (!path) return;
    long n = calls; /* before fopen, which allocates */
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "%ld\n", n);
    fclose(f);
}
