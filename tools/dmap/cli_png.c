/* cli_png.c — the shared PNG output options of the dmap tool and writing a heatmap with them
 * (see cli_png.h). */
#include "cli_png.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "heatmap.h"

int cli_png_option(int argc, char **argv, int *i, cli_png_args *a) {
    const char *v;
    int r;
    if ((r = cli_option(argc, argv, i, "--output", &v)) != 0) {
        if (r > 0 && (!strcmp(v, "-") || !v[0])) {
            cli_fail("invalid value for --output: '%s' (a PNG goes to a file, not standard "
                     "output)", v);
            return -1;
        }
        if (r > 0) a->output = v;
        return r;
    }
    if ((r = cli_option(argc, argv, i, "--scale", &v)) != 0) {
        if (r < 0 || cli_integer("--scale", v, 1, HEATMAP_MAX_SCALE, &a->scale)) return -1;
        return 1;
    }
    if ((r = cli_option(argc, argv, i, "--path", &v)) != 0) {
        if (r > 0) a->path_from = v;
        return r;
    }
    if ((r = cli_flag(argv, *i, "--arrows")) != 0) return r < 0 ? r : (a->arrows = 1);
    if ((r = cli_flag(argv, *i, "--no-legend")) != 0) return r < 0 ? r : (a->no_legend = 1);
    if ((r = cli_flag(argv, *i, "--force")) != 0) return r < 0 ? r : (a->force = 1);
    return 0;
}

int cli_png_check(const char *command, int png_format, const cli_png_args *a) {
    if (png_format && !a->output) return cli_fail("%s: --format png needs --output FILE", command);
    if (png_format) return CLI_EXIT_OK;
    const char *given = a->output      ? "--output"
                        : a->scale     ? "--scale"
                        : a->path_from ? "--path"
                        : a->arrows    ? "--arrows"
                        : a->no_legend ? "--no-legend"
                        : a->force     ? "--force"
                                       : NULL;
    if (given) return cli_fail("%s: %s needs --format png", command, given);
    return CLI_EXIT_OK;
}

/* The downhill path from a->path_from into a malloc'ed array (*path, *n). */
static int downhill_path(const char *command, const cli_png_args *a, const dmap_grid *g,
                         const double *values, const dmap_moves *moves, int **path, size_t *n) {
    int x, y, rc = cli_cell(g, "--path", a->path_from, 1, &x, &y);
    if (rc != CLI_EXIT_OK) return rc;
    size_t cells = (size_t)g->w * (size_t)g->h, len = 0;
    *path = malloc(cells * sizeof **path);
    if (!*path) return cli_fail("out of memory");
    rc = dmap_downhill_path(g, moves, values, y * g->w + x, NULL, NULL, *path, cells, &len);
    if (rc != DMAP_OK) {
        free(*path);
        *path = NULL;
        return cli_fail("%s: --path %s: %s", command, a->path_from, dmap_strerror(rc));
    }
    *n = len;
    return CLI_EXIT_OK;
}

int cli_png_write(const char *command, const cli_png_args *a, const dmap_grid *g,
                  const double *values, const unsigned char *goal, const dmap_moves *moves,
                  double ceiling) {
    if (!a->output) return cli_fail("%s: --format png needs --output FILE", command);
    heatmap_style s;
    memset(&s, 0, sizeof s);
    s.scale = a->scale ? (int)a->scale : heatmap_default_scale(g->w, g->h);
    s.ceiling = ceiling;
    s.goal = goal;
    s.arrows = a->arrows ? moves : NULL;
    s.legend = !a->no_legend;
    int *path = NULL, rc;
    if (a->path_from &&
        (rc = downhill_path(command, a, g, values, moves, &path, &s.npath)) != CLI_EXIT_OK)
        return rc;
    s.path = path;
    heatmap_image img;
    rc = heatmap_render(g, values, &s, &img);
    free(path);
    if (rc == DMAP_ERR_SIZE)
        return cli_fail("%s: the picture would be larger than %d pixels a side (lower --scale)",
                        command, HEATMAP_MAX_SIDE);
    if (rc != DMAP_OK) return cli_fail("%s: cannot draw the map: %s", command, dmap_strerror(rc));
    char err[512];
    rc = heatmap_write_png(a->output, &img, a->force, err, sizeof err) == 0
             ? CLI_EXIT_OK
             : cli_fail("%s: %s", command, err);
    heatmap_image_free(&img);
    return rc;
}
