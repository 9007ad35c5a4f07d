/* outside.c — the adapter of `cmd:PROGRAM ARGS` seats (kit/outside.h): each decision writes
 * the referee's protocol text, rebuilt from the view (the init lines before the first turn's
 * input, then the turn's entity count and lines: kt_format_view_init and kt_format_view_turn,
 * the text the view was parsed from, field for field), and reads one answer line. The
 * line is judged by the referee's grammar (kt_parse_action): one it rejects ends the program
 * (KIT_END_INVALID). A NUL byte of the answer is a character to that grammar (the seat's
 * nul_char), as to the Java referee. An ended program answers WAIT. The player (player.c)
 * takes the answer line itself from the state for the replay and the trace. */
#include "dmap.h"
#include "kit/outside.h"
#include "kutulu.h"

/* The question: the init lines on the first one, then the turn's input. */
static const char *ask(kit_outside *o, const void *view, int *rc) {
    char text[KT_VIEW_TEXT_MAX];
    size_t len = o->asked == 0 ? kt_format_view_init(view, text, sizeof text) : 0;
    if (len < sizeof text) len += kt_format_view_turn(view, text + len, sizeof text - len);
    *rc = len < sizeof text ? 0 : DMAP_ERR_ARG; /* not a view the referee can write */
    return *rc ? NULL : kit_outside_ask(o, text, len);
}

static int parse(const char *line, void *action) { return kt_parse_action(line, action); }

static const kt_action idle = {KT_WAIT, 0, 0};
static const kit_outside_protocol protocol = {NULL, ask, parse, &idle, sizeof idle};

KIT_OUTSIDE_ADAPTER(kt_bot_outside, kt_bot, kt_view, kt_action, protocol,
                    "an outside program: the referee's protocol text, an action line per turn");
