/* trace.c — replaying a game recorded from the original environment (trace formats v1 and v2 of
 * data/README.md; plain or gzip-compressed, read with the kit's reader) and comparing everything, step by
 * step: the engine's state lines, the observations and, when asked, every SimpleAgent action
 * and random draw.
 *
 * Our state is written in the trace's own notation and compared token by token, so the first
 * difference is reported as the line, the step, the field and both values. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/file.h"
#include "pommerman.h"

/* ---- the trace notation ------------------------------------------------------------------ */

char pm_item_char(int v) {
    if (v >= 0 && v <= 9) return (char)('0' + v);
    if (v >= 10 && v <= 13) return (char)('a' + v - 10);
    return '?';
}

int pm_char_item(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'd') return ch - 'a' + 10;
    return -1;
}

static char *put(char *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsprintf(p, fmt, ap);
    va_end(ap);
    return p + (n > 0 ? n : 0);
}

void pm_format_board(const unsigned char *board, int size, char *buf) {
    for (int i = 0; i < size * size; i++) buf[i] = pm_item_char(board[i]);
    buf[size * size] = '\0';
}

void pm_format_bombs(const pm_state *s, char *buf) {
    char *p = buf;
    *p = '\0';
    for (int b = 0; b < s->nbombs; b++) {
        const pm_bomb *bo = &s->bombs[b];
        p = put(p, "%s%d,%d,%d,%d,%d,%d", b ? " " : "", bo->r, bo->c, bo->owner, bo->life, bo->blast,
                bo->dir);
    }
    if (!s->nbombs) strcpy(buf, "-");
}

void pm_format_flames(const pm_state *s, char *buf) {
    char *p = buf;
    *p = '\0';
    for (int f = 0; f < s->nflames; f++)
        p = put(p, "%s%d,%d,%d", f ? " " : "", s->flames[f].r, s->flames[f].c, s->flames[f].life);
    if (!s->nflames) strcpy(buf, "-");
}

void pm_format_agents(const pm_state *s, char *buf) {
    char *p = buf;
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        p = put(p, "%s%d,%d,%d,%d,%d,%d", i ? " " : "", a->r, a->c, a->ammo, a->blast, a->kick ? 1 : 0,
                a->alive ? 1 : 0);
    }
    *p = '\0';
}

void pm_format_items(const pm_state *s, char *buf) {
    char *p = buf;
    int any = 0;
    *p = '\0';
    for (int cell = 0; cell < s->size * s->size; cell++) {
        if (!s->items[cell]) continue;
        p = put(p, "%s%d,%d:%d", any ? " " : "", cell / s->size, cell % s->size, s->items[cell]);
        any = 1;
    }
    if (!any) strcpy(buf, "-");
}

static char *put_map(char *p, const char *name, const unsigned char *map, int size) {
    int any = 0;
    p = put(p, " %s=", name);
    for (int cell = 0; cell < size * size; cell++) {
        if (!map[cell]) continue;
        p = put(p, "%s%d,%d:%d", any ? ";" : "", cell / size, cell % size, map[cell]);
        any = 1;
    }
    if (!any) p = put(p, "-");
    return p;
}

void pm_format_obs(const pm_obs *o, char *buf) {
    char *p = put(buf, "%d ", o->step_count);
    for (int i = 0; i < o->alive_count; i++) p = put(p, "%s%d", i ? "," : "", o->alive[i]);
    if (!o->alive_count) p = put(p, "-");
    p = put(p, " ");
    pm_format_board(o->board, o->size, p);
    p += o->size * o->size;
    p = put_map(p, "bs", o->bomb_blast_strength, o->size);
    p = put_map(p, "bl", o->bomb_life, o->size);
    p = put_map(p, "bd", o->bomb_moving_direction, o->size);
    p = put_map(p, "fl", o->flame_life, o->size);
    if (o->game_type == PM_GAME_TEAM_RADIO) put(p, " msg=%d,%d", o->message[0], o->message[1]);
}

/* ---- reading ------------------------------------------------------------------------------- */

#define LINE_CAP 8192

typedef struct replay {
    pm_state s;
    pm_trace_report *rep;
    int line;
    int step_open; /* a T line was read and its A line not yet */
    int nobs;      /* O lines read in this step: one, or one per agent with fog */
    int have_radio; /* an R line was read in this step */
    int radio[PM_MAX_AGENTS][2];
    char agents_kind[PM_MAX_AGENTS];
    int decided[PM_MAX_AGENTS];
    int our_action[PM_MAX_AGENTS];
    int check_agents;
    long long seed; /* the game's seed (the GAME line) */
    kit_pyrandom py;
    void *bot_state[PM_MAX_AGENTS];
    pm_obs obs[PM_MAX_AGENTS];
    char items_before[LINE_CAP];
    int items_line_seen;
    char buf[LINE_CAP];
} replay;

static int fail(replay *rp, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(rp->rep->message, sizeof rp->rep->message, "line %d: ", rp->line);
    if (n < 0) n = 0;
    if ((size_t)n < sizeof rp->rep->message)
        vsnprintf(rp->rep->message + n, sizeof rp->rep->message - (size_t)n, fmt, ap);
    va_end(ap);
    rp->rep->line = rp->line;
    return code;
}

/* Copies token k (space-separated) of s into out (cap bytes); 0 when there is none. */
static int token_at(const char *s, int k, char *out, size_t cap) {
    for (int i = 0;; i++) {
        while (*s == ' ') s++;
        if (!*s) {
            snprintf(out, cap, "(none)");
            return 0;
        }
        const char *e = s;
        while (*e && *e != ' ') e++;
        if (i == k) {
            size_t len = (size_t)(e - s) < cap - 1 ? (size_t)(e - s) : cap - 1;
            memcpy(out, s, len);
            out[len] = '\0';
            return 1;
        }
        s = e;
    }
}

/* Compares a trace line's payload with ours; on a difference reports the first differing token
 * named "<what> <k>" (or the board cell). */
static int compare(replay *rp, const char *what, const char *want, const char *got, int board_token) {
    if (!strcmp(want, got)) return 0;
    char wt[LINE_CAP], gt[LINE_CAP];
    for (int k = 0;; k++) {
        int hw = token_at(want, k, wt, sizeof wt), hg = token_at(got, k, gt, sizeof gt);
        if (!hw && !hg) break;
        if (strcmp(wt, gt) != 0) {
            if (k == board_token && strlen(wt) == strlen(gt)) {
                size_t i = 0;
                while (wt[i] == gt[i]) i++;
                int n = rp->s.size;
                return fail(rp, 1, "step %d: %s: cell %d,%d: trace has %c, engine has %c", rp->s.step,
                            what, (int)i / n, (int)i % n, wt[i], gt[i]);
            }
            return fail(rp, 1, "step %d: %s token %d: trace has '%.200s', engine has '%.200s'",
                        rp->s.step, what, k, wt, gt);
        }
    }
    return fail(rp, 1, "step %d: %s: lines differ in spacing", rp->s.step, what);
}

static int parse_board(const char *s, int size, unsigned char *board) {
    if ((int)strlen(s) != size * size) return -1;
    for (int i = 0; i < size * size; i++) {
        int v = pm_char_item(s[i]);
        if (v < 0) return -1;
        board[i] = (unsigned char)v;
    }
    return 0;
}

static int parse_items(const char *s, pm_state *st) {
    memset(st->items, 0, sizeof st->items);
    if (!strcmp(s, "-")) return 0;
    while (*s) {
        int r, c, v, n = 0;
        if (sscanf(s, "%d,%d:%d%n", &r, &c, &v, &n) != 3 || r < 0 || c < 0 || r >= st->size ||
            c >= st->size || v < PM_EXTRABOMB || v > PM_KICK)
            return -1;
        st->items[r * st->size + c] = (unsigned char)v;
        s += n;
        while (*s == ' ') s++;
    }
    return 0;
}

static int parse_agents(const char *s, pm_state *st) {
    for (int i = 0; i < st->nagents; i++) {
        pm_agent *a = &st->agents[i];
        int n = 0;
        if (sscanf(s, "%d,%d,%d,%d,%d,%d%n", &a->r, &a->c, &a->ammo, &a->blast, &a->kick, &a->alive,
                   &n) != 6 ||
            a->r < 0 || a->c < 0 || a->r >= st->size || a->c >= st->size || a->ammo < 0 ||
            a->ammo > PM_MAX_AMMO || a->blast < 1 || a->blast > 64)
            return -1;
        s += n;
        while (*s == ' ') s++;
    }
    return *s ? -1 : 0;
}

/* The header lines GAME, B, I, G. */
static int read_header(replay *rp, char **lines, int nlines, int *at) {
    char config[64], kinds[64];
    long long seed, mtskip;
    int size;
    int i = *at;
    while (i < nlines && lines[i][0] == '#') i++;
    rp->line = i + 1;
    if (i >= nlines ||
        sscanf(lines[i], "GAME config %63s seed %lld size %d agents %63s mtskip %lld", config, &seed,
               &size, kinds, &mtskip) != 5)
        return fail(rp, 2, "expected 'GAME config C seed S size N agents L mtskip K'");
    const pm_config *cfg = pm_config_find(config);
    if (!cfg) return fail(rp, 2, "unknown config '%s'", config);
    if (size != cfg->size) return fail(rp, 2, "size %d does not match %s", size, config);
    if (seed < 0 || mtskip < 0 || mtskip > 100000000) return fail(rp, 2, "bad seed or mtskip");
    memset(&rp->s, 0, sizeof rp->s);
    rp->s.cfg = cfg;
    rp->s.size = cfg->size;
    rp->s.nagents = cfg->num_agents;
    int na = 0;
    for (const char *k = kinds; *k; k++) {
        if (*k == ',') continue;
        if ((*k != 'S' && *k != 'R') || na >= PM_MAX_AGENTS) return fail(rp, 2, "bad agents '%s'", kinds);
        rp->agents_kind[na++] = *k;
    }
    if (na != cfg->num_agents) return fail(rp, 2, "%d agents for %s", na, config);
    rp->seed = seed;
    kit_pyrandom_seed(&rp->py, seed);
    for (long long k = 0; k < mtskip; k++) kit_pyrandom_u32(&rp->py);
    i++;
    const char *want[3] = {"B ", "I ", "G "};
    for (int k = 0; k < 3; k++, i++) {
        rp->line = i + 1;
        if (i >= nlines || strncmp(lines[i], want[k], 2) != 0)
            return fail(rp, 2, "expected the header's %c line", want[k][0]);
        const char *v = lines[i] + 2;
        int bad = k == 0 ? parse_board(v, size, rp->s.board) : k == 1 ? parse_items(v, &rp->s)
                                                                      : parse_agents(v, &rp->s);
        if (bad) return fail(rp, 2, "malformed %c line", want[k][0]);
    }
    *at = i;
    pm_format_items(&rp->s, rp->items_before);
    rp->items_line_seen = 1;
    return 0;
}

static void observe_all(replay *rp) {
    for (int i = 0; i < rp->s.nagents; i++) pm_observe(&rp->s, i, &rp->obs[i]);
}

static int check_items_unchanged(replay *rp) {
    if (rp->items_line_seen) return 0;
    pm_format_items(&rp->s, rp->buf);
    if (strcmp(rp->buf, rp->items_before) != 0)
        return fail(rp, 1, "step %d: hidden items changed to '%.200s' but the trace has no I line",
                    rp->s.step, rp->buf);
    return 0;
}

static int on_decision(replay *rp, const char *v) {
    int id, r, c, ammo, blast, kick, action, n = 0;
    char draws[512];
    if (sscanf(v, "%d %d,%d %d %d %d %d %511s%n", &id, &r, &c, &ammo, &blast, &kick, &action, draws,
               &n) != 8 ||
        id < 0 || id >= rp->s.nagents)
        return fail(rp, 2, "malformed D line");
    const pm_obs *o = &rp->obs[id];
    char want[128], got[128];
    snprintf(want, sizeof want, "%d %d,%d %d %d %d", id, r, c, ammo, blast, kick);
    snprintf(got, sizeof got, "%d %d,%d %d %d %d", id, o->r, o->c, o->ammo, o->blast_strength, o->can_kick);
    if (strcmp(want, got) != 0) return compare(rp, "D observation", want, got, -1);
    if (!rp->check_agents) return 0;
    if (rp->agents_kind[id] != 'S' || !pm_agent_acts(&rp->s, id) || rp->decided[id])
        return fail(rp, 1, "step %d: D line for agent %d, which is not a living SimpleAgent due to act",
                    rp->s.step + 1, id);
    pm_draw_log log;
    pm_draw_log_clear(&log);
    pm_view view = {.shared = &rp->py, .log = &log};
    view.obs = *o;
    pm_action ours = PM_STOP;
    int rc = pm_bot_simple.decide(rp->bot_state[id], &view, &ours);
    rp->decided[id] = 1;
    rp->our_action[id] = ours;
    rp->rep->decisions++;
    if (rc != DMAP_OK) return fail(rp, 1, "step %d: agent %d: simple could not decide: %s", rp->s.step + 1, id,
                                   dmap_strerror(rc));
    if (ours != action)
        return fail(rp, 1, "step %d: agent %d action: trace has %d, simple has %d (draws: trace %s, ours %s)",
                    rp->s.step + 1, id, action, ours, draws, pm_draw_log_text(&log));
    if (strcmp(draws, pm_draw_log_text(&log)) != 0)
        return fail(rp, 1, "step %d: agent %d draws: trace has %s, simple drew %s", rp->s.step + 1, id,
                    draws, pm_draw_log_text(&log));
    return 0;
}

static int on_actions(replay *rp, const char *v) {
    int actions[PM_MAX_AGENTS];
    for (int i = 0; i < rp->s.nagents; i++) {
        char *end;
        long a = strtol(v, &end, 10);
        if (end == v || a < 0 || a >= PM_NUM_ACTIONS) return fail(rp, 2, "malformed A line");
        actions[i] = (int)a;
        v = end;
    }
    if (rp->check_agents)
        for (int i = 0; i < rp->s.nagents; i++) {
            if (rp->agents_kind[i] != 'S' || !pm_agent_acts(&rp->s, i)) continue;
            if (!rp->decided[i])
                return fail(rp, 1, "step %d: no D line for living SimpleAgent %d", rp->s.step + 1, i);
            if (rp->our_action[i] != actions[i])
                return fail(rp, 1, "step %d: agent %d: A line has %d, simple chose %d", rp->s.step + 1, i,
                            actions[i], rp->our_action[i]);
        }
    int want_obs = rp->s.cfg->view_size ? rp->s.nagents : 1;
    if (rp->nobs != want_obs)
        return fail(rp, 1, "step %d: %d O lines, the config has %d", rp->s.step + 1, rp->nobs, want_obs);
    if (rp->s.cfg->game_type == PM_GAME_TEAM_RADIO && !rp->have_radio)
        return fail(rp, 2, "step %d: no R line in a radio game", rp->s.step + 1);
    pm_format_items(&rp->s, rp->items_before);
    rp->items_line_seen = 0;
    pm_step_radio(&rp->s, actions, rp->have_radio ? (const int(*)[2])rp->radio : NULL);
    rp->step_open = 0;
    rp->rep->steps++;
    return 0;
}

/* R: the two words each agent sent with its action in this step. */
static int on_radio(replay *rp, const char *v) {
    if (rp->s.cfg->game_type != PM_GAME_TEAM_RADIO) return fail(rp, 2, "R line in a game without radio");
    for (int i = 0; i < rp->s.nagents; i++) {
        int n = 0;
        if (sscanf(v, "%d,%d%n", &rp->radio[i][0], &rp->radio[i][1], &n) != 2 || rp->radio[i][0] < 0 ||
            rp->radio[i][1] < 0 || rp->radio[i][0] >= rp->s.cfg->radio_vocab_size ||
            rp->radio[i][1] >= rp->s.cfg->radio_vocab_size)
            return fail(rp, 2, "malformed R line");
        v += n;
        while (*v == ' ') v++;
    }
    if (*v) return fail(rp, 2, "malformed R line");
    rp->have_radio = 1;
    return 0;
}

/* C: the ring the original collapsed after the step just read; ours falls at the start of the
 * next step. */
static int on_collapse(replay *rp, const char *v) {
    char *end;
    long ring = strtol(v, &end, 10);
    if (end == v || *end) return fail(rp, 2, "malformed C line");
    if (pm_collapse_ring(&rp->s) != ring)
        return fail(rp, 1, "step %d: trace collapses ring %ld, engine %d", rp->s.step, ring, pm_collapse_ring(&rp->s));
    return 0;
}

static int on_end(replay *rp, const char *v) {
    int steps, n = 0;
    char result[16], winners[64], rewards[64];
    if (sscanf(v, "steps %d result %15s winners %63s rewards %63s%n", &steps, result, winners, rewards,
               &n) != 4)
        return fail(rp, 2, "malformed END line");
    unsigned w;
    pm_result res = pm_outcome(&rp->s, &w);
    int rw[PM_MAX_AGENTS];
    pm_rewards(&rp->s, rw);
    char got[256], want[256], *p = got;
    p = put(p, "steps %d result %s winners ", rp->s.step,
            res == PM_WIN ? "Win" : res == PM_TIE ? "Tie" : "Incomplete");
    int any = 0;
    for (int i = 0; i < rp->s.nagents; i++)
        if (w & (1u << i)) {
            p = put(p, "%s%d", any ? "," : "", i);
            any = 1;
        }
    if (!any) p = put(p, "-");
    p = put(p, " rewards ");
    for (int i = 0; i < rp->s.nagents; i++) p = put(p, "%s%d", i ? "," : "", rw[i]);
    snprintf(want, sizeof want, "steps %d result %s winners %s rewards %s", steps, result, winners, rewards);
    return compare(rp, "END", want, got, -1);
}

static int replay_lines(replay *rp, char **lines, int nlines) {
    int i = 0, rc = read_header(rp, lines, nlines, &i);
    if (rc) return rc;
    int ended = 0;
    for (; i < nlines; i++) {
        const char *l = lines[i];
        rp->line = i + 1;
        if (!l[0] || l[0] == '#') continue;
        if (ended) return fail(rp, 2, "data after the END line");
        const char *v = strchr(l, ' ');
        v = v ? v + 1 : l + strlen(l);
        char kind[8];
        size_t kl = strcspn(l, " ");
        if (kl >= sizeof kind) return fail(rp, 2, "unknown record");
        memcpy(kind, l, kl);
        kind[kl] = '\0';
        if (!strcmp(kind, "T")) {
            if (rp->step_open) return fail(rp, 2, "T line before the previous step's A line");
            if ((rc = check_items_unchanged(rp))) return rc;
            rp->items_line_seen = 1; /* nothing to check until the next A line */
            char *end;
            long t = strtol(v, &end, 10);
            if (end == v) return fail(rp, 2, "malformed T line");
            if (t != rp->s.step + 1) return fail(rp, 2, "step %ld out of order (expected %d)", t, rp->s.step + 1);
            if (pm_done(&rp->s)) return fail(rp, 1, "step %ld: the engine's game ended after step %d", t, rp->s.step);
            rp->step_open = 1;
            rp->nobs = 0;
            rp->have_radio = 0;
            memset(rp->decided, 0, sizeof rp->decided);
            observe_all(rp);
        } else if (!rp->step_open && strcmp(kind, "END") && strchr("BMFGIC", kind[0]) == NULL) {
            return fail(rp, 2, "%s line outside a step", kind);
        } else if (!strcmp(kind, "O")) {
            if (rp->nobs >= (rp->s.cfg->view_size ? rp->s.nagents : 1))
                return fail(rp, 2, "step %d: too many O lines", rp->s.step + 1);
            pm_format_obs(&rp->obs[rp->nobs], rp->buf);
            char what[24] = "O";
            if (rp->s.cfg->view_size) snprintf(what, sizeof what, "O agent %d", rp->nobs);
            rp->nobs++;
            if ((rc = compare(rp, what, v, rp->buf, 2))) return rc;
        } else if (!strcmp(kind, "R")) {
            if ((rc = on_radio(rp, v))) return rc;
        } else if (!strcmp(kind, "C")) {
            if (rp->step_open) return fail(rp, 2, "C line inside a step");
            if ((rc = on_collapse(rp, v))) return rc;
        } else if (!strcmp(kind, "D")) {
            if ((rc = on_decision(rp, v))) return rc;
        } else if (!strcmp(kind, "A")) {
            if ((rc = on_actions(rp, v))) return rc;
        } else if (!strcmp(kind, "B")) {
            pm_format_board(rp->s.board, rp->s.size, rp->buf);
            if ((rc = compare(rp, "B", v, rp->buf, 0))) return rc;
        } else if (!strcmp(kind, "M")) {
            pm_format_bombs(&rp->s, rp->buf);
            if ((rc = compare(rp, "M bomb", v, rp->buf, -1))) return rc;
        } else if (!strcmp(kind, "F")) {
            pm_format_flames(&rp->s, rp->buf);
            if ((rc = compare(rp, "F flame", v, rp->buf, -1))) return rc;
        } else if (!strcmp(kind, "G")) {
            pm_format_agents(&rp->s, rp->buf);
            if ((rc = compare(rp, "G agent", v, rp->buf, -1))) return rc;
        } else if (!strcmp(kind, "I")) {
            rp->items_line_seen = 1;
            pm_format_items(&rp->s, rp->buf);
            if ((rc = compare(rp, "I item", v, rp->buf, -1))) return rc;
        } else if (!strcmp(kind, "END")) {
            if (rp->step_open) return fail(rp, 2, "END inside a step");
            if ((rc = check_items_unchanged(rp))) return rc;
            if ((rc = on_end(rp, v))) return rc;
            ended = 1;
        } else {
            return fail(rp, 2, "unknown record '%s'", kind);
        }
    }
    if (!ended) return fail(rp, 2, "no END line");
    return 0;
}

/* kit_read_file's line without its "PATH: " (the caller names the file). */
static const char *without_path(const char *err, const char *path) {
    size_t n = strlen(path);
    return strncmp(err, path, n) == 0 && strncmp(err + n, ": ", 2) == 0 ? err + n + 2 : err;
}

int pm_replay_trace(const char *path, int check_agents, pm_trace_report *rep) {
    memset(rep, 0, sizeof *rep);
    char *text = NULL, err[sizeof rep->message];
    size_t len = 0;
    if (kit_read_file(path, PM_TRACE_MAX_BYTES, KIT_FILE_GZIP | KIT_FILE_TEXT, &text, &len, err, sizeof err)) {
        snprintf(rep->message, sizeof rep->message, "%s", without_path(err, path));
        return 2;
    }
    char **lines = NULL;
    size_t nlines = 0;
    if (kit_split_lines(text, len, &lines, &nlines) != 0 || nlines > INT_MAX) {
        free(lines);
        free(text);
        snprintf(rep->message, sizeof rep->message, "out of memory");
        return 2;
    }
    for (size_t i = 0; i < nlines; i++)
        if (strlen(lines[i]) >= LINE_CAP - 1) {
            free(lines);
            free(text);
            snprintf(rep->message, sizeof rep->message, "line %zu: too long", i + 1);
            return 2;
        }
    replay *rp = calloc(1, sizeof *rp);
    int rc = 2;
    if (!rp) {
        snprintf(rep->message, sizeof rep->message, "out of memory");
    } else {
        rp->rep = rep;
        rp->check_agents = check_agents;
        /* the header decides the agents: bot states are made after it */
        int i = 0;
        rc = read_header(rp, lines, (int)nlines, &i);
        if (!rc && check_agents) {
            pm_view first = {.shared = &rp->py, .log = NULL};
            for (int a = 0; a < rp->s.nagents && !rc; a++) {
                pm_observe(&rp->s, a, &first.obs);
                if (rp->agents_kind[a] == 'S' &&
                    pm_bot_simple.init(&rp->bot_state[a], &first, pm_bot_seed((uint64_t)rp->seed, a)) != DMAP_OK)
                    rc = fail(rp, 2, "out of memory");
            }
        }
        if (!rc) rc = replay_lines(rp, lines, (int)nlines);
        for (int a = 0; a < PM_MAX_AGENTS; a++)
            if (rp->bot_state[a]) pm_bot_simple.release(rp->bot_state[a]);
        free(rp);
    }
    free(lines);
    free(text);
    return rc;
}
