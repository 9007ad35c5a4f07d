/* trace.c — the games recorded from the official referee (data/traces, format in
 * data/README.md), replayed: the recorded actions played from the recorded seed, and
 * everything compared with what the referee printed: the map the seed draws, player 0's first
 * input, every state line after every turn, the number of turns and the scores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/file.h"
#include "kutulu.h"

enum { MALFORMED = 2 }; /* an unreadable or malformed file */

typedef struct trace_reader {
    char *text;
    char *pos;
    long lineno;
} trace_reader;

static char *next_line(trace_reader *r) {
    if (!r->pos || !*r->pos) return NULL;
    char *line = r->pos;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        r->pos = nl + 1;
    } else {
        r->pos = line + strlen(line);
    }
    size_t n = strlen(line);
    if (n && line[n - 1] == '\r') line[n - 1] = '\0';
    r->lineno++;
    return line;
}

/* Compare the next expected lines (prefix + text) with the lines of ours, in order. */
typedef struct cmp_ctx {
    const char *path;
    int differs;
} cmp_ctx;

static int differ(cmp_ctx *c, long lineno, const char *expected, const char *got) {
    printf("%s:%ld: expected '%s', got '%s'\n", c->path, lineno, expected, got);
    c->differs = 1;
    return 1;
}

/* The lines of buf one by one. */
static const char *take_line(const char **s, char *line, size_t cap) {
    if (!**s) return NULL;
    size_t n = 0;
    while (**s && **s != '\n') {
        if (n + 1 < cap) line[n++] = **s;
        (*s)++;
    }
    if (**s == '\n') (*s)++;
    line[n] = '\0';
    return line;
}

/* A TURN or END line while lines of our state are still to compare: the first of them differs
 * (1), or none is left (0). */
static int state_left_over(cmp_ctx *c, long lineno, const char **pos, char *mine, size_t cap) {
    if (!*pos || !**pos) return 0;
    take_line(pos, mine, cap);
    return differ(c, lineno, "(end of state)", mine);
}

/* Split "TURN t ACTIONS | a0 | a1 | a2 | a3" into the four raw lines. */
static int split_actions(char *line, int *turn, char *acts[KT_PLAYERS]) {
    if (sscanf(line, "TURN %d ACTIONS", turn) != 1) return -1;
    char *p = strstr(line, " | ");
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (!p) return -1;
        p += 3;
        acts[i] = p;
        char *q = strstr(p, " | ");
        if (q) *q = '\0';
        p = q;
    }
    return 0;
}

int kt_trace_replay(const char *path, const kt_mapset *maps) {
    char *text = NULL, why[1024];
    size_t len = 0;
    if (kit_read_file(path, KIT_FILE_LIMIT, KIT_FILE_GZIP | KIT_FILE_TEXT, &text, &len, why,
                      sizeof why)) {
        fprintf(stderr, "kutulu: %s\n", why);
        return MALFORMED;
    }
    trace_reader r = {text, text, 0};
    cmp_ctx c = {path, 0};
    kt_game g;
    int have_game = 0, rc = MALFORMED;
    char *line;
    static char ours[1 << 16];
    const char *ours_pos = NULL;
    char mine[KT_LINE_MAX * 2];
    int in_state = 0, saw_end = 0;
    while ((line = next_line(&r)) != NULL && !c.differs) {
        if (strncmp(line, "# seed ", 7) == 0) {
            if (have_game) { /* one game per trace */
                fprintf(stderr, "kutulu: %s:%ld: a second '# seed' line\n", path, r.lineno);
                goto done;
            }
            long long seed;
            int off = 0;
            if (sscanf(line, "# seed %lld map %n", &seed, &off) != 1 || off == 0) {
                fprintf(stderr, "kutulu: %s:%ld: bad header line\n", path, r.lineno);
                goto done;
            }
            if (kt_game_init(&g, (int64_t)seed, maps, -1)) {
                fprintf(stderr, "kutulu: %s: cannot start the game\n", path);
                goto done;
            }
            have_game = 1;
            if (strcmp(kt_league_map_name(g.map_index), line + off) != 0)
                differ(&c, r.lineno, line + off, kt_league_map_name(g.map_index));
            size_t n = kt_format_init(&g, ours, sizeof ours);
            kt_format_turn(&g, 0, ours + n, sizeof ours - n);
            ours_pos = ours;
            continue;
        }
        if (line[0] == '#' || line[0] == '\0') continue;
        if (!have_game) {
            fprintf(stderr, "kutulu: %s:%ld: no '# seed' line before the game\n", path, r.lineno);
            goto done;
        }
        if (strncmp(line, "IN0 ", 4) == 0) {
            const char *got = ours_pos ? take_line(&ours_pos, mine, sizeof mine) : NULL;
            if (!got || strcmp(got, line + 4) != 0) differ(&c, r.lineno, line + 4, got ? got : "(end)");
            continue;
        }
        if (strncmp(line, "TURN ", 5) == 0) {
            if (in_state && state_left_over(&c, r.lineno, &ours_pos, mine, sizeof mine)) break;
            int t;
            char *acts[KT_PLAYERS];
            if (split_actions(line, &t, acts)) {
                fprintf(stderr, "kutulu: %s:%ld: bad TURN line\n", path, r.lineno);
                goto done;
            }
            if (t != g.turn) {
                char want[32];
                snprintf(want, sizeof want, "turn %d", g.turn);
                differ(&c, r.lineno, line, want);
                break;
            }
            kt_action a[KT_PLAYERS];
            unsigned char ok[KT_PLAYERS];
            for (int i = 0; i < KT_PLAYERS; i++) {
                a[i].kind = KT_WAIT;
                ok[i] = 1;
                if (!g.ex[i].active) {
                    if (strcmp(acts[i], "-") != 0)
                        differ(&c, r.lineno, acts[i], "- (player no longer active)");
                    continue;
                }
                ok[i] = kt_parse_action(acts[i], &a[i]) == 0;
            }
            if (c.differs) break;
            if (kt_game_step(&g, a, ok)) {
                fprintf(stderr, "kutulu: %s:%ld: the engine refused the turn\n", path, r.lineno);
                goto done;
            }
            kt_format_state(&g, ours, sizeof ours);
            ours_pos = ours;
            in_state = 1;
            continue;
        }
        if (strncmp(line, "END ", 4) == 0) {
            if (in_state && state_left_over(&c, r.lineno, &ours_pos, mine, sizeof mine)) break;
            char want[128];
            snprintf(want, sizeof want, "END turns %d scores %d %d %d %d%s", g.turn,
                     g.ex[0].score, g.ex[1].score, g.ex[2].score, g.ex[3].score,
                     g.over ? "" : " (game not over)");
            if (strcmp(want, line) != 0) differ(&c, r.lineno, line, want);
            in_state = 0;
            saw_end = 1;
            continue;
        }
        if (strncmp(line, "  ", 2) == 0 && in_state) {
            const char *got = take_line(&ours_pos, mine, sizeof mine);
            if (!got || strcmp(got, line + 2) != 0) differ(&c, r.lineno, line + 2, got ? got : "(end of state)");
            continue;
        }
        fprintf(stderr, "kutulu: %s:%ld: unexpected line\n", path, r.lineno);
        goto done;
    }
    if (!c.differs && !saw_end) differ(&c, r.lineno, "END turns ...", "(end of file)");
    if (!c.differs) printf("OK %s: %d turns\n", path, g.turn);
    rc = c.differs ? 1 : 0;
done:
    if (have_game) kt_game_free(&g);
    free(text);
    return rc;
}
