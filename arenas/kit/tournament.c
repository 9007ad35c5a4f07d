/* tournament.c — the tournament runner: games handed out one at a time to J worker threads
 * (an atomic counter, so a slow game does not hold up a whole block), each game's result
 * written to its own slot, and a progress line redrawn by the calling thread while it waits.
 * Game seeds are a function of (tournament seed, game index) only, so the results do not
 * depend on J or on the order in which games finish. */
#define _POSIX_C_SOURCE 200809L
#include "tournament.h"

#include "compat.h"

#include <errno.h>
#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define KIT_MAX_JOBS 1024
#define PROGRESS_INTERVAL_NS 100000000L /* redraw the progress line ten times a second */

static uint64_t splitmix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t kit_game_seed(uint64_t seed, long index) {
    /* Two rounds: the first spreads the tournament seed, the second mixes in the index, so
     * neighbouring seeds and neighbouring indices both give unrelated game seeds. */
    return splitmix64(splitmix64(seed) ^ (uint64_t)index);
}

uint64_t kit_episode_seed(uint64_t seed, long env, long episode) {
    return kit_game_seed(kit_game_seed(seed, env), episode) & 0x7fffffffffffffffull;
}

void kit_rotate_seats(long index, int n, int *entrant_of_seat) {
    if (n <= 0) return;
    int shift = (int)(index % n);
    if (shift < 0) shift += n;
    for (int s = 0; s < n; s++) entrant_of_seat[s] = (s + shift) % n;
}

void kit_seat_alone(void *ctx, long index, uint64_t seed, kit_seating *s) {
    (void)ctx;
    memset(s, 0, sizeof *s);
    s->game = index;
    s->deal = index;
    s->seed = kit_game_seed(seed, index);
    s->game_seed = s->seed;
}

long kit_tables_count(int entrants, int seats) {
    long c = 1;
    for (int i = 0; i < seats; i++) c = c * (entrants - i) / (i + 1);
    return c;
}

int kit_tables_init(kit_tables *t, int entrants, int seats, long games) {
    memset(t, 0, sizeof *t);
    t->entrants = entrants;
    t->seats = seats;
    t->games = games;
    t->tables = kit_tables_count(entrants, seats);
    int c[KIT_MAX_SEATS];
    if (seats < 1 || seats > KIT_MAX_SEATS || entrants < seats) return -1;
    if (!(t->member = malloc((size_t)t->tables * (size_t)seats * sizeof *t->member))) return -1;
    for (int i = 0; i < seats; i++) c[i] = i;
    for (long k = 0; k < t->tables; k++) { /* the combinations in order */
        memcpy(t->member + k * seats, c, (size_t)seats * sizeof *c);
        int i = seats - 1;
        while (i >= 0 && c[i] == entrants - seats + i) i--;
        if (i < 0) break;
        c[i]++;
        for (int j = i + 1; j < seats; j++) c[j] = c[j - 1] + 1;
    }
    return 0;
}

void kit_tables_free(kit_tables *t) {
    free(t->member);
    t->member = NULL;
}

void kit_tables_seat(void *ctx, long index, uint64_t seed, kit_seating *s) {
    const kit_tables *t = ctx;
    long table = index / t->games, k = index % t->games;
    int rot[KIT_MAX_SEATS];
    kit_rotate_seats(k, t->seats, rot);
    memset(s, 0, sizeof *s);
    s->game = index;
    s->deal = k / t->seats;
    s->seed = kit_game_seed(seed, s->deal);
    s->game_seed = kit_game_seed(s->seed, index);
    s->seats = t->seats;
    for (int i = 0; i < t->seats; i++) s->entrant[i] = t->member[table * t->seats + rot[i]];
}

void kit_rotation_seat(void *ctx, long index, uint64_t seed, kit_seating *s) {
    const kit_rotation *r = ctx;
    memset(s, 0, sizeof *s);
    s->game = index;
    s->deal = index / (r->group > 0 ? r->group : 1);
    s->seed = kit_game_seed(seed, s->deal);
    s->game_seed = kit_game_seed(seed, index);
    s->seats = r->seats;
    kit_rotate_seats(index, r->seats, s->entrant);
}

/* The header's bytes and a slot's, rounded up so that every record is aligned for any type. */
#define SLOT_ALIGN alignof(max_align_t)
static size_t round_up(size_t n) { return (n + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN; }

size_t kit_slot_size(const kit_tournament *t) {
    return round_up(sizeof(kit_game_slot)) + round_up(t->record_size);
}

kit_game_slot *kit_slot(const kit_tournament *t, void *results, long j) {
    return (kit_game_slot *)((unsigned char *)results + (size_t)j * kit_slot_size(t));
}

const kit_game_slot *kit_slot_const(const kit_tournament *t, const void *results, long j) {
    return (const kit_game_slot *)((const unsigned char *)results + (size_t)j * kit_slot_size(t));
}

void *kit_slot_record(kit_game_slot *s) { return (unsigned char *)s + round_up(sizeof *s); }

const void *kit_slot_record_const(const kit_game_slot *s) {
    return (const unsigned char *)s + round_up(sizeof *s);
}

/* Plays slot j's game: its seating from the arena's schedule, then the arena's play. */
static int play_slot(const kit_tournament *t, long j, kit_game_slot *slot) {
    long index = t->first + j * (t->stride > 0 ? t->stride : 1);
    (t->seat ? t->seat : kit_seat_alone)(t->seat_ctx ? t->seat_ctx : t->ctx, index, t->seed,
                                         &slot->seating);
    slot->seating.game = index;
    slot->failed = t->play(t->ctx, &slot->seating, slot->rank,
                           t->record_size ? kit_slot_record(slot) : NULL, slot->why,
                           sizeof slot->why) != 0;
    if (slot->failed && !slot->why[0]) snprintf(slot->why, sizeof slot->why, "?");
    return slot->failed;
}

int kit_online_cores(void) {
#ifdef _WIN32
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    long n = (long)info.dwNumberOfProcessors;
#else
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
    if (n < 1) return 1;
    return n > KIT_MAX_JOBS ? KIT_MAX_JOBS : (int)n;
}

/* What the workers share: the next game to hand out, the count of games done and failed,
 * and the condition the waiting thread sleeps on. */
typedef struct run_state {
    const kit_tournament *t;
    unsigned char *results;
    atomic_long next, done, failed;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* signalled when done reaches t->games */
} run_state;

static void *worker(void *arg) {
    run_state *rs = arg;
    const kit_tournament *t = rs->t;
    for (;;) {
        long i = atomic_fetch_add(&rs->next, 1);
        if (i >= t->games) break;
        kit_game_slot *slot = kit_slot(t, rs->results, i);
        memset(slot, 0, kit_slot_size(t));
        if (play_slot(t, i, slot)) atomic_fetch_add(&rs->failed, 1);
        if (atomic_fetch_add(&rs->done, 1) + 1 == t->games) {
            pthread_mutex_lock(&rs->lock);
            pthread_cond_broadcast(&rs->finished);
            pthread_mutex_unlock(&rs->lock);
        }
    }
    return NULL;
}

static int wants_progress(const kit_tournament *t) {
    if (t->progress == 0) return 0;
    if (t->progress > 0) return 1;
    return isatty(STDERR_FILENO);
}

static void draw_progress(const kit_tournament *t, long done) {
    fprintf(stderr, "\r%s %ld/%ld", t->label ? t->label : "games", done, t->games);
    fflush(stderr);
}

/* The calling thread's part: sleep until every game is done, redrawing the line meanwhile. */
static void wait_for_games(run_state *rs, int progress) {
    const kit_tournament *t = rs->t;
    pthread_mutex_lock(&rs->lock);
    while (atomic_load(&rs->done) < t->games) {
        if (progress) draw_progress(t, atomic_load(&rs->done));
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += PROGRESS_INTERVAL_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&rs->finished, &rs->lock, &until);
    }
    pthread_mutex_unlock(&rs->lock);
    if (progress) {
        draw_progress(t, t->games);
        fputs("\r\033[K", stderr); /* clear the line: the table starts on a clean screen */
        fflush(stderr);
    }
}

int kit_tournament_run(const kit_tournament *t, void *results, long *failed) {
    if (failed) *failed = 0;
    if (!t || !t->play || t->games < 0 || t->first < 0 || t->stride < 0 ||
        (t->games > 0 && !results))
        return -1;
    if (t->games == 0) return 0;
    long jobs = t->jobs > 0 ? t->jobs : kit_online_cores();
    if (jobs > KIT_MAX_JOBS) jobs = KIT_MAX_JOBS;
    if (jobs > t->games) jobs = t->games;

    pthread_t *threads = malloc((size_t)jobs * sizeof *threads);
    if (!threads) return -1;
    run_state rs;
    rs.t = t;
    rs.results = results;
    atomic_init(&rs.next, 0);
    atomic_init(&rs.done, 0);
    atomic_init(&rs.failed, 0);
    if (pthread_mutex_init(&rs.lock, NULL) != 0) {
        free(threads);
        return -1;
    }
    if (pthread_cond_init(&rs.finished, NULL) != 0) {
        pthread_mutex_destroy(&rs.lock);
        free(threads);
        return -1;
    }
    long started = 0;
    while (started < jobs && pthread_create(&threads[started], NULL, worker, &rs) == 0) started++;
    if (started > 0) {
        /* fewer threads than asked is fine: the ones running share out every game */
        wait_for_games(&rs, wants_progress(t));
        for (long k = 0; k < started; k++) pthread_join(threads[k], NULL);
    }
    pthread_cond_destroy(&rs.finished);
    pthread_mutex_destroy(&rs.lock);
    free(threads);
    if (started == 0) return -1;
    if (failed) *failed = atomic_load(&rs.failed);
    return 0;
}
