/* cmd_update.c — `dmap update`: build a Dijkstra map once, then apply batches of edits from a
 * file with the library's incremental update (dmap_live_apply), printing the map after each
 * batch and the number of cells each update touched. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char update_help[] =
    "usage: dmap update MAP --edits FILE [options]\n"
    "\n"
    "Build the Dijkstra map of MAP (a text map with '#' walls, or a Moving AI .map) from the\n"
    "goals once, then apply the batches of edits in FILE one after another, updating the map\n"
    "incrementally (only the cells whose value depends on an edit are recomputed; the result\n"
    "is exactly what a fresh `dmap field` of the edited map gives). After each batch the map\n"
    "is printed (batches separated by one empty line) and stderr gets one line\n"
    "\"batch K: N cells touched\". The map has no ceiling unless --default gives one.\n"
    "\n"
    "FILE has one edit per line (X column, Y row, 0,0 top-left):\n"
    "  wall X Y       the cell becomes a wall\n"
    "  floor X Y      the cell becomes floor\n"
    "  goal X Y V     the cell's start value becomes V (adds, revalues or moves a goal;\n"
    "                 V below the ceiling)\n"
    "  ungoal X Y     the cell's start value returns to the default\n"
    "  cost X Y C     the cell's entry cost becomes C (finite, > 0)\n"
    "  ---            ends a batch (the last batch needs no ---)\n"
    "Empty lines and lines starting with '#' are ignored. The whole file is checked before\n"
    "anything is printed.\n"
    "\n"
    "options:\n"
    "  --edits FILE         the edits ('-' reads standard input); required\n"
    "  --goal X,Y[=V]       a goal at column X, row Y with value V (default 0); repeatable\n"
    "  --goal-char C[=V]    every cell showing character C is a goal; repeatable\n"
    "  --default V          a ceiling: the start value of the other cells (default: none,\n"
    "                       which --default inf also says; cells no goal reaches are 'inf')\n"
    CLI_MOVES_HELP
    "  --format F           csv (exact values, '#' walls; the default), grid or digits\n"
    "  -h, --help           this text\n"
    "\n"
    "Every goal value (options and edits) must be below the ceiling. Every option but --goal\n"
    "and --goal-char may be given once. Exit status: 0 ok, 2 bad input.\n"
    "example: printf 'wall 2 1\\n---\\nungoal 0 0\\ngoal 4 4 0\\n' > edits.txt\n"
    "         dmap update room.txt --goal 0,0 --edits edits.txt\n";

typedef struct update_options {
    cli_field_args f;
    const char *edits_path;
} update_options;

static int update_option(void *ctx, int argc, char **argv, int *i) {
    update_options *o = ctx;
    const char *v;
    int r = cli_option(argc, argv, i, "--edits", &v);
    if (r > 0) o->edits_path = v;
    return r;
}

/* The parsed edits file: all edits in order, and where each batch ends. */
typedef struct edit_list {
    dmap_edit *edits;
    size_t n;
    size_t *batch_end; /* batch k holds edits [batch_end[k-1], batch_end[k]) */
    size_t nbatches;
} edit_list;

static void edit_list_free(edit_list *l) {
    free(l->edits);
    free(l->batch_end);
    memset(l, 0, sizeof *l);
}

/* Split one line into at most 5 whitespace-separated words (in place). Returns the count, 6
 * when there are more. */
static int split_words(char *line, char *word[5]) {
    int n = 0;
    char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r') *s++ = '\0';
        if (!*s) return n;
        if (n == 5) return 6;
        word[n++] = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r') s++;
    }
}

static const struct {
    const char *name;
    dmap_edit_kind kind;
    int nvalues; /* words after X Y */
} edit_words[] = {{"wall", DMAP_EDIT_WALL, 0},   {"floor", DMAP_EDIT_FLOOR, 0},
                  {"goal", DMAP_EDIT_GOAL, 1},   {"ungoal", DMAP_EDIT_UNGOAL, 0},
                  {"cost", DMAP_EDIT_COST, 1}};

/* Parse one edit line (words already split). Prints "FILE:LINE: ..." on error. */
static int parse_edit(const char *path, int line, char **word, int nwords, const dmap_grid *g,
                      double ceiling, dmap_edit *e) {
    size_t k = 0, nkinds = sizeof edit_words / sizeof edit_words[0];
    while (k < nkinds && strcmp(word[0], edit_words[k].name) != 0) k++;
    if (k == nkinds)
        return cli_fail("%s:%d: unknown edit '%s' (need wall, floor, goal, ungoal, cost or ---)",
                        path, line, word[0]);
    int want = 3 + edit_words[k].nvalues;
    if (nwords != want)
        return cli_fail("%s:%d: '%s' takes %d numbers, got %d", path, line, word[0], want - 1,
                        nwords > 5 ? 5 : nwords - 1);
    long x, y;
    if (cli_parse_long(word[1], 0, g->w - 1, &x) || cli_parse_long(word[2], 0, g->h - 1, &y))
        return cli_fail("%s:%d: cell '%s %s' is not inside the %dx%d map", path, line, word[1],
                        word[2], g->w, g->h);
    e->kind = edit_words[k].kind;
    e->x = (int)x;
    e->y = (int)y;
    e->value = 0;
    if (edit_words[k].nvalues && cli_parse_double(word[3], &e->value))
        return cli_fail("%s:%d: invalid number '%s' (need a finite decimal)", path, line, word[3]);
    if (e->kind == DMAP_EDIT_COST && !(e->value > 0))
        return cli_fail("%s:%d: cost '%s' must be > 0", path, line, word[3]);
    if (e->kind == DMAP_EDIT_GOAL && !(e->value < ceiling))
        return cli_fail("%s:%d: goal value %s is not below the ceiling %g (--default), so the "
                        "goal would have no effect", path, line, word[3], ceiling);
    return CLI_EXIT_OK;
}

/* Read and check the whole edits file. */
static int load_edits(const char *path, const dmap_grid *g, double ceiling, edit_list *l) {
    char *text;
    size_t len;
    dmap_diag diag;
    memset(l, 0, sizeof *l);
    int rc = dmap_read_file(path, &text, &len, &diag);
    if (rc != DMAP_OK) return cli_fail("%s: %s", path, diag.message);
    size_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    l->edits = malloc(lines * sizeof *l->edits);
    l->batch_end = malloc((lines + 1) * sizeof *l->batch_end);
    if (!l->edits || !l->batch_end) {
        free(text);
        edit_list_free(l);
        return cli_fail("out of memory");
    }
    rc = CLI_EXIT_OK;
    char *s = text;
    for (int line = 1; rc == CLI_EXIT_OK && s < text + len; line++) {
        char *end = memchr(s, '\n', (size_t)(text + len - s));
        if (!end) end = text + len;
        *end = '\0';
        if (strlen(s) != (size_t)(end - s)) {
            rc = cli_fail("%s:%d: a NUL byte in the line", path, line);
            break;
        }
        char *word[5];
        int nwords = split_words(s, word);
        s = end + 1;
        if (nwords == 0 || word[0][0] == '#') continue;
        if (strcmp(word[0], "---") == 0) {
            if (nwords != 1) rc = cli_fail("%s:%d: '---' stands alone on its line", path, line);
            l->batch_end[l->nbatches++] = l->n;
            continue;
        }
        rc = parse_edit(path, line, word, nwords, g, ceiling, &l->edits[l->n]);
        l->n++;
    }
    free(text);
    if (rc == CLI_EXIT_OK && (l->nbatches == 0 || l->batch_end[l->nbatches - 1] != l->n))
        l->batch_end[l->nbatches++] = l->n; /* the last batch, without its --- */
    if (rc != CLI_EXIT_OK) edit_list_free(l);
    return rc;
}

/* Apply every batch, printing the map after each. */
static int run_batches(const update_options *o, const dmap_grid *g, double *values,
                       const edit_list *l) {
    dmap_live *lm;
    int rc = dmap_live_new(g, &o->f.moves, NULL, 0, o->f.dflt, values, &lm);
    if (rc != DMAP_OK) return cli_fail("update: %s", dmap_strerror(rc));
    size_t from = 0;
    for (size_t b = 0; rc == CLI_EXIT_OK && b < l->nbatches; b++) {
        size_t touched;
        int lr = dmap_live_apply(lm, l->edits + from, l->batch_end[b] - from, &touched);
        if (lr != DMAP_OK) {
            rc = cli_fail("update: batch %zu: %s", b + 1, dmap_strerror(lr));
            break;
        }
        from = l->batch_end[b];
        if (b > 0) putchar('\n');
        rc = cli_print_values(stdout, dmap_live_grid(lm), dmap_live_values(lm), o->f.format);
        fprintf(stderr, "batch %zu: %zu cells touched\n", b + 1, touched);
    }
    dmap_live_free(lm);
    return rc;
}

int cmd_update(int argc, char **argv) {
    if (cli_wants_help(argc, argv)) return cli_help(update_help);
    update_options o = {0};
    int rc = cli_field_args_init(&o.f, "update",
                                 CLI_ARG_GOALS | CLI_ARG_DEFAULT | CLI_ARG_FORMAT | CLI_ARG_WEIGHTS,
                                 argc);
    o.f.format = CLI_FORMAT_CSV;
    if (rc == CLI_EXIT_OK) rc = cli_parse_field_args(argc, argv, &o.f, update_option, &o);
    if (rc == CLI_EXIT_OK && !o.edits_path)
        rc = cli_fail("update: no --edits FILE given (see dmap help update)");
    if (rc == CLI_EXIT_OK && o.f.map_path && strcmp(o.f.map_path, "-") == 0 &&
        strcmp(o.edits_path, "-") == 0)
        rc = cli_fail("update: MAP and --edits cannot both read standard input");
    cli_map map;
    double *values;
    if (rc == CLI_EXIT_OK && (rc = cli_field_load(&o.f, &map, &values)) == CLI_EXIT_OK) {
        edit_list l;
        rc = load_edits(o.edits_path, &map.grid, o.f.dflt, &l);
        if (rc == CLI_EXIT_OK) {
            rc = run_batches(&o, &map.grid, values, &l);
            edit_list_free(&l);
        }
        free(values);
        cli_map_free(&map);
    }
    cli_field_args_free(&o.f);
    return rc;
}
