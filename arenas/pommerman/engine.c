/* engine.c — one step of the Pommerman environment (forward_model.step, fm:126-486), the v1
 * board's collapsing rings, v2's radio messages, and the end of a game (get_done, get_rewards,
 * get_info; v0 step's count before the done test), FFA, one-vs-one and teams.
 *
 * The order of every operation is the original's, because order is observable: flames die in
 * list order (which decides whether a revealed item survives), conflicts are resolved on desired
 * positions by loops that run until nothing changes, with occupancy counts that only grow, and
 * bombs explode in list order, pass after pass. Comments name the original's lines. */
#include <string.h>

#include "pommerman.h"

static int on_board(int size, int r, int c) { return r >= 0 && c >= 0 && r < size && c < size; }

static void next_cell(int r, int c, int action, int *nr, int *nc) {
    *nr = r;
    *nc = c;
    switch (action) {
    case PM_UP: (*nr)--; break;
    case PM_DOWN: (*nr)++; break;
    case PM_LEFT: (*nc)--; break;
    case PM_RIGHT: (*nc)++; break;
    default: break;
    }
}

static int is_powerup(int v) { return v == PM_EXTRABOMB || v == PM_INCRRANGE || v == PM_KICK; }
static int is_wall(int v) { return v == PM_RIGID || v == PM_WOOD; }
static int is_move(int a) { return a >= PM_UP && a <= PM_RIGHT; }

int pm_bomb_at(const pm_state *s, int r, int c) {
    for (int i = 0; i < s->nbombs; i++)
        if (s->bombs[i].r == r && s->bombs[i].c == c) return 1;
    return 0;
}

int pm_alive_count(const pm_state *s) {
    int n = 0;
    for (int i = 0; i < s->nagents; i++) n += s->agents[i].alive != 0;
    return n;
}

/* fm:137-157: dead flames leave (revealing the hidden item or a passage), the others tick;
 * then every remaining flame is drawn again. */
static void tick_flames(pm_state *s) {
    int kept = 0;
    for (int i = 0; i < s->nflames; i++) {
        pm_flame f = s->flames[i];
        int cell = f.r * s->size + f.c;
        if (f.life == 0) {
            int item = s->items[cell];
            s->items[cell] = 0;
            s->board[cell] = (unsigned char)(item ? item : PM_PASSAGE);
        } else {
            f.life--;
            s->flames[kept++] = f;
        }
    }
    s->nflames = kept;
    for (int i = 0; i < s->nflames; i++) s->board[s->flames[i].r * s->size + s->flames[i].c] = PM_FLAMES;
}

/* The border a move crosses (fm:213-221): its axis and the lower of the two cells. Two
 * entities crossing one border in opposite directions swap cells. */
static int border_key(int size, int cur, int des) {
    int lo = cur < des ? cur : des;
    int vertical = (cur / size) != (des / size); /* rows differ: the original's 'X' axis */
    return vertical * PM_MAX_CELLS + lo;
}

typedef struct crossings {
    int n;
    int key[PM_MAX_AGENTS + PM_MAX_BOMBS];
    int who[PM_MAX_AGENTS + PM_MAX_BOMBS];
    int is_agent[PM_MAX_AGENTS + PM_MAX_BOMBS];
} crossings;

static int crossing_find(const crossings *x, int key) {
    for (int i = 0; i < x->n; i++)
        if (x->key[i] == key) return i;
    return -1;
}

static void crossing_add(crossings *x, int key, int who, int is_agent) {
    x->key[x->n] = key;
    x->who[x->n] = who;
    x->is_agent[x->n] = is_agent;
    x->n++;
}

/* Everything about the moves of one step: the living agents (in id order) and all bombs (in
 * list order) with their current and desired cells, and the occupancy counts. */
typedef struct moves {
    int na, nb;
    int id[PM_MAX_AGENTS];
    int acur[PM_MAX_AGENTS], ades[PM_MAX_AGENTS];
    int bcur[PM_MAX_BOMBS], bdes[PM_MAX_BOMBS];
    int aocc[PM_MAX_CELLS], bocc[PM_MAX_CELLS];
    int kicked_by[PM_MAX_BOMBS];    /* agent slot that kicked bomb b, or -1 */
    int kicked_bomb[PM_MAX_AGENTS]; /* bomb kicked by agent slot k, or -1 */
} moves;

/* fm:170-190: agents leave their cells on the board, lay bombs, pick their desired cells. */
static void desire_agent_moves(pm_state *s, const int *actions, moves *m) {
    int size = s->size;
    m->na = 0;
    for (int i = 0; i < s->nagents; i++) {
        pm_agent *a = &s->agents[i];
        if (!a->alive) continue;
        int k = m->na++;
        int cell = a->r * size + a->c;
        m->id[k] = i;
        m->acur[k] = m->ades[k] = cell;
        s->board[cell] = PM_PASSAGE;
        int act = actions[i];
        if (act == PM_LAY_BOMB) {
            if (!pm_bomb_at(s, a->r, a->c) && a->ammo > 0) {
                a->ammo--;
                pm_bomb *b = &s->bombs[s->nbombs++];
                b->r = a->r;
                b->c = a->c;
                b->owner = i;
                b->life = PM_DEFAULT_BOMB_LIFE + 1;
                b->blast = a->blast;
                b->dir = 0;
            }
        } else if (is_move(act)) {
            int nr, nc;
            next_cell(a->r, a->c, act, &nr, &nc);
            if (on_board(size, nr, nc) && !is_wall(s->board[nr * size + nc])) m->ades[k] = nr * size + nc;
        }
    }
}

/* fm:193-203: bombs leave their cells on the board; a moving bomb wants its next cell unless it
 * is off board, a power-up or a wall. */
static void desire_bomb_moves(pm_state *s, moves *m) {
    int size = s->size;
    m->nb = s->nbombs;
    for (int b = 0; b < s->nbombs; b++) {
        pm_bomb *bo = &s->bombs[b];
        int cell = bo->r * size + bo->c;
        m->bcur[b] = m->bdes[b] = cell;
        s->board[cell] = PM_PASSAGE;
        if (bo->dir) {
            int nr, nc;
            next_cell(bo->r, bo->c, bo->dir, &nr, &nc);
            if (on_board(size, nr, nc)) {
                int v = s->board[nr * size + nc];
                if (!is_powerup(v) && !is_wall(v)) m->bdes[b] = nr * size + nc;
            }
        }
    }
}

/* fm:209-246: agent-agent swaps revert both, bomb-bomb swaps revert both, a bomb swapping with
 * an agent reverts (the agent does not). */
static void revert_crossings(const pm_state *s, moves *m) {
    crossings x;
    x.n = 0;
    for (int k = 0; k < m->na; k++) {
        if (m->ades[k] == m->acur[k]) continue;
        int key = border_key(s->size, m->acur[k], m->ades[k]);
        int j = crossing_find(&x, key);
        if (j >= 0) {
            m->ades[k] = m->acur[k];
            int k2 = x.who[j];
            m->ades[k2] = m->acur[k2];
        } else {
            crossing_add(&x, key, k, 1);
        }
    }
    for (int b = 0; b < m->nb; b++) {
        if (m->bdes[b] == m->bcur[b]) continue;
        int key = border_key(s->size, m->bcur[b], m->bdes[b]);
        int j = crossing_find(&x, key);
        if (j >= 0) {
            m->bdes[b] = m->bcur[b];
            if (!x.is_agent[j]) m->bdes[x.who[j]] = m->bcur[x.who[j]];
        } else {
            crossing_add(&x, key, b, 0);
        }
    }
}

/* fm:258-281: while anything changes, an agent reverts when two agents or two bombs want its
 * target, a bomb when two bombs or two agents do; each revert counts on the cell it stays on. */
static int revert_wanted(int n, const int *cur, int *des, int *occ, const int *other_occ) {
    int change = 0;
    for (int k = 0; k < n; k++) {
        int d = des[k];
        if (d != cur[k] && (occ[d] > 1 || other_occ[d] > 1)) {
            des[k] = cur[k];
            occ[cur[k]]++;
            change = 1;
        }
    }
    return change;
}

static void revert_collisions(moves *m) {
    int change = 1;
    while (change) {
        change = revert_wanted(m->na, m->acur, m->ades, m->aocc, m->bocc); /* agents first */
        change |= revert_wanted(m->nb, m->bcur, m->bdes, m->bocc, m->aocc);
    }
}

/* fm:283-358: bombs whose desired cell an agent also wants: a standing agent stops a moving bomb;
 * an agent that moved in kicks the bomb when it can and the cell beyond is free, else both
 * revert. The updates are applied after the loop. Returns 1 when any update was queued. */
static int resolve_kicks(pm_state *s, const int *actions, moves *m) {
    int size = s->size;
    int nbu = 0, nau = 0;
    int bu_idx[PM_MAX_BOMBS], bu_cell[PM_MAX_BOMBS];
    int au_idx[PM_MAX_BOMBS], au_cell[PM_MAX_BOMBS];
    for (int b = 0; b < m->nb; b++) {
        int d = m->bdes[b];
        if (m->aocc[d] == 0) continue;
        int k = -1;
        for (int j = 0; j < m->na; j++)
            if (m->ades[j] == d) {
                k = j;
                break;
            }
        if (k < 0) continue;
        if (d == m->acur[k]) {
            if (d != m->bcur[b]) {
                bu_idx[nbu] = b;
                bu_cell[nbu++] = m->bcur[b];
            }
            continue;
        }
        pm_agent *a = &s->agents[m->id[k]];
        if (!a->kick) {
            bu_idx[nbu] = b;
            bu_cell[nbu++] = m->bcur[b];
            au_idx[nau] = k;
            au_cell[nau++] = m->acur[k];
            continue;
        }
        int dir = actions[m->id[k]];
        int tr, tc;
        next_cell(d / size, d % size, dir, &tr, &tc);
        int t = tr * size + tc;
        if (on_board(size, tr, tc) && m->aocc[t] == 0 && m->bocc[t] == 0 &&
            !is_powerup(s->board[t]) && !is_wall(s->board[t])) {
            m->bocc[d] = 0;
            bu_idx[nbu] = b;
            bu_cell[nbu++] = t;
            m->kicked_by[b] = k;
            m->kicked_bomb[k] = b;
            s->bombs[b].dir = dir;
        } else {
            bu_idx[nbu] = b;
            bu_cell[nbu++] = m->bcur[b];
            au_idx[nau] = k;
            au_cell[nau++] = m->acur[k];
        }
    }
    for (int i = 0; i < nbu; i++) {
        m->bdes[bu_idx[i]] = bu_cell[i];
        m->bocc[bu_cell[i]]++;
    }
    for (int i = 0; i < nau; i++) {
        m->ades[au_idx[i]] = au_cell[i];
        m->aocc[au_cell[i]]++;
    }
    return nbu + nau > 0;
}

/* fm:360-408: the stricter loop after kicks: an agent may not enter a cell any bomb wants, a
 * bomb may not enter a cell any agent wants; a revert on either side undoes the kick. */
static void revert_after_kicks(moves *m) {
    int change = 1;
    while (change) {
        change = 0;
        for (int k = 0; k < m->na; k++) {
            int d = m->ades[k];
            if (d != m->acur[k] && (m->aocc[d] > 1 || m->bocc[d] != 0)) {
                int b = m->kicked_bomb[k];
                if (b >= 0) {
                    m->bdes[b] = m->bcur[b];
                    m->bocc[m->bcur[b]]++;
                    m->kicked_by[b] = -1;
                    m->kicked_bomb[k] = -1;
                }
                m->ades[k] = m->acur[k];
                m->aocc[m->acur[k]]++;
                change = 1;
            }
        }
        for (int b = 0; b < m->nb; b++) {
            int d = m->bdes[b];
            if (d == m->bcur[b] && m->kicked_by[b] < 0) continue;
            if (m->bocc[d] > 1 || m->aocc[d] != 0) {
                m->bdes[b] = m->bcur[b];
                m->bocc[m->bcur[b]]++;
                int k = m->kicked_by[b];
                if (k >= 0) {
                    m->ades[k] = m->acur[k];
                    m->aocc[m->acur[k]]++;
                    m->kicked_bomb[k] = -1;
                    m->kicked_by[b] = -1;
                }
                change = 1;
            }
        }
    }
}

/* fm:410-427: bombs that neither move nor were kicked stop; agents move and pick up. */
static void apply_moves(pm_state *s, const int *actions, const moves *m) {
    int size = s->size;
    for (int b = 0; b < m->nb; b++) {
        pm_bomb *bo = &s->bombs[b];
        if (m->bdes[b] == m->bcur[b] && m->kicked_by[b] < 0) {
            bo->dir = 0;
        } else {
            bo->r = m->bdes[b] / size;
            bo->c = m->bdes[b] % size;
        }
    }
    for (int k = 0; k < m->na; k++) {
        if (m->ades[k] == m->acur[k]) continue;
        pm_agent *a = &s->agents[m->id[k]];
        next_cell(a->r, a->c, actions[m->id[k]], &a->r, &a->c);
        int v = s->board[a->r * size + a->c];
        if (v == PM_EXTRABOMB) {
            a->ammo = a->ammo + 1 < PM_MAX_AMMO ? a->ammo + 1 : PM_MAX_AMMO;
        } else if (v == PM_INCRRANGE) {
            a->blast = a->blast + 1 < s->cfg->max_blast ? a->blast + 1 : s->cfg->max_blast;
        } else if (v == PM_KICK) {
            a->kick = 1;
        }
    }
}

/* ch:137-145 with fm:446-455: the cross of one exploding bomb. The down ray starts on the bomb
 * cell; rays stop before rigid walls and the edge, and at (after marking) wood. */
static void mark_blast(const pm_state *s, const pm_bomb *b, unsigned char *exploded) {
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int ray = 0; ray < 4; ray++) {
        for (int i = ray == 1 ? 0 : 1; i < b->blast; i++) {
            int r = b->r + dr[ray] * i, c = b->c + dc[ray] * i;
            if (!on_board(s->size, r, c)) break;
            int v = s->board[r * s->size + c];
            if (v == PM_RIGID) break;
            exploded[r * s->size + c] = 1;
            if (v == PM_WOOD) break;
        }
    }
}

/* fm:429-466: bombs tick; those at life 0 or standing in flames explode; chains in passes. */
/* Returns whether any bomb exploded; exploded (ncells bytes) is written only then. */
static int explode_bombs(pm_state *s, unsigned char *exploded) {
    int pending = 0;
    for (int b = 0; b < s->nbombs; b++) {
        pm_bomb *bo = &s->bombs[b];
        bo->life--;
        if (bo->life == 0) {
            pending = 1;
        } else if (s->board[bo->r * s->size + bo->c] == PM_FLAMES) {
            bo->life = 0;
            pending = 1;
        }
    }
    if (!pending) return 0;
    memset(exploded, 0, (size_t)(s->size * s->size));
    while (pending) {
        pending = 0;
        int kept = 0;
        for (int b = 0; b < s->nbombs; b++) {
            pm_bomb bo = s->bombs[b];
            if (bo.life != 0) {
                s->bombs[kept++] = bo;
                continue;
            }
            pm_agent *owner = &s->agents[bo.owner];
            owner->ammo = owner->ammo + 1 < PM_MAX_AMMO ? owner->ammo + 1 : PM_MAX_AMMO;
            mark_blast(s, &bo, exploded);
        }
        s->nbombs = kept;
        for (int b = 0; b < s->nbombs; b++) {
            pm_bomb *bo = &s->bombs[b];
            if (exploded[bo->r * s->size + bo->c]) {
                bo->life = 0;
                pending = 1;
            }
        }
    }
    return 1;
}

int pm_collapse_ring(const pm_state *s) {
    int first = s->cfg->first_collapse, every = (s->cfg->max_steps - first) / 4;
    if (!first || every <= 0 || s->step < first || s->step >= s->cfg->max_steps) return -1;
    if ((s->step - first) % every) return -1;
    return (s->step - first) / every;
}

static int on_ring(int size, int ring, int r, int c) {
    int end = size - ring - 1;
    return r >= ring && r <= end && c >= ring && c <= end && (r == ring || r == end || c == ring || c == end);
}

int pm_agent_acts(const pm_state *s, int i) {
    const pm_agent *a = &s->agents[i];
    int ring = pm_collapse_ring(s);
    return a->alive && (ring < 0 || !on_ring(s->size, ring, a->r, a->c));
}

/* v1:52-75, one cell of a collapsing ring: an agent drawn there dies, bombs there go without
 * exploding (their owners get the ammo back), flames and the hidden item there go, and the cell
 * becomes a rigid wall. */
static void collapse_cell(pm_state *s, int r, int c) {
    int cell = r * s->size + c, v = s->board[cell];
    if (v >= PM_AGENT0 && v < PM_AGENT0 + s->nagents) s->agents[v - PM_AGENT0].alive = 0;
    int kept = 0;
    for (int b = 0; b < s->nbombs; b++) {
        pm_bomb *bo = &s->bombs[b];
        if (bo->r == r && bo->c == c) {
            pm_agent *owner = &s->agents[bo->owner];
            owner->ammo = owner->ammo + 1 < PM_MAX_AMMO ? owner->ammo + 1 : PM_MAX_AMMO;
        } else {
            s->bombs[kept++] = *bo;
        }
    }
    s->nbombs = kept;
    if (v == PM_FLAMES) {
        kept = 0;
        for (int f = 0; f < s->nflames; f++)
            if (s->flames[f].r != r || s->flames[f].c != c) s->flames[kept++] = s->flames[f];
        s->nflames = kept;
    }
    s->items[cell] = 0;
    s->board[cell] = PM_RIGID;
}

/* v1:77-85: the ring's cells in the original's order (a corner may come twice: the second
 * time it is already rigid and nothing happens). */
static void collapse_ring(pm_state *s, int ring) {
    int end = s->size - ring - 1;
    for (int cell = ring; cell < s->size - ring; cell++) {
        collapse_cell(s, ring, cell);
        if (ring != cell) collapse_cell(s, cell, ring);
        collapse_cell(s, end, cell);
        if (end != cell) collapse_cell(s, cell, end);
    }
}

void pm_step(pm_state *s, const int *actions) { pm_step_radio(s, actions, NULL); }

/* v2:189-206: the words each agent sends, 0,0 for a plain action or a dead agent. */
static void send_messages(pm_state *s, const int (*messages)[2]) {
    for (int i = 0; i < s->nagents; i++) {
        int alive = s->agents[i].alive != 0;
        s->message[i][0] = messages && alive ? messages[i][0] : 0;
        s->message[i][1] = messages && alive ? messages[i][1] : 0;
    }
}

void pm_step_radio(pm_state *s, const int *actions_in, const int (*messages)[2]) {
    int size = s->size, ncells = size * size;
    int actions[PM_MAX_AGENTS];
    int ring = pm_collapse_ring(s);
    if (ring >= 0) collapse_ring(s, ring);
    send_messages(s, messages);
    for (int i = 0; i < s->nagents; i++) {
        int a = actions_in[i];
        actions[i] = (a >= 0 && a < PM_NUM_ACTIONS) ? a : PM_STOP;
    }
    tick_flames(s);

    moves m;
    memset(m.aocc, 0, sizeof(int) * (size_t)ncells);
    memset(m.bocc, 0, sizeof(int) * (size_t)ncells);
    desire_agent_moves(s, actions, &m);
    desire_bomb_moves(s, &m);
    for (int b = 0; b < m.nb; b++) m.kicked_by[b] = -1;
    for (int k = 0; k < m.na; k++) m.kicked_bomb[k] = -1;
    revert_crossings(s, &m);
    for (int k = 0; k < m.na; k++) m.aocc[m.ades[k]]++;
    for (int b = 0; b < m.nb; b++) m.bocc[m.bdes[b]]++;
    revert_collisions(&m);
    if (resolve_kicks(s, actions, &m)) revert_after_kicks(&m);
    apply_moves(s, actions, &m);

    unsigned char exploded[PM_MAX_CELLS];
    int any_exploded = explode_bombs(s, exploded);

    /* fm:468-484: draw bombs, append the new flames in row-major order, draw flames, then kill
     * the agents on flames or draw them. */
    for (int b = 0; b < s->nbombs; b++) s->board[s->bombs[b].r * size + s->bombs[b].c] = PM_BOMB;
    for (int cell = 0; any_exploded && cell < ncells; cell++) {
        if (!exploded[cell]) continue;
        pm_flame *f = &s->flames[s->nflames++];
        f->r = cell / size;
        f->c = cell % size;
        f->life = PM_FLAME_LIFE;
    }
    for (int i = 0; i < s->nflames; i++) s->board[s->flames[i].r * size + s->flames[i].c] = PM_FLAMES;
    for (int k = 0; k < m.na; k++) {
        pm_agent *a = &s->agents[m.id[k]];
        int cell = a->r * size + a->c;
        if (s->board[cell] == PM_FLAMES)
            a->alive = 0;
        else
            s->board[cell] = (unsigned char)(PM_AGENT0 + m.id[k]);
    }
    s->step++;
}

/* The alive agents as a bit set. */
static unsigned alive_set(const pm_state *s) {
    unsigned set = 0;
    for (int i = 0; i < s->nagents; i++)
        if (s->agents[i].alive) set |= 1u << i;
    return set;
}

int pm_team_game(pm_game_type t) { return t == PM_GAME_TEAM || t == PM_GAME_TEAM_RADIO; }

/* fm:573-589 without the step limit */
int pm_decided(const pm_state *s) {
    if (!pm_team_game(s->cfg->game_type)) return pm_alive_count(s) <= 1;
    unsigned alive = alive_set(s);
    return pm_alive_count(s) <= 1 || alive == 0x5u || alive == 0xau;
}

/* fm:573-589 */
int pm_done(const pm_state *s) { return s->step >= s->cfg->max_steps || pm_decided(s); }

/* fm:629-673 */
void pm_rewards(const pm_state *s, int *rewards) {
    int alive = pm_alive_count(s);
    if (pm_team_game(s->cfg->game_type)) {
        unsigned set = alive_set(s);
        int team = -1; /* the team that won: 0 = agents 0 and 2, 1 = agents 1 and 3 */
        if (set && !(set & 0xau)) team = 0;
        else if (set && !(set & 0x5u)) team = 1;
        for (int i = 0; i < s->nagents; i++)
            rewards[i] = team >= 0 ? (i % 2 == team ? 1 : -1)
                         : (s->step >= s->cfg->max_steps || alive == 0) ? -1 : 0;
        return;
    }
    for (int i = 0; i < s->nagents; i++) {
        int al = s->agents[i].alive != 0;
        if (alive == 1)
            rewards[i] = 2 * al - 1;
        else if (s->step >= s->cfg->max_steps)
            rewards[i] = -1;
        else
            rewards[i] = s->cfg->game_type == PM_GAME_FFA ? al - 1 : 0;
    }
}

/* fm:591-627: in team games the winners are the agents rewarded +1 (both members of a team,
 * dead or alive); a tie when everyone gets -1. */
pm_result pm_outcome(const pm_state *s, unsigned *winners) {
    unsigned w = 0;
    pm_result res = PM_INCOMPLETE;
    if (pm_done(s)) {
        if (pm_team_game(s->cfg->game_type)) {
            int rewards[PM_MAX_AGENTS];
            pm_rewards(s, rewards);
            for (int i = 0; i < s->nagents; i++)
                if (rewards[i] == 1) w |= 1u << i;
            res = w ? PM_WIN : PM_TIE;
        } else if (pm_alive_count(s) != 1) {
            res = PM_TIE;
        } else {
            res = PM_WIN;
            w = alive_set(s);
        }
    }
    if (winners) *winners = w;
    return res;
}
