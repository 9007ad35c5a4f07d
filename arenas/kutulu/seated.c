/* seated.c — one Kutulu game as every kit runner asks for it (kit/seating.h): entrants' specs
 * in seats, the deal's seed as the referee's seed and the deal's index choosing the league map
 * (so the games of one deal replay the same game with the seats moved), the game's seed for the
 * bots, and the referee's ranks back; the record is the game's kt_match_result. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kit/tournament.h"

int kcli_play_seated(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                     size_t cap) {
    const kcli_seated *ctx = vctx;
    kt_player *players[KT_PLAYERS] = {0};
    int rc = 0;
    for (int i = 0; i < KT_PLAYERS && rc == 0; i++) {
        players[i] = kt_player_new(ctx->specs[s->entrant[i]], why, cap);
        if (!players[i]) rc = -1;
        else kt_player_stderr(players[i], ctx->bot_stderr);
    }
    if (rc == 0) {
        kt_match_config cfg;
        cfg.seed = (int64_t)(s->seed >> 1);
        cfg.forced_map = (int)(s->deal % KT_LEAGUE_MAPS);
        cfg.bot_seed = s->game_seed;
        cfg.first_limit_ns = ctx->first_limit_ns;
        cfg.limit_ns = ctx->limit_ns;
        kt_match_result r, *res = record ? record : &r;
        rc = kt_play_match(players, ctx->maps, &cfg, NULL, NULL, res, why, cap);
        if (rc == 0)
            for (int i = 0; i < KT_PLAYERS; i++) rank[i] = res->rank[i];
    }
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(players[i]);
    return rc != 0;
}

int kcli_seated_option(int argc, char **argv, int *i, kcli_seated_opts *o) {
    const char *a = argv[*i], *v;
    if (strcmp(a, "--data") && strcmp(a, "--bot-stderr") && strcmp(a, "--first-limit") &&
        strcmp(a, "--limit"))
        return 0;
    if (!(v = kit_opt_value(ARENA_PROG, argc, argv, i))) return -1;
    if (!strcmp(a, "--data")) {
        o->data = v;
    } else if (!strcmp(a, "--bot-stderr")) {
        o->bot_stderr = v;
    } else {
        int64_t *dst = a[2] == 'f' ? &o->first_ms : &o->limit_ms;
        if (kcli_int64(a, v, dst)) return -1;
        if (*dst < 1 || *dst > 600000)
            return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                             a, v), -1;
    }
    return 1;
}

int kcli_seated_open(char **specs, int n, const kcli_seated_opts *o, kt_mapset *maps,
                     kcli_seated *ctx) {
    char err[256];
    for (int e = 0; e < n; e++) { /* every program and bot is checked before any game */
        kt_player *p = kt_player_new(specs[e], err, sizeof err);
        if (!p) return kcli_fail("--bots: %s", err);
        kt_player_free(p);
        ctx->specs[e] = specs[e];
    }
    if (kcli_load_maps(o->data, maps)) return KIT_EXIT_USAGE;
    if (kcli_bot_stderr(o->bot_stderr, -1, &ctx->bot_stderr)) return KIT_EXIT_USAGE;
    ctx->maps = maps;
    ctx->first_limit_ns = o->first_ms * 1000000LL;
    ctx->limit_ns = o->limit_ms * 1000000LL;
    return 0;
}

void kcli_seated_close(void *vctx) {
    kcli_seated *ctx = vctx;
    if (ctx->bot_stderr > 2) close(ctx->bot_stderr);
    ctx->bot_stderr = -1;
}

/* Leagues and SPRTs (kit/lab_cmd.h): the options above, then the --bots list: a league's 4 to
 * 16 entrants; an SPRT's A,B (B and B in the other seats) or A,B,C,D. */
static int lab_option(void *arena, kit_lab *l, int argc, char **argv, int *i) {
    return (void)l, kcli_seated_option(argc, argv, i, &((kcli_lab *)arena)->opts);
}

static int lab_open(void *arena, kit_lab *l) {
    kcli_lab *k = arena;
    char *specs[KCLI_MAX_ENTRANTS];
    int n = 0;
    if (kit_split_bots(ARENA_PROG, "--bots", l->bots, l->sprt ? 2 : KT_PLAYERS,
                       l->sprt ? KT_PLAYERS : KCLI_MAX_ENTRANTS, NULL, specs, &n))
        return KIT_EXIT_USAGE;
    if (l->sprt && n == 3) return kcli_fail("--bots: give A,B or A,B,C,D (the two others), got 3 bots");
    if (l->sprt && n == 2) specs[2] = specs[3] = specs[1], n = KT_PLAYERS;
    if (kcli_seated_open(specs, n, &k->opts, &k->maps, &k->seated)) return KIT_EXIT_USAGE;
    l->entrants = n, l->names = (const char *const *)k->seated.specs, l->seats = KT_PLAYERS;
    l->play = kcli_play_seated, l->ctx = &k->seated;
    l->record_size = sizeof(kt_match_result), l->ended_at = offsetof(kt_match_result, ended);
    return 0;
}

static void lab_close(void *arena) { kcli_seated_close(&((kcli_lab *)arena)->seated); }

/* The one state of the command, reset to the defaults. */
static void *lab_state(void) {
    static kcli_lab lab; /* the maps are large */
    memset(&lab, 0, sizeof lab);
    lab.opts = (kcli_seated_opts){NULL, NULL, 1000, 50};
    lab.seated.bot_stderr = -1;
    return &lab;
}

const kit_lab_cmd arena_lab = {
    .prog = ARENA_PROG, .league_games_default = 100, .option = lab_option, .open = lab_open,
    .close = lab_close, .state = lab_state,
    .sprt_help_tail = "  --data DIR, --first-limit MS, --limit MS, --bot-stderr W: as for tournament\n"};
