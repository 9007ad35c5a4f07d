/* seated.c — one Pommerman game as every kit runner asks for it (kit/seating.h): the deal's
 * seed makes the board (the games of one deal play the same board with the seats moved), and
 * the environment's result gives the placings: the winners 1 and the others 2, every agent 1
 * in a tie; the record is the game's pm_game_result. Also the --bots list of a league or SPRT
 * and the config check. */
#include <stdio.h>

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
        return kit_fail(PM_PROG, "%s: --config %s is a team game; give a free-for-all or 1v1 "
                                 "config", command, config);
    const kit_bot_info *info[PM_SEATED_MAX];
    if (kit_parse_seats(PM_PROG, "--bots", list, &pm_bot_table, min, max, NULL,
                        &pm_bot_outside.info, sizeof pm_bot_outside, o, info, n))
        return -1;
    for (int i = 0; i < *n; i++) {
        ctx->entrants[i] = (const pm_bot *)info[i]; /* info: the first member */
        ctx->names[i] = info[i]->name;
    }
    return 0;
}
