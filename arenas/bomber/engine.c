/* engine.c — the bomber rules: map generation and one tick, in the original engine's order
 * (RULES.md; game.py at db81855, Game.generate_map and Game.tick). Every list keeps the
 * original's order, entries live until the end-of-tick cleanup exactly as there (which is what
 * makes rays stop at blocks destroyed in the same tick and spawns avoid cells emptied in it),
 * and every random draw is the original's, on the game's own kit_pyrandom. */
#include <string.h>

#include "bomber.h"
#include "dmap.h"

/* ---- small helpers ----------------------------------------------------------------------- */

/* Position of the generator in its 624-word block, to count the words a step draws. */
static int rng_pos(const kit_pyrandom *r) { return r->index % 624; }
static int words_since(const kit_pyrandom *r, int pos) { return (rng_pos(r) - pos + 624) % 624; }

static int in_bounds(int x, int y) { return x >= 0 && x < BOMBER_W && y >= 0 && y < BOMBER_H; }

int bomber_alive(const bomber_game *g, int pid) { return g->players[pid].hp > 0; }

static int is_metal(const bomber_game *g, int x, int y) {
    for (int i = 0; i < BOMBER_METAL; i++)
        if (g->metal[i][0] == x && g->metal[i][1] == y) return 1;
    return 0;
}

/* all_blocks: metal and the value-block list as it stands (destroyed blocks stay until the
 * cleanup at the end of the tick). */
static int is_block(const bomber_game *g, int x, int y) {
    if (is_metal(g, x, y)) return 1;
    for (int i = 0; i < g->nblocks; i++)
        if (g->blocks[i].x == x && g->blocks[i].y == y) return 1;
    return 0;
}

static int is_bomb(const bomber_game *g, int x, int y) {
    for (int i = 0; i < g->nbombs; i++)
        if (g->bombs[i].x == x && g->bombs[i].y == y) return 1;
    return 0;
}

static int is_player(const bomber_game *g, int x, int y) {
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (g->players[p].x == x && g->players[p].y == y) return 1;
    return 0;
}

static int add_effect(bomber_game *g, char kind, int ttl) {
    if (ttl <= 0) return 0; /* _enqueue_effect ignores them */
    if (g->neffects >= BOMBER_MAX_EFFECTS) return -1;
    g->effects[g->neffects++] = (bomber_effect){ttl, kind};
    return 0;
}

static void add_event(bomber_tick_log *log, char kind, int pid, int x, int y, int owner) {
    if (!log || log->nevents >= BOMBER_MAX_EVENTS) return;
    log->ev[log->nevents].kind = kind;
    log->ev[log->nevents].pid = pid;
    log->ev[log->nevents].x = x;
    log->ev[log->nevents].y = y;
    log->ev[log->nevents].owner = owner;
    log->nevents++;
}

/* ---- answers and actions ----------------------------------------------------------------- */

bomber_action bomber_answer_action(bomber_answer a) {
    switch (a) {
    case BOMBER_ANS_U: return BOMBER_UP;
    case BOMBER_ANS_D: return BOMBER_DOWN;
    case BOMBER_ANS_L: return BOMBER_LEFT;
    case BOMBER_ANS_R: return BOMBER_RIGHT;
    case BOMBER_ANS_B:
    case BOMBER_ANS_P: return BOMBER_BOMB;
    default: return BOMBER_NONE;
    }
}

char bomber_answer_char(bomber_answer a) {
    static const char c[] = "~_udlrbp";
    return (unsigned)a < sizeof c - 1 ? c[a] : '~';
}

char bomber_action_char(bomber_action a) {
    static const char c[] = "-udlrb";
    return (unsigned)a < sizeof c - 1 ? c[a] : '-';
}

/* ---- map generation ---------------------------------------------------------------------- */

/* The candidate list of generate_map: cells x-major, with list.remove semantics. */
typedef struct cell_list {
    int n;
    int x[BOMBER_CELLS], y[BOMBER_CELLS];
} cell_list;

static int list_find(const cell_list *l, int x, int y) {
    for (int i = 0; i < l->n; i++)
        if (l->x[i] == x && l->y[i] == y) return i;
    return -1;
}

static void list_remove_at(cell_list *l, int i) {
    memmove(l->x + i, l->x + i + 1, (size_t)(l->n - i - 1) * sizeof l->x[0]);
    memmove(l->y + i, l->y + i + 1, (size_t)(l->n - i - 1) * sizeof l->y[0]);
    l->n--;
}

static void list_remove(cell_list *l, int x, int y) {
    int i = list_find(l, x, y);
    if (i >= 0) list_remove_at(l, i);
}

/* random.sample(cells, k), then each chosen cell removed from the list: out gets them in
 * the order selected. */
static int sample_cells(kit_pyrandom *r, cell_list *l, int k, int out[][2]) {
    size_t idx[BOMBER_CELLS];
    if (kit_pyrandom_sample(r, (size_t)l->n, (size_t)k, idx) != 0) return -1; /* no memory */
    for (int i = 0; i < k; i++) out[i][0] = l->x[idx[i]], out[i][1] = l->y[idx[i]];
    for (int i = 0; i < k; i++) list_remove(l, out[i][0], out[i][1]);
    return 0;
}

/* The player's cell, its 4 neighbours, and one of the 4 cells at distance 2 tried in random
 * order (one draw per try) are kept out of the block samples. */
static void place_player(bomber_game *g, cell_list *l, int pid) {
    size_t c = kit_pyrandom_choice(&g->rng, (size_t)l->n);
    int x = l->x[c], y = l->y[c];
    list_remove_at(l, (int)c);
    g->players[pid].x = x, g->players[pid].y = y;
    const int cross[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
    for (int i = 0; i < 4; i++) list_remove(l, cross[i][0], cross[i][1]);
    int extras[4][2] = {{x - 2, y}, {x + 2, y}, {x, y - 2}, {x, y + 2}};
    for (int n = 4; n > 0;) {
        int e = (int)kit_pyrandom_choice(&g->rng, (size_t)n);
        int ex = extras[e][0], ey = extras[e][1];
        memmove(extras + e, extras + e + 1, (size_t)(n - e - 1) * sizeof extras[0]);
        n--;
        int at = list_find(l, ex, ey);
        if (at >= 0) {
            list_remove_at(l, at);
            break;
        }
    }
}

int bomber_new_game(bomber_game *g, int64_t seed, int max_iterations) {
    memset(g, 0, sizeof *g);
    kit_pyrandom_seed(&g->rng, seed);
    g->max_iterations = max_iterations;
    g->winner = -1;
    int start = rng_pos(&g->rng);
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        g->players[p] = (bomber_player){0, 0, BOMBER_START_HP, BOMBER_START_AMMO, 0,
                                        BOMBER_START_POWER};
    add_effect(g, 't',
               (int)kit_pyrandom_randint(&g->rng, BOMBER_TREASURE_MIN, BOMBER_TREASURE_MAX));
    cell_list l;
    l.n = 0;
    for (int x = 0; x < BOMBER_W; x++)
        for (int y = 0; y < BOMBER_H; y++) l.x[l.n] = x, l.y[l.n] = y, l.n++;
    for (int p = 0; p < BOMBER_PLAYERS; p++) place_player(g, &l, p);
    if (sample_cells(&g->rng, &l, BOMBER_METAL, g->metal)) return DMAP_ERR_NOMEM;
    int cells[BOMBER_WOOD][2];
    if (sample_cells(&g->rng, &l, BOMBER_WOOD, cells)) return DMAP_ERR_NOMEM;
    for (int i = 0; i < BOMBER_WOOD; i++)
        g->blocks[g->nblocks++] = (bomber_block){cells[i][0], cells[i][1], BOMBER_WOOD_HP, 's'};
    if (sample_cells(&g->rng, &l, BOMBER_ORE, cells)) return DMAP_ERR_NOMEM;
    for (int i = 0; i < BOMBER_ORE; i++)
        g->blocks[g->nblocks++] = (bomber_block){cells[i][0], cells[i][1], BOMBER_ORE_HP, 'o'};
    if (sample_cells(&g->rng, &l, BOMBER_FREE_AMMO, cells)) return DMAP_ERR_NOMEM;
    for (int i = 0; i < BOMBER_FREE_AMMO; i++)
        g->ammo[g->nammo++] = (bomber_ammo){cells[i][0], cells[i][1], BOMBER_AMMO_TTL, 1};
    g->init_words = words_since(&g->rng, start);
    return 0;
}

/* ---- one tick ---------------------------------------------------------------------------- */

/* Game._move: the target is clamped to the board (an edge move collides with the mover). */
static int apply_move(bomber_game *g, int pid, int dx, int dy) {
    bomber_player *p = &g->players[pid];
    int x = p->x + dx, y = p->y + dy;
    x = x < 0 ? 0 : x > BOMBER_W - 1 ? BOMBER_W - 1 : x;
    y = y < 0 ? 0 : y > BOMBER_H - 1 ? BOMBER_H - 1 : y;
    if (is_block(g, x, y) || is_player(g, x, y) || is_bomb(g, x, y)) return 0;
    p->x = x, p->y = y;
    return 1;
}

/* Game._place_bomb: needs ammo and no bomb on the cell; owes an ammo spawn in 70 ticks. */
static int apply_bomb(bomber_game *g, int pid, int *overflow) {
    bomber_player *p = &g->players[pid];
    if (p->ammo <= 0 || is_bomb(g, p->x, p->y)) return 0;
    if (g->nbombs >= BOMBER_MAX_BOMBS) return *overflow = 1, 0;
    p->ammo--;
    g->bombs[g->nbombs++] = (bomber_bomb){p->x, p->y, pid, BOMBER_BOMB_TTL, p->power};
    if (add_effect(g, 'a', BOMBER_AMMO_RESPAWN)) *overflow = 1;
    return 1;
}

static int apply_action(bomber_game *g, int pid, bomber_action a, int *overflow) {
    if (!bomber_alive(g, pid)) return 0;
    switch (a) {
    case BOMBER_UP: return apply_move(g, pid, 0, 1);
    case BOMBER_DOWN: return apply_move(g, pid, 0, -1);
    case BOMBER_LEFT: return apply_move(g, pid, -1, 0);
    case BOMBER_RIGHT: return apply_move(g, pid, 1, 0);
    case BOMBER_BOMB: return apply_bomb(g, pid, overflow);
    default: return 0;
    }
}

/* Steps 1-2: queue each living player's action, shuffle the list of queued actions (in the
 * order players first queued in the game), apply them. */
static int act(bomber_game *g, const bomber_action actions[BOMBER_PLAYERS],
               bomber_tick_log *log) {
    struct order { int pid; bomber_action a; } orders[BOMBER_PLAYERS];
    int n = 0, overflow = 0;
    for (int pid = 0; pid < BOMBER_PLAYERS; pid++) {
        if (!bomber_alive(g, pid) || actions[pid] == BOMBER_NONE) continue;
        int seen = 0;
        for (int i = 0; i < g->nqueue_order; i++) seen |= g->queue_order[i] == pid;
        if (!seen) g->queue_order[g->nqueue_order++] = pid;
    }
    for (int i = 0; i < g->nqueue_order; i++) {
        int pid = g->queue_order[i];
        if (bomber_alive(g, pid) && actions[pid] != BOMBER_NONE)
            orders[n].pid = pid, orders[n].a = actions[pid], n++;
    }
    kit_pyrandom_shuffle(&g->rng, orders, (size_t)n, sizeof orders[0]);
    for (int i = 0; i < n; i++) {
        int ok = apply_action(g, orders[i].pid, orders[i].a, &overflow);
        if (log) {
            log->q[log->nq].pid = orders[i].pid;
            log->q[log->nq].action = orders[i].a;
            log->q[log->nq].ok = ok;
            log->nq++;
        }
    }
    return overflow ? -1 : 0;
}

/* Step 3: last tick's fire hurts living players, then blocks and bombs, fire by fire. */
static void burn(bomber_game *g) {
    int alive[BOMBER_PLAYERS];
    for (int pid = 0; pid < BOMBER_PLAYERS; pid++) alive[pid] = bomber_alive(g, pid);
    for (int pid = 0; pid < BOMBER_PLAYERS; pid++) {
        if (!alive[pid]) continue;
        bomber_player *p = &g->players[pid];
        for (int f = 0; f < g->nfires; f++) {
            if (g->fires[f].x != p->x || g->fires[f].y != p->y) continue;
            p->hp -= BOMBER_FIRE_HIT;
            if (g->fires[f].owner != pid) g->players[g->fires[f].owner].score += BOMBER_REWARD_HIT;
        }
    }
    for (int f = 0; f < g->nfires; f++) {
        const bomber_fire *fire = &g->fires[f];
        for (int b = 0; b < g->nblocks; b++) {
            bomber_block *k = &g->blocks[b];
            if (k->x != fire->x || k->y != fire->y) continue;
            k->hp -= BOMBER_FIRE_HIT;
            if (k->hp <= 0)
                g->players[fire->owner].score +=
                    k->kind == 'o' ? BOMBER_REWARD_ORE : BOMBER_REWARD_WOOD;
        }
        for (int b = 0; b < g->nbombs; b++)
            if (g->bombs[b].x == fire->x && g->bombs[b].y == fire->y) g->bombs[b].ttl = 0;
    }
}

/* Step 4: living players pick up ammo and treasure on their cell. */
static void pick_up(bomber_game *g, unsigned char picked_by[BOMBER_MAX_ITEMS],
                    unsigned char treasure_by[BOMBER_MAX_ITEMS]) {
    for (int pid = 0; pid < BOMBER_PLAYERS; pid++) {
        bomber_player *p = &g->players[pid];
        if (!bomber_alive(g, pid)) continue;
        for (int i = 0; i < g->nammo; i++)
            if (g->ammo[i].x == p->x && g->ammo[i].y == p->y) {
                p->ammo += g->ammo[i].value;
                g->ammo[i].value = 0;
                picked_by[i] = (unsigned char)(pid + 1);
            }
        for (int i = 0; i < g->ntreasure; i++)
            if (g->treasure[i].x == p->x && g->treasure[i].y == p->y) {
                p->score += g->treasure[i].value;
                g->treasure[i].value = 0;
                treasure_by[i] = (unsigned char)(pid + 1);
            }
    }
}

/* Game._start_fire: the bomb's cell, then rays -x, +x, -y, +y of up to `power` cells; a ray
 * burns the first block or bomb it meets (as the lists stand now) and stops there. */
static int start_fire(bomber_game *g, const bomber_bomb *b) {
    static const int dir[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    if (g->nfires >= BOMBER_MAX_FIRES) return -1;
    g->fires[g->nfires++] = (bomber_fire){b->x, b->y, b->owner, 1};
    for (int d = 0; d < 4; d++)
        for (int i = 1; i <= b->power; i++) {
            int x = b->x + dir[d][0] * i, y = b->y + dir[d][1] * i;
            if (!in_bounds(x, y)) break;
            if (g->nfires >= BOMBER_MAX_FIRES) return -1;
            g->fires[g->nfires++] = (bomber_fire){x, y, b->owner, 1};
            if (is_block(g, x, y) || is_bomb(g, x, y)) break;
        }
    return 0;
}

/* Game._pick_good_spots: every cell x-major minus players (dead too), blocks, ammo, treasure
 * and bombs, as the lists stand before the cleanup. */
static int free_cells(const bomber_game *g, int cells[BOMBER_CELLS]) {
    unsigned char taken[BOMBER_CELLS] = {0};
    for (int p = 0; p < BOMBER_PLAYERS; p++) taken[g->players[p].y * BOMBER_W + g->players[p].x] = 1;
    for (int i = 0; i < BOMBER_METAL; i++) taken[g->metal[i][1] * BOMBER_W + g->metal[i][0]] = 1;
    for (int i = 0; i < g->nblocks; i++) taken[g->blocks[i].y * BOMBER_W + g->blocks[i].x] = 1;
    for (int i = 0; i < g->nammo; i++) taken[g->ammo[i].y * BOMBER_W + g->ammo[i].x] = 1;
    for (int i = 0; i < g->ntreasure; i++)
        taken[g->treasure[i].y * BOMBER_W + g->treasure[i].x] = 1;
    for (int i = 0; i < g->nbombs; i++) taken[g->bombs[i].y * BOMBER_W + g->bombs[i].x] = 1;
    int n = 0;
    for (int x = 0; x < BOMBER_W; x++)
        for (int y = 0; y < BOMBER_H; y++)
            if (!taken[y * BOMBER_W + x]) cells[n++] = y * BOMBER_W + x;
    return n;
}

/* Game._spawn_ammo and Game._spawn_treasure. */
static int spawn(bomber_game *g, char kind, bomber_tick_log *log) {
    int cells[BOMBER_CELLS];
    int n = free_cells(g, cells);
    if (n == 0) {
        add_event(log, kind, -1, -1, -1, -1);
        if (kind == 'a') return add_effect(g, 'a', BOMBER_AMMO_RESPAWN);
        return add_effect(g, 't', (int)kit_pyrandom_randint(&g->rng, 1, BOMBER_TREASURE_MIN));
    }
    int c = cells[kit_pyrandom_choice(&g->rng, (size_t)n)];
    int x = c % BOMBER_W, y = c / BOMBER_W;
    add_event(log, kind, -1, x, y, -1);
    if (kind == 'a') {
        if (g->nammo >= BOMBER_MAX_ITEMS) return -1;
        g->ammo[g->nammo++] = (bomber_ammo){x, y, BOMBER_AMMO_TTL, 1};
        return 0;
    }
    if (g->ntreasure >= BOMBER_MAX_ITEMS) return -1;
    g->treasure[g->ntreasure++] = (bomber_treasure){x, y, BOMBER_REWARD_TREASURE};
    return add_effect(g, 't', (int)kit_pyrandom_randint(&g->rng, BOMBER_TREASURE_MIN,
                                                         BOMBER_TREASURE_MAX));
}

/* Keep the entries of an array whose `alive` test holds, in order. */
#define KEEP_ALIVE(arr, n, cond)                                                               \
    do {                                                                                       \
        int kept_ = 0;                                                                         \
        for (int i_ = 0; i_ < (n); i_++)                                                       \
            if (cond(arr[i_])) arr[kept_++] = arr[i_];                                         \
        (n) = kept_;                                                                           \
    } while (0)
#define TTL_ALIVE(e) ((e).ttl > 0)
#define AMMO_ALIVE(e) ((e).ttl > 0 && (e).value > 0)
#define TREASURE_ALIVE(e) ((e).value > 0)
#define BLOCK_ALIVE(e) ((e).hp > 0)

/* Game over: at most one player alive, or the tick counter past max_iterations. */
static void check_over(bomber_game *g) {
    int alive = 0, last = -1;
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (bomber_alive(g, p)) alive++, last = last < 0 ? p : last;
    int over_limit = g->max_iterations && g->tick > g->max_iterations;
    g->over = alive <= 1 || over_limit;
    if (!g->over) return;
    if (alive > 1) {
        int s0 = g->players[0].score, s1 = g->players[1].score;
        g->winner = s0 == s1 ? -1 : s0 > s1 ? 0 : 1;
    } else {
        g->winner = last;
    }
}

int bomber_tick(bomber_game *g, const bomber_action actions[BOMBER_PLAYERS],
                bomber_tick_log *log) {
    if (g->over) return -1;
    if (log) log->nq = 0, log->nevents = 0, log->words = 0;
    int start = rng_pos(&g->rng), rc = 0;
    int alive_before[BOMBER_PLAYERS];
    for (int p = 0; p < BOMBER_PLAYERS; p++) alive_before[p] = bomber_alive(g, p);

    rc |= act(g, actions, log);
    burn(g);
    unsigned char picked_by[BOMBER_MAX_ITEMS] = {0}, treasure_by[BOMBER_MAX_ITEMS] = {0};
    pick_up(g, picked_by, treasure_by);

    /* Step 5: countdowns (effects, bombs, fire, ammo; an ammo reaching 0 owes a respawn). */
    int neffects_before = g->neffects, nammo_before = g->nammo;
    for (int i = 0; i < neffects_before; i++) g->effects[i].ttl--;
    for (int i = 0; i < g->nbombs; i++) g->bombs[i].ttl--;
    for (int i = 0; i < g->nfires; i++) g->fires[i].ttl--;
    for (int i = 0; i < nammo_before; i++) {
        g->ammo[i].ttl--;
        if (g->ammo[i].ttl == 0) rc |= add_effect(g, 'a', BOMBER_AMMO_RESPAWN);
    }
    for (int i = 0; i < nammo_before; i++) {
        if (picked_by[i]) add_event(log, 'A', picked_by[i] - 1, g->ammo[i].x, g->ammo[i].y, -1);
        if (g->ammo[i].ttl == 0) add_event(log, 'P', -1, g->ammo[i].x, g->ammo[i].y, -1);
    }
    for (int i = 0; i < g->ntreasure; i++)
        if (treasure_by[i])
            add_event(log, 'T', treasure_by[i] - 1, g->treasure[i].x, g->treasure[i].y, -1);
    for (int p = 0; p < BOMBER_PLAYERS; p++)
        if (alive_before[p] && !bomber_alive(g, p)) add_event(log, 'D', p, 0, 0, -1);

    /* Step 6-7: expired bombs become fire (bomb order), due spawns happen (effect order). */
    for (int i = 0; i < g->nbombs; i++)
        if (g->bombs[i].ttl <= 0) {
            add_event(log, 'X', -1, g->bombs[i].x, g->bombs[i].y, g->bombs[i].owner);
            rc |= start_fire(g, &g->bombs[i]);
        }
    for (int i = 0; i < g->neffects; i++)
        if (g->effects[i].ttl <= 0) rc |= spawn(g, g->effects[i].kind, log);

    /* Step 8: the cleanup. */
    KEEP_ALIVE(g->effects, g->neffects, TTL_ALIVE);
    KEEP_ALIVE(g->ammo, g->nammo, AMMO_ALIVE);
    KEEP_ALIVE(g->treasure, g->ntreasure, TREASURE_ALIVE);
    KEEP_ALIVE(g->bombs, g->nbombs, TTL_ALIVE);
    KEEP_ALIVE(g->fires, g->nfires, TTL_ALIVE);
    KEEP_ALIVE(g->blocks, g->nblocks, BLOCK_ALIVE);

    check_over(g);
    g->tick++;
    if (log) log->words = words_since(&g->rng, start);
    return rc ? -1 : 0;
}
