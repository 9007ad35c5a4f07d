// pomcpp2_bench.cpp — the Pommerman engine's step and reset against pomcpp2's (a public C++ port
// of the game, github.com/jw3il/pomcpp2; not part of this repository: pomcpp2_ab.sh builds this
// driver against a checkout given on its command line). One process, contenders alternated
// round after round (dmap, pomcpp2, dmap, ...: both see the same load), thread CPU time.
//
//   step: an FFA board from seed s, then 800 steps with every agent idle (Stop), the engine
//         alone (pm_step / State::Step), 64 boards per round
//   reset: a new FFA board (dmap: random.Random(s) seeded and the CPython-exact generator,
//         kit_pyrandom_seed + pm_reset; pomcpp2: State::Init with its own std::mt19937
//         generator), 20,000 per round; and its two parts on dmap's side: the seeding alone
//         (kit_pyrandom_seed: CPython's init_by_array, a chain of 1,247 dependent steps, with
//         the generator's first twist run in that chain's shadow), and
//         pm_reset on a generator seeded once and continued from board to board (as the
//         playground's env.reset() draws from the generator env.seed() seeded), each against
//         the same pomcpp2 reset
//   reset in the vectorized games, per game: what a game of arenas/pommerman/vec.c does when
//         its episode ends: the generators of 16 games' next episodes seeded together
//         (kit_pyrandom_seed_many, the 16 init_by_array chains side by side), then each game's
//         board from its own (pm_game_open_seeded: the seeded generator copied in, pm_reset);
//         the same boards as kit_pyrandom_seed + pm_reset of the same seeds; and that seeding
//         alone, per generator, each against the same pomcpp2 reset
//
// usage: pomcpp2_bench [ROUNDS]   prints one table row per measure: median and [min-max] of
// each contender, and the ratio dmap / pomcpp2 (median of the per-round ratios, [min-max]).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "bboard.hpp"

extern "C" {
#include "pommerman.h"
}

static double cpu_ns() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static unsigned sink;

static double dmap_step_ns(int boards) {
    const pm_config *cfg = pm_config_find("ffa");
    static pm_state s;
    kit_pyrandom rng;
    int stop[4] = {0, 0, 0, 0};
    double total = 0;
    for (int b = 0; b < boards; b++) {
        kit_pyrandom_seed(&rng, b);
        pm_reset(&s, cfg, &rng);
        double t0 = cpu_ns();
        for (int t = 0; t < 800; t++) pm_step(&s, stop);
        total += cpu_ns() - t0;
        sink += s.board[13];
    }
    return total / (boards * 800.0);
}

static double pomcpp2_step_ns(int boards) {
    static bboard::State s;
    bboard::Move idle[4] = {bboard::Move::IDLE, bboard::Move::IDLE, bboard::Move::IDLE, bboard::Move::IDLE};
    double total = 0;
    for (int b = 0; b < boards; b++) {
        s = bboard::State();
        s.Init(bboard::GameMode::FreeForAll, b, -1);
        double t0 = cpu_ns();
        for (int t = 0; t < 800; t++) s.Step(idle);
        total += cpu_ns() - t0;
        sink += s.items[1][3];
    }
    return total / (boards * 800.0);
}

static double dmap_reset_ns(int n) {
    const pm_config *cfg = pm_config_find("ffa");
    static pm_state s;
    kit_pyrandom rng;
    double t0 = cpu_ns();
    for (int i = 0; i < n; i++) {
        kit_pyrandom_seed(&rng, i);
        pm_reset(&s, cfg, &rng);
        sink += s.board[13];
    }
    return (cpu_ns() - t0) / n;
}

static double dmap_seed_ns(int n) {
    kit_pyrandom rng;
    double t0 = cpu_ns();
    for (int i = 0; i < n; i++) {
        kit_pyrandom_seed(&rng, i);
        sink += rng.mt[1];
    }
    return (cpu_ns() - t0) / n;
}

static double dmap_reset_continued_ns(int n) {
    const pm_config *cfg = pm_config_find("ffa");
    static pm_state s;
    kit_pyrandom rng;
    kit_pyrandom_seed(&rng, n);
    double t0 = cpu_ns();
    for (int i = 0; i < n; i++) {
        pm_reset(&s, cfg, &rng);
        sink += s.board[13];
    }
    return (cpu_ns() - t0) / n;
}

enum { LANES = 16 }; // kit_pyrandom_seed_many's batch, as the vectorized games fill it

// the generators of seeds first .. first + LANES - 1 into ahead, seeded together
static void seed_lanes(kit_pyrandom *ahead, int first) {
    kit_pyrandom *rs[LANES];
    int64_t seeds[LANES];
    for (int k = 0; k < LANES; k++) {
        rs[k] = &ahead[k];
        seeds[k] = first + k;
    }
    kit_pyrandom_seed_many(rs, seeds, LANES, DMAP_SIMD_AUTO);
}

static double dmap_reset_vec_ns(int n) {
    const pm_config *cfg = pm_config_find("ffa");
    static pm_game g;
    static kit_pyrandom ahead[LANES];
    double t0 = cpu_ns();
    for (int i = 0; i < n; i += LANES) {
        seed_lanes(ahead, i);
        for (int k = 0; k < LANES; k++) {
            pm_game_open_seeded(&g, cfg, (uint64_t)(i + k), &ahead[k]);
            sink += g.s.board[13];
        }
    }
    return (cpu_ns() - t0) / n;
}

static double dmap_seed_many_ns(int n) {
    static kit_pyrandom ahead[LANES];
    double t0 = cpu_ns();
    for (int i = 0; i < n; i += LANES) {
        seed_lanes(ahead, i);
        sink += ahead[i / LANES % LANES].mt[1];
    }
    return (cpu_ns() - t0) / n;
}

static double pomcpp2_reset_ns(int n) {
    static bboard::State s;
    double t0 = cpu_ns();
    for (int i = 0; i < n; i++) {
        s.Init(bboard::GameMode::FreeForAll, i, -1);
        sink += s.items[1][3];
    }
    return (cpu_ns() - t0) / n;
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t k = v.size();
    return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

static void row(const char *what, const char *unit, double scale, const std::vector<double> &a,
                const std::vector<double> &b) {
    std::vector<double> r;
    for (size_t i = 0; i < a.size(); i++) r.push_back(a[i] / b[i]);
    std::printf("| %s | %.1f %s [%.1f-%.1f] | %.1f %s [%.1f-%.1f] | %.2f [%.2f-%.2f] |\n", what,
                median(a) / scale, unit, *std::min_element(a.begin(), a.end()) / scale,
                *std::max_element(a.begin(), a.end()) / scale, median(b) / scale, unit,
                *std::min_element(b.begin(), b.end()) / scale, *std::max_element(b.begin(), b.end()) / scale,
                median(r), *std::min_element(r.begin(), r.end()), *std::max_element(r.begin(), r.end()));
}

// The vectorized games' path gives kit_pyrandom_seed + pm_reset's games (states and generators).
static int same_games(int n) {
    const pm_config *cfg = pm_config_find("ffa");
    static pm_game a, b;
    static kit_pyrandom ahead[LANES];
    kit_pyrandom *rs[LANES];
    int64_t seeds[LANES];
    for (int i = 0; i < n; i += LANES) {
        for (int k = 0; k < LANES; k++) rs[k] = &ahead[k], seeds[k] = i + k;
        kit_pyrandom_seed_many(rs, seeds, LANES, DMAP_SIMD_AUTO);
        for (int k = 0; k < LANES; k++) {
            pm_game_open_seeded(&a, cfg, (uint64_t)(i + k), &ahead[k]);
            b.seed = (uint64_t)(i + k);
            kit_pyrandom_seed(&b.shared, i + k);
            pm_reset(&b.s, cfg, &b.shared);
            if (std::memcmp(&a, &b, sizeof a)) return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
    if (rounds < 1 || rounds > 100) return 2;
    if (!same_games(4096)) {
        std::fprintf(stderr, "pomcpp2_bench: the vectorized games' reset differs from pm_game_open\n");
        return 1;
    }
    std::vector<double> ds, ps, dr, pr, dseed, pseed, dcont, pcont, dvec, pvec, dmany, pmany;
    for (int r = 0; r < rounds; r++) {
        ds.push_back(dmap_step_ns(64));
        ps.push_back(pomcpp2_step_ns(64));
        dr.push_back(dmap_reset_ns(20000));
        pr.push_back(pomcpp2_reset_ns(20000));
        dseed.push_back(dmap_seed_ns(20000));
        pseed.push_back(pomcpp2_reset_ns(20000));
        dcont.push_back(dmap_reset_continued_ns(20000));
        pcont.push_back(pomcpp2_reset_ns(20000));
        dvec.push_back(dmap_reset_vec_ns(20000));
        pvec.push_back(pomcpp2_reset_ns(20000));
        dmany.push_back(dmap_seed_many_ns(20000));
        pmany.push_back(pomcpp2_reset_ns(20000));
    }
    std::printf("| measure, %d rounds | dmap, median [min-max] | pomcpp2, median [min-max] | dmap / pomcpp2 |\n", rounds);
    std::printf("|---|---|---|---|\n");
    row("engine step, 4 agents idle", "ns", 1, ds, ps);
    row("reset (a new FFA board)", "us", 1e3, dr, pr);
    row("dmap: the seeding alone / pomcpp2 reset", "us", 1e3, dseed, pseed);
    row("dmap: reset, generator continued / pomcpp2 reset", "us", 1e3, dcont, pcont);
    row("reset in the vectorized games, per game (16 seeded together)", "us", 1e3, dvec, pvec);
    row("dmap: the seeding 16 at once, per generator / pomcpp2 reset", "us", 1e3, dmany, pmany);
    std::fprintf(stderr, "(checksum %u)\n", sink);
    return 0;
}
