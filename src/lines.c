/* lines.c — line-by-line walking of an in-memory text, splitting a line into tokens, and the
 * readers' diagnostics (lines.h). */
#include "lines.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void dmap_lines_init(dmap_lines *r, const char *text, size_t len) {
    r->text = text;
    r->len = text ? len : 0;
    r->pos = 0;
    r->line = 0;
}

int dmap_lines_next(dmap_lines *r, const char **start, size_t *n) {
    if (r->pos >= r->len) return 0;
    const char *s = r->text + r->pos;
    size_t left = r->len - r->pos;
    const char *nl = (const char *)memchr(s, '\n', left);
    size_t k = nl ? (size_t)(nl - s) : left;
    r->pos += nl ? k + 1 : k;
    if (nl && k > 0 && s[k - 1] == '\r') k--; /* CRLF */
    r->line++;
    *start = s;
    *n = k;
    return 1;
}

int dmap_line_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return 0;
    return 1;
}

long dmap_line_bad_byte(const char *s, size_t n, int allow_tab) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\t' && allow_tab) continue;
        if (c < 0x20 || c >= 0x7f) return (long)i;
    }
    return -1;
}

int dmap_line_tokens(const char *s, size_t n, const char **tok, size_t *tlen, int max) {
    int count = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i == n) break;
        size_t start = i;
        while (i < n && s[i] != ' ' && s[i] != '\t') i++;
        if (count == max) return max + 1;
        tok[count] = s + start;
        tlen[count] = i - start;
        count++;
    }
    return count;
}

int dmap_diag_fail(dmap_diag *diag, int code, int line, const char *fmt, ...) {
    if (!diag) return code;
    diag->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
    return code;
}

void dmap_diag_clear(dmap_diag *diag) {
    if (!diag) return;
    diag->line = 0;
    diag->message[0] = '\0';
}

const char *dmap_byte_name(unsigned char c, char *buf, size_t size) {
    if (c == 0) snprintf(buf, size, "NUL byte");
    else if (c == '\r') snprintf(buf, size, "carriage return inside the line");
    else if (c == '\t') snprintf(buf, size, "tab character");
    else if (c < 0x20 || c == 0x7f) snprintf(buf, size, "control byte 0x%02x", c);
    else snprintf(buf, size, "non-ASCII byte 0x%02x", c);
    return buf;
}
