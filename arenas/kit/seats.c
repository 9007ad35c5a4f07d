/* seats.c — the seat driver (seats.h): every game's bots are initialised, asked, timed and
 * released here, by the NULL rule of bot.h. */
#include "seats.h"

#include <string.h>

#include "dmap.h"
#include "outside.h"

int kit_seats_open(kit_seats *s, const kit_seat_ops *ops, kit_clock clock,
                   const kit_bot_info *const *bots, int n) {
    if (!s) return DMAP_ERR_ARG;
    memset(s, 0, sizeof *s);
    if (!ops || !bots || n < 1 || n > KIT_SEATS_MAX) return DMAP_ERR_ARG;
    for (int i = 0; i < n; i++)
        if (bots[i] && !ops->valid(bots[i])) return DMAP_ERR_ARG;
    s->ops = ops;
    s->clock = clock;
    s->n = n;
    for (int i = 0; i < n; i++) {
        s->seat[i].bot = bots[i];
        s->seat[i].preset = bots[i] ? kit_bot_preset(bots[i]) : NULL;
        s->seat[i].clock = clock;
        if (clock == KIT_CLOCK_THREAD_CPU && bots[i] && kit_outside_of(bots[i])) s->seat[i].clock = KIT_CLOCK_WALL;
    }
    return DMAP_OK;
}

void kit_seats_preset(kit_seats *s, int i, void *preset) {
    if (s && i >= 0 && i < s->n) s->seat[i].preset = preset;
}

int kit_seats_init(kit_seats *s, int i, const void *first, uint64_t seed) {
    if (!s || i < 0 || i >= s->n) return DMAP_ERR_ARG;
    kit_seat *seat = &s->seat[i];
    if (!seat->bot || seat->ready) return DMAP_OK;
    void *state = seat->preset;
    int rc = s->ops->init(seat->bot, &state, first, seed);
    if (rc != DMAP_OK) {
        seat->state = NULL;
        return rc;
    }
    seat->state = state;
    seat->ready = 1;
    seat->ended = KIT_END_NONE;
    seat->ended_on = 0;
    return DMAP_OK;
}

int kit_seats_maps(kit_seats *s, int i, kit_map *out, int max) {
    if (!s || i < 0 || i >= s->n || !out || max < 0) return DMAP_ERR_ARG;
    kit_seat *seat = &s->seat[i];
    if (!seat->ready) return 0;
    int n = s->ops->maps(seat->bot, seat->state, out, max);
    return n > max ? max : n;
}

void kit_seats_end(kit_seats *s, int i) {
    if (!s || i < 0 || i >= s->n) return;
    kit_seat *seat = &s->seat[i];
    if (!seat->ready) return;
    seat->ended = kit_bot_ended(seat->bot, seat->state, &seat->ended_on);
    s->ops->release(seat->bot, seat->state);
    seat->state = NULL;
    seat->ready = 0;
}

void kit_seats_close(kit_seats *s) {
    if (!s) return;
    for (int i = 0; i < s->n; i++) kit_seats_end(s, i);
}
