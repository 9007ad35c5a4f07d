/* kutulu_view.h — what a Kutulu player sees and says: the protocol's constants, the parsed
 * input (kt_view), actions, and the bot type (the kit's bot interface, arenas/kit/bot.h).
 * Bots include only this header (through kutulu.h in the arena, or pasted with bot.h into the
 * single-file CodinGame build) and dmap.h. */
#ifndef KUTULU_VIEW_H
#define KUTULU_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "kit/bot.h"

#define KT_PLAYERS 4
#define KT_MAX_W 32
#define KT_MAX_H 32
#define KT_MAX_CELLS (KT_MAX_W * KT_MAX_H)
#define KT_MAX_MINIONS 512
#define KT_MAX_EFFECTS 128
#define KT_MAX_ENTITIES (KT_PLAYERS + KT_MAX_MINIONS + KT_MAX_EFFECTS)
#define KT_LAST_TURN 200 /* the game ends after the update of turn 200 */
#define KT_LEAGUE_MAPS 16
#define KT_LINE_MAX 256

/* Referee constants (Constants.java). */
enum {
    KT_MAX_SANITY = 250,
    KT_PLANS = 2,
    KT_LIGHTS = 3,
    KT_SPOOK = 20,
    KT_KUTULU_LOSS = 50,
    KT_GROUP_RANGE = 2,
    KT_SLASHER_SANITY = 200,
    KT_SLASHER_SPAWN_TIME = 6,
    KT_SLASHER_PREP = 2,
    KT_SLASHER_STUN = 6,
    KT_WANDERER_INTERVAL = 5,
    KT_PLAN_TICKS = 4,
    KT_PLAN_RADIUS = 2,
    KT_PLAN_HEAL = 3,
    KT_LIGHT_TICKS = 2,
    KT_LIGHT_RADIUS = 5,
    KT_LIGHT_EXTRA = 4,
    KT_YELL_TICKS = 2,
    KT_YELL_RANGE = 1,
    KT_SHELTER_INTERVAL = 50,
    KT_SHELTER_ENERGY = 10,
    KT_SHELTER_HEAL = 5
};

typedef struct kt_params {
    int lonely, group;      /* sanity lost per turn alone / near another explorer */
    int spawn_time;         /* wanderers' spawn countdown */
    int life_time;          /* wanderers' life */
} kt_params;

/* ---- actions ------------------------------------------------------------------------------- */

typedef enum kt_action_kind {
    KT_WAIT = 0,
    KT_UP, KT_RIGHT, KT_DOWN, KT_LEFT, /* bare directions: a one-cell step */
    KT_PLAN, KT_LIGHT, KT_YELL,
    KT_MOVE /* MOVE x y: the first step of the referee's shortest path */
} kt_action_kind;

typedef struct kt_action {
    kt_action_kind kind;
    int x, y; /* KT_MOVE only */
} kt_action;

/* Write an action as a protocol line ("MOVE 3 4", "WAIT", "LIGHT", ...). */
void kt_format_action(const kt_action *a, char *buf, size_t cap);

/* What a player reads, parsed. */
typedef struct kt_entity {
    char type;           /* 'E' explorer, 'W' wanderer, 'S' slasher, 'P' plan, 'L' light,
                            'U' shelter, 'Y' yell */
    int id, x, y, p0, p1, p2;
} kt_entity;

typedef struct kt_view {
    int w, h;
    char cells[KT_MAX_CELLS]; /* '#', '.', 'w', 'U' as sent */
    kt_params params;
    int turn;                 /* how many turn inputs this player has read before (0 first) */
    int nent;
    kt_entity ent[KT_MAX_ENTITIES]; /* ent[0] is the player's own explorer */
} kt_view;

/* Parse the init lines (sets w, h, cells, params). Returns 0 or -1 with err. */
int kt_parse_init(const char *text, kt_view *v, char *err, size_t errlen);
/* Parse a turn's input (count, then entity lines). Returns 0 or -1 with err. */
int kt_parse_turn(const char *text, kt_view *v, char *err, size_t errlen);

/* ---- bots ---------------------------------------------------------------------------------- */

/* An in-process bot: the arenas' one interface (arenas/kit/bot.h) over kt_view and kt_action.
 * init makes per-game state from the first view (after its first turn input) and the bot's
 * own generator seed; decide reads the turn's view and writes the action; both return 0 or a
 * negative DMAP_ERR_* (DMAP_ERR_NOMEM when a map could not get its memory), which ends the game
 * with that error: never a different game played on. maps (may be NULL) publishes the named
 * maps of the last decision for replays. */
KIT_BOT_INTERFACE(kt_bot, kt_view, kt_action);

#endif
