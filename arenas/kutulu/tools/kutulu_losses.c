/* kutulu_losses.c — where a Kutulu bot loses. Plays the games of
 * `kutulu tournament --bots BOT,OTHER,OTHER,OTHER --seed S` (same referee seeds, maps, seats
 * and bot seeds: BOT is entrant A) and breaks down the games BOT does not win: how it went out
 * (hit by which minion, at what sanity, or drained by the turns' sanity loss), on which turn,
 * and what chose the move that walked into each hit (the bot's published "decided_by" map,
 * postmortem's steps). It also measures BOT's timing map (the published "timing": the earliest
 * time a minion can strike each cell, in turns from the decision) against the minions' real
 * arrivals: every cell a wanderer stands on or a slasher strikes at the end of a later update.
 *
 *   kutulu_losses [--games N] [--seed S] [--bot NAME] [--other NAME] [--data DIR]
 *
 * --other may be a program (`cmd:PROGRAM ARGS`), played with the limits of the README's public
 * bots (5000 ms first turn, 500 ms after: ten times the referee's).
 *
 * A test-only analysis program: not installed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"
#include "kit/tournament.h"

#define HORIZON 12 /* decisions looked back from an arrival */
#define STAGES 64

static const char *stage_name(int s) {
    static const char *names[] = {"no opinion anywhere (generator)", "minimax worst case",
                                  "safe-tree filter", "not hit next turn", "biggest bonus",
                                  "closest bonus", "longest time to live", "no yell trap",
                                  "least average damage to me", "most average damage to others",
                                  "closer to the others", "longest time to live of the cell",
                                  "room after the move", "not a dead end", "not going back",
                                  "not staying", "tie (generator)", "YELL before the moves",
                                  "PLAN", "YELL", "LIGHT"};
    return s >= 0 && s < (int)(sizeof names / sizeof names[0]) ? names[s] : "?";
}

typedef struct arrival_tally {
    long n, sound, exact, unforeseen, unborn; /* unborn: the minion was not there yet */
    double slack; /* sum of (actual - predicted) over the sound ones */
} arrival_tally;

typedef struct game_ctx {
    int seat; /* BOT's seat */
    int have_prev;
    kt_explorer prev_ex[KT_PLAYERS];
    int nprev;
    kt_minion prev_min[KT_MAX_MINIONS];
    int w, n;
    double timing[HORIZON][KT_MAX_CELLS];
    int timing_turn[HORIZON]; /* the turn each ring slot was decided on, -1 none */
    int nseen[HORIZON], seen[HORIZON][KT_MAX_MINIONS]; /* the minions the decision saw */
    int stage;                /* of this turn's decision */
    /* this game */
    int hits_w, hits_s, hit_stage[STAGES], all_stage[STAGES], lonely_turns, turns_in;
    int out_turn, out_by;     /* out_by: 0 drained, 1 wanderer, 2 slasher, -1 not out */
    int out_sanity, out_stage;
    arrival_tally tally[2];   /* wanderers, slashers */
} game_ctx;

static int manhattan(int w, int a, int b) { return abs(a % w - b % w) + abs(a / w - b / w); }

static const kt_minion *prev_minion(const game_ctx *c, int id) {
    for (int k = 0; k < c->nprev; k++)
        if (c->prev_min[k].id == id) return &c->prev_min[k];
    return NULL;
}

/* A minion is on `cell` at the end of update `turn` (a wanderer standing there or a slasher's
 * strike): compare with the timing maps of the decisions before. */
static void arrival(game_ctx *c, int type, int id, int cell, int turn) {
    for (int s = 0; s < HORIZON; s++) {
        int t = c->timing_turn[s];
        if (t < 0 || t > turn || turn - t >= HORIZON) continue;
        double actual = turn - t + 1, predicted = c->timing[s][cell];
        arrival_tally *a = &c->tally[type];
        int known = 0;
        for (int k = 0; k < c->nseen[s] && !known; k++) known = c->seen[s][k] == id;
        if (!known) {
            a->unborn++;
            continue;
        }
        a->n++;
        if (predicted <= actual) {
            a->sound++;
            a->slack += actual - predicted;
            if (predicted == actual) a->exact++;
        } else {
            a->unforeseen++;
        }
    }
}

static int observe(void *vctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                   const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS],
                   char *err, size_t errlen) {
    (void)lines;
    (void)err;
    (void)errlen;
    game_ctx *c = vctx;
    int turn = g->turn - 1, me = c->seat;
    c->w = g->map->w;
    c->n = g->map->w * g->map->h;
    c->stage = -1;
    if (played[me]) {
        kit_map maps[KIT_MAX_MAPS];
        int k = kt_player_maps(players[me], maps, KIT_MAX_MAPS);
        int slot = turn % HORIZON;
        c->timing_turn[slot] = -1;
        for (int i = 0; i < k; i++) {
            if (strcmp(maps[i].name, "timing") == 0) {
                memcpy(c->timing[slot], maps[i].values, (size_t)c->n * sizeof(double));
                c->timing_turn[slot] = turn;
                c->nseen[slot] = c->nprev;
                for (int j = 0; j < c->nprev; j++) c->seen[slot][j] = c->prev_min[j].id;
            } else if (strcmp(maps[i].name, "decided_by") == 0 && c->have_prev) {
                double v = maps[i].values[c->prev_ex[me].cell];
                if (isfinite(v)) c->stage = (int)v;
            }
        }
    }
    /* arrivals: wanderers where they stand, slashers where they struck */
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        if (m->type == KT_WANDERER && m->state == KT_WANDERING) arrival(c, 0, m->id, m->cell, turn);
        if (m->type == KT_SLASHER && m->state == KT_STUNNED && m->stun_cd == KT_SLASHER_STUN)
            arrival(c, 1, m->id, m->cell, turn);
    }
    if (c->have_prev && c->prev_ex[me].active) {
        const kt_explorer *now = &g->ex[me];
        int cell = now->cell, hw = 0, hs = 0;
        for (int k = 0; k < c->nprev; k++) { /* wanderers gone before their life ended */
            const kt_minion *p = &c->prev_min[k];
            if (p->type != KT_WANDERER || p->state != KT_WANDERING || p->life_cd <= 1) continue;
            int still = 0;
            for (int j = 0; j < g->nminions; j++) still |= g->minions[j].id == p->id;
            if (!still && manhattan(c->w, p->cell, cell) <= 1 &&
                c->prev_ex[me].sanity - now->sanity >= KT_SPOOK - KT_PLAN_HEAL * 4 - KT_SHELTER_HEAL)
                hw++, arrival(c, 0, p->id, cell, turn);
        }
        for (int k = 0; k < g->nminions; k++) {
            const kt_minion *m = &g->minions[k];
            const kt_minion *p = prev_minion(c, m->id);
            if (m->type == KT_SLASHER && p && p->state == KT_RUSH && m->state == KT_STUNNED &&
                m->cell == cell)
                hs++;
        }
        c->hits_w += hw;
        c->hits_s += hs;
        if ((hw || hs) && c->stage >= 0) c->hit_stage[c->stage % STAGES]++;
        if (c->stage >= 0) c->all_stage[c->stage % STAGES]++;
        c->turns_in++;
        int grouped = 0;
        for (int i = 0; i < KT_PLAYERS; i++)
            if (i != me && c->prev_ex[i].active && manhattan(c->w, c->prev_ex[i].cell, c->prev_ex[me].cell) <= KT_GROUP_RANGE)
                grouped = 1;
        c->lonely_turns += !grouped;
        if (!now->active && c->out_turn < 0) {
            c->out_turn = turn;
            c->out_by = hs ? 2 : hw ? 1 : 0;
            c->out_sanity = c->prev_ex[me].sanity;
            c->out_stage = c->stage;
        }
    }
    memcpy(c->prev_ex, g->ex, sizeof c->prev_ex);
    c->nprev = g->nminions;
    memcpy(c->prev_min, g->minions, (size_t)g->nminions * sizeof(kt_minion));
    c->have_prev = 1;
    return 0;
}

static void usage(void) {
    fprintf(stderr, "usage: kutulu_losses [--games N] [--seed S] [--bot NAME] [--other NAME] "
                    "[--data DIR]\n");
    exit(2);
}

int main(int argc, char **argv) {
    long games = 400;
    uint64_t seed = 1;
    const char *bot = "postmortem", *other = "initial", *data = "arenas/kutulu/data";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "--games") == 0) games = atol(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0) seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--bot") == 0) bot = argv[++i];
        else if (strcmp(argv[i], "--other") == 0) other = argv[++i];
        else if (strcmp(argv[i], "--data") == 0) data = argv[++i];
        else usage();
    }
    int outside = strncmp(other, "cmd:", 4) == 0; /* a program: the public runs' limits */
    if (games <= 0 || !kt_bot_find(bot) || (!outside && !kt_bot_find(other))) usage();
    static kt_mapset maps;
    char err[256], dir[4096];
    snprintf(dir, sizeof dir, "%s/maps", data);
    if (kt_mapset_load(dir, &maps, err, sizeof err)) {
        fprintf(stderr, "kutulu_losses: %s\n", err);
        return 1;
    }
    static game_ctx c;
    long won = 0, lost = 0, out_by[3] = {0}, out_turn[5] = {0}, out_sanity[4] = {0},
         still_in = 0, hits_lost = 0, hits_won = 0, lonely = 0, turns_in = 0;
    long out_stage[STAGES] = {0}, hit_stage[STAGES] = {0}, all_stage[STAGES] = {0}, hits_w = 0, hits_s = 0;
    arrival_tally tally[2] = {{0}};
    for (long index = 0; index < games; index++) {
        int entrant_of_seat[KT_PLAYERS];
        kit_rotate_seats(index, KT_PLAYERS, entrant_of_seat);
        kt_player *players[KT_PLAYERS];
        memset(&c, 0, sizeof c);
        for (int s = 0; s < HORIZON; s++) c.timing_turn[s] = -1;
        c.out_turn = -1;
        c.out_by = -1;
        for (int s = 0; s < KT_PLAYERS; s++) {
            players[s] = kt_player_new(entrant_of_seat[s] == 0 ? bot : other, err, sizeof err);
            if (!players[s]) {
                fprintf(stderr, "kutulu_losses: %s\n", err);
                return 1;
            }
            if (entrant_of_seat[s] == 0) c.seat = s;
        }
        kt_match_config cfg;
        cfg.seed = (int64_t)(kit_game_seed(seed, index / KT_PLAYERS) >> 1);
        cfg.forced_map = (int)((index / KT_PLAYERS) % KT_LEAGUE_MAPS);
        cfg.bot_seed = kit_game_seed(seed, index);
        cfg.first_limit_ns = outside ? 5000000000LL : 1000000000LL;
        cfg.limit_ns = outside ? 500000000LL : 50000000LL;
        kt_match_result res;
        int rc = kt_play_match(players, &maps, &cfg, observe, &c, &res, err, sizeof err);
        for (int s = 0; s < KT_PLAYERS; s++) kt_player_free(players[s]);
        if (rc) {
            fprintf(stderr, "kutulu_losses: game %ld: %s\n", index, err);
            return 1;
        }
        int hits = c.hits_w + c.hits_s;
        hits_w += c.hits_w;
        hits_s += c.hits_s;
        lonely += c.lonely_turns;
        turns_in += c.turns_in;
        for (int s = 0; s < STAGES; s++) hit_stage[s] += c.hit_stage[s], all_stage[s] += c.all_stage[s];
        for (int t = 0; t < 2; t++) {
            tally[t].n += c.tally[t].n;
            tally[t].sound += c.tally[t].sound;
            tally[t].exact += c.tally[t].exact;
            tally[t].unforeseen += c.tally[t].unforeseen;
            tally[t].unborn += c.tally[t].unborn;
            tally[t].slack += c.tally[t].slack;
        }
        if (res.rank[c.seat] == 1) {
            won++;
            hits_won += hits;
            continue;
        }
        lost++;
        hits_lost += hits;
        if (c.out_turn < 0) {
            still_in++;
            continue;
        }
        out_by[c.out_by]++;
        out_turn[c.out_turn < 25 ? 0 : c.out_turn < 50 ? 1 : c.out_turn < 75 ? 2
                 : c.out_turn < 100 ? 3 : 4]++;
        if (c.out_by > 0) {
            out_sanity[c.out_sanity <= 20 ? 0 : c.out_sanity <= 40 ? 1 : c.out_sanity <= 60 ? 2 : 3]++;
            if (c.out_stage >= 0) out_stage[c.out_stage % STAGES]++;
        }
    }
    printf("kutulu_losses: %s against three %s, %ld games, seed %llu\n", bot, other, games,
           (unsigned long long)seed);
    printf("first places %ld (%.1f%%), not first %ld\n", won, 100.0 * won / games, lost);
    printf("minion hits per game: %.2f in games won, %.2f in games not won (wanderers %ld, "
           "slashers %ld in all)\n", won ? (double)hits_won / won : 0.0,
           lost ? (double)hits_lost / lost : 0.0, hits_w, hits_s);
    printf("turns alone (no explorer within 2 at turn start): %.1f%%\n",
           100.0 * lonely / (turns_in ? turns_in : 1));
    printf("\n| games not won: how it went out | games | share |\n|---|---|---|\n");
    const char *by[3] = {"drained (no hit on its last turn)", "hit by a wanderer", "hit by a slasher"};
    for (int i = 0; i < 3; i++)
        printf("| %s | %ld | %.1f%% |\n", by[i], out_by[i], 100.0 * out_by[i] / (lost ? lost : 1));
    printf("| still in at the end, fewer points | %ld | %.1f%% |\n", still_in,
           100.0 * still_in / (lost ? lost : 1));
    printf("\n| turn it went out | 0-24 | 25-49 | 50-74 | 75-99 | 100+ |\n|---|---|---|---|---|---|\n|");
    printf(" games |");
    for (int i = 0; i < 5; i++) printf(" %ld |", out_turn[i]);
    printf("\n\n| sanity before the fatal hit | <= 20 | 21-40 | 41-60 | > 60 |\n|---|---|---|---|---|\n");
    printf("| games | %ld | %ld | %ld | %ld |\n", out_sanity[0], out_sanity[1], out_sanity[2],
           out_sanity[3]);
    printf("\n| what chose the action | fatal hits | all hits | all decisions |\n|---|---|---|---|\n");
    for (int s = 0; s < STAGES; s++) {
        if (!out_stage[s] && !hit_stage[s] && !all_stage[s]) continue;
        printf("| %s%s | %ld | %ld | %ld |\n", stage_name(s % 32), s >= 32 ? ", no safe move" : "",
               out_stage[s], hit_stage[s], all_stage[s]);
    }
    printf("\n| timing map vs arrivals (decisions up to %d turns before) | arrivals | predicted <= actual "
           "| exact | mean slack (turns) | unforeseen | by minions not yet there |\n"
           "|---|---|---|---|---|---|---|\n", HORIZON);
    const char *type[2] = {"wanderer standing on the cell", "slasher striking the cell"};
    for (int t = 0; t < 2; t++) {
        const arrival_tally *a = &tally[t];
        double n = a->n ? (double)a->n : 1.0;
        printf("| %s | %ld | %.1f%% | %.1f%% | %.2f | %.1f%% | %ld |\n", type[t], a->n,
               100.0 * a->sound / n, 100.0 * a->exact / n,
               a->sound ? a->slack / (double)a->sound : 0.0, 100.0 * a->unforeseen / n, a->unborn);
    }
    return 0;
}
