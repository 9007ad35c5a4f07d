/* cli_png.h — the PNG output options that `dmap render` and the commands with --format png
 * share (--output, --scale, --path, --arrows, --no-legend, --force), and writing a map's
 * heatmap with them (heatmap.h does the drawing, libpng the encoding). */
#ifndef DMAP_CLI_PNG_H
#define DMAP_CLI_PNG_H

#include "dmap.h"

typedef struct cli_png_args {
    const char *output;    /* --output FILE */
    long scale;            /* --scale N; 0 = heatmap_default_scale */
    int force;             /* --force: overwrite an existing --output */
    const char *path_from; /* --path X,Y: draw the downhill path from there */
    int arrows;            /* --arrows */
    int no_legend;         /* --no-legend */
} cli_png_args;

/* For a command's argument loop: same contract as cli_option (1 taken, 0 not one of these,
 * -1 error printed). */
int cli_png_option(int argc, char **argv, int *i, cli_png_args *a);

#define CLI_PNG_HELP                                                                           \
    "  --output FILE        the PNG file to write (required with --format png); an existing\n" \
    "                       file is refused unless --force is given\n" CLI_PNG_HELP_REST
/* The same but --output, for `render`, which has no --format. */
#define CLI_PNG_HELP_REST                                                                      \
    "  --scale N            pixels per cell, 1..64 (default: the longer side near 512 px)\n"   \
    "  --path X,Y           draw the downhill path from cell X,Y (red)\n"                      \
    "  --arrows             draw each cell's downhill direction (needs --scale 5 or more)\n"   \
    "  --no-legend          no value scale below the map\n"                                    \
    "  --force              overwrite --output if it exists\n"

/* Check the PNG options against the format after parsing: --format png needs --output, and
 * the PNG options need --format png (they would be ignored). png_format: nonzero when the
 * format is png. Prints "COMMAND: ..." and returns 2 on error, else 0. */
int cli_png_check(const char *command, int png_format, const cli_png_args *a);

/* Draw values (walls from g) as a heatmap and write it to a->output: cells at or above
 * ceiling (INFINITY: none) and non-finite cells hatched, goal cells (W*H flags, may be NULL)
 * marked, --path rolled downhill under moves. Prints "COMMAND: ..." and returns
 * CLI_EXIT_USAGE (2) on error (nothing is written then). */
int cli_png_write(const char *command, const cli_png_args *a, const dmap_grid *g,
                  const double *values, const unsigned char *goal, const dmap_moves *moves,
                  double ceiling);

#endif
