/* lines.h — private: walking an in-memory text line by line, for the map and scenario readers.
 *
 * The readers take (text, len) that need not end in NUL, accept LF and CRLF line ends, and
 * must report the 1-based line of every problem; this keeps that bookkeeping in one place. */
#ifndef DMAP_LINES_H
#define DMAP_LINES_H

#include <stddef.h>

#include "dmap.h"
#include "portable.h"

typedef struct dmap_lines {
    const char *text;
    size_t len, pos;
    int line; /* the 1-based number of the line last returned (0 before the first) */
} dmap_lines;

void dmap_lines_init(dmap_lines *r, const char *text, size_t len);

/* The next line without its "\n" or "\r\n": sets *start, *n and returns 1; 0 at the end of
 * the text. A final line without a line end counts; an empty text has no lines. */
int dmap_lines_next(dmap_lines *r, const char **start, size_t *n);

/* Nonzero when only spaces, tabs (and a stray '\r') make up the line. */
int dmap_line_blank(const char *s, size_t n);

/* The 0-based column of the first byte that is a control byte (below 0x20 or 0x7f, tabs
 * allowed only when allow_tab), a non-ASCII byte, or a '\r' not ending the line; -1 if none. */
long dmap_line_bad_byte(const char *s, size_t n, int allow_tab);

/* Split s[0..n) on spaces and tabs into at most max tokens (tok[k] and tlen[k]: start and
 * length of token k); returns the count, or max + 1 when there are more. */
int dmap_line_tokens(const char *s, size_t n, const char **tok, size_t *tlen, int max);

/* Fill diag (when not NULL) with line and a printf-style message; returns code. */
int dmap_diag_fail(dmap_diag *diag, int code, int line, const char *fmt, ...) DMAP_PRINTF(4, 5);

/* Clear diag (when not NULL): line 0, empty message. */
void dmap_diag_clear(dmap_diag *diag);

/* Describe the byte c for a message: "NUL byte", "control byte 0x07", "byte 0xc3". */
const char *dmap_byte_name(unsigned char c, char *buf, size_t size);

#endif
