/* cli.c — what the `bomber` program's commands share (cli.h): bot lists and the text board. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int bomber_cli_bots(const char *opt, char *list, int min, int max, const kit_outside_opts *o,
                    const bomber_bot **out, int *n) {
    const kit_bot_info *info[16];
    if (max > 16) max = 16;
    if (kit_parse_seats(ARENA_PROG, opt, list, &bomber_bot_table, min, max, NULL,
                        &bomber_bot_outside.info, sizeof bomber_bot_outside, o, info, n))
        return -1;
    for (int i = 0; i < *n; i++) out[i] = (const bomber_bot *)info[i]; /* info: the first member */
    return 0;
}

void bomber_cli_free_bots(const bomber_bot **bots, int n) {
    for (int i = 0; i < n; i++) {
        const kit_bot_info *info = &bots[i]->info;
        kit_outside_free(&info, 1);
    }
}

void bomber_render(const bomber_game *g, int tick) {
    char b[BOMBER_CELLS];
    memset(b, '.', sizeof b);
    for (int i = 0; i < g->nfires; i++) b[g->fires[i].y * BOMBER_W + g->fires[i].x] = '^';
    for (int i = 0; i < BOMBER_METAL; i++) b[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = '#';
    for (int i = 0; i < g->nblocks; i++)
        b[g->blocks[i].y * BOMBER_W + g->blocks[i].x] = g->blocks[i].kind == 'o' ? '*' : '+';
    for (int i = 0; i < g->nammo; i++) b[g->ammo[i].y * BOMBER_W + g->ammo[i].x] = 'a';
    for (int i = 0; i < g->ntreasure; i++) b[g->treasure[i].y * BOMBER_W + g->treasure[i].x] = 't';
    for (int i = 0; i < g->nbombs; i++) b[g->bombs[i].y * BOMBER_W + g->bombs[i].x] = 'o';
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        b[g->players[p].y * BOMBER_W + g->players[p].x] = bomber_alive(g, p) ? (char)('0' + p) : 'x';
    printf("tick %d  p0 hp %d ammo %d score %d | p1 hp %d ammo %d score %d\n", tick,
           g->players[0].hp, g->players[0].ammo, g->players[0].score, g->players[1].hp,
           g->players[1].ammo, g->players[1].score);
    for (int y = BOMBER_H - 1; y >= 0; y--) printf("  %.*s\n", BOMBER_W, b + y * BOMBER_W);
}
