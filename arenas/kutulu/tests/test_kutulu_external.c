/* test_kutulu_external.c — external bots through the CodinGame protocol (player.c): a tiny sh
 * bot plays a whole game; a bot that never answers is timed out (score -1) and its process
 * killed; a bot that prints garbage is ended (score -1) like the referee does; a bot that
 * exits at once too. The limits here are looser than the referee's (3 s, then 1 s) so a busy
 * machine cannot turn the sh bot's answers into timeouts; the sleeper never answers at all. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kutulu.h"
#include "maps_arg.h"

int main(int argc, char **argv) {
    static kt_mapset maps;
    int loaded = kt_test_load_maps(argc, argv, 2, "test_kutulu_external MAPS_DIR TESTS_DIR", &maps);
    if (loaded != 0) return loaded;
    char err[256];
    char pidfile[] = "/tmp/kutulu_sleeper_XXXXXX";
    int fd = mkstemp(pidfile);
    if (fd < 0) return 1;
    close(fd);
    char specs[4][1024];
    snprintf(specs[0], sizeof specs[0], "cmd:sh %s/bots/waiter.sh", argv[2]);
    snprintf(specs[1], sizeof specs[1], "cmd:sh %s/bots/sleeper.sh %s", argv[2], pidfile);
    snprintf(specs[2], sizeof specs[2], "cmd:sh %s/bots/garbage.sh", argv[2]);
    snprintf(specs[3], sizeof specs[3], "cmd:sh %s/bots/quitter.sh", argv[2]);
    kt_player *p[KT_PLAYERS];
    for (int i = 0; i < KT_PLAYERS; i++) {
        p[i] = kt_player_new(specs[i], err, sizeof err);
        CHECK(p[i] != NULL);
        if (!p[i]) return check_report("test_kutulu_external");
    }
    kt_match_config cfg = {3, -1, 1, 3000000000LL, 1000000000LL};
    kt_match_result res;
    CHECK_EQ_INT(kt_play_match(p, &maps, &cfg, NULL, NULL, &res, err, sizeof err), 0);
    CHECK(res.turns > 1);
    CHECK(res.score[0] >= 1);     /* the sh bot played on after the others were out */
    CHECK_EQ_INT(res.timeouts[0], 0);
    CHECK(res.decisions[0] == res.turns || res.score[0] == res.turns - 1 || res.score[0] > 200);
    for (int i = 1; i < KT_PLAYERS; i++) {
        CHECK_EQ_INT(res.score[i], -1);
        CHECK_EQ_INT(res.timeouts[i], 1);
        CHECK_EQ_INT(res.decisions[i], 1); /* out on its first turn */
    }
    /* the sleeper's process was killed with its group (wait for it to be reaped) */
    FILE *f = fopen(pidfile, "r");
    long pid = 0;
    if (f) {
        if (fscanf(f, "%ld", &pid) != 1) pid = 0;
        fclose(f);
    }
    CHECK(pid > 0);
    int gone = 0;
    for (int k = 0; k < 200 && pid > 0 && !gone; k++) {
        if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) gone = 1;
        struct timespec ts = {0, 10000000};
        if (!gone) nanosleep(&ts, NULL);
    }
    CHECK(gone);
    remove(pidfile);
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(p[i]);
    return check_report("test_kutulu_external");
}
