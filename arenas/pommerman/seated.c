/* seated.c — one Pommerman game as every kit runner asks for it (kit/seating.h): the deal's
 * seed makes the board (the games of one deal play the same board with the seats moved), and
 * the environment's result gives the placings: the winners 1 and the others 2, every agent 1
 * in a tie; the record is the game's pm_game_result. Also the --bots list of a league or SPRT
 * and the config check. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"

int pm_play_seated(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                   size_t cap) {
    const pm_seated *ctx = vctx;
    const pm_bot *bots[PM_MAX_AGENTS];
    for (int i = 0; i < s->seats; i++) bots[i] = ctx->entrants[s->entrant[i]];
    pm_game_result r, *res = record ? record : &r;
    int rc = pm_play(ctx->cfg, bots, s->seed & 0x7fffffffffffffffull, NULL, NULL, 0, NULL, res);
    if (rc != DMAP_OK) {
        snprintf(why, cap, "%s", dmap_strerror(rc));
        return 1;
    }
    for (int i = 0; i < s->seats; i++)
        rank[i] = res->result == PM_TIE || (res->winners & (1u << i)) ? 1 : 2;
    return 0;
}

int pm_seated_bots(const char *command, char *list, const char *config, int min, int max,
                   const kit_outside_opts *o, pm_seated *ctx, int *n) {
    if (ctx->cfg->game_type != PM_GAME_FFA && ctx->cfg->game_type != PM_GAME_ONE_VS_ONE)
        return kit_fail(ARENA_PROG, "%s: --config %s is a team game; give a free-for-all or 1v1 "
                                 "config", command, config);
    const kit_bot_info *info[PM_SEATED_MAX];
    if (kit_parse_seats(ARENA_PROG, "--bots", list, &pm_bot_table, min, max, NULL,
                        &pm_bot_outside.info, sizeof pm_bot_outside, o, info, n))
        return -1;
    for (int i = 0; i < *n; i++) {
        ctx->entrants[i] = (const pm_bot *)info[i]; /* info: the first member */
        ctx->names[i] = info[i]->name;
    }
    return 0;
}

/* Leagues and SPRTs (kit/lab_cmd.h): --config, then the --bots list: a league's 2 to 16 bots
 * in tables of the config's agent count; an SPRT's A,B (B and B in the other seats) or one
 * bot per seat. */
static int lab_option(void *arena, kit_lab *l, int argc, char **argv, int *i) {
    if ((void)l, strcmp(argv[*i], "--config")) return 0;
    return (((pm_lab *)arena)->config = kit_opt_value(ARENA_PROG, argc, argv, i)) ? 1 : -1;
}

static int lab_open(void *arena, kit_lab *l) {
    pm_lab *p = arena;
    pm_seated *ctx = &p->s;
    if (pm_cli_config(p->config, &ctx->cfg)) return KIT_EXIT_USAGE;
    int seats = ctx->cfg->num_agents;
    int n = 0; /* p->n only once every bot is there (lab_close frees them) */
    if (pm_seated_bots(l->command, l->bots, p->config, l->sprt ? 2 : seats,
                       l->sprt ? seats : PM_SEATED_MAX, &l->outside, ctx, &n))
        return KIT_EXIT_USAGE;
    p->n = n;
    if (l->sprt && p->n != 2 && p->n != seats)
        return kit_fail_usage(ARENA_PROG, "--bots: give A,B or all %d seats' bots, got %d", seats, p->n);
    for (int i = p->n; l->sprt && i < seats; i++)
        ctx->entrants[i] = ctx->entrants[1], ctx->names[i] = ctx->names[1];
    l->entrants = p->n, l->names = ctx->names, l->seats = seats;
    l->play = pm_play_seated, l->ctx = ctx;
    l->record_size = sizeof(pm_game_result), l->ended_at = offsetof(pm_game_result, ended);
    return 0;
}

static void lab_close(void *arena) {
    pm_lab *p = arena;
    pm_cli_free_bots(p->s.entrants, p->n);
    p->n = 0;
}

/* The one state of the command: no bots yet, config "ffa". */
static void *lab_state(void) {
    static pm_lab p;
    memset(&p, 0, sizeof p);
    p.config = "ffa";
    return &p;
}

const kit_lab_cmd arena_lab = {.prog = ARENA_PROG, .league_games_default = -1, .outside = 1,
                                .first_limit_ms = PM_FIRST_LIMIT_MS, .limit_ms = PM_LIMIT_MS,
                                .option = lab_option, .open = lab_open, .close = lab_close,
                                .state = lab_state};
