/* gambit_log.c — compare the Gambit port with a recorded decision log, call by call: the view
 * it got (O and G lines), its weights (W), memory (N), goal map (M), tie list, choice, best
 * value and bomb check (Q), the component maps (C, when logged) and its answer. Numbers are
 * compared as doubles (the log writes Python's shortest round-trip repr; '#' is NaN). */
#define _POSIX_C_SOURCE 200809L
#include "gambit_log.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gambit_log_begin(gambit_log_check *c, const bomber_lines *log, long long seed,
                     const char kinds[BOMBER_PLAYERS][32]) {
    memset(c, 0, sizeof *c);
    c->log = log;
    c->seed = seed;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        c->is_gambit[p] = !strcmp(kinds[p], "gambit");
        if (c->is_gambit[p] && gambit_init(&c->bots[p], p, bomber_bot_seed((uint64_t)seed, p)))
            return -1;
    }
    while (c->at < log->n && log->line[c->at][0] == '#') c->at++;
    return 0;
}

void gambit_log_end(gambit_log_check *c) {
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (c->is_gambit[p]) gambit_release(&c->bots[p]);
}

static int fail(gambit_log_check *c, int rc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    return rc;
}

/* A line without its indentation and trailing blanks, into buf. */
static const char *trimmed(const char *s, char *buf, size_t cap) {
    while (*s == ' ') s++;
    snprintf(buf, cap, "%s", s);
    size_t n = strlen(buf);
    while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t')) buf[--n] = '\0';
    return buf;
}

/* The record line with the given tag ("O", "GA", "M", ...) inside [from, to), or NULL. */
static const char *find_tag(const bomber_lines *l, size_t from, size_t to, const char *tag) {
    size_t k = strlen(tag);
    for (size_t i = from; i < to; i++) {
        const char *s = l->line[i];
        while (*s == ' ') s++;
        if (!strncmp(s, tag, k) && (s[k] == ' ' || s[k] == '\0')) return s;
    }
    return NULL;
}

static void add(char *buf, size_t cap, const char *fmt, ...) {
    size_t n = strlen(buf);
    if (n >= cap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

/* The view in the log's O and G line syntax. */
static void format_view(const bomber_view *v, char lines[6][4096]) {
    static const char *const tags[] = {"ib", "sb", "ob"};
    snprintf(lines[0], 4096, "O %d %d %d %d %d %d %d", v->id, v->x, v->y, v->hp, v->ammo_left,
             v->score, v->power);
    snprintf(lines[1], 4096, "GA");
    for (int i = 0; i < v->nammo; i++) add(lines[1], 4096, " %d,%d", v->ammo[i].x, v->ammo[i].y);
    snprintf(lines[2], 4096, "GT");
    for (int i = 0; i < v->ntreasure; i++)
        add(lines[2], 4096, " %d,%d", v->treasure[i].x, v->treasure[i].y);
    snprintf(lines[3], 4096, "GB");
    for (int i = 0; i < v->nbombs; i++) add(lines[3], 4096, " %d,%d", v->bombs[i].x, v->bombs[i].y);
    snprintf(lines[4], 4096, "GK");
    for (int i = 0; i < v->nblocks; i++)
        add(lines[4], 4096, " %s,%d,%d", tags[v->blocks[i].tag - BOMBER_TAG_METAL],
            v->blocks[i].x, v->blocks[i].y);
    snprintf(lines[5], 4096, "GP");
    for (int i = 0; i < v->nplayers; i++)
        add(lines[5], 4096, " %d,%d,%d", v->players[i].pid, v->players[i].x, v->players[i].y);
}

static void format_memory(const gambit *b, const bomber_view *v, char *out, size_t cap) {
    snprintf(out, cap, "N tick %d bombs", b->tick);
    if (!b->nbombs_seen) add(out, cap, " -");
    for (int i = 0; i < b->nbombs_seen; i++)
        add(out, cap, " %d,%d,%d", b->bombs_seen[i].x, b->bombs_seen[i].y, b->bombs_seen[i].first);
    add(out, cap, " ore");
    int n = 0;
    for (int i = 0; i < v->nblocks; i++)
        if (v->blocks[i].tag == BOMBER_TAG_ORE) {
            int c = v->blocks[i].y * BOMBER_W + v->blocks[i].x;
            add(out, cap, " %d,%d,%d", v->blocks[i].x, v->blocks[i].y, b->explosions[c]);
            n++;
        }
    if (!n) add(out, cap, " -");
}

static double parse_num(const char *tok, int *ok) {
    if (!strcmp(tok, "#")) return NAN;
    char *end;
    double d = strtod(tok, &end);
    *ok = end != tok && *end == '\0';
    return d;
}

static int same_double(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

/* Compare a logged map line ("M v0 ..." or "C name v0 ...") with a port map: 0, or 1 with
 * the first differing cell in err, 2 malformed. */
static int check_map(gambit_log_check *c, const char *line, int skip, const double *mine,
                     const char *what, const char *where) {
    char buf[BOMBER_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", line);
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    for (int i = 0; i < skip && tok; i++) tok = strtok_r(NULL, " ", &save);
    for (int k = 0; k < BOMBER_CELLS; k++, tok = strtok_r(NULL, " ", &save)) {
        int ok = 1;
        if (!tok) return fail(c, 2, "%s: %s map has fewer than 120 values", where, what);
        double v = parse_num(tok, &ok);
        if (!ok) return fail(c, 2, "%s: %s map value '%s' is not a number", where, what, tok);
        if (!same_double(v, mine[k]))
            return fail(c, 1, "%s field %s: cell (%d,%d) log %s port %.17g", where, what,
                        k % BOMBER_W, k / BOMBER_W, tok, mine[k]);
    }
    return 0;
}

static int check_weights(gambit_log_check *c, const char *line, const gambit_weights *w,
                         const char *where) {
    const double mine[8] = {w->safe, w->flee, w->reward, w->ammo, w->hunt, w->treasure,
                            w->aversion, w->run};
    static const char *const keys[8] = {"safe", "flee", "reward", "ammo", "hunt", "treasure",
                                        "player-aversion", "run"};
    const char *p = line + 1;
    for (int k = 0; k < 8; k++) {
        char key[32], val[64];
        int used = 0;
        if (sscanf(p, " %31[^=]=%63s%n", key, val, &used) != 2 || strcmp(key, keys[k]))
            return fail(c, 2, "%s: malformed W line", where);
        p += used;
        int ok = 1;
        double d = parse_num(val, &ok);
        if (!ok) return fail(c, 2, "%s: malformed W value '%s'", where, val);
        if (!same_double(d, mine[k]))
            return fail(c, 1, "%s field W: %s log %s port %.17g", where, keys[k], val, mine[k]);
    }
    return 0;
}

static int check_call(gambit_log_check *c, const bomber_game *g, int pid,
                      bomber_answer next_answer, int last) {
    const bomber_lines *l = c->log;
    if (c->at >= l->n) return fail(c, 1, "the log ends before the call of pid %d after tick %d", pid, g->tick - 1);
    int lpid, n, tick, over;
    char ret[8];
    if (sscanf(l->line[c->at], "D %d %d tick %d over %d ret %7s", &lpid, &n, &tick, &over, ret) != 5)
        return fail(c, 2, "log line %zu: expected 'D pid n tick T over o ret A'", c->at + 1);
    char where[96];
    snprintf(where, sizeof where, "call %d (pid %d, tick %d)", n, lpid, tick);
    if (lpid != pid || tick != g->tick - 1)
        return fail(c, 1, "%s: the port expected the call of pid %d after tick %d", where, pid, g->tick - 1);
    if (over != g->over) return fail(c, 1, "%s field over: log %d engine %d", where, over, g->over);
    size_t from = c->at + 1, to = from;
    while (to < l->n && l->line[to][0] != 'D') to++;
    c->at = to;

    bomber_view v;
    bomber_make_view(g, pid, &v);
    char mine[6][4096], buf[4096];
    format_view(&v, mine);
    static const char *const vt[6] = {"O", "GA", "GT", "GB", "GK", "GP"};
    for (int k = 0; k < 6; k++) {
        const char *s = find_tag(l, from, to, vt[k]);
        if (!s) return fail(c, 2, "%s: no %s line", where, vt[k]);
        if (strcmp(trimmed(s, buf, sizeof buf), mine[k]))
            return fail(c, 1, "%s field %s: log '%s' port view '%s'", where, vt[k], buf, mine[k]);
    }

    gambit *b = &c->bots[pid];
    gambit_info *info = &c->info;
    bomber_answer ans = gambit_next_move(b, &v, info);
    c->calls++;
    char ac = bomber_answer_char(ans);
    if (ret[0] != ac || ret[1]) return fail(c, 1, "%s field ret: log %s port %c", where, ret, ac);
    if (!last && next_answer != ans)
        return fail(c, 1, "%s: the trace applies '%c' next tick, the port answered '%c'", where,
                    bomber_answer_char(next_answer), ac);
    const char *s = find_tag(l, from, to, "W");
    if (!s) return fail(c, 2, "%s: no W line", where);
    int rc = check_weights(c, s, &b->w, where);
    if (rc) return rc;
    if (!(s = find_tag(l, from, to, "N"))) return fail(c, 2, "%s: no N line", where);
    char mem[4096];
    format_memory(b, &v, mem, sizeof mem);
    if (strcmp(trimmed(s, buf, sizeof buf), mem))
        return fail(c, 1, "%s field N: log '%s' port '%s'", where, buf, mem);
    if (!(s = find_tag(l, from, to, "M"))) return fail(c, 2, "%s: no M line", where);
    if (!strcmp(trimmed(s, buf, sizeof buf), "M -")) {
        if (!info->skipped) return fail(c, 1, "%s field M: log skipped the call, the port did not", where);
        return 0;
    }
    if (info->skipped) return fail(c, 1, "%s field M: the port skipped the call (desync guard), the log did not", where);
    if ((rc = check_map(c, s, 1, info->goal, "M", where))) return rc;
    if (!(s = find_tag(l, from, to, "Q"))) return fail(c, 2, "%s: no Q line", where);
    char ties[16], chosen[8], best[64], chk[8];
    if (sscanf(s, "Q ties %15s chosen %7s best %63s chk %7s", ties, chosen, best, chk) != 4)
        return fail(c, 2, "%s: malformed Q line", where);
    char myties[16] = "";
    for (int k = 0; k < info->nties; k++) add(myties, sizeof myties, "%s%c", k ? "," : "", info->ties[k]);
    if (!info->nties) snprintf(myties, sizeof myties, "-");
    if (strcmp(ties, myties)) return fail(c, 1, "%s field ties: log %s port %s", where, ties, myties);
    if (chosen[0] != info->chosen || chosen[1])
        return fail(c, 1, "%s field chosen: log %s port %c", where, chosen, info->chosen);
    int ok = 1;
    double bv = parse_num(best, &ok);
    if (!ok) return fail(c, 2, "%s: malformed best '%s'", where, best);
    if (!same_double(bv, info->best))
        return fail(c, 1, "%s field best: log %s port %.17g", where, best, info->best);
    char mychk = info->chk < 0 ? '-' : (char)('0' + info->chk);
    if (chk[0] != mychk || chk[1]) return fail(c, 1, "%s field chk: log %s port %c", where, chk, mychk);
    for (int k = 0; k < GAMBIT_NMAPS; k++) {
        char tag[48];
        snprintf(tag, sizeof tag, "C %s", gambit_map_names[k]);
        if (!(s = find_tag(l, from, to, tag))) continue; /* C lines are in some logs only */
        snprintf(tag, sizeof tag, "C %s", gambit_map_names[k]);
        if ((rc = check_map(c, s, 2, info->comp[k], tag, where))) return rc;
    }
    return 0;
}

int gambit_log_hook(void *ctx, const bomber_game *g, const bomber_answer next[BOMBER_PLAYERS],
                    int last) {
    gambit_log_check *c = ctx;
    for (int p = 0; p < BOMBER_PLAYERS; p++) {
        if (!c->is_gambit[p] || !bomber_alive(g, p)) continue;
        int rc = check_call(c, g, p, next[p], last);
        if (rc) return rc;
    }
    return 0;
}

int gambit_log_finish(gambit_log_check *c) {
    if (c->at < c->log->n)
        return fail(c, 1, "log line %zu: a logged call the replay never reached", c->at + 1);
    return 0;
}
