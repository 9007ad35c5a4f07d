/* cli.c — the arenas' shared option grammar: strict whole-string numbers, the --seed range,
 * --jobs, --size WxH, bot lists, "given twice" and "unknown option", one stderr line each. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ECHO_MAX 60 /* characters of a bad value repeated in a message */

static void print_failure(const char *prog, const char *fmt, va_list ap) {
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int kit_fail(const char *prog, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_failure(prog, fmt, ap);
    va_end(ap);
    return -1;
}

int kit_fail_usage(const char *prog, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_failure(prog, fmt, ap);
    va_end(ap);
    return KIT_EXIT_USAGE;
}

/* The value as the message shows it: cut, and with control characters replaced, so that
 * a message stays one printable line whatever the user typed. */
static const char *echo(const char *s, char *buf, size_t cap) {
    size_t n = 0;
    for (; s[n] && n < ECHO_MAX && n + 4 < cap; n++) {
        unsigned char c = (unsigned char)s[n];
        buf[n] = (c < 32 || c == 127) ? '?' : (char)c;
    }
    buf[n] = '\0';
    if (s[n]) strcpy(buf + n, "...");
    return buf;
}

/* Plain decimal text only: strtol would accept leading spaces and a '+', and strtoull a '-'
 * (" -1" wraps around to a huge seed). */
static int is_decimal(const char *s, int allow_minus) {
    if (allow_minus && *s == '-') s++;
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

int kit_parse_long(const char *prog, const char *opt, const char *s, long lo, long hi,
                   long *out) {
    char buf[ECHO_MAX + 4];
    errno = 0;
    long v = is_decimal(s, 1) ? strtol(s, NULL, 10) : 0;
    if (!is_decimal(s, 1) || errno != 0 || v < lo || v > hi)
        return kit_fail(prog, "invalid value for %s: '%s' (need an integer from %ld to %ld)", opt,
                        echo(s, buf, sizeof buf), lo, hi);
    *out = v;
    return 0;
}

int kit_parse_seed(const char *prog, const char *opt, const char *s, uint64_t *out) {
    char buf[ECHO_MAX + 4];
    errno = 0;
    unsigned long long v = is_decimal(s, 0) ? strtoull(s, NULL, 10) : 0;
    if (!is_decimal(s, 0) || errno != 0 || v > (unsigned long long)KIT_SEED_MAX)
        return kit_fail(prog, "invalid value for %s: '%s' (need an integer from 0 to %lld)", opt,
                        echo(s, buf, sizeof buf), (long long)KIT_SEED_MAX);
    *out = (uint64_t)v;
    return 0;
}

int kit_parse_double(const char *prog, const char *opt, const char *s, double lo, double hi,
                     double *out) {
    char buf[ECHO_MAX + 4], *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    int digit_first = (s[0] >= '0' && s[0] <= '9') || s[0] == '.' ||
                      (s[0] == '-' && ((s[1] >= '0' && s[1] <= '9') || s[1] == '.'));
    if (!digit_first || strpbrk(s, "xX") || end == s || *end != '\0' || errno != 0 || !isfinite(v) || v < lo ||
        v > hi)
        return kit_fail(prog, "invalid value for %s: '%s' (need a decimal number from %g to %g)",
                        opt, echo(s, buf, sizeof buf), lo, hi);
    *out = v;
    return 0;
}

int kit_parse_jobs(const char *prog, const char *opt, const char *s, int *out) {
    long v;
    if (kit_parse_long(prog, opt, s, 0, 1024, &v)) return -1;
    *out = (int)v;
    return 0;
}

int kit_parse_size(const char *prog, const char *opt, const char *s, long lo, long hi, long *w,
                   long *h) {
    char buf[ECHO_MAX + 4], side[32];
    const char *x = strchr(s, 'x');
    if (!x) goto bad;
    size_t wlen = (size_t)(x - s);
    const char *hs = x + 1;
    errno = 0;
    if (wlen == 0 || wlen >= sizeof side) goto bad;
    memcpy(side, s, wlen);
    side[wlen] = '\0';
    if (!is_decimal(side, 0) || !is_decimal(hs, 0)) goto bad;
    long wv = strtol(side, NULL, 10), hv = strtol(hs, NULL, 10);
    if (errno != 0 || wv < lo || wv > hi || hv < lo || hv > hi) goto bad;
    *w = wv;
    *h = hv;
    return 0;
bad:
    return kit_fail(prog, "invalid value for %s: '%s' (need WxH, sides from %ld to %ld)", opt,
                    echo(s, buf, sizeof buf), lo, hi);
}

int kit_split_bots(const char *prog, const char *opt, char *s, int min, int max,
                   const char *note, char **items, int *n) {
    int count = 0, empty = 0;
    for (char *p = s;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        if (*p == '\0') empty = 1;
        if (count < max) items[count] = p;
        count++;
        if (!comma) break;
        p = comma + 1;
    }
    *n = count < max ? count : max;
    if (empty) return kit_fail(prog, "%s: empty bot name", opt);
    if (count >= min && count <= max) return 0;
    char want[64];
    if (min == max)
        snprintf(want, sizeof want, "exactly %d bot%s", min, min == 1 ? "" : "s");
    else
        snprintf(want, sizeof want, "%d to %d bots", min, max);
    return kit_fail(prog, "%s: give %s%s%s%s, got %d", opt, want, note ? " (" : "",
                    note ? note : "", note ? ")" : "", count);
}

int kit_unknown_bot(const char *prog, const char *opt, const char *name,
                    const char *const *known, int nknown, const char *also) {
    char buf[ECHO_MAX + 4], list[1024] = "";
    size_t len = 0;
    for (int k = 0; k <= nknown; k++) {
        const char *item = k < nknown ? known[k] : also;
        if (!item) continue;
        int w = snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", item);
        if (w < 0 || (size_t)w >= sizeof list - len) { /* no room: the whole names so far */
            list[len] = '\0';
            break;
        }
        len += (size_t)w;
    }
    return kit_fail(prog, "%s: unknown bot '%s' (known: %s)", opt, echo(name, buf, sizeof buf),
                    list);
}

int kit_opt_once(const char *prog, kit_opts *o, const char *opt) {
    if (strncmp(opt, "--", 2) != 0) return 0;
    for (int k = 0; k < o->n; k++)
        if (strcmp(o->seen[k], opt) == 0) {
            char buf[ECHO_MAX + 4];
            return kit_fail(prog, "option %s given twice", echo(opt, buf, sizeof buf));
        }
    if (o->n == (int)(sizeof o->seen / sizeof o->seen[0]))
        return kit_fail(prog, "too many options");
    o->seen[o->n++] = opt;
    return 0;
}

int kit_unknown_option(const char *prog, const char *command, const char *opt) {
    char buf[ECHO_MAX + 4];
    return kit_fail(prog, "%s: unknown option '%s' (see %s help %s)", command,
                    echo(opt, buf, sizeof buf), prog, command);
}

char *kit_opt_value(const char *prog, int argc, char **argv, int *i) {
    if (*i + 1 >= argc) {
        char buf[ECHO_MAX + 4];
        kit_fail(prog, "option %s needs a value", echo(argv[*i], buf, sizeof buf));
        return NULL;
    }
    return argv[++*i];
}
