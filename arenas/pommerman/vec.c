/* vec.c — vectorized games for reinforcement learning (pommerman.h, "vectorized games"): N games
 * of one config stepped per call on a caller's dmap_pool, each a loop over the stepper and the
 * kit's seat driver as pm_play is: learner seats (empty seats) take their actions from an array,
 * bots in the other seats decide in C, each learner's observation written as
 * byte planes (the standard planes, then the dmap map planes asked for), rewards, terminated and
 * truncated flags and action masks; games that end start their next episode in the same call,
 * seeded by kit_episode_seed so that the episodes depend on the seed alone. The generators of
 * the coming episodes are seeded ahead, 16 at a time (kit_pyrandom_seed_many). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bots/common.h"
#include "kit/tournament.h"
#include "kit/vec.h"
#include "pommerman.h"

/* Games per pool chunk: a chunk takes microseconds, long beside the pool's hand-out. */
#define VEC_CHUNK 4
/* Episodes seeded ahead per game: a chunk's 4 games x 4 fill kit_pyrandom_seed_many's 16
 * lanes (2.5 KB each: 10 KB per game). */
#define VEC_AHEAD 4
#define FAR 255

typedef struct vec_game {
    pm_game game;                         /* the stepper: state, shared stream, episode's seed */
    kit_seats seats;                      /* the bots; the learners' seats are empty */
    unsigned char in_episode[PM_MAX_AGENTS]; /* per learner: still playing this episode */
    long episode;
    int finished;                         /* without autoreset: the episode has ended */
    int pending;                          /* next-step autoreset: the next step starts an episode */
    int opened;                           /* an episode was started (pm_vec_reset, pm_vec_open_game) */
    int error;                            /* the last step's error in this game, else 0 */
    /* the seeded generators of coming episodes: episode e in slot e % VEC_AHEAD, valid when
     * ahead_episode[slot] == e and ahead_seed[slot] is its seed (-1: empty) */
    long ahead_episode[VEC_AHEAD];
    uint64_t ahead_seed[VEC_AHEAD];
    kit_pyrandom ahead[VEC_AHEAD];
} vec_game;

typedef struct chunk_maps chunk_maps; /* the map planes of one chunk (below) */

struct pm_vec {
    const pm_config *cfg;
    long n;
    const pm_bot *seats[PM_MAX_AGENTS];
    kit_vec_seating seating;
    int channels, nenemies;
    unsigned planes;
    int no_autoreset, next_step;
    uint64_t seed;
    int started;
    vec_game *games;
    dmap_workspace **ws; /* one per pool thread, grown on the calling thread */
    chunk_maps *maps;     /* one per pool thread with map planes (large: not on the stack) */
    int nws;
};

static const char *const plane_names[] = {"dist_self", "dist_enemy", "dist_each_enemy", "danger", "flee"};
#define NPLANE_SETS ((int)(sizeof plane_names / sizeof plane_names[0]))

unsigned pm_vec_plane_bit(const char *name) {
    if (!name) return 0;
    for (int i = 0; i < NPLANE_SETS; i++)
        if (!strcmp(name, plane_names[i])) return 1u << i;
    return 0;
}

const char *pm_vec_plane_name(unsigned bit) {
    for (int i = 0; i < NPLANE_SETS; i++)
        if (bit == 1u << i) return plane_names[i];
    return NULL;
}

/* The enemies of agent 0 in the config (obs.enemies without AgentDummy): the same count for
 * every agent. */
static int config_enemies(const pm_config *cfg) {
    return pm_team_game(cfg->game_type) ? 2 : cfg->num_agents - 1;
}

static int plane_count(unsigned planes, int nenemies) {
    int n = 0;
    for (int i = 0; i < NPLANE_SETS; i++)
        if (planes & (1u << i)) n += (1u << i) == PM_VEC_DIST_EACH_ENEMY ? nenemies : 1;
    return n;
}

int pm_vec_new(const pm_vec_spec *spec, pm_vec **out) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (!spec || !spec->cfg || spec->nenvs < 1 || spec->seed > 0x7fffffffffffffffull ||
        (spec->planes & ~(unsigned)PM_VEC_ALL_PLANES))
        return DMAP_ERR_ARG;
    for (int i = spec->cfg->num_agents; i < PM_MAX_AGENTS; i++)
        if (spec->seats[i]) return DMAP_ERR_ARG;
    if ((size_t)spec->nenvs > SIZE_MAX / sizeof(vec_game)) return DMAP_ERR_NOMEM;
    pm_vec *v = calloc(1, sizeof *v);
    if (!v) return DMAP_ERR_NOMEM;
    v->games = calloc((size_t)spec->nenvs, sizeof *v->games);
    if (!v->games) {
        free(v);
        return DMAP_ERR_NOMEM;
    }
    v->cfg = spec->cfg;
    v->n = spec->nenvs;
    v->seed = spec->seed;
    v->planes = spec->planes;
    v->no_autoreset = spec->no_autoreset != 0;
    v->next_step = !v->no_autoreset && spec->next_step != 0;
    for (int i = 0; i < v->cfg->num_agents; i++) {
        v->seats[i] = spec->seats[i];
        kit_vec_seat(&v->seating, i, spec->seats[i] != NULL);
    }
    v->nenemies = config_enemies(v->cfg);
    v->channels = PM_VEC_STD_CHANNELS + plane_count(v->planes, v->nenemies);
    const kit_bot_info *info[PM_MAX_AGENTS];
    for (int i = 0; i < v->cfg->num_agents; i++) info[i] = v->seats[i] ? &v->seats[i]->info : NULL;
    for (long i = 0; i < v->n; i++)
        for (int k = 0; k < VEC_AHEAD; k++) v->games[i].ahead_episode[k] = -1;
    for (long i = 0; i < v->n; i++) {
        int rc = kit_seats_open(&v->games[i].seats, &pm_seat_ops, KIT_CLOCK_NONE, info, v->cfg->num_agents);
        if (rc != DMAP_OK) { /* a bot without decide */
            pm_vec_free(v);
            return rc;
        }
    }
    *out = v;
    return DMAP_OK;
}

void pm_vec_free(pm_vec *v) {
    if (!v) return;
    for (long i = 0; i < v->n; i++) kit_seats_close(&v->games[i].seats);
    for (int t = 0; t < v->nws; t++) dmap_workspace_free(v->ws[t]);
    free(v->ws);
    free(v->maps);
    free(v->games);
    free(v);
}

int pm_vec_learners(const pm_vec *v, int *seats) { return kit_vec_seating_learners(v ? &v->seating : NULL, seats); }

int pm_vec_channels(const pm_vec *v) { return v ? v->channels : 0; }

int pm_vec_episode(const pm_vec *v, long i, long *episode, uint64_t *seed, int *step) {
    if (!v || i < 0 || i >= v->n) return DMAP_ERR_RANGE;
    const vec_game *g = &v->games[i];
    if (episode) *episode = g->episode;
    if (seed) *seed = g->game.seed;
    if (step) *step = g->game.s.step;
    return DMAP_OK;
}

const pm_state *pm_vec_state(const pm_vec *v, long i) {
    return v && i >= 0 && i < v->n ? &v->games[i].game.s : NULL;
}

/* ---- observations ----------------------------------------------------------------------- */

/* The walls of the map planes: rigid, wood, bombs and fog (the learner's own cell is open). */
static void walk_walls(const pm_obs *o, unsigned char *wall) {
    int ncells = o->size * o->size;
    for (int c = 0; c < ncells; c++) {
        int v = o->board[c];
        wall[c] = v == PM_RIGID || v == PM_WOOD || v == PM_BOMB || v == PM_FOG || o->bomb_life[c];
    }
}

/* The cells of the living enemies the learner sees, in obs.enemies order; slot[k] is the
 * enemy's index among obs.enemies (without AgentDummy), -1 for enemies it does not see. */
static int visible_enemies(const pm_obs *o, int *cells, int *slot_cell) {
    int n = 0, ncells = o->size * o->size, k = 0;
    int at[PM_MAX_AGENTS] = {-1, -1, -1, -1}; /* each agent's cell on the board, -1 unseen */
    for (int c = 0; c < ncells; c++)
        if (o->board[c] >= PM_AGENT0) at[o->board[c] - PM_AGENT0] = c;
    for (int e = 0; e < o->nenemies; e++) {
        int item = o->enemies[e];
        if (item == PM_AGENT_DUMMY) continue;
        slot_cell[k] = at[item - PM_AGENT0];
        if (slot_cell[k] >= 0) cells[n++] = slot_cell[k];
        k++;
    }
    return n;
}

static void danger_plane(const pm_obs *o, unsigned char *plane) {
    int ncells = o->size * o->size;
    pmb_bomb bombs[PM_MAX_BOMBS];
    double burn[PM_MAX_CELLS];
    int nb = pmb_bombs(o, bombs);
    pmb_burn_times(o, bombs, nb, burn);
    for (int c = 0; c < ncells; c++) {
        double t = o->flame_life[c] ? 0 : burn[c];
        plane[c] = t >= FAR ? FAR : (unsigned char)t;
    }
}

/* dmap_flee of the nearest-enemy distance with factor -2: every reached cell a goal of value -2
 * times its distance, rescanned, which is what dmap_flee computes; as goals of dmap_field the
 * integer map runs on the library's small-board engine. */
static void flee_plane(const dmap_grid *g, const unsigned char *dist, dmap_workspace *ws, unsigned char *plane) {
    int ncells = g->w * g->h, ngoals = 0;
    dmap_goal goals[PM_MAX_CELLS];
    double values[PM_MAX_CELLS];
    for (int c = 0; c < ncells; c++)
        if (!g->wall[c] && dist[c] != FAR)
            goals[ngoals++] = (dmap_goal){.x = c % g->w, .y = c / g->w, .value = -2.0 * dist[c]};
    dmap_moves m4 = dmap_moves_4();
    if (dmap_field(g, &m4, goals, (size_t)ngoals, DMAP_NO_CEILING, values, ws) != DMAP_OK) {
        memset(plane, FAR, (size_t)ncells);
        return;
    }
    for (int c = 0; c < ncells; c++) {
        double v = values[c] + 128;
        plane[c] = g->wall[c] || !(v < FAR) ? FAR : v < 0 ? 0 : v > 254 ? 254 : (unsigned char)v;
    }
}

static unsigned char cap255(int x) { return x < 0 ? 0 : x > 255 ? 255 : (unsigned char)x; }

/* The standard planes of one observation (pommerman.h). */
static void standard_planes(const pm_obs *o, unsigned char *p) {
    int ncells = o->size * o->size;
    memset(p, 0, (size_t)ncells * 12);
    /* the one-hot plane of each board value: items their own, agents self, teammate or enemy */
    int plane_of[PM_AGENT0 + PM_MAX_AGENTS];
    for (int v = 0; v < PM_AGENT_DUMMY; v++) plane_of[v] = v;
    plane_of[PM_AGENT_DUMMY] = 11; /* never on a board */
    for (int v = PM_AGENT0; v < PM_AGENT0 + PM_MAX_AGENTS; v++)
        plane_of[v] = v == PM_AGENT0 + o->id ? 9 : v == o->teammate ? 10 : 11;
    for (int c = 0; c < ncells; c++) p[plane_of[o->board[c]] * ncells + c] = 1;
    memcpy(p + 12 * ncells, o->bomb_blast_strength, (size_t)ncells);
    memcpy(p + 13 * ncells, o->bomb_life, (size_t)ncells);
    memcpy(p + 14 * ncells, o->bomb_moving_direction, (size_t)ncells);
    memcpy(p + 15 * ncells, o->flame_life, (size_t)ncells);
    memset(p + 16 * ncells, cap255(o->ammo), (size_t)ncells);
    memset(p + 17 * ncells, cap255(o->blast_strength), (size_t)ncells);
    memset(p + 18 * ncells, o->can_kick ? 1 : 0, (size_t)ncells);
}

/* The map planes of a chunk's learners: their BFS planes asked of the library in one batch
 * (dmap_bfs_batch, each board a learner's walls with that plane's sources opened), then the
 * planes that need them (the nearest enemy's distance, the flee map) and the danger plane. */
#define LEARNERS_PER_CHUNK (VEC_CHUNK * PM_MAX_AGENTS)
#define BOARDS_PER_CHUNK (LEARNERS_PER_CHUNK * (PM_MAX_AGENTS + 1))
struct chunk_maps {
    int n, nsrc, size;
    unsigned char walls[BOARDS_PER_CHUNK * PM_MAX_CELLS];
    int16_t depth[BOARDS_PER_CHUNK * PM_MAX_CELLS];
    int sources[BOARDS_PER_CHUNK * PM_MAX_AGENTS];
    size_t first[BOARDS_PER_CHUNK + 1];
    unsigned char *dest[BOARDS_PER_CHUNK];
    /* per learner of the chunk */
    int nlearners;
    pm_obs obs[LEARNERS_PER_CHUNK];
    unsigned char wall[LEARNERS_PER_CHUNK][PM_MAX_CELLS];
    unsigned char nearest[LEARNERS_PER_CHUNK][PM_MAX_CELLS];
    unsigned char *nearest_plane[LEARNERS_PER_CHUNK], *danger[LEARNERS_PER_CHUNK], *flee[LEARNERS_PER_CHUNK];
};

/* A BFS plane from the sources over walls; without sources it is all FAR at once. */
static void add_bfs(chunk_maps *cm, const unsigned char *wall, const int *src, int nsrc, unsigned char *dest) {
    int ncells = cm->size * cm->size;
    if (nsrc == 0) {
        memset(dest, FAR, (size_t)ncells);
        return;
    }
    unsigned char *w = cm->walls + (size_t)cm->n * (size_t)ncells;
    memcpy(w, wall, (size_t)ncells);
    cm->first[cm->n] = (size_t)cm->nsrc;
    for (int k = 0; k < nsrc; k++) {
        w[src[k]] = 0; /* a source stands on an open cell (an agent on its own bomb) */
        cm->sources[cm->nsrc++] = src[k];
    }
    cm->dest[cm->n++] = dest;
}

/* Queues the map planes of one learner (planes at p) and keeps what the later ones need. */
static void queue_map_planes(const pm_vec *v, chunk_maps *cm, const pm_obs *o, int alive, unsigned char *p) {
    int ncells = o->size * o->size, l = cm->nlearners++;
    unsigned char *wall = cm->wall[l];
    cm->obs[l] = *o;
    cm->size = o->size;
    walk_walls(o, wall);
    int cells[PM_MAX_AGENTS], slot_cell[PM_MAX_AGENTS];
    int ne = visible_enemies(o, cells, slot_cell);
    int me = o->r * o->size + o->c;
    cm->nearest_plane[l] = cm->danger[l] = cm->flee[l] = NULL;
    if (v->planes & PM_VEC_DIST_SELF) {
        add_bfs(cm, wall, &me, alive, p);
        p += ncells;
    }
    if (v->planes & (PM_VEC_DIST_ENEMY | PM_VEC_FLEE)) add_bfs(cm, wall, cells, ne, cm->nearest[l]);
    if (v->planes & PM_VEC_DIST_ENEMY) {
        cm->nearest_plane[l] = p;
        p += ncells;
    }
    if (v->planes & PM_VEC_DIST_EACH_ENEMY)
        for (int k = 0; k < v->nenemies; k++, p += ncells) add_bfs(cm, wall, &slot_cell[k], slot_cell[k] >= 0, p);
    if (v->planes & PM_VEC_DANGER) {
        cm->danger[l] = p;
        p += ncells;
    }
    if (v->planes & PM_VEC_FLEE) cm->flee[l] = p;
}

static void finish_map_planes(chunk_maps *cm, dmap_workspace *ws) {
    int ncells = cm->size * cm->size;
    if (cm->n > 0) {
        cm->first[cm->n] = (size_t)cm->nsrc;
        dmap_boards boards = {.w = cm->size, .h = cm->size, .n = (size_t)cm->n, .walls = cm->walls};
        dmap_moves m4 = dmap_moves_4();
        if (dmap_bfs_batch(&boards, &m4, cm->sources, cm->first, -1, DMAP_ELEM_I16, cm->depth, NULL,
                           DMAP_SIMD_AUTO) != DMAP_OK)
            memset(cm->depth, -1, sizeof(int16_t) * (size_t)cm->n * (size_t)ncells); /* cannot happen */
        for (int b = 0; b < cm->n; b++) {
            const int16_t *d = cm->depth + (size_t)b * (size_t)ncells;
            unsigned char *dst = cm->dest[b];
            for (int c = 0; c < ncells; c++) dst[c] = (uint16_t)d[c] >= FAR ? FAR : (unsigned char)d[c];
        }
    }
    for (int l = 0; l < cm->nlearners; l++) {
        if (cm->nearest_plane[l]) memcpy(cm->nearest_plane[l], cm->nearest[l], (size_t)ncells);
        if (cm->danger[l]) danger_plane(&cm->obs[l], cm->danger[l]);
        if (cm->flee[l]) {
            dmap_grid g = {.w = cm->size, .h = cm->size, .wall = cm->wall[l], .cost = NULL};
            flee_plane(&g, cm->nearest[l], ws, cm->flee[l]);
        }
    }
    cm->n = cm->nsrc = cm->nlearners = 0;
}

/* Observations and masks of every learner of game i; the map planes are queued in cm. */
static void write_observations(const pm_vec *v, long i, chunk_maps *cm, const pm_vec_out *out) {
    const pm_state *s = &v->games[i].game.s;
    size_t per = (size_t)v->channels * (size_t)(s->size * s->size);
    pm_obs o;
    for (int l = 0; l < v->seating.nlearners; l++) {
        int seat = v->seating.learner_seat[l];
        size_t k = (size_t)i * (size_t)v->seating.nlearners + (size_t)l;
        pm_observe(s, seat, &o);
        int alive = s->agents[seat].alive != 0;
        if (out->obs) {
            unsigned char *p = out->obs + k * per;
            standard_planes(&o, p);
            if (v->planes) queue_map_planes(v, cm, &o, alive, p + (size_t)PM_VEC_STD_CHANNELS * (size_t)(o.size * o.size));
        }
        if (out->masks) pm_legal_actions(&o, out->masks + k * PM_NUM_ACTIONS);
    }
}

/* ---- episodes and steps ----------------------------------------------------------------- */

/* Seeds ahead, in one kit_pyrandom_seed_many call, the generators the games first..last-1 (one
 * chunk: only this thread touches them) will start next: episodes from[j - first] .. + 3 of
 * each, those not seeded yet. */
static void seed_ahead(pm_vec *v, long first, long last, const long *from) {
    kit_pyrandom *rs[VEC_CHUNK * VEC_AHEAD];
    int64_t seeds[VEC_CHUNK * VEC_AHEAD];
    size_t k = 0;
    for (long j = first; j < last; j++) {
        vec_game *g = &v->games[j];
        for (long e = from[j - first]; e < from[j - first] + VEC_AHEAD; e++) {
            int slot = (int)(e % VEC_AHEAD);
            uint64_t seed = kit_episode_seed(v->seed, j, e);
            if (g->ahead_episode[slot] == e && g->ahead_seed[slot] == seed) continue;
            g->ahead_episode[slot] = e;
            g->ahead_seed[slot] = seed;
            rs[k] = &g->ahead[slot];
            seeds[k++] = (int64_t)(seed & 0x7fffffffffffffffull); /* as pm_game_open seeds */
        }
    }
    kit_pyrandom_seed_many(rs, seeds, k, DMAP_SIMD_AUTO);
}

/* Starts game i's episode g->episode: pm_play's game (the stepper opened with the episode's
 * seed, its generator seeded ahead: when it is not, this chunk's next episodes are) and its
 * bots, the last episode's released first. */
static int start_episode(pm_vec *v, long i) {
    vec_game *g = &v->games[i];
    kit_seats_close(&g->seats);
    uint64_t seed = kit_episode_seed(v->seed, i, g->episode);
    int slot = (int)(g->episode % VEC_AHEAD);
    if (g->ahead_episode[slot] != g->episode || g->ahead_seed[slot] != seed) {
        long first = i / VEC_CHUNK * VEC_CHUNK, last = first + VEC_CHUNK < v->n ? first + VEC_CHUNK : v->n;
        long from[VEC_CHUNK] = {0};
        for (long j = first; j < last; j++) from[j - first] = j == i ? g->episode : v->games[j].episode + 1;
        seed_ahead(v, first, last, from);
    }
    pm_game_open_seeded(&g->game, v->cfg, seed, &g->ahead[slot]);
    g->ahead_episode[slot] = -1; /* used */
    for (int l = 0; l < v->seating.nlearners; l++) g->in_episode[l] = 1;
    g->opened = 1;
    g->pending = g->finished = 0;
    return pm_game_init_seats(&g->game, &g->seats);
}

/* Zero rewards and flags of game i's learners (the first call of an episode). */
static void clear_rewards(const pm_vec *v, long i, const pm_vec_out *out) {
    kit_vec_clear_rewards(&v->seating, i, out->rewards, out->terminated, out->truncated);
}

/* One step of game i: the learners' actions (and words, radio configs) and the bots' decisions
 * (pm_game_decide, as in pm_play: a seat that does not act plays Stop and says 0,0), the step,
 * each learner's reward and flags, the next episode when this one ended (at once, or with
 * next-step autoreset in the next call, which then plays no step). */
static int step_game(pm_vec *v, long i, const int32_t *learner_actions, const int32_t *learner_words,
                     const pm_vec_out *out) {
    vec_game *g = &v->games[i];
    if (g->pending) {
        g->episode++;
        clear_rewards(v, i, out);
        return start_episode(v, i);
    }
    int actions[PM_MAX_AGENTS] = {0}, words[PM_MAX_AGENTS][2] = {{0}};
    for (int l = 0; l < v->seating.nlearners; l++) {
        int seat = v->seating.learner_seat[l], acts = pm_agent_acts(&g->game.s, seat);
        actions[seat] = acts ? learner_actions[l] : PM_STOP;
        if (learner_words && acts) {
            words[seat][0] = learner_words[2 * l];
            words[seat][1] = learner_words[2 * l + 1];
        }
    }
    int rc = pm_game_decide(&g->game, &g->seats, actions, NULL);
    if (rc != DMAP_OK) return rc;
    for (int seat = 0; seat < g->game.s.nagents; seat++) /* the bots' words (learners' seats: 0,0) */
        if (g->game.said[seat][0] || g->game.said[seat][1]) memcpy(words[seat], g->game.said[seat], sizeof words[seat]);
    pm_game_step(&g->game, actions, (const int (*)[2])words);
    const pm_state *s = &g->game.s;
    int rewards[PM_MAX_AGENTS];
    pm_rewards(s, rewards);
    float reward[PM_MAX_AGENTS];
    unsigned char alive[PM_MAX_AGENTS];
    for (int a = 0; a < s->nagents; a++) reward[a] = (float)rewards[a], alive[a] = s->agents[a].alive != 0;
    pm_status st;
    pm_game_status(&g->game, &st);
    if (kit_vec_record_step(&v->seating, i, reward, alive, st.over, st.over && !st.decided, g->in_episode,
                            out->rewards, out->terminated, out->truncated)) {
        if (v->no_autoreset) {
            g->finished = 1;
            return DMAP_OK;
        }
        if (v->next_step) {
            g->pending = 1;
            return DMAP_OK;
        }
        g->episode++;
        return start_episode(v, i);
    }
    return DMAP_OK;
}

enum { JOB_RESET, JOB_STEP, JOB_NEXT };

typedef struct vec_job {
    pm_vec *v;
    int kind;               /* JOB_RESET: episode 0, JOB_STEP, JOB_NEXT: the next episode */
    const int32_t *actions; /* learner actions of a step (NULL without learners) */
    const int32_t *words;   /* learner words of a radio step (NULL: 0,0) */
    const pm_vec_out *out;
} vec_job;

static void run_chunk(void *ctx, size_t chunk, int thread) {
    vec_job *j = ctx;
    pm_vec *v = j->v;
    long first = (long)chunk * VEC_CHUNK, last = first + VEC_CHUNK < v->n ? first + VEC_CHUNK : v->n;
    chunk_maps *cm = v->planes ? &v->maps[thread] : NULL;
    if (j->kind != JOB_STEP) { /* every game of the chunk starts an episode: seeded together */
        long from[VEC_CHUNK] = {0};
        for (long i = first; i < last; i++) from[i - first] = j->kind == JOB_RESET ? 0 : v->games[i].episode + 1;
        seed_ahead(v, first, last, from);
    }
    for (long i = first; i < last; i++) {
        vec_game *g = &v->games[i];
        if (j->kind == JOB_STEP) {
            size_t k = (size_t)i * (size_t)v->seating.nlearners;
            g->error = step_game(v, i, j->actions ? j->actions + k : NULL, j->words ? j->words + 2 * k : NULL, j->out);
        } else {
            g->episode = j->kind == JOB_RESET ? 0 : g->episode + 1;
            g->error = start_episode(v, i);
            clear_rewards(v, i, j->out);
        }
        write_observations(v, i, cm, j->out);
    }
    if (cm) finish_map_planes(cm, v->ws[thread]);
}

/* Workspaces for every thread of the pool, made on the calling thread. */
static int ensure_workspaces(pm_vec *v, dmap_pool *pool) {
    int need = dmap_pool_threads(pool);
    if (need <= v->nws) return DMAP_OK;
    dmap_workspace **ws = realloc(v->ws, sizeof *ws * (size_t)need);
    if (!ws) return DMAP_ERR_NOMEM;
    v->ws = ws;
    if (v->planes) {
        chunk_maps *maps = realloc(v->maps, sizeof *maps * (size_t)need);
        if (!maps) return DMAP_ERR_NOMEM;
        v->maps = maps;
        memset(maps, 0, sizeof *maps * (size_t)need);
    }
    for (; v->nws < need; v->nws++)
        if (dmap_workspace_new(&v->ws[v->nws]) != DMAP_OK) return DMAP_ERR_NOMEM;
    return DMAP_OK;
}

static int run_all(pm_vec *v, int kind, const int32_t *actions, const int32_t *words, dmap_pool *pool,
                   const pm_vec_out *out) {
    int rc = ensure_workspaces(v, pool);
    if (rc != DMAP_OK) return rc;
    vec_job j = {v, kind, actions, words, out};
    dmap_pool_run(pool, run_chunk, &j, (size_t)((v->n + VEC_CHUNK - 1) / VEC_CHUNK));
    for (long i = 0; i < v->n; i++)
        if (v->games[i].error) {
            v->started = 0; /* a game that failed to start its episode has no bots to ask */
            return v->games[i].error;
        }
    return DMAP_OK;
}

int pm_vec_reset(pm_vec *v, uint64_t seed, dmap_pool *pool, const pm_vec_out *out) {
    if (!v || !out || seed > 0x7fffffffffffffffull) return DMAP_ERR_ARG;
    v->seed = seed;
    int rc = run_all(v, JOB_RESET, NULL, NULL, pool, out);
    v->started = rc == DMAP_OK;
    return rc;
}

int pm_vec_next(pm_vec *v, dmap_pool *pool, const pm_vec_out *out) {
    if (!v || !out || !v->started) return DMAP_ERR_ARG;
    int rc = run_all(v, JOB_NEXT, NULL, NULL, pool, out);
    v->started = rc == DMAP_OK;
    return rc;
}

int pm_vec_ready(const pm_vec *v) { return v && v->started; }

int pm_vec_playing(const pm_vec *v, long i, int l) {
    if (!v || i < 0 || i >= v->n || l < 0 || l >= v->seating.nlearners) return 0;
    const vec_game *g = &v->games[i];
    return g->opened && !g->finished && !g->pending && g->in_episode[l];
}

int pm_vec_finished(const pm_vec *v, long i) {
    return v && i >= 0 && i < v->n ? v->games[i].finished : DMAP_ERR_RANGE;
}

int pm_vec_step(pm_vec *v, const int32_t *actions, dmap_pool *pool, const pm_vec_out *out) {
    return pm_vec_step_words(v, actions, NULL, pool, out);
}

int pm_vec_step_words(pm_vec *v, const int32_t *actions, const int32_t *words, dmap_pool *pool,
                      const pm_vec_out *out) {
    if (!v || !out || (!actions && v->seating.nlearners)) return DMAP_ERR_ARG;
    if (!v->started) return DMAP_ERR_ARG;
    for (long i = 0; i < v->n; i++)
        if (v->games[i].finished) return DMAP_ERR_ARG;
    size_t n = actions ? (size_t)v->n * (size_t)v->seating.nlearners : 0;
    for (size_t k = 0; k < n; k++)
        if (actions[k] < 0 || actions[k] >= PM_NUM_ACTIONS) return DMAP_ERR_RANGE;
    if (v->cfg->radio_vocab_size <= 0) words = NULL; /* no radio: no words */
    for (size_t k = 0; words && k < 2 * n; k++)
        if (words[k] < 0 || words[k] >= v->cfg->radio_vocab_size) return DMAP_ERR_RANGE;
    return run_all(v, JOB_STEP, actions, words, pool, out);
}

int pm_vec_open_game(pm_vec *v, long i, uint64_t seed, int keep_words) {
    if (!v || i < 0 || i >= v->n) return DMAP_ERR_ARG;
    vec_game *g = &v->games[i];
    int carried[PM_MAX_AGENTS][2];
    memcpy(carried, g->game.s.message, sizeof carried);
    int had = g->opened;
    kit_seats_close(&g->seats);
    pm_game_open(&g->game, v->cfg, seed);
    if (keep_words && had) memcpy(g->game.s.message, carried, sizeof carried);
    for (int l = 0; l < v->seating.nlearners; l++) g->in_episode[l] = 1;
    g->opened = 1;
    g->pending = g->finished = 0;
    g->episode = had ? g->episode + 1 : 0;
    int rc = pm_game_init_seats(&g->game, &g->seats);
    v->started = rc == DMAP_OK;
    for (long k = 0; v->started && k < v->n; k++) v->started = v->games[k].opened;
    return rc;
}

/* ---- one observation's planes ----------------------------------------------------------- */

int pm_vec_obs_planes(const pm_obs *o, int alive, unsigned planes, unsigned char *out, dmap_workspace *ws) {
    if (!o || !out || !ws || o->size < 1 || o->size > PM_MAX_SIZE || (planes & ~(unsigned)PM_VEC_ALL_PLANES))
        return DMAP_ERR_ARG;
    pm_vec v = {0}; /* what the map planes read of a pm_vec: the planes asked for, the enemies */
    v.planes = planes;
    for (int e = 0; e < o->nenemies; e++) v.nenemies += o->enemies[e] != PM_AGENT_DUMMY;
    standard_planes(o, out);
    if (!planes) return DMAP_OK;
    chunk_maps *cm = calloc(1, sizeof *cm);
    if (!cm) return DMAP_ERR_NOMEM;
    queue_map_planes(&v, cm, o, alive != 0, out + (size_t)PM_VEC_STD_CHANNELS * (size_t)(o->size * o->size));
    finish_map_planes(cm, ws);
    free(cm);
    return DMAP_OK;
}

int pm_vec_obs_channels(const pm_obs *o, unsigned planes) {
    int nenemies = 0;
    if (!o) return 0;
    for (int e = 0; e < o->nenemies; e++) nenemies += o->enemies[e] != PM_AGENT_DUMMY;
    return PM_VEC_STD_CHANNELS + plane_count(planes & (unsigned)PM_VEC_ALL_PLANES, nenemies);
}
