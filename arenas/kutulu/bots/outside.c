/* outside.c — the adapter of `cmd:PROGRAM ARGS` seats (kit/outside.h): each decision writes
 * the referee's protocol text, rebuilt from the view (the init lines before the first turn's
 * input, then the turn's entity count and lines: the text kt_format_init and kt_format_turn
 * wrote, which the view was parsed from, field for field), and reads one answer line. The
 * line is judged by the referee's grammar (kt_parse_action): one it rejects ends the program
 * (KIT_END_INVALID). A NUL byte of the answer is a character to that grammar (the seat's
 * nul_char), as to the Java referee. An ended program answers WAIT. The player (player.c)
 * takes the answer line itself from the state for the replay and the trace. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dmap.h"
#include "kit/outside.h"
#include "kutulu.h"

/* The longest text of one decision: the init lines (two numbers, the rows, the parameters)
 * and a turn's input (its count and one line per entity, at most 7 numbers and a name each). */
#define TEXT_MAX (64 + KT_MAX_H * (KT_MAX_W + 1) + 64 + 16 + KT_MAX_ENTITIES * 96)

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

/* Append to buf (len bytes so far, cap in all); the length after, or cap on overflow. */
static size_t put(char *buf, size_t len, size_t cap, const char *fmt, ...) {
    if (len >= cap) return cap;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
    return n < 0 || (size_t)n >= cap - len ? cap : len + (size_t)n;
}

/* The protocol text of the view: the init lines when `init`, then the turn's input. */
static size_t view_text(const kt_view *v, int init, char *buf, size_t cap) {
    size_t len = 0;
    if (init) {
        len = put(buf, len, cap, "%d\n%d\n", v->w, v->h);
        for (int y = 0; y < v->h; y++)
            len = put(buf, len, cap, "%.*s\n", v->w, v->cells + y * v->w);
        len = put(buf, len, cap, "%d %d %d %d\n", v->params.lonely, v->params.group,
                  v->params.spawn_time, v->params.life_time);
    }
    len = put(buf, len, cap, "%d\n", v->nent);
    for (int k = 0; k < v->nent; k++) {
        const kt_entity *e = &v->ent[k];
        len = put(buf, len, cap, "%s %d %d %d %d %d %d\n", entity_name(e->type), e->id, e->x,
                  e->y, e->p0, e->p1, e->p2);
    }
    return len;
}

static int outside_init(void **state, const kt_view *first, uint64_t seed) {
    (void)first, (void)seed;
    return kit_outside_start(state);
}

static int outside_decide(void *state, const kt_view *view, kt_action *action) {
    kit_outside *o = state;
    action->kind = KT_WAIT;
    action->x = action->y = 0;
    if (o->ended != KIT_END_NONE) return 0;
    char text[TEXT_MAX];
    size_t len = view_text(view, o->asked == 0, text, sizeof text);
    if (len >= sizeof text) return DMAP_ERR_ARG; /* not a view the referee can write */
    const char *got = kit_outside_ask(o, text, len);
    if (got && kt_parse_action(got, action)) {
        kit_outside_reject(o);
        action->kind = KT_WAIT;
        action->x = action->y = 0;
    }
    return 0;
}

const kt_bot kt_bot_outside = {
    {"cmd:", "an outside program: the referee's protocol text, an action line per turn"},
    outside_init, outside_decide, kit_outside_release, NULL};
