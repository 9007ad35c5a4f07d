/* cli_field.c — what the commands on one map share (field, flee, descend, timing, reach; see
 * cli.h): parsing the MAP argument, --goal, --default, the move options and --format around a
 * command's own options, and the first steps of building a field (load, fill, set goals, scan),
 * so that each command keeps only what is its own, with the same error lines everywhere. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_field_args_init(cli_field_args *a, const char *command, unsigned accepts, int argc,
                        double dflt) {
    memset(a, 0, sizeof *a);
    a->command = command;
    a->missing_map = "missing MAP argument";
    a->accepts = accepts;
    a->dflt = dflt;
    a->moves = dmap_moves_4();
    a->format = CLI_FORMAT_GRID;
    if (accepts & CLI_ARG_GOALS) {
        a->goal_args = calloc((size_t)argc, sizeof *a->goal_args);
        if (!a->goal_args) return cli_fail("out of memory");
    }
    return CLI_EXIT_OK;
}

void cli_field_args_free(cli_field_args *a) {
    free(a->goal_args);
    a->goal_args = NULL;
    a->ngoal_args = 0;
}

/* One of the shared options at argv[*i]: same contract as cli_option. */
static int shared_option(int argc, char **argv, int *i, cli_field_args *a) {
    const char *v;
    int r;
    if ((a->accepts & CLI_ARG_GOALS) && (r = cli_option(argc, argv, i, "--goal", &v)) != 0) {
        if (r > 0) a->goal_args[a->ngoal_args++] = v;
        return r;
    }
    if ((a->accepts & CLI_ARG_DEFAULT) && (r = cli_option(argc, argv, i, "--default", &v)) != 0) {
        if (r < 0 || cli_number("--default", v, &a->dflt)) return -1;
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
        return 1;
    }
    return cli_moves_option(argc, argv, i, &a->moves);
}

int cli_parse_field_args(int argc, char **argv, cli_field_args *a, cli_own_option own,
                         void *ctx) {
    const char *cmd = a->command;
    for (int i = 1; i < argc; i++) {
        int r = own ? own(ctx, argc, argv, &i) : 0;
        if (r == 0) r = shared_option(argc, argv, &i, a);
        if (r < 0) return CLI_EXIT_USAGE;
        if (r > 0) continue;
        if (cli_is_option(argv[i]))
            return cli_fail("%s: unknown option '%s' (see dmap help %s)", cmd, argv[i], cmd);
        if (a->map_path)
            return cli_fail("%s: unexpected argument '%s' (one MAP only)", cmd, argv[i]);
        a->map_path = argv[i];
    }
    if (!a->map_path) return cli_fail("%s: %s (see dmap help %s)", cmd, a->missing_map, cmd);
    return CLI_EXIT_OK;
}

/* Lower values to each --goal's value (each checked: inside the map, passable, finite). */
static int set_goals(const cli_field_args *a, const dmap_grid *g, double *values) {
    for (size_t k = 0; k < a->ngoal_args; k++) {
        dmap_goal goal;
        int rc = cli_goal(g, "--goal", a->goal_args[k], 0.0, &goal);
        if (rc != CLI_EXIT_OK) return rc;
        if ((rc = dmap_set_goal(g, values, goal)) != DMAP_OK)
            return cli_fail("--goal %s: %s", a->goal_args[k], dmap_strerror(rc));
    }
    return CLI_EXIT_OK;
}

int cli_field_load(const cli_field_args *a, cli_map *map, double **values) {
    int rc = cli_load_map(a->map_path, map);
    if (rc != CLI_EXIT_OK) return rc;
    *values = cli_values_new(&map->grid, a->dflt);
    rc = *values ? set_goals(a, &map->grid, *values) : CLI_EXIT_USAGE;
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
