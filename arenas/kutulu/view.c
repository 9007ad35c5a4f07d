/* view.c — the player's side of the protocol: parsing the init lines and each turn's input
 * into a kt_view, and writing an action line. Self-contained (C library only), so the
 * single-file CodinGame build of a bot can paste it. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu_view.h"

void kt_format_action(const kt_action *a, char *buf, size_t cap) {
    static const char *const words[] = {"WAIT", "UP", "RIGHT", "DOWN", "LEFT",
                                        "PLAN", "LIGHT", "YELL"};
    if (a->kind == KT_MOVE)
        snprintf(buf, cap, "MOVE %d %d", a->x, a->y);
    else
        snprintf(buf, cap, "%s", a->kind >= KT_WAIT && a->kind <= KT_YELL ? words[a->kind] : "WAIT");
}

/* ---- input parsing ------------------------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (err && errlen) vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* The next line of *s (without its end) into line; 0 at the end of the text. */
static int next_line(const char **s, char *line, size_t cap) {
    if (!**s) return 0;
    size_t n = 0;
    while (**s && **s != '\n') {
        if (n + 1 < cap && **s != '\r') line[n++] = **s;
        (*s)++;
    }
    if (**s == '\n') (*s)++;
    line[n] = '\0';
    return 1;
}

static int parse_int_line(const char *line, int *v) {
    char *end;
    errno = 0;
    long x = strtol(line, &end, 10);
    if (end == line || *end != '\0' || errno || x < INT_MIN || x > INT_MAX) return -1;
    *v = (int)x;
    return 0;
}

int kt_parse_init(const char *text, kt_view *v, char *err, size_t errlen) {
    char line[256];
    const char *s = text;
    if (!next_line(&s, line, sizeof line) || parse_int_line(line, &v->w) || v->w < 1 ||
        v->w > KT_MAX_W)
        return fail(err, errlen, "init: bad width");
    if (!next_line(&s, line, sizeof line) || parse_int_line(line, &v->h) || v->h < 1 ||
        v->h > KT_MAX_H)
        return fail(err, errlen, "init: bad height");
    for (int y = 0; y < v->h; y++) {
        if (!next_line(&s, line, sizeof line) || (int)strlen(line) != v->w)
            return fail(err, errlen, "init: row %d is not %d characters", y, v->w);
        memcpy(v->cells + y * v->w, line, (size_t)v->w);
    }
    kt_params *p = &v->params;
    if (!next_line(&s, line, sizeof line) ||
        sscanf(line, "%d %d %d %d", &p->lonely, &p->group, &p->spawn_time, &p->life_time) != 4)
        return fail(err, errlen, "init: bad parameters line");
    v->turn = 0;
    v->nent = 0;
    return 0;
}

int kt_parse_turn(const char *text, kt_view *v, char *err, size_t errlen) {
    char line[256];
    const char *s = text;
    int n;
    if (!next_line(&s, line, sizeof line) || parse_int_line(line, &n) || n < 1 ||
        n > KT_MAX_ENTITIES)
        return fail(err, errlen, "turn: bad entity count");
    static const struct { const char *name; char t; } types[] = {
        {"EXPLORER", 'E'}, {"WANDERER", 'W'}, {"SLASHER", 'S'}, {"EFFECT_PLAN", 'P'},
        {"EFFECT_LIGHT", 'L'}, {"EFFECT_SHELTER", 'U'}, {"EFFECT_YELL", 'Y'}};
    for (int k = 0; k < n; k++) {
        char name[32];
        kt_entity *e = &v->ent[k];
        if (!next_line(&s, line, sizeof line) ||
            sscanf(line, "%31s %d %d %d %d %d %d", name, &e->id, &e->x, &e->y, &e->p0, &e->p1,
                   &e->p2) != 7)
            return fail(err, errlen, "turn: bad entity line %d", k + 1);
        e->type = 0;
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
            if (strcmp(name, types[t].name) == 0) e->type = types[t].t;
        if (!e->type) return fail(err, errlen, "turn: unknown entity '%s'", name);
    }
    if (v->ent[0].type != 'E') return fail(err, errlen, "turn: the first entity is not me");
    v->nent = n;
    return 0;
}
