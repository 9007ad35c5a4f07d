/* test_kit_shard.c — tournaments in shards, at the kit's level: the shards 1..N of a tournament
 * hold every game exactly once, each with the seed and slot the one-process run gives it (for
 * every N up to 9 and game counts around N), fail flags follow the play function's returns;
 * shard files written by kit_tournament_play and read back by kit_merge_command hand the
 * tournament function its recorded arguments (--jobs, --shard, --out left out) and the slots
 * of the one-process run; the options' bad values are refused. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kit/shard.h"

#include "../../../tests/check.h"

typedef struct slot {
    long index;
    uint64_t seed;
} slot;

static int play(void *ctx, const kit_seating *st, int *rank, void *out, char *why, size_t cap) {
    (void)ctx, (void)rank;
    slot *s = out;
    s->index = st->game;
    s->seed = st->game_seed;
    if (st->game % 5 != 3) return 0;
    snprintf(why, cap, "fifth"); /* every fifth game "fails" */
    return 1;
}

static const kit_tournament shape = {.record_size = sizeof(slot)};
static slot *rec(void *slots, long j) { return kit_slot_record(kit_slot(&shape, slots, j)); }

static void check_cover(long games, long n) {
    kit_tournament t = {.games = games, .jobs = 2, .seed = 77, .record_size = sizeof(slot),
                        .play = play};
    int *seen = calloc((size_t)games + 1, sizeof *seen);
    long total = 0;
    for (long k = 1; k <= n; k++) {
        long count = kit_shard_games(games, k, n);
        void *slots = calloc((size_t)count + 1, kit_slot_size(&shape));
        unsigned char *fails = calloc((size_t)count + 1, 1);
        long failed = -1;
        CHECK(kit_shard_run(&t, k, n, slots, fails, &failed) == 0, "run %ld/%ld", k, n);
        long want_failed = 0;
        for (long j = 0; j < count; j++) {
            long i = rec(slots, j)->index;
            CHECK(i == (k - 1) + j * n, "shard %ld/%ld slot %ld holds game %ld", k, n, j, i);
            CHECK(i >= 0 && i < games, "game %ld out of range", i);
            if (i >= 0 && i < games) seen[i]++;
            CHECK(rec(slots, j)->seed == kit_game_seed(77, i), "game %ld: not its seed", i);
            CHECK(fails[j] == (i % 5 == 3), "game %ld: fail flag %d", i, fails[j]);
            want_failed += i % 5 == 3;
        }
        CHECK(failed == want_failed, "shard %ld/%ld: %ld failed, want %ld", k, n, failed,
              want_failed);
        total += count;
        free(slots);
        free(fails);
    }
    CHECK(total == games, "%ld shards of %ld games hold %ld", n, games, total);
    for (long i = 0; i < games; i++)
        CHECK(seen[i] == 1, "%ld shards: game %ld played %d times", n, i, seen[i]);
    free(seen);
}

/* The tournament function kit_merge_command calls: what it was given. */
static int merged_argc;
static char merged_args[512];
static _Alignas(max_align_t) unsigned char merged_slots[40 * 512];
static long merged_failed;

static int fake_tournament(int argc, char **argv, const kit_merged *merged) {
    merged_argc = argc;
    merged_args[0] = '\0';
    for (int i = 0; i < argc; i++) {
        strncat(merged_args, argv[i], sizeof merged_args - strlen(merged_args) - 2);
        strcat(merged_args, " ");
    }
    kit_shard sh;
    kit_shard_init(&sh, "arena", argc, argv, merged);
    kit_tournament t = {.games = 40, .jobs = 1, .seed = 5, .record_size = sizeof(slot), .play = play};
    return kit_tournament_play(&t, &sh, merged_slots, &merged_failed) == KIT_SHARD_TABLE ? 0 : 1;
}

static void check_files(const char *dir) {
    char files[3][256];
    char k_of_n[3][8];
    for (int k = 0; k < 3; k++) {
        snprintf(files[k], sizeof files[k], "%s/shard%d", dir, k + 1);
        snprintf(k_of_n[k], sizeof k_of_n[k], "%d/3", k + 1);
        char *argv[] = {"tournament", "--games", "40", "--jobs", "2", "--shard", k_of_n[k],
                        "--out", files[k], "--seed", "5"};
        int argc = (int)(sizeof argv / sizeof *argv);
        kit_shard sh;
        kit_shard_init(&sh, "arena", argc, argv, NULL);
        for (int i = 1; i < argc; i++) {
            int took = kit_shard_option(&sh, argc, argv, &i);
            CHECK(took >= 0, "option %s refused", argv[i]);
        }
        CHECK(kit_shard_check(&sh) == 0 && sh.k == k + 1 && sh.n == 3, "shard %d/3 parsed", k + 1);
        kit_tournament t = {.games = 40, .jobs = 2, .seed = 5, .record_size = sizeof(slot),
                            .play = play};
        static _Alignas(max_align_t) unsigned char unused[40 * 512];
        long failed;
        CHECK(kit_tournament_play(&t, &sh, unused, &failed) == KIT_SHARD_ELSEWHERE,
              "shard %d/3 not written", k + 1);
    }
    char *merge[] = {"merge", files[2], files[0], files[1]};
    CHECK(kit_merge_command("arena", 4, merge, fake_tournament) == 0, "merge failed");
    CHECK(merged_argc == 5 && strcmp(merged_args, "tournament --games 40 --seed 5 ") == 0,
          "recorded arguments: %d '%s'", merged_argc, merged_args);
    long want_failed = 0;
    for (long i = 0; i < 40; i++) {
        CHECK(rec(merged_slots, i)->index == i && rec(merged_slots, i)->seed == kit_game_seed(5, i),
              "merged game %ld: index %ld", i, rec(merged_slots, i)->index);
        want_failed += i % 5 == 3;
    }
    CHECK(merged_failed == want_failed, "merged: %ld failed, want %ld", merged_failed, want_failed);
    /* another arena's merge refuses the files; two files miss a shard */
    CHECK(kit_merge_command("other", 4, merge, fake_tournament) == 1, "foreign arena accepted");
    CHECK(kit_merge_command("arena", 3, merge, fake_tournament) == 1, "missing shard accepted");
    for (int k = 0; k < 3; k++) unlink(files[k]);
}

static void check_options(void) {
    const char *bad[] = {"0/3", "4/3", "1/0", "-1/2", "1/", "/2", "1/2x", "a/b", "+1/2", "1/+2",
                         "1/1000001", ""};
    for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
        char *argv[] = {"tournament", "--shard", (char *)bad[b]};
        kit_shard sh;
        kit_shard_init(&sh, "arena", 3, argv, NULL);
        int i = 1;
        CHECK(kit_shard_option(&sh, 3, argv, &i) == -1, "--shard '%s' accepted", bad[b]);
    }
    char *argv[] = {"tournament", "--shard", "2/2"};
    kit_shard sh;
    kit_shard_init(&sh, "arena", 3, argv, NULL);
    int i = 1;
    CHECK(kit_shard_option(&sh, 3, argv, &i) == 1 && i == 2, "--shard 2/2 not taken");
    CHECK(kit_shard_check(&sh) == -1, "--shard without --out accepted");
    CHECK(kit_shard_games(10, 1, 3) == 4 && kit_shard_games(10, 3, 3) == 3 &&
              kit_shard_games(2, 3, 3) == 0 && kit_shard_games(0, 1, 1) == 0,
          "kit_shard_games");
}

int main(void) {
    for (long n = 1; n <= 9; n++)
        for (long games = 0; games <= 2 * n + 3; games++) check_cover(games, n);
    char dir[] = "/tmp/test_kit_shard_XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    check_files(dir);
    rmdir(dir);
    check_options();
    return check_report("test_kit_shard");
}
