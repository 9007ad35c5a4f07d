#define _POSIX_C_SOURCE 200809L
/* test_pommerman_traces.c — every game recorded from the original environment, replayed: the
 * engine must reproduce every state line and the end, our observations every O and D field, and
 * our SimpleAgent every action and every random draw (shared/data/pommerman/README.md). The
 * traces are the oracle; a missing one is a failure. Also: a trace altered in one field must be
 * reported at that line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pommerman.h"

static int failures;

static const char *const traces[] = {
    "ffa-SSSS/seed_1.txt", "ffa-SSSS/seed_2.txt", "ffa-SSSS/seed_3.txt", "ffa-SSSS/seed_4.txt",
    "ffa-SRSR/seed_1.txt", "ffa-SRSR/seed_2.txt", "1v1-SS/seed_1.txt",   "ffa-SSSS-kicks/seed_31.txt",
};

static void replay_one(const char *dir, const char *name, int agents) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    pm_trace_report rep;
    int rc = pm_replay_trace(path, agents, &rep);
    if (rc != 0) {
        fprintf(stderr, "FAIL %s%s: %s\n", path, agents ? " --agents" : "", rep.message);
        failures++;
    } else {
        printf("ok %s%s: %ld steps, %ld SimpleAgent decisions\n", name, agents ? " --agents" : "",
               rep.steps, rep.decisions);
    }
}

/* Copies a trace with one line changed and checks that the replay reports that line. */
static void altered_is_caught(const char *dir) {
    char path[4096], out[] = "/tmp/pommerman_altered_XXXXXX";
    snprintf(path, sizeof path, "%s/ffa-SSSS/seed_1.txt", dir);
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "FAIL missing %s\n", path);
        failures++;
        return;
    }
    int fd = mkstemp(out);
    FILE *o = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!o) {
        fclose(in);
        failures++;
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
    if (rc != 1 || rep.line != target) {
        fprintf(stderr, "FAIL altered trace: rc %d line %d (want 1 at line %d): %s\n", rc, rep.line, target,
                rep.message);
        failures++;
    }
    remove(out);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_pommerman_traces TRACES_DIR\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        replay_one(argv[1], traces[i], 0);
        replay_one(argv[1], traces[i], 1);
    }
    altered_is_caught(argv[1]);
    printf("test_pommerman_traces: %d failures\n", failures);
    return failures != 0;
}
