/* heatmap.c — drawing a map as an RGB image (see heatmap.h for the colours): cells, the hatch
 * of unreached cells, goal marks, a path, downhill arrows and a legend whose numbers are drawn
 * with a tiny built-in 3x5 digit font. No file output here (heatmap_png.c does that). */
#include "heatmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char WALL_RGB[3] = {40, 40, 46};
static const unsigned char HATCH_BASE[3] = {190, 190, 190};
static const unsigned char HATCH_LINE[3] = {120, 120, 120};
static const unsigned char WHITE[3] = {255, 255, 255};
static const unsigned char BLACK[3] = {0, 0, 0};
static const unsigned char PATH_RGB[3] = {228, 26, 28};

/* Ten points of the viridis scale, evenly spaced from 0 to 1; linear in between. */
static const unsigned char SCALE[10][3] = {
    {68, 1, 84},    {72, 40, 120},  {62, 74, 137},  {49, 104, 142}, {38, 130, 142},
    {31, 158, 137}, {53, 183, 121}, {109, 205, 89}, {180, 222, 44}, {253, 231, 37}};

#define LEGEND_PAD 4
#define LEGEND_BAR 10
#define FONT_ZOOM 2
#define LEGEND_MIN_WIDTH HEATMAP_LEGEND_MIN_WIDTH
#define LEGEND_HEIGHT HEATMAP_LEGEND_HEIGHT
_Static_assert(LEGEND_PAD + LEGEND_BAR + LEGEND_PAD + 5 * FONT_ZOOM + LEGEND_PAD == LEGEND_HEIGHT,
               "the legend's parts fill its height");

void heatmap_colour(double t, unsigned char rgb[3]) {
    if (!(t >= 0)) t = 0; /* also NaN */
    if (t > 1) t = 1;
    double f = t * 9;
    int i = (int)f;
    if (i > 8) i = 8;
    double u = f - i;
    for (int k = 0; k < 3; k++)
        rgb[k] = (unsigned char)lround(SCALE[i][k] + (SCALE[i + 1][k] - SCALE[i][k]) * u);
}

int heatmap_default_scale(int w, int h) {
    int side = w > h ? w : h;
    int s = side > 0 ? 512 / side : 1;
    return s < 1 ? 1 : s > 32 ? 32 : s;
}

/* ---- pixels ------------------------------------------------------------------------------ */

static void put(heatmap_image *img, int x, int y, const unsigned char c[3]) {
    if (x < 0 || y < 0 || x >= img->w || y >= img->h) return;
    memcpy(img->rgb + ((size_t)y * (size_t)img->w + (size_t)x) * 3, c, 3);
}

static void fill_rect(heatmap_image *img, int x0, int y0, int w, int h, const unsigned char c[3]) {
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) put(img, x, y, c);
}

static void line(heatmap_image *img, int x0, int y0, int x1, int y1, int width,
                 const unsigned char c[3]) {
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) { /* Bresenham, with a square pen of side width */
        fill_rect(img, x0 - (width - 1) / 2, y0 - (width - 1) / 2, width, width, c);
        if (x0 == x1 && y0 == y1) break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

/* ---- the tiny font: 3x5 glyphs, one row per 3 low bits, for numbers printed with %g ---------- */
static const char FONT_CHARS[] = "0123456789-.e+";
static const unsigned char FONT[][5] = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
    {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 1, 1, 1}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
    {0, 0, 7, 0, 0}, {0, 0, 0, 0, 2}, {0, 7, 5, 6, 7}, {0, 2, 7, 2, 0}};

/* The width in pixels of text, and drawing it with its top-left at (x, y). */
static int text_width(const char *s) { return (int)strlen(s) * 4 * FONT_ZOOM - FONT_ZOOM; }

static void text(heatmap_image *img, int x, int y, const char *s) {
    for (; *s; s++, x += 4 * FONT_ZOOM) {
        const char *at = strchr(FONT_CHARS, *s);
        if (!at) continue;
        const unsigned char *g = FONT[at - FONT_CHARS];
        for (int r = 0; r < 5; r++)
            for (int c = 0; c < 3; c++)
                if (g[r] & (4 >> c))
                    fill_rect(img, x + c * FONT_ZOOM, y + r * FONT_ZOOM, FONT_ZOOM, FONT_ZOOM,
                              BLACK);
    }
}

/* ---- the map ----------------------------------------------------------------------------- */

static int finite_below(double v, double ceiling) { return isfinite(v) && v < ceiling; }

/* The lowest and highest drawable value; 0 when there is none. */
static int value_range(const dmap_grid *g, const double *v, double ceiling, double *lo,
                       double *hi) {
    size_t n = (size_t)g->w * (size_t)g->h;
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        if (g->wall[i] || !finite_below(v[i], ceiling)) continue;
        if (!any || v[i] < *lo) *lo = v[i];
        if (!any || v[i] > *hi) *hi = v[i];
        any = 1;
    }
    return any;
}

/* A drawable cell's colour: walls, else the scale (mid-scale when all values are equal). */
static void cell_colour(const dmap_grid *g, const double *v, size_t i, double lo, double hi,
                        unsigned char rgb[3]) {
    if (g->wall[i])
        memcpy(rgb, WALL_RGB, 3);
    else
        heatmap_colour(hi > lo ? (v[i] - lo) / (hi - lo) : 0.5, rgb);
}

static void draw_cells(heatmap_image *img, const dmap_grid *g, const double *v,
                       const heatmap_style *s, double lo, double hi) {
    int k = s->scale;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            size_t i = (size_t)y * (size_t)g->w + (size_t)x;
            if (!g->wall[i] && !finite_below(v[i], s->ceiling)) { /* hatched */
                for (int py = y * k; py < (y + 1) * k; py++)
                    for (int px = x * k; px < (x + 1) * k; px++)
                        put(img, px, py, (px + py) % 4 == 0 ? HATCH_LINE : HATCH_BASE);
                continue;
            }
            unsigned char c[3];
            cell_colour(g, v, i, lo, hi, c);
            fill_rect(img, x * k, y * k, k, k, c);
        }
}

static int centre(int cell_coord, int k) { return cell_coord * k + k / 2; }

static void draw_path(heatmap_image *img, const dmap_grid *g, const heatmap_style *s) {
    int k = s->scale, pen = k >= 8 ? 2 : 1, dot = k / 4 > 0 ? k / 4 : 1;
    for (size_t j = 0; j < s->npath; j++) {
        int x = s->path[j] % g->w, y = s->path[j] / g->w;
        if (j > 0) {
            int px = s->path[j - 1] % g->w, py = s->path[j - 1] / g->w;
            line(img, centre(px, k), centre(py, k), centre(x, k), centre(y, k), pen, PATH_RGB);
        }
        fill_rect(img, centre(x, k) - dot / 2, centre(y, k) - dot / 2, dot, dot, PATH_RGB);
    }
}

/* Two short strokes back from the tip (tx, ty) of an arrow pointing along (dx, dy). */
static void arrow_head(heatmap_image *img, int tx, int ty, int dx, int dy, int k,
                       const unsigned char pen[3]) {
    double back = atan2(-dy, -dx), len = k / 5.0 > 2 ? k / 5.0 : 2;
    for (int side = -1; side <= 1; side += 2) {
        double a = back + side * 0.6; /* about 35 degrees off the shaft */
        line(img, tx, ty, tx + (int)lround(cos(a) * len), ty + (int)lround(sin(a) * len), 1, pen);
    }
}

/* An arrow from each reachable cell toward its downhill neighbour (the lowest dmap_dir among
 * tied best moves); none at a minimum (where staying is among the best options). */
static void draw_arrows(heatmap_image *img, const dmap_grid *g, const double *v,
                        const heatmap_style *s, double lo, double hi) {
    int k = s->scale;
    if (k < 5) return;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            int i = y * g->w + x;
            unsigned options;
            if (g->wall[i] || !finite_below(v[i], s->ceiling)) continue;
            if (dmap_downhill_options(g, s->arrows, v, i, NULL, &options) != DMAP_OK) continue;
            if (options & 1u) continue;
            int d = 1;
            while (!(options & (1u << d))) d++;
            unsigned char c[3];
            cell_colour(g, v, (size_t)i, lo, hi, c);
            const unsigned char *pen =
                (c[0] * 299 + c[1] * 587 + c[2] * 114) / 1000 > 128 ? BLACK : WHITE;
            int cx = centre(x, k), cy = centre(y, k), len = k * 2 / 5;
            int tx = cx + dmap_dir_dx((dmap_dir)d) * len, ty = cy + dmap_dir_dy((dmap_dir)d) * len;
            line(img, cx, cy, tx, ty, 1, pen);
            arrow_head(img, tx, ty, dmap_dir_dx((dmap_dir)d), dmap_dir_dy((dmap_dir)d), k, pen);
        }
}

static void draw_goals(heatmap_image *img, const dmap_grid *g, const heatmap_style *s) {
    int k = s->scale, side = k / 2 > 0 ? k / 2 : 1;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            if (!s->goal[y * g->w + x]) continue;
            int x0 = centre(x, k) - side / 2, y0 = centre(y, k) - side / 2;
            if (k >= 6) fill_rect(img, x0 - 1, y0 - 1, side + 2, side + 2, BLACK);
            fill_rect(img, x0, y0, side, side, WHITE);
        }
}

static void draw_legend(heatmap_image *img, int top, int any, double lo, double hi) {
    int x0 = LEGEND_PAD, x1 = img->w - LEGEND_PAD, y0 = top + LEGEND_PAD;
    for (int x = x0; x < x1; x++) {
        unsigned char c[3];
        heatmap_colour(x1 - 1 > x0 ? (double)(x - x0) / (x1 - 1 - x0) : 0.5, c);
        fill_rect(img, x, y0, 1, LEGEND_BAR, c);
    }
    char a[32], b[32];
    snprintf(a, sizeof a, "%.6g", lo);
    snprintf(b, sizeof b, "%.6g", hi);
    if (!any) snprintf(a, sizeof a, "-"), b[0] = '\0';
    int ty = y0 + LEGEND_BAR + LEGEND_PAD;
    text(img, x0, ty, a);
    if (any && hi > lo) text(img, x1 - text_width(b), ty, b);
}

int heatmap_render(const dmap_grid *g, const double *values, const heatmap_style *s,
                   heatmap_image *img) {
    if (!img) return DMAP_ERR_ARG;
    memset(img, 0, sizeof *img);
    if (!g || !values || !s || s->scale < 1 || s->scale > HEATMAP_MAX_SCALE ||
        (s->npath && !s->path) || dmap_grid_check(g) != DMAP_OK)
        return DMAP_ERR_ARG;
    size_t cells = (size_t)g->w * (size_t)g->h;
    for (size_t j = 0; j < s->npath; j++)
        if (s->path[j] < 0 || (size_t)s->path[j] >= cells) return DMAP_ERR_ARG;
    if (g->w > HEATMAP_MAX_SIDE / s->scale || g->h > HEATMAP_MAX_SIDE / s->scale)
        return DMAP_ERR_SIZE;
    int mw = g->w * s->scale, mh = g->h * s->scale;
    img->w = s->legend && mw < LEGEND_MIN_WIDTH ? LEGEND_MIN_WIDTH : mw;
    img->h = mh + (s->legend ? LEGEND_HEIGHT : 0);
    img->rgb = malloc((size_t)img->w * (size_t)img->h * 3);
    if (!img->rgb) {
        memset(img, 0, sizeof *img);
        return DMAP_ERR_NOMEM;
    }
    memset(img->rgb, 255, (size_t)img->w * (size_t)img->h * 3);
    double lo = 0, hi = 0;
    int any = value_range(g, values, s->ceiling, &lo, &hi);
    draw_cells(img, g, values, s, lo, hi);
    if (s->arrows) draw_arrows(img, g, values, s, lo, hi);
    if (s->npath) draw_path(img, g, s);
    if (s->goal) draw_goals(img, g, s);
    if (s->legend) draw_legend(img, mh, any, lo, hi);
    return DMAP_OK;
}

void heatmap_image_free(heatmap_image *img) {
    if (!img) return;
    free(img->rgb);
    memset(img, 0, sizeof *img);
}
