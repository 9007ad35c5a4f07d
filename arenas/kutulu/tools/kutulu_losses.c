/* kutulu_losses.c — where a Kutulu bot loses. Plays the games of
 * `kutulu tournament --bots BOT,OTHER,OTHER,OTHER --seed S` (same referee seeds, maps, seats
 * and bot seeds: BOT is entrant A) and breaks down the games BOT does not win: how it went out
 * (hit by which minion, at what sanity, or drained by the turns' sanity loss), on which turn,
 * and what chose the move that walked into each hit (the bot's published "decided_by" map,
 * postmortem's steps) or into a turn with no safe move (the next decision's step has
 * postmortem's "no safe move" mark, 32 added). It also measures BOT's timing map (the published "timing": the earliest
 * time a minion can strike each cell, in turns from the decision) against the minions' real
 * arrivals: every cell a wanderer stands on or a slasher strikes at the end of a later update.
 * YELLs: the turns BOT stood frozen by another's yell (its action was not played; the hits
 * then, and who yelled), and what its own yells did (the hits the frozen explorers took while
 * frozen, and BOT's own in the same turns).
 *
 *   kutulu_losses [--games N] [--seed S] [--bot NAME[:PARAM=VALUE...]] [--other NAME[,NAME,NAME]] [--data DIR]
 *
 * --other names the three other entrants (B, C, D of `kutulu tournament --bots BOT,B,C,D`), or
 * one name for all three. Any of them may be a program (`cmd:PROGRAM ARGS`): the games are then
 * played with the limits of the README's public bots (5000 ms first turn, 500 ms after: ten
 * times the referee's).
 *
 * A test-only analysis program: not installed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu.h"
#include "kit/param.h"
#include "kit/tournament.h"

#define HORIZON 12 /* decisions looked back from an arrival */
#define STAGES 64
#define FROZEN 21 /* the stage of a turn BOT stood frozen by a yell */

static const char *stage_name(int s) {
    static const char *names[] = {"no opinion anywhere (generator)", "minimax worst case",
                                  "safe-tree filter", "not hit next turn", "biggest bonus",
                                  "closest bonus", "longest time to live", "no yell trap",
                                  "least average damage to me", "most average damage to others",
                                  "closer to the others", "longest time to live of the cell",
                                  "room after the move", "not a dead end", "not going back",
                                  "not staying", "tie (generator)", "YELL before the moves",
                                  "PLAN", "YELL", "LIGHT",
                                  "frozen by a YELL (its action was not played)"};
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
    int prev_stage;           /* of the turn before's (-1 none) */
    /* this game */
    int hits_w, hits_s, hit_stage[STAGES], all_stage[STAGES], lonely_turns, turns_in;
    int then_unsafe[STAGES]; /* decisions followed by one with no safe move */
    int out_turn, out_by;     /* out_by: 0 drained, 1 wanderer, 2 slasher, -1 not out */
    int out_sanity, out_stage;
    arrival_tally tally[2];   /* wanderers, slashers */
    /* yells: the last turn each seat stands frozen (-1 none), the seat that froze it last */
    int frozen_until[KT_PLAYERS], frozen_by[KT_PLAYERS];
    int mine_until[KT_PLAYERS]; /* the last turn a yell of BOT holds each seat */
    int yelled_at_me[KT_PLAYERS], frozen_turns, frozen_hits[KT_PLAYERS], frozen_hits_turn[2];
    int my_yells, my_frozen, my_yell_own_hits;
    int my_frozen_of[KT_PLAYERS], my_frozen_hits_of[KT_PLAYERS]; /* per seat held */
    int hits_of[KT_PLAYERS], yells_of[KT_PLAYERS]; /* every seat's hits taken, explorers it froze */
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

/* The hits explorer i took in this update: a wanderer that vanished next to it before its life
 * ended while its sanity dropped by a spook, a slasher's rush landing on its cell. With `record`,
 * the wanderer hits are arrivals too (once per turn: BOT's own count). */
static void hits_on(game_ctx *c, const kt_game *g, int i, int turn, int record, int *hw, int *hs) {
    int cell = g->ex[i].cell;
    *hw = *hs = 0;
    for (int k = 0; k < c->nprev; k++) {
        const kt_minion *p = &c->prev_min[k];
        if (p->type != KT_WANDERER || p->state != KT_WANDERING || p->life_cd <= 1) continue;
        int still = 0;
        for (int j = 0; j < g->nminions; j++) still |= g->minions[j].id == p->id;
        if (!still && manhattan(c->w, p->cell, cell) <= 1 &&
            c->prev_ex[i].sanity - g->ex[i].sanity >= KT_SPOOK - KT_PLAN_HEAL * 4 - KT_SHELTER_HEAL) {
            (*hw)++;
            if (record) arrival(c, 0, p->id, cell, turn);
        }
    }
    for (int k = 0; k < g->nminions; k++) {
        const kt_minion *m = &g->minions[k];
        const kt_minion *p = prev_minion(c, m->id);
        if (m->type == KT_SLASHER && p && p->state == KT_RUSH && m->state == KT_STUNNED &&
            m->cell == cell)
            (*hs)++;
    }
}

/* The yells of this update: a new bit in an explorer's yelled_by is a yell that froze it in this
 * turn and the next one. */
static void note_yells(game_ctx *c, const kt_game *g, int turn) {
    int me = c->seat;
    for (int j = 0; j < KT_PLAYERS; j++) {
        unsigned fresh = g->ex[j].yelled_by & ~c->prev_ex[j].yelled_by;
        if (!fresh) continue;
        c->frozen_until[j] = turn + KT_YELL_TICKS - 1;
        for (int i = 0; i < KT_PLAYERS; i++) {
            if (!(fresh & (1u << i))) continue;
            c->frozen_by[j] = i;
            c->yells_of[i]++;
            if (j == me) c->yelled_at_me[i]++;
            if (i == me) c->mine_until[j] = turn + KT_YELL_TICKS - 1, c->my_frozen++, c->my_frozen_of[j]++;
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
    /* every explorer's hits in this update, once (BOT's wanderer hits are arrivals too) */
    int hw_of[KT_PLAYERS] = {0}, hs_of[KT_PLAYERS] = {0};
    if (c->have_prev) {
        for (int j = 0; j < KT_PLAYERS; j++)
            if (c->prev_ex[j].active) hits_on(c, g, j, turn, j == me, &hw_of[j], &hs_of[j]);
        int mine_before = 0;
        for (int j = 0; j < KT_PLAYERS; j++) mine_before |= c->mine_until[j] >= turn;
        int yells_before = c->my_frozen;
        note_yells(c, g, turn);
        if (c->my_frozen > yells_before) c->my_yells++;
        for (int j = 0; j < KT_PLAYERS; j++) c->hits_of[j] += hw_of[j] + hs_of[j];
        /* what BOT's yells do: the hits the explorers it holds take while held */
        for (int j = 0; j < KT_PLAYERS; j++)
            if (j != me && c->mine_until[j] >= turn) c->my_frozen_hits_of[j] += hw_of[j] + hs_of[j];
        if (mine_before || c->my_frozen > yells_before) c->my_yell_own_hits += hw_of[me] + hs_of[me];
    }
    if (c->have_prev && c->prev_ex[me].active) {
        const kt_explorer *now = &g->ex[me];
        int hw = hw_of[me], hs = hs_of[me];
        if (c->frozen_until[me] >= turn) { /* the action decided was not played */
            c->frozen_turns++;
            c->stage = FROZEN;
            if (hw || hs) {
                c->frozen_hits[c->frozen_by[me]]++;
                c->frozen_hits_turn[c->frozen_until[me] > turn ? 0 : 1]++;
            }
        }
        c->hits_w += hw;
        c->hits_s += hs;
        if ((hw || hs) && c->stage >= 0) c->hit_stage[c->stage % STAGES]++;
        if (c->stage >= 0) c->all_stage[c->stage % STAGES]++;
        if (c->stage >= 32 && c->prev_stage >= 0) c->then_unsafe[c->prev_stage % STAGES]++;
        c->prev_stage = c->stage;
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

/* A built-in bot's spec, NAME or NAME:PARAM=VALUE..., checked as the arena's commands check it
 * (the kit: one line on stderr for an unknown bot or a bad parameter, then exit 2). */
static void check_bot(const char *opt, const char *spec) {
    const kit_bot_info *seat = kit_bot_spec("kutulu_losses", opt, &kt_bot_table, spec, NULL);
    if (!seat) exit(2);
    kit_param_seat_free(seat); /* checked; the players read the spec again */
}

static void usage(void) {
    fprintf(stderr, "usage: kutulu_losses [--games N] [--seed S] [--bot NAME[:PARAM=VALUE...]] "
                    "[--other NAME[,NAME,NAME]] [--data DIR]\n");
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
    /* the entrants: BOT, then the three others */
    static char names_buf[3 * 1024];
    const char *entrant[KT_PLAYERS] = {bot};
    snprintf(names_buf, sizeof names_buf, "%s", other);
    int nothers = 0, outside = 0;
    for (char *tok = names_buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        if (nothers == 3) usage();
        entrant[1 + nothers++] = tok;
    }
    if (nothers == 1) entrant[2] = entrant[3] = entrant[1];
    else if (nothers != 3) usage();
    for (int e = 1; e < KT_PLAYERS; e++) {
        int program = strncmp(entrant[e], "cmd:", 4) == 0; /* a program: the public runs' limits */
        outside |= program;
        if (!program) check_bot("--other", entrant[e]);
    }
    if (games <= 0) usage();
    check_bot("--bot", bot);
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
    long out_stage[STAGES] = {0}, hit_stage[STAGES] = {0}, all_stage[STAGES] = {0}, hits_w = 0, hits_s = 0,
         then_unsafe[STAGES] = {0};
    arrival_tally tally[2] = {{0}};
    long yells_at_me[KT_PLAYERS] = {0}, frozen_hits[KT_PLAYERS] = {0}, frozen_turns = 0,
         frozen_hits_turn[2] = {0}, my_yells = 0, my_frozen = 0, my_yell_own_hits = 0,
         my_frozen_of[KT_PLAYERS] = {0}, my_frozen_hits_of[KT_PLAYERS] = {0},
         hits_of[KT_PLAYERS] = {0}, yells_of[KT_PLAYERS] = {0};
    for (long index = 0; index < games; index++) {
        int entrant_of_seat[KT_PLAYERS];
        kit_rotate_seats(index, KT_PLAYERS, entrant_of_seat);
        kt_player *players[KT_PLAYERS];
        memset(&c, 0, sizeof c);
        for (int s = 0; s < HORIZON; s++) c.timing_turn[s] = -1;
        c.out_turn = -1;
        c.prev_stage = -1;
        c.out_by = -1;
        for (int s = 0; s < KT_PLAYERS; s++) c.frozen_until[s] = c.mine_until[s] = -1;
        for (int s = 0; s < KT_PLAYERS; s++) {
            players[s] = kt_player_new(entrant[entrant_of_seat[s]], err, sizeof err);
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
        for (int s = 0; s < STAGES; s++)
            hit_stage[s] += c.hit_stage[s], all_stage[s] += c.all_stage[s],
                then_unsafe[s] += c.then_unsafe[s];
        for (int s = 0; s < KT_PLAYERS; s++) {
            yells_at_me[entrant_of_seat[s]] += c.yelled_at_me[s];
            frozen_hits[entrant_of_seat[s]] += c.frozen_hits[s];
            my_frozen_of[entrant_of_seat[s]] += c.my_frozen_of[s];
            hits_of[entrant_of_seat[s]] += c.hits_of[s];
            yells_of[entrant_of_seat[s]] += c.yells_of[s];
            my_frozen_hits_of[entrant_of_seat[s]] += c.my_frozen_hits_of[s];
        }
        frozen_turns += c.frozen_turns;
        frozen_hits_turn[0] += c.frozen_hits_turn[0];
        frozen_hits_turn[1] += c.frozen_hits_turn[1];
        my_yells += c.my_yells;
        my_frozen += c.my_frozen;
        my_yell_own_hits += c.my_yell_own_hits;
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
    if (nothers == 1)
        printf("kutulu_losses: %s against three %s, %ld games, seed %llu\n", bot, other, games,
               (unsigned long long)seed);
    else
        printf("kutulu_losses: %s against %s, %s and %s, %ld games, seed %llu\n", bot, entrant[1],
               entrant[2], entrant[3], games, (unsigned long long)seed);
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
    printf("\n| what chose the action | fatal hits | all hits | all decisions | next turn with no safe "
           "move |\n|---|---|---|---|---|\n");
    for (int s = 0; s < STAGES; s++) {
        if (!out_stage[s] && !hit_stage[s] && !all_stage[s]) continue;
        printf("| %s%s | %ld | %ld | %ld | %ld |\n", stage_name(s % 32),
               s >= 32 ? ", no safe move" : "", out_stage[s], hit_stage[s], all_stage[s],
               then_unsafe[s]);
    }
    printf("\n| entrant | minion hits taken per game | explorers it froze by a YELL per game |\n"
           "|---|---|---|\n");
    for (int e = 0; e < KT_PLAYERS; e++)
        printf("| %c: %s | %.2f | %.2f |\n", 'A' + e, entrant[e], (double)hits_of[e] / games,
               (double)yells_of[e] / games);
    printf("\n| yells at %s | yells | %s frozen (turns) | hits while frozen |\n|---|---|---|---|\n",
           bot, bot);
    for (int e = 1; e < KT_PLAYERS; e++)
        if (nothers == 3 || e == 1)
            printf("| by %s%s | %ld | | %ld |\n", nothers == 3 ? "" : "the ", entrant[e],
                   nothers == 3 ? yells_at_me[e] : yells_at_me[1] + yells_at_me[2] + yells_at_me[3],
                   nothers == 3 ? frozen_hits[e] : frozen_hits[1] + frozen_hits[2] + frozen_hits[3]);
    printf("| all | %ld | %ld | %ld (%ld in the yell's turn, %ld in the next) |\n",
           yells_at_me[1] + yells_at_me[2] + yells_at_me[3], frozen_turns,
           frozen_hits_turn[0] + frozen_hits_turn[1], frozen_hits_turn[0], frozen_hits_turn[1]);
    printf("\n| %s's own yells | explorers frozen | their hits while frozen |\n|---|---|---|\n", bot);
    for (int e = 1; e < KT_PLAYERS; e++)
        if (nothers == 3 || e == 1)
            printf("| at %s%s | %ld | %ld |\n", nothers == 3 ? "" : "the ", entrant[e],
                   nothers == 3 ? my_frozen_of[e] : my_frozen_of[1] + my_frozen_of[2] + my_frozen_of[3],
                   nothers == 3 ? my_frozen_hits_of[e]
                                : my_frozen_hits_of[1] + my_frozen_hits_of[2] + my_frozen_hits_of[3]);
    printf("| all: %ld turns it yelled, %ld explorers frozen; its own hits in the yells' turns: %ld |"
           " | |\n", my_yells, my_frozen, my_yell_own_hits);
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
