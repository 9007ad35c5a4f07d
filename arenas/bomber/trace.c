/* trace.c — reading recorded games (gzip or plain, through the kit's kit_read_file), writing the engine's state in the trace
 * format, and replaying a trace line for line (format: data/README.md). */
#include "trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/file.h"

/* ---- lines ------------------------------------------------------------------------------- */

void bomber_lines_free(bomber_lines *l) {
    free(l->buf);
    free(l->line);
    memset(l, 0, sizeof *l);
}

int bomber_lines_read(const char *path, bomber_lines *l, char *err, size_t errlen) {
    memset(l, 0, sizeof *l);
    size_t len = 0;
    if (kit_read_file(path, BOMBER_FILE_MAX, KIT_FILE_GZIP | KIT_FILE_TEXT, &l->buf, &len, err,
                      errlen)) {
        /* the limit named as recorded games' limit, uncompressed (the size a gzip bomb hides) */
        if (strstr(err, ": larger than "))
            snprintf(err, errlen, "%s: larger than %zu MiB uncompressed (the limit for recorded "
                     "games)", path, (size_t)BOMBER_FILE_MAX >> 20);
        return -1;
    }
    if (kit_split_lines(l->buf, len, &l->line, &l->n)) {
        bomber_lines_free(l);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    return 0;
}

/* ---- formatting -------------------------------------------------------------------------- */

typedef struct sbuf {
    char *s;
    size_t cap, len;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) {
    if (b->len >= b->cap) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (k > 0) b->len += (size_t)k;
    if (b->len >= b->cap) b->len = b->cap - 1;
}

/* A fresh line of BOMBER_LINE_MAX bytes at out, begun with its tag ("  B", "  F", ...). */
static sbuf sb_line(char *out, const char *tag) {
    sbuf b = {out, BOMBER_LINE_MAX, 0};
    sb_add(&b, "%s", tag);
    return b;
}

void bomber_format_state(const bomber_game *g, char out[BOMBER_STATE_LINES][BOMBER_LINE_MAX]) {
    sbuf b = {out[0], BOMBER_LINE_MAX, 0};
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        const bomber_player *q = &g->players[p];
        sb_add(&b, "%s  P %d %d %d %d %d %d %d", p ? "\n" : "", p, q->x, q->y, q->hp, q->ammo,
               q->score, q->power);
    }
    b = sb_line(out[1], "  B");
    for (int i = 0; i < g->nbombs; i++)
        sb_add(&b, " %d,%d,%d,%d", g->bombs[i].x, g->bombs[i].y, g->bombs[i].owner,
               g->bombs[i].ttl);
    b = sb_line(out[2], "  F");
    for (int i = 0; i < g->nfires; i++)
        sb_add(&b, " %d,%d,%d", g->fires[i].x, g->fires[i].y, g->fires[i].owner);
    b = sb_line(out[3], "  V");
    for (int i = 0; i < g->nblocks; i++)
        sb_add(&b, " %d,%d,%c,%d", g->blocks[i].x, g->blocks[i].y, g->blocks[i].kind,
               g->blocks[i].hp);
    b = sb_line(out[4], "  M");
    for (int i = 0; i < g->nammo; i++)
        sb_add(&b, " %d,%d,%d", g->ammo[i].x, g->ammo[i].y, g->ammo[i].ttl);
    b = sb_line(out[5], "  C");
    for (int i = 0; i < g->ntreasure; i++) sb_add(&b, " %d,%d", g->treasure[i].x, g->treasure[i].y);
    b = sb_line(out[6], "  E");
    for (int i = 0; i < g->neffects; i++) sb_add(&b, " %c,%d", g->effects[i].kind, g->effects[i].ttl);
}

void bomber_format_tick(int tick, const bomber_answer answers[BOMBER_PLAYERS],
                        const bomber_tick_log *log, char *out, size_t cap) {
    sbuf b = {out, cap, 0};
    sb_add(&b, "T %d A", tick);
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        if ((int)answers[p] < 0) sb_add(&b, " -");
        else sb_add(&b, " %c", bomber_answer_char(answers[p]));
    }
    sb_add(&b, " Q");
    if (log->nq == 0) sb_add(&b, " -");
    for (int i = 0; i < log->nq; i++)
        sb_add(&b, " %d%c%c", log->q[i].pid, bomber_action_char(log->q[i].action),
               log->q[i].ok ? '+' : '-');
    sb_add(&b, " R %d", log->words);
}

void bomber_format_events(const bomber_tick_log *log, char *out, size_t cap) {
    sbuf b = {out, cap, 0};
    sb_add(&b, "  X");
    for (int i = 0; i < log->nevents; i++) {
        const char k = log->ev[i].kind;
        int x = log->ev[i].x, y = log->ev[i].y;
        switch (k) {
        case 'A': sb_add(&b, " pick:a:%d:%d,%d", log->ev[i].pid, x, y); break;
        case 'T': sb_add(&b, " pick:t:%d:%d,%d", log->ev[i].pid, x, y); break;
        case 'P': sb_add(&b, " perish:%d,%d", x, y); break;
        case 'D': sb_add(&b, " dead:%d", log->ev[i].pid); break;
        case 'X': sb_add(&b, " boom:%d,%d,%d", x, y, log->ev[i].owner); break;
        default:
            if (x < 0) sb_add(&b, " spawn:%c:-", k);
            else sb_add(&b, " spawn:%c:%d,%d", k, x, y);
        }
    }
}

void bomber_format_end(const bomber_game *g, char *out, size_t cap) {
    int alive = bomber_alive(g, 0) + bomber_alive(g, 1);
    char w[16];
    if (g->winner < 0) snprintf(w, sizeof w, "none");
    else snprintf(w, sizeof w, "%d", g->winner);
    snprintf(out, cap, "END ticks %d winner %s reason %s scores %d %d hp %d %d", g->tick, w,
             alive <= 1 ? "death" : "timeout", g->players[0].score, g->players[1].score,
             g->players[0].hp, g->players[1].hp);
}

/* ---- replay ------------------------------------------------------------------------------ */

static int parse_answer(const char *s, bomber_answer *a) {
    if (!s || !s[0] || s[1]) return -1;
    static const char c[] = "~_udlrbp";
    const char *p = strchr(c, s[0]);
    if (s[0] == '-') return *a = (bomber_answer)-1, 0; /* not asked: dead */
    if (!p) return -1;
    *a = (bomber_answer)(p - c);
    return 0;
}

/* The name of the field where two lines first differ: the line's tag, or for a T line the
 * part (A, Q, R) holding the first differing character. */
static void diff_field(const char *a, const char *b, char *field, size_t cap) {
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    const char *s = a;
    while (*s == ' ') s++;
    if (s[0] == 'T' && s[1] == ' ') {
        const char *tag = "T";
        for (size_t k = 0; k < i && a[k]; k++)
            if (a[k] == ' ' && (a[k + 1] == 'A' || a[k + 1] == 'Q' || a[k + 1] == 'R') &&
                a[k + 2] == ' ')
                tag = a[k + 1] == 'A' ? "A" : a[k + 1] == 'Q' ? "Q" : "R";
        snprintf(field, cap, "%s", tag);
        return;
    }
    snprintf(field, cap, "%.*s", (int)strcspn(s, " "), s);
}

static int mismatch(char *err, size_t errlen, long tick, const char *want, const char *got) {
    char field[32];
    diff_field(want, got, field, sizeof field);
    const char *w = want, *g = got;
    while (*w == ' ') w++;
    while (*g == ' ') g++;
    if (tick < 0) snprintf(err, errlen, "INIT field %s: trace '%s' engine '%s'", field, w, g);
    else snprintf(err, errlen, "tick %ld field %s: trace '%s' engine '%s'", tick, field, w, g);
    return 1;
}

static int malformed(char *err, size_t errlen, size_t lineno, const char *why) {
    snprintf(err, errlen, "line %zu: %s", lineno + 1, why);
    return 2;
}

/* Compare the seven state lines at trace line *at with the engine's. */
static int check_state(const bomber_lines *t, size_t *at, const bomber_game *g, long tick,
                       char (*mine)[BOMBER_LINE_MAX], char *err, size_t errlen) {
    bomber_format_state(g, mine);
    /* The P "line" holds both players (two trace lines). */
    char want[2 * BOMBER_LINE_MAX];
    if (*at + 8 > t->n) return malformed(err, errlen, *at, "the trace ends inside a state");
    snprintf(want, sizeof want, "%s\n%s", t->line[*at], t->line[*at + 1]);
    if (strcmp(want, mine[0])) {
        /* report the player line that differs */
        char *nl = strchr(mine[0], '\n');
        *nl = '\0';
        if (strcmp(t->line[*at], mine[0])) return mismatch(err, errlen, tick, t->line[*at], mine[0]);
        return mismatch(err, errlen, tick, t->line[*at + 1], nl + 1);
    }
    *at += 2;
    for (int k = 1; k < BOMBER_STATE_LINES; k++, (*at)++)
        if (strcmp(t->line[*at], mine[k])) return mismatch(err, errlen, tick, t->line[*at], mine[k]);
    return 0;
}

int bomber_replay_trace(const bomber_lines *t, bomber_replay_hook hook, void *ctx,
                        bomber_trace_info *info, char *err, size_t errlen) {
    bomber_trace_info local;
    if (!info) info = &local;
    memset(info, 0, sizeof *info);
    size_t at = 0;
    while (at < t->n && t->line[at][0] == '#') at++;
    long long seed;
    int cols, rows, maxit;
    if (at >= t->n ||
        sscanf(t->line[at], "GAME seed %lld cols %d rows %d max_iterations %d tick_step %*s p0 %31s p1 %31s",
               &seed, &cols, &rows, &maxit, info->kind[0], info->kind[1]) != 6)
        return malformed(err, errlen, at, "expected 'GAME seed S cols 12 rows 10 ...'");
    if (cols != BOMBER_W || rows != BOMBER_H || maxit < 0)
        return malformed(err, errlen, at, "only 12 columns, 10 rows and max_iterations >= 0 are supported");
    info->seed = seed;
    at++;
    while (at < t->n && strncmp(t->line[at], "INIT", 4)) at++;
    int init_words;
    if (at >= t->n || sscanf(t->line[at], "INIT rng %d", &init_words) != 1)
        return malformed(err, errlen, at, "expected 'INIT rng N'");
    bomber_game *g = malloc(sizeof *g);
    char (*mine)[BOMBER_LINE_MAX] = malloc(sizeof(char[BOMBER_STATE_LINES][BOMBER_LINE_MAX]));
    char *line = malloc(BOMBER_LINE_MAX);
    int rc = 0;
    if (!g || !mine || !line) {
        rc = malformed(err, errlen, at, "out of memory");
        goto done;
    }
    if (bomber_new_game(g, seed, maxit)) {
        rc = malformed(err, errlen, at, "out of memory");
        goto done;
    }
    if (g->init_words != init_words) {
        char a[64], b[64];
        snprintf(a, sizeof a, "INIT rng %d", init_words);
        snprintf(b, sizeof b, "INIT rng %d", g->init_words);
        rc = mismatch(err, errlen, -1, a, b);
        goto done;
    }
    at++;
    if (at < t->n && !strncmp(t->line[at], "  I", 3)) {
        sbuf b = {line, BOMBER_LINE_MAX, 0};
        sb_add(&b, "  I");
        for (int i = 0; i < BOMBER_METAL; i++) sb_add(&b, " %d,%d", g->metal[i][0], g->metal[i][1]);
        if (strcmp(line, t->line[at])) {
            rc = mismatch(err, errlen, -1, t->line[at], line);
            goto done;
        }
        at++;
    }
    if ((rc = check_state(t, &at, g, -1, mine, err, errlen))) goto done;
    for (;;) {
        if (at >= t->n) {
            rc = malformed(err, errlen, at, "the trace ends without an END line");
            goto done;
        }
        if (!strncmp(t->line[at], "END", 3)) break;
        long tick;
        char a0[8], a1[8];
        if (sscanf(t->line[at], "T %ld A %7s %7s", &tick, a0, a1) != 3) {
            rc = malformed(err, errlen, at, "expected 'T t A a0 a1 Q ... R n' or 'END ...'");
            goto done;
        }
        bomber_answer ans[BOMBER_PLAYERS];
        if (parse_answer(a0, &ans[0]) || parse_answer(a1, &ans[1])) {
            rc = malformed(err, errlen, at, "an answer is not one of ~ _ u d l r b p -");
            goto done;
        }
        if (g->over) {
            rc = mismatch(err, errlen, tick, t->line[at], "(game over)");
            goto done;
        }
        bomber_action acts[BOMBER_PLAYERS];
        bomber_answer shown[BOMBER_PLAYERS];
        for (int p = 0; p < BOMBER_PLAYERS; p++) {
            int asked = bomber_alive(g, p);
            acts[p] = (int)ans[p] < 0 ? BOMBER_NONE : bomber_answer_action(ans[p]);
            shown[p] = asked ? ((int)ans[p] < 0 ? BOMBER_ANS_NONE : ans[p]) : (bomber_answer)-1;
        }
        bomber_tick_log log;
        if (bomber_tick(g, acts, &log)) {
            rc = malformed(err, errlen, at, "the engine refused the tick (list overflow)");
            goto done;
        }
        bomber_format_tick((int)tick, shown, &log, line, BOMBER_LINE_MAX);
        if (tick != g->tick - 1 || strcmp(line, t->line[at])) {
            rc = mismatch(err, errlen, tick, t->line[at], line);
            goto done;
        }
        at++;
        if ((rc = check_state(t, &at, g, tick, mine, err, errlen))) goto done;
        bomber_format_events(&log, line, BOMBER_LINE_MAX);
        if (at >= t->n || strcmp(line, t->line[at])) {
            rc = at >= t->n ? malformed(err, errlen, at, "missing X line")
                            : mismatch(err, errlen, tick, t->line[at], line);
            goto done;
        }
        at++;
        info->ticks = tick + 1;
        if (hook) {
            bomber_answer next[BOMBER_PLAYERS] = {BOMBER_ANS_NONE, BOMBER_ANS_NONE};
            int last = at >= t->n || strncmp(t->line[at], "T ", 2);
            if (!last && sscanf(t->line[at], "T %*d A %7s %7s", a0, a1) == 2) {
                if (parse_answer(a0, &next[0]) || parse_answer(a1, &next[1])) {
                    rc = malformed(err, errlen, at, "an answer is not one of ~ _ u d l r b p -");
                    goto done;
                }
            }
            if ((rc = hook(ctx, g, next, last))) goto done;
        }
    }
    bomber_format_end(g, line, BOMBER_LINE_MAX);
    if (!g->over) rc = mismatch(err, errlen, g->tick - 1, t->line[at], "(game not over)");
    else if (strcmp(line, t->line[at])) rc = mismatch(err, errlen, g->tick - 1, t->line[at], line);
done:
    free(g);
    free(mine);
    free(line);
    return rc;
}
