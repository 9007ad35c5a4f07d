/* cli_field.c — what the commands on one map share (field, flee, descend, timing, reach; see
 * cli.h): parsing the MAP argument, --goal, --goal-char, --default, the move options and
 * --format around a command's own options, and the first steps of building a field (load, the
 * goals, then dmap_field for `dmap field`, or fill and set the goals for the commands that
 * transform the values before they scan), so that each command keeps only what is its own, with
 * the same error lines everywhere. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_field_args_init(cli_field_args *a, const char *command, unsigned accepts, int argc) {
    memset(a, 0, sizeof *a);
    a->command = command;
    a->missing_map = "missing MAP argument";
    a->accepts = accepts;
    a->dflt = DMAP_NO_CEILING;
    a->moves = dmap_moves_4();
    a->format = CLI_FORMAT_GRID;
    if (accepts & CLI_ARG_GOALS) {
        a->goal_args = calloc((size_t)argc, sizeof *a->goal_args);
        a->goal_char_args = calloc((size_t)argc, sizeof *a->goal_char_args);
        if (!a->goal_args || !a->goal_char_args) return cli_fail("out of memory");
    }
    return CLI_EXIT_OK;
}

void cli_field_args_free(cli_field_args *a) {
    free(a->goal_args);
    free(a->goal_char_args);
    a->goal_args = NULL;
    a->goal_char_args = NULL;
    a->ngoal_args = a->ngoal_char_args = 0;
}

/* The move options: remembered as given, resolved by resolve_moves once all are read, so
 * that their order does not matter. Same contract as cli_option. */
static int moves_option(int argc, char **argv, int *i, cli_field_args *a) {
    int r;
    if ((r = cli_option(argc, argv, i, "--moves", &a->moves_arg)) != 0) return r;
    if ((r = cli_option(argc, argv, i, "--corners", &a->corners_arg)) != 0) return r;
    if (!(a->accepts & CLI_ARG_WEIGHTS)) return 0;
    if ((r = cli_option(argc, argv, i, "--cardinal", &a->cardinal_arg)) != 0) return r;
    return cli_option(argc, argv, i, "--diagonal", &a->diagonal_arg);
}

/* A step weight: finite and > 0. */
static int weight_value(const char *opt, const char *arg, double *out) {
    if (cli_parse_double(arg, out) != 0 || !(*out > 0))
        return cli_fail("invalid value for %s: '%s' (need a finite number > 0)", opt, arg);
    return CLI_EXIT_OK;
}

static int resolve_moves(cli_field_args *a) {
    dmap_moves m = dmap_moves_4();
    const char *v = a->moves_arg;
    if (v && strcmp(v, "8") == 0) m = dmap_moves_8();
    else if (v && strcmp(v, "octile") == 0) m = dmap_moves_octile();
    else if (v && strcmp(v, "4") != 0)
        return cli_fail("invalid value for --moves: '%s' (need 4, 8 or octile)", v);
    if (m.connectivity == 4 && (a->diagonal_arg || a->corners_arg))
        return cli_fail("%s: %s needs 8-connected moves (add --moves 8 or --moves octile)",
                        a->command, a->diagonal_arg ? "--diagonal" : "--corners");
    if (a->cardinal_arg && weight_value("--cardinal", a->cardinal_arg, &m.cardinal))
        return CLI_EXIT_USAGE;
    if (a->diagonal_arg && weight_value("--diagonal", a->diagonal_arg, &m.diagonal))
        return CLI_EXIT_USAGE;
    if (a->corners_arg) {
        if (strcmp(a->corners_arg, "cut") == 0) m.corners = DMAP_CORNERS_CUT;
        else if (strcmp(a->corners_arg, "strict") == 0) m.corners = DMAP_CORNERS_STRICT;
        else
            return cli_fail("invalid value for --corners: '%s' (need cut or strict)",
                            a->corners_arg);
    }
    a->moves = m;
    return CLI_EXIT_OK;
}

/* One of the shared options at argv[*i]: same contract as cli_option. */
static int shared_option(int argc, char **argv, int *i, cli_field_args *a) {
    const char *v;
    int r;
    if ((a->accepts & CLI_ARG_GOALS) && (r = cli_option(argc, argv, i, "--goal", &v)) != 0) {
        if (r > 0) a->goal_args[a->ngoal_args++] = v;
        return r;
    }
    if ((a->accepts & CLI_ARG_GOALS) && (r = cli_option(argc, argv, i, "--goal-char", &v)) != 0) {
        if (r > 0) a->goal_char_args[a->ngoal_char_args++] = v;
        return r;
    }
    if ((a->accepts & CLI_ARG_DEFAULT) && (r = cli_option(argc, argv, i, "--default", &v)) != 0) {
        if (r < 0) return -1;
        if (strcmp(v, "inf") == 0) a->dflt = DMAP_NO_CEILING; /* no ceiling, said explicitly */
        else if (cli_number("--default", v, &a->dflt)) return -1;
        a->dflt_given = 1;
        return 1;
    }
    if ((a->accepts & (CLI_ARG_FORMAT | CLI_ARG_FORMAT_NUMBERS)) &&
        (r = cli_option(argc, argv, i, "--format", &v)) != 0) {
        if (r < 0 || cli_parse_format("--format", v, &a->format)) return -1;
        if ((a->accepts & CLI_ARG_FORMAT_NUMBERS) && a->format == CLI_FORMAT_DIGITS) {
            cli_fail("invalid value for --format: 'digits' (need grid or csv)");
            return -1;
        }
        if (!(a->accepts & CLI_ARG_PNG) && a->format == CLI_FORMAT_PNG) {
            cli_fail("%s: invalid value for --format: 'png' (this command prints text)", a->command);
            return -1;
        }
        return 1;
    }
    if ((a->accepts & CLI_ARG_PNG) && (r = cli_png_option(argc, argv, i, &a->png)) != 0) return r;
    return moves_option(argc, argv, i, a);
}

int cli_parse_field_args(int argc, char **argv, cli_field_args *a, cli_own_option own,
                         void *ctx) {
    const char *cmd = a->command;
    for (int i = 1; i < argc; i++) {
        int r = own ? own(ctx, argc, argv, &i) : 0;
        if (r == 0) r = shared_option(argc, argv, &i, a);
        if (r < 0) return CLI_EXIT_USAGE;
        if (r > 0) continue;
        if (cli_is_option(argv[i])) return cli_unknown_option(cmd, argv[i]);
        if (a->map_path)
            return cli_fail("%s: unexpected argument '%s' (one MAP only)", cmd, argv[i]);
        a->map_path = argv[i];
    }
    if (!a->map_path) return cli_fail("%s: %s (see dmap help %s)", cmd, a->missing_map, cmd);
    if ((a->accepts & CLI_ARG_PNG) &&
        cli_png_check(cmd, a->format == CLI_FORMAT_PNG, &a->png) != CLI_EXIT_OK)
        return CLI_EXIT_USAGE;
    return resolve_moves(a);
}

/* A goal value must lie below the ceiling, or the goal would change nothing. */
static int check_below_ceiling(const cli_field_args *a, const char *opt, const char *arg,
                               double v) {
    if (v < a->dflt) return CLI_EXIT_OK;
    char value[40], ceiling[40];
    return cli_fail("%s %s: goal value %s is not below the ceiling --default %s, so the goal "
                    "would have no effect", opt, arg, cli_format_exact(value, sizeof value, v),
                    cli_format_exact(ceiling, sizeof ceiling, a->dflt));
}

/* A growing list of goals (cli_field_goals). */
typedef struct goal_list {
    dmap_goal *v;
    size_t n, cap;
} goal_list;

static int goal_push(goal_list *l, dmap_goal goal) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        dmap_goal *v = realloc(l->v, cap * sizeof *v);
        if (!v) return cli_fail("out of memory for the goals");
        l->v = v, l->cap = cap;
    }
    l->v[l->n++] = goal;
    return CLI_EXIT_OK;
}

/* Each --goal, checked: inside the map, passable, finite, below the ceiling. */
static int add_goals(const cli_field_args *a, const dmap_grid *g, goal_list *l) {
    for (size_t k = 0; k < a->ngoal_args; k++) {
        dmap_goal goal;
        int rc = cli_goal(g, "--goal", a->goal_args[k], 0.0, &goal);
        if (rc == CLI_EXIT_OK) rc = check_below_ceiling(a, "--goal", a->goal_args[k], goal.value);
        if (rc == CLI_EXIT_OK) rc = goal_push(l, goal);
        if (rc != CLI_EXIT_OK) return rc;
    }
    return CLI_EXIT_OK;
}

/* Parse "C" or "C=V" of --goal-char. */
static int parse_goal_char(const char *arg, char *c, double *v) {
    *v = 0;
    if (arg[0] == '\0' || (arg[1] != '\0' && arg[1] != '='))
        return cli_fail("invalid value for --goal-char: '%s' (need one character C or C=V)", arg);
    if (arg[1] == '=' && cli_parse_double(arg + 2, v) != 0)
        return cli_fail("invalid goal value for --goal-char: '%s' (need a finite decimal number "
                        "after =)", arg);
    if (arg[0] == '#') return cli_fail("--goal-char '#': '#' marks walls, not goals");
    *c = arg[0];
    return CLI_EXIT_OK;
}

/* A goal on every passable cell showing --goal-char's character; error when there is none. */
static int add_goal_chars(const cli_field_args *a, const cli_map *map, goal_list *l) {
    for (size_t k = 0; k < a->ngoal_char_args; k++) {
        const char *arg = a->goal_char_args[k];
        char c = 0;
        double v;
        int rc = parse_goal_char(arg, &c, &v);
        if (rc == CLI_EXIT_OK) rc = check_below_ceiling(a, "--goal-char", arg, v);
        if (rc != CLI_EXIT_OK) return rc;
        size_t n = (size_t)map->grid.w * (size_t)map->grid.h, found = 0;
        for (size_t i = 0; i < n && rc == CLI_EXIT_OK; i++) {
            if (map->chars[i] != c || map->grid.wall[i]) continue;
            rc = goal_push(l, (dmap_goal){(int)(i % (size_t)map->grid.w),
                                          (int)(i / (size_t)map->grid.w), v});
            found++;
        }
        if (rc != CLI_EXIT_OK) return rc;
        if (!found)
            return cli_fail("--goal-char %s: no passable cell of %s shows '%c'", arg, map->name,
                            c);
    }
    return CLI_EXIT_OK;
}

int cli_field_goals(const cli_field_args *a, const cli_map *map, dmap_goal **goals,
                    size_t *ngoals) {
    goal_list l = {NULL, 0, 0};
    int rc = add_goals(a, &map->grid, &l);
    if (rc == CLI_EXIT_OK) rc = add_goal_chars(a, map, &l);
    if (rc != CLI_EXIT_OK) {
        free(l.v);
        l.v = NULL, l.n = 0;
    }
    *goals = l.v;
    *ngoals = l.n;
    return rc;
}

/* Load MAP and its goals; on error nothing is left. */
static int load_with_goals(const cli_field_args *a, cli_map *map, dmap_goal **goals,
                           size_t *ngoals) {
    int rc = cli_load_map(a->map_path, map);
    if (rc != CLI_EXIT_OK) return rc;
    rc = cli_field_goals(a, map, goals, ngoals);
    if (rc != CLI_EXIT_OK) cli_map_free(map);
    return rc;
}

int cli_field_load(const cli_field_args *a, cli_map *map, double **values) {
    dmap_goal *goals;
    size_t n;
    int rc = load_with_goals(a, map, &goals, &n);
    if (rc != CLI_EXIT_OK) return rc;
    *values = cli_values_new(&map->grid, a->dflt);
    rc = *values ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    for (size_t k = 0; k < n && rc == CLI_EXIT_OK; k++) {
        int err = dmap_set_goal(&map->grid, *values, goals[k]);
        if (err != DMAP_OK) rc = cli_fail("%s: %s", a->command, dmap_strerror(err));
    }
    free(goals);
    if (rc != CLI_EXIT_OK) {
        free(*values);
        *values = NULL;
        cli_map_free(map);
    }
    return rc;
}

int cli_field_make(const cli_field_args *a, cli_map *map, double **values) {
    dmap_goal *goals;
    size_t n;
    int rc = load_with_goals(a, map, &goals, &n);
    if (rc != CLI_EXIT_OK) return rc;
    *values = cli_values_new(&map->grid, a->dflt);
    rc = *values ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (rc == CLI_EXIT_OK) {
        int err = dmap_field(&map->grid, &a->moves, goals, n, a->dflt, *values, NULL);
        if (err != DMAP_OK) rc = cli_fail("%s: scan failed: %s", a->command, dmap_strerror(err));
    }
    free(goals);
    if (rc != CLI_EXIT_OK) {
        free(*values);
        *values = NULL;
        cli_map_free(map);
    }
    return rc;
}

int cli_field_scan(const cli_field_args *a, const dmap_grid *g, double *values) {
    int rc = dmap_scan(g, &a->moves, values, NULL);
    if (rc != DMAP_OK) return cli_fail("%s: scan failed: %s", a->command, dmap_strerror(rc));
    return CLI_EXIT_OK;
}

/* W*H flags: the cells of --goal and --goal-char (already checked by cli_field_load). */
static unsigned char *goal_cells(const cli_field_args *a, const cli_map *map) {
    const dmap_grid *g = &map->grid;
    size_t n = (size_t)g->w * (size_t)g->h;
    unsigned char *flags = calloc(n, 1);
    if (!flags) return NULL;
    for (size_t k = 0; k < a->ngoal_args; k++) {
        dmap_goal goal;
        if (cli_goal(g, "--goal", a->goal_args[k], 0.0, &goal) == CLI_EXIT_OK)
            flags[goal.y * g->w + goal.x] = 1;
    }
    for (size_t k = 0; k < a->ngoal_char_args; k++)
        for (size_t i = 0; i < n; i++)
            if (map->chars[i] == a->goal_char_args[k][0] && !g->wall[i]) flags[i] = 1;
    return flags;
}

int cli_field_output(const cli_field_args *a, const cli_map *map, const double *values,
                     int mark_goals) {
    if (a->format != CLI_FORMAT_PNG) return cli_print_values(stdout, &map->grid, values, a->format);
    unsigned char *goal = NULL;
    if (mark_goals && !(goal = goal_cells(a, map))) return cli_fail("out of memory");
    int rc = cli_png_write(a->command, &a->png, &map->grid, values, goal, &a->moves, a->dflt);
    free(goal);
    return rc;
}
