#define _POSIX_C_SOURCE 200809L
/* test_pommerman_traces.c — every game recorded from the original environment, replayed: the
 * engine must reproduce every state line and the end, our observations every O and D field, and
 * our SimpleAgent every action and every random draw (data/README.md). The
 * traces are the oracle; a missing one is a failure. Also: a trace altered in one field must be
 * reported at that line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "../../../tests/check.h"
#include "pommerman.h"

/* Games recorded for this arena with tools/record_trace.py from the original environment
 * (playground 5315f6d) on other seeds, gzip-compressed: kicks and long rolls (ffa 119, 129), a
 * one-vs-one game with kicks, RandomAgents whose actions come from the record. */
static const char *const own_traces[] = {"ffa-SSSS-119.txt.gz", "ffa-SSSS-129.txt.gz", "1v1-SS-119.txt.gz",
                                         "ffa-SRSR-209.txt.gz"};

static const char *const traces[] = {
    "ffa-SSSS/seed_1.txt", "ffa-SSSS/seed_2.txt", "ffa-SSSS/seed_3.txt", "ffa-SSSS/seed_4.txt",
    "ffa-SRSR/seed_1.txt", "ffa-SRSR/seed_2.txt", "1v1-SS/seed_1.txt",   "ffa-SSSS-kicks/seed_31.txt",
    /* the other configs of the registry (trace format v2) */
    "PommeFFACompetitionFast-v0-SSSS/seed_1.txt.gz", "PommeFFAFast-v0-SSSS/seed_1.txt.gz",
    "PommeFFA-v1-SSSS/seed_26.txt.gz", "PommeFFA-v1-SSSS/seed_35.txt.gz",
    "PommeTeam-v0-SSSS/seed_1.txt.gz", "PommeTeam-v0-SSSS/seed_2.txt.gz", "PommeTeam-v0-SSSS/seed_3.txt.gz",
    "PommeTeamFast-v0-SSSS/seed_3.txt.gz", "PommeTeamCompetition-v0-SSSS/seed_1.txt.gz",
    "PommeTeamCompetition-v0-SSSS/seed_2.txt.gz", "PommeTeamCompetition-v0-SSSS/seed_3.txt.gz",
    "PommeTeamCompetitionFast-v0-SSSS/seed_1.txt.gz", "PommeTeamCompetition-v1-SSSS/seed_10.txt.gz",
    "PommeTeamCompetition-v1-SSSS/seed_27.txt.gz", "PommeTeamCompetition-v1-SSSS/seed_35.txt.gz",
    "PommeRadio-v2-SSSS/seed_1.txt.gz", "PommeRadio-v2-SRSR/seed_1.txt.gz", "PommeRadio-v2-SRSR/seed_2.txt.gz",
    "PommeRadioCompetition-v2-SRSR/seed_2.txt.gz", "PommeRadioCompetition-v2-RSRS/seed_4.txt.gz",
};

static void replay_one(const char *dir, const char *name, int agents) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    pm_trace_report rep;
    int rc = pm_replay_trace(path, agents, &rep);
    CHECK(rc == 0, "%s%s: %s", path, agents ? " --agents" : "", rep.message);
    if (rc == 0) {
        printf("ok %s%s: %ld steps, %ld SimpleAgent decisions\n", name, agents ? " --agents" : "",
               rep.steps, rep.decisions);
    }
}

/* The board generator from the trace's seed: the header's board (B), hidden items (I) and the
 * generator left exactly mtskip words further (the stream the SimpleAgents then draw from). */
static void board_from_seed(const char *dir, const char *name) {
    char path[4096], line[8192], config[64], kinds[64], want_b[8192] = "", want_i[8192] = "";
    long long seed = -1, mtskip = -1;
    int size = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    gzFile f = gzopen(path, "rb");
    CHECK(f != NULL, "missing %s", path);
    if (!f) return;
    while (gzgets(f, line, sizeof line)) {
        line[strcspn(line, "\n")] = '\0';
        if (!strncmp(line, "GAME ", 5))
            sscanf(line, "GAME config %63s seed %lld size %d agents %63s mtskip %lld", config, &seed, &size,
                   kinds, &mtskip);
        else if (!strncmp(line, "B ", 2) && !want_b[0])
            snprintf(want_b, sizeof want_b, "%s", line + 2);
        else if (!strncmp(line, "I ", 2) && !want_i[0])
            snprintf(want_i, sizeof want_i, "%s", line + 2);
        else if (!strncmp(line, "T ", 2))
            break;
    }
    gzclose(f);
    const pm_config *cfg = pm_config_find(config);
    CHECK(cfg && seed >= 0 && mtskip >= 0, "%s: no GAME header", name);
    if (!cfg || seed < 0 || mtskip < 0) return;
    kit_pyrandom py, skipped;
    kit_pyrandom_seed(&py, seed);
    kit_pyrandom_seed(&skipped, seed);
    for (long long k = 0; k < mtskip; k++) kit_pyrandom_u32(&skipped);
    pm_state s;
    pm_reset(&s, cfg, &py);
    char got_b[256], got_i[1024];
    pm_format_board(s.board, s.size, got_b);
    pm_format_items(&s, got_i);
    int same_rng = !memcmp(py.mt, skipped.mt, sizeof py.mt) && py.index == skipped.index;
    int same = !strcmp(got_b, want_b) && !strcmp(got_i, want_i) && same_rng;
    CHECK(same, "%s: board from seed %lld: board %s, items %s, generator after mtskip %s", name, seed,
          strcmp(got_b, want_b) ? "differs" : "ok", strcmp(got_i, want_i) ? "differ" : "ok",
          same_rng ? "ok" : "differs");
    if (same) {
        printf("ok %s: board, items and mtskip %lld from seed %lld\n", name, mtskip, seed);
    }
}

/* Copies a trace with one line changed and checks that the replay reports that line. */
static void altered_is_caught(const char *dir) {
    char path[4096], out[] = "/tmp/pommerman_altered_XXXXXX";
    snprintf(path, sizeof path, "%s/ffa-SSSS/seed_1.txt", dir);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL, "missing %s", path);
    if (!in) return;
    int fd = mkstemp(out);
    FILE *o = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(o != NULL, "cannot write %s", out);
    if (!o) {
        fclose(in);
        return;
    }
    char line[8192];
    int n = 0, target = -1, seen_g = 0;
    while (fgets(line, sizeof line, in)) {
        n++;
        /* the agents line after step 3: change agent 0's ammo */
        if (target < 0 && !strncmp(line, "G ", 2) && ++seen_g == 4) {
            target = n;
            char *comma = strchr(line + 2, ',');
            comma = comma ? strchr(comma + 1, ',') : NULL;
            if (comma) comma[1] = comma[1] == '9' ? '8' : '9';
        }
        fputs(line, o);
    }
    fclose(in);
    fclose(o);
    pm_trace_report rep;
    int rc = pm_replay_trace(out, 0, &rep);
    CHECK(rc == 1 && rep.line == target, "altered trace: rc %d line %d (want 1 at line %d): %s", rc,
          rep.line, target, rep.message);
    remove(out);
}

/* Copies a trace (plain or gzip) with the nth line that starts with `prefix` and holds `from`
 * changed to hold `to` there, and checks that the replay (with the SimpleAgents) reports that
 * line as a difference. */
static void changed_line_caught(const char *dir, const char *name, const char *prefix, const char *from,
                                const char *to, int nth) {
    char path[4096], out[] = "/tmp/pommerman_changed_XXXXXX", line[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    gzFile in = gzopen(path, "rb");
    int fd = mkstemp(out);
    FILE *o = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(in && o, "cannot copy %s", path);
    if (!in || !o) {
        if (in) gzclose(in);
        if (o) fclose(o);
        return;
    }
    int n = 0, target = -1, seen = 0;
    while (gzgets(in, line, sizeof line)) {
        n++;
        char *at = strstr(line, from);
        if (target < 0 && !strncmp(line, prefix, strlen(prefix)) && at && seen++ == nth) {
            target = n;
            char rest[8192];
            snprintf(rest, sizeof rest, "%s", at + strlen(from));
            snprintf(at, sizeof line - (size_t)(at - line), "%s%s", to, rest);
        }
        fputs(line, o);
    }
    gzclose(in);
    fclose(o);
    pm_trace_report rep;
    int rc = pm_replay_trace(out, 1, &rep);
    int caught = target >= 0 && rc == 1 && rep.line == target;
    CHECK(caught, "%s with '%s' for '%s' in a %sline: rc %d line %d (want 1 at line %d): %s", name, to, from,
          prefix, rc, rep.line, target, rep.message);
    if (caught) {
        printf("ok %s: a changed %sline is reported: %s\n", name, prefix, rep.message);
    }
    remove(out);
}

/* Damaged traces (cut short, a byte changed, garbage) must be reported, never crash (the
 * sanitizer build runs this too): the replay returns 1 or 2 with a message, or 0 when the change
 * did not matter (a comment). */
static void damaged_inputs(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/1v1-SS/seed_1.txt", dir);
    FILE *in = fopen(path, "rb");
    CHECK(in != NULL, "missing %s", path);
    if (!in) return;
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, in);
    fclose(in);
    char out[] = "/tmp/pommerman_damaged_XXXXXX";
    int fd = mkstemp(out);
    CHECK(fd >= 0, "cannot make %s", out);
    if (fd < 0) return;
    close(fd);
    uint64_t x = 12345;
    int reported = 0;
    for (int k = 0; k < 60; k++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        size_t at = (size_t)(x >> 33) % len;
        FILE *o = fopen(out, "wb");
        if (!o) break;
        if (k % 3 == 0) {
            fwrite(text, 1, at, o); /* cut short */
        } else if (k % 3 == 1) {
            fwrite(text, 1, len, o);
            fseek(o, (long)at, SEEK_SET);
            fputc("9z,: \n-#T"[k % 10], o); /* one byte changed */
        } else {
            fwrite(text, 1, at, o);
            for (int i = 0; i < 200; i++) fputc((int)((x >> (i % 56)) & 0xff), o); /* garbage */
        }
        fclose(o);
        pm_trace_report rep;
        int rc = pm_replay_trace(out, 1, &rep);
        CHECK(rc == 0 || rep.message[0] != '\0', "damaged trace %d: rc %d without a message", k, rc);
        reported += rc != 0;
    }
    CHECK(reported >= 50, "only %d of 60 damaged traces were reported", reported);
    remove(out);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_pommerman_traces DATA_TRACES_DIR OWN_TRACES_DIR\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        replay_one(argv[1], traces[i], 0);
        replay_one(argv[1], traces[i], 1);
        board_from_seed(argv[1], traces[i]);
    }
    for (size_t i = 0; i < sizeof own_traces / sizeof own_traces[0]; i++) {
        replay_one(argv[2], own_traces[i], 1);
        board_from_seed(argv[2], own_traces[i]);
    }
    altered_is_caught(argv[1]);
    /* agent 1's own fogged board, a teammate's message, the ring a collapse takes */
    changed_line_caught(argv[1], "PommeTeamCompetition-v0-SSSS/seed_1.txt.gz", "O ", "5", "0", 1);
    changed_line_caught(argv[1], "PommeRadio-v2-SRSR/seed_2.txt.gz", "O ", "msg=6,3", "msg=0,0", 0);
    changed_line_caught(argv[1], "PommeTeamCompetition-v1-SSSS/seed_27.txt.gz", "C ", "1", "2", 0);
    damaged_inputs(argv[1]);
    return check_report("test_pommerman_traces");
}
