/* heatmap.h — pictures of maps for the dmap tool: a map's values as an RGB image (viridis-like
 * colours over the finite values, walls dark, cells at the ceiling or unreachable hatched, goals
 * marked, an optional downhill path and arrows, a legend with the value scale), and writing
 * that image as a PNG file through libpng (heatmap_png.c). The library (src/) knows nothing of
 * pictures; only the command-line tool links libpng.
 *
 * Colours (8-bit RGB), documented in the README and checked by tests/test_heatmap.c:
 *   walls          (40, 40, 46)
 *   ceiling / not finite  hatch of (190, 190, 190) with (120, 120, 120) diagonal lines
 *   values         the scale from (68, 1, 84) at the lowest finite value to (253, 231, 37) at
 *                  the highest (matplotlib's viridis end points; a single value is mid-scale)
 *   goals          a white square (255, 255, 255) in the middle of the cell, black border
 *   path           red (228, 26, 28) dots and lines through the centres of the path's cells
 *   arrows         black or white (whichever contrasts) from a cell's centre toward its
 *                  downhill neighbour (scale >= 5 only)
 *   background     (255, 255, 255) below and beside the map (legend area)
 * Size: W*scale x H*scale pixels; the legend adds HEATMAP_LEGEND_HEIGHT rows below (a bar of
 * the scale, the lowest value under its left end, the highest under its right end) and widens
 * the picture to HEATMAP_LEGEND_MIN_WIDTH pixels when the map is narrower.
 */
#ifndef DMAP_TOOL_HEATMAP_H
#define DMAP_TOOL_HEATMAP_H

#include <stddef.h>

#include "dmap.h"

#define HEATMAP_MAX_SCALE 64
#define HEATMAP_MAX_SIDE 16384 /* pixels, each way */
#define HEATMAP_LEGEND_HEIGHT 32
#define HEATMAP_LEGEND_MIN_WIDTH 160

/* What to draw besides the values. Zero-initialise, then set what you need. */
typedef struct heatmap_style {
    int scale;                 /* pixels per cell, 1..HEATMAP_MAX_SCALE */
    double ceiling;            /* values >= ceiling are "not reached" (hatched); use INFINITY
                                  for none */
    const unsigned char *goal; /* W*H bytes, nonzero = goal mark; may be NULL */
    const int *path;           /* cells (indices) of a path to draw; may be NULL */
    size_t npath;
    const dmap_moves *arrows;  /* non-NULL: a downhill arrow in each cell, under these moves */
    int legend;                /* nonzero: the value scale below the map */
} heatmap_style;

/* An RGB image, 3 bytes per pixel, row-major, owned (heatmap_image_free). */
typedef struct heatmap_image {
    int w, h;
    unsigned char *rgb;
} heatmap_image;

/* The default pixels per cell for a W x H map: the longer side near 512 pixels, 1..32. */
int heatmap_default_scale(int w, int h);

/* The scale's colour at t in [0, 1] (clamped; NaN gives 0). */
void heatmap_colour(double t, unsigned char rgb[3]);

/* Draw values (W*H, walls from g) with style s into *img (allocated here; on error *img is
 * zeroed). The colour range is [lowest, highest] over passable cells with a finite value below
 * the ceiling. Errors: DMAP_ERR_ARG (NULLs, scale out of range, a path cell outside the grid),
 * DMAP_ERR_SIZE (the image would exceed HEATMAP_MAX_SIDE), DMAP_ERR_NOMEM. */
int heatmap_render(const dmap_grid *g, const double *values, const heatmap_style *s,
                   heatmap_image *img);

void heatmap_image_free(heatmap_image *img);

/* Write img as an 8-bit RGB PNG to path. An existing file is refused unless force is
 * nonzero; the picture is written to a temporary file beside it and then moved into place, so
 * a failure never leaves a half-written or clobbered file. Returns 0, or -1 with a reason in
 * err (e.g. "FILE exists (use --force to overwrite)"). */
int heatmap_write_png(const char *path, const heatmap_image *img, int force, char *err,
                      size_t errsize);

#endif
