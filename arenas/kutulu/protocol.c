/* protocol.c — the text a Kutulu player exchanges with the referee: the init lines and turn
 * input it reads (formatted exactly as Referee.java/PlayerUnit/Minion/Effect print them), the
 * action line it answers (parsed with the grammar of PlayerAction.java's two regular
 * expressions), and the parser of the input that in-process bots and the single-file bot use. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"

/* ---- actions ------------------------------------------------------------------------------- */

static int java_space(char c) { /* java.util.regex \s */
    return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}
static int java_word(char c) { /* \w without UNICODE_CHARACTER_CLASS */
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
static int java_digit(char c) { return c >= '0' && c <= '9'; }
static int line_end(char c) { return c == '\n' || c == '\r'; }

/* The tail "(?:\s+(?<message>.+))?\s*$" after a command: empty, or whitespace first; '.'
 * does not cross a line terminator, so one may only appear in the trailing whitespace. */
static int tail_ok(const char *s) {
    if (*s == '\0') return 1;
    if (!java_space(*s)) return 0;
    size_t n = strlen(s);
    while (n > 0 && java_space(s[n - 1])) n--;
    for (size_t i = 0; i < n; i++)
        if (line_end(s[i])) return 0;
    return 1;
}

/* "-?\d+" parsed like Integer.parseInt (which rejects values outside int32). */
static const char *java_int(const char *s, int *out, int *overflow) {
    const char *p = s;
    int neg = 0;
    if (*p == '-') {
        neg = 1;
        p++;
    }
    if (!java_digit(*p)) return NULL;
    long long v = 0;
    *overflow = 0;
    while (java_digit(*p)) {
        v = v * 10 + (*p - '0');
        if (v > (long long)INT_MAX + 1) *overflow = 1, v = (long long)INT_MAX + 1;
        p++;
    }
    if (neg) v = -v;
    if (v > INT_MAX || v < INT_MIN) *overflow = 1;
    *out = (int)v;
    return p;
}

static int ieq_prefix(const char *s, const char *word) {
    for (; *word; s++, word++) {
        char c = *s;
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (c != *word) return 0;
    }
    return 1;
}

int kt_parse_action(const char *line, kt_action *a) {
    a->kind = KT_WAIT;
    a->x = a->y = 0;
    /* ^MOVE (?<x>-?\d+) (?<y>-?\d+)(?:\s+(?<message>.+))?\s*$, case-insensitive */
    if (ieq_prefix(line, "MOVE ")) {
        int x, y, ox = 0, oy = 0;
        const char *p = java_int(line + 5, &x, &ox);
        if (p && *p == ' ') {
            const char *q = java_int(p + 1, &y, &oy);
            if (q && tail_ok(q)) {
                if (ox || oy) return -1; /* Integer.parseInt throws: the player is out */
                a->kind = KT_MOVE;
                a->x = x;
                a->y = y;
                return 0;
            }
        }
    }
    /* ^(?<action>\w+)(?:\s+(?<message>.+))?\s*$, then Action.valueOf(upper case) */
    size_t n = 0;
    while (java_word(line[n])) n++;
    if (n == 0 || n > 5 || !tail_ok(line + n)) return -1;
    char word[6];
    for (size_t i = 0; i < n; i++)
        word[i] = (char)(line[i] >= 'a' && line[i] <= 'z' ? line[i] - 'a' + 'A' : line[i]);
    word[n] = '\0';
    static const struct { const char *w; kt_action_kind k; } names[] = {
        {"WAIT", KT_WAIT}, {"UP", KT_UP},     {"DOWN", KT_DOWN},   {"LEFT", KT_LEFT},
        {"RIGHT", KT_RIGHT}, {"PLAN", KT_PLAN}, {"LIGHT", KT_LIGHT}, {"YELL", KT_YELL}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(word, names[i].w) == 0) {
            a->kind = names[i].k;
            return 0;
        }
    return -1;
}

/* ---- output -------------------------------------------------------------------------------- */

typedef struct out_buf {
    char *p;
    size_t cap, len;
} out_buf;

static void put(out_buf *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    int n = vsnprintf(room ? o->p + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

static void put_explorer(out_buf *o, const kt_game *g, int i) {
    const kt_explorer *e = &g->ex[i];
    put(o, "EXPLORER %d %d %d %d %d %d\n", i, e->cell % g->map->w, e->cell / g->map->w,
        e->sanity, e->plans, e->lights);
}

static void put_minion(out_buf *o, const kt_game *g, const kt_minion *m) {
    int p0 = m->life_cd;
    if (m->state == KT_SPAWNING) p0 = m->spawn_cd;
    if (m->type == KT_SLASHER && (m->state == KT_STALKING || m->state == KT_STUNNED))
        p0 = m->stun_cd;
    int target = m->target >= 0 && g->ex[m->target].sanity > 0 ? m->target : -1;
    put(o, "%s %d %d %d %d %d %d\n", m->type == KT_WANDERER ? "WANDERER" : "SLASHER", m->id,
        m->cell % g->map->w, m->cell / g->map->w, p0, (int)m->state, target);
}

/* Returns 0 when the effect is not shown (a yell whose receiver is at 0). */
static int put_effect(out_buf *o, const kt_game *g, const kt_effect *e) {
    int w = g->map->w;
    switch (e->type) {
    case KT_EFFECT_PLAN:
    case KT_EFFECT_LIGHT: {
        int c = g->ex[e->caster].cell;
        put(o, "%s -1 %d %d %d %d -1\n", e->type == KT_EFFECT_PLAN ? "EFFECT_PLAN" : "EFFECT_LIGHT",
            c % w, c / w, e->tick, e->caster);
        return 1;
    }
    case KT_EFFECT_SHELTER:
        put(o, "EFFECT_SHELTER -1 %d %d %d -1 -1\n", e->cell % w, e->cell / w, e->tick);
        return 1;
    case KT_EFFECT_YELL:
        if (g->ex[e->receiver].sanity <= 0) return 0;
        put(o, "EFFECT_YELL -1 -1 -1 %d %d %d\n", e->tick, e->caster, e->receiver);
        return 1;
    }
    return 0;
}

static int shown_effects(const kt_game *g) {
    int n = 0;
    for (int k = 0; k < g->neffects; k++)
        n += g->effects[k].type != KT_EFFECT_YELL || g->ex[g->effects[k].receiver].sanity > 0;
    return n;
}

size_t kt_format_init(const kt_game *g, char *buf, size_t cap) {
    out_buf o = {buf, cap, 0};
    const kt_map *m = g->map;
    put(&o, "%d\n%d\n", m->w, m->h);
    for (int y = 0; y < m->h; y++) {
        char row[KT_MAX_W + 1];
        for (int x = 0; x < m->w; x++) {
            char c = m->cells[y * m->w + x];
            row[x] = c == 'S' ? '.' : c;
        }
        row[m->w] = '\0';
        put(&o, "%s\n", row);
    }
    put(&o, "%d %d %d %d\n", g->params.lonely, g->params.group, g->params.spawn_time,
        g->params.life_time);
    return o.len;
}

size_t kt_format_turn(const kt_game *g, int p, char *buf, size_t cap) {
    out_buf o = {buf, cap, 0};
    int n = 0;
    for (int i = 0; i < KT_PLAYERS; i++) n += g->ex[i].active;
    put(&o, "%d\n", n + g->nminions + shown_effects(g));
    for (int k = 0; k < KT_PLAYERS; k++) {
        int i = (p + k) % KT_PLAYERS;
        if (g->ex[i].active) put_explorer(&o, g, i);
    }
    for (int k = 0; k < g->nminions; k++) put_minion(&o, g, &g->minions[k]);
    for (int k = 0; k < g->neffects; k++) put_effect(&o, g, &g->effects[k]);
    return o.len;
}

/* ---- the text a view was parsed from ------------------------------------------------------ */

static const char *entity_name(char type) {
    switch (type) {
    case 'E': return "EXPLORER";
    case 'W': return "WANDERER";
    case 'S': return "SLASHER";
    case 'P': return "EFFECT_PLAN";
    case 'L': return "EFFECT_LIGHT";
    case 'U': return "EFFECT_SHELTER";
    default: return "EFFECT_YELL";
    }
}

size_t kt_format_view_init(const kt_view *v, char *buf, size_t cap) {
    out_buf o = {buf, cap, 0};
    put(&o, "%d\n%d\n", v->w, v->h);
    for (int y = 0; y < v->h; y++) put(&o, "%.*s\n", v->w, v->cells + y * v->w);
    put(&o, "%d %d %d %d\n", v->params.lonely, v->params.group, v->params.spawn_time, v->params.life_time);
    return o.len;
}

size_t kt_format_view_turn(const kt_view *v, char *buf, size_t cap) {
    out_buf o = {buf, cap, 0};
    put(&o, "%d\n", v->nent);
    for (int k = 0; k < v->nent; k++) {
        const kt_entity *e = &v->ent[k];
        put(&o, "%s %d %d %d %d %d %d\n", entity_name(e->type), e->id, e->x, e->y, e->p0, e->p1, e->p2);
    }
    return o.len;
}

size_t kt_format_state(const kt_game *g, char *buf, size_t cap) {
    out_buf o = {buf, cap, 0};
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (g->ex[i].active)
            put_explorer(&o, g, i);
        else
            put(&o, "GONE %d score %d\n", i, g->ex[i].score);
    }
    for (int k = 0; k < g->nminions; k++) put_minion(&o, g, &g->minions[k]);
    for (int k = 0; k < g->neffects; k++) put_effect(&o, g, &g->effects[k]);
    return o.len;
}

