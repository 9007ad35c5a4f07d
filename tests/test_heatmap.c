/* test_heatmap.c — the dmap tool's PNG heatmaps (tools/dmap/heatmap.c, heatmap_png.c): a
 * picture is written with libpng, read back with libpng, and its pixels checked: the colour
 * scale against matplotlib's published viridis colours, walls, the hatch of unreachable cells,
 * the goal mark, the downhill path, an arrow, the legend, the size for --scale, and the file
 * rules (an existing file is refused unless forced and then left untouched; a bad folder
 * fails with a reason).
 *
 * The map (6 x 3), goal G at (0,2), an enclosed pocket P unreachable:
 *     ......
 *     .####.
 *     G#PP#.
 * Distances from G: (0,1)=1, (0,0)=2, (1,0)=3 ... (5,0)=7, (5,1)=8, (5,2)=9. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "dmap.h"
#include "heatmap.h"

#define W 6
#define H 3
#define SCALE 10

static const char *MAP[H] = {"......", ".####.", ".#..#."};

static char tmpdir[] = "/tmp/dmap-heatmap-XXXXXX";

typedef struct picture {
    int w, h;
    unsigned char *rgb;
} picture;

/* Read a PNG file back as 8-bit RGB with libpng's simplified API. */
static int read_png(const char *path, picture *p) {
    png_image img;
    memset(&img, 0, sizeof img);
    memset(p, 0, sizeof *p);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) return -1;
    img.format = PNG_FORMAT_RGB;
    p->w = (int)img.width;
    p->h = (int)img.height;
    p->rgb = malloc(PNG_IMAGE_SIZE(img));
    if (!p->rgb || !png_image_finish_read(&img, NULL, p->rgb, 0, NULL)) {
        png_image_free(&img);
        free(p->rgb);
        p->rgb = NULL;
        return -1;
    }
    return 0;
}

static const unsigned char *px(const picture *p, int x, int y) {
    return p->rgb + ((size_t)y * (size_t)p->w + (size_t)x) * 3;
}

static int is_rgb(const unsigned char *c, int r, int g, int b) {
    return c[0] == r && c[1] == g && c[2] == b;
}

static int near_rgb(const unsigned char *c, int r, int g, int b, int tol) {
    return abs(c[0] - r) <= tol && abs(c[1] - g) <= tol && abs(c[2] - b) <= tol;
}

/* The scale against matplotlib's viridis at 0, 1/4, 1/2, 3/4 and 1 (#440154, #3b528b,
 * #21918c, #5ec962, #fde725); ends exact, the rest within 3 of 255. */
static void test_scale(void) {
    unsigned char c[3];
    heatmap_colour(0, c);
    CHECK(is_rgb(c, 0x44, 0x01, 0x54));
    heatmap_colour(1, c);
    CHECK(is_rgb(c, 0xfd, 0xe7, 0x25));
    heatmap_colour(0.25, c);
    CHECK(near_rgb(c, 0x3b, 0x52, 0x8b, 3));
    heatmap_colour(0.5, c);
    CHECK(near_rgb(c, 0x21, 0x91, 0x8c, 3));
    heatmap_colour(0.75, c);
    CHECK(near_rgb(c, 0x5e, 0xc9, 0x62, 3));
    heatmap_colour(NAN, c);
    CHECK(is_rgb(c, 0x44, 0x01, 0x54));
    heatmap_colour(7, c);
    CHECK(is_rgb(c, 0xfd, 0xe7, 0x25));
    /* perceptual order: luminance rises along the scale */
    double last = -1;
    for (int i = 0; i <= 20; i++) {
        heatmap_colour(i / 20.0, c);
        double lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        CHECK(lum > last);
        last = lum;
    }
}

static void make_map(dmap_grid *g, double *v) {
    CHECK_EQ_INT(dmap_grid_init(g, W, H), DMAP_OK);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) g->wall[y * W + x] = MAP[y][x] == '#';
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {0, 2, 0};
    CHECK_EQ_INT(dmap_field(g, &m, &goal, 1, DMAP_DEFAULT_CEILING, v, NULL), DMAP_OK);
}

/* The centre pixel and the top-left corner pixel of cell (x, y). */
static const unsigned char *centre(const picture *p, int x, int y) {
    return px(p, x * SCALE + SCALE / 2, y * SCALE + SCALE / 2);
}
static const unsigned char *corner(const picture *p, int x, int y) {
    return px(p, x * SCALE, y * SCALE);
}

static void test_picture(void) {
    dmap_grid g;
    double v[W * H];
    make_map(&g, v);
    CHECK(v[2 * W + 0] == 0 && v[2 * W + 5] == 9 && v[2 * W + 2] == DMAP_DEFAULT_CEILING);

    unsigned char goal[W * H] = {0};
    goal[2 * W + 0] = 1;
    dmap_moves m = dmap_moves_4();
    int path[W * H];
    size_t npath = 0;
    CHECK_EQ_INT(dmap_downhill_path(&g, &m, v, 2 * W + 5, NULL, NULL, path, W * H, &npath),
                 DMAP_OK);
    CHECK_EQ_INT(npath, 10);

    heatmap_style s;
    memset(&s, 0, sizeof s);
    s.scale = SCALE;
    s.ceiling = DMAP_DEFAULT_CEILING;
    s.goal = goal;
    s.path = path;
    s.npath = npath;
    s.arrows = &m;
    s.legend = 1;
    heatmap_image img;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_OK);
    char file[128], err[512] = "";
    snprintf(file, sizeof file, "%s/map.png", tmpdir);
    CHECK_EQ_INT(heatmap_write_png(file, &img, 0, err, sizeof err), 0);
    heatmap_image_free(&img);

    picture p;
    CHECK_EQ_INT(read_png(file, &p), 0);
    if (!p.rgb) return;
    /* size: the map is 60 px wide, the legend needs at least 160; the legend adds rows */
    CHECK_EQ_INT(p.w, 160);
    CHECK_EQ_INT(p.h, H * SCALE + HEATMAP_LEGEND_HEIGHT);
    /* walls dark neutral, right of the map white background */
    CHECK(is_rgb(centre(&p, 1, 1), 40, 40, 46));
    CHECK(is_rgb(centre(&p, 3, 1), 40, 40, 46));
    CHECK(is_rgb(px(&p, W * SCALE + 5, 5), 255, 255, 255));
    /* the goal: white mark in the middle, lowest colour at the corner */
    CHECK(is_rgb(centre(&p, 0, 2), 255, 255, 255));
    CHECK(is_rgb(corner(&p, 0, 2), 0x44, 0x01, 0x54));
    /* the highest value (9 at (5,2)) is yellow at the corner; the path starts there (red) */
    CHECK(is_rgb(corner(&p, 5, 2), 0xfd, 0xe7, 0x25));
    CHECK(is_rgb(centre(&p, 5, 2), 228, 26, 28));
    CHECK(is_rgb(centre(&p, 3, 0), 228, 26, 28));
    CHECK(is_rgb(centre(&p, 0, 1), 228, 26, 28));
    /* a middle value: (2,0) holds 4, 4/9 of the range: matplotlib's viridis(4/9) is #26828e */
    CHECK(near_rgb(corner(&p, 2, 0), 0x26, 0x82, 0x8e, 2));
    /* the unreachable pocket: only the two hatch greys, both present */
    int base = 0, line = 0, other = 0;
    for (int y = 2 * SCALE; y < 3 * SCALE; y++)
        for (int x = 2 * SCALE; x < 4 * SCALE; x++) {
            const unsigned char *c = px(&p, x, y);
            if (is_rgb(c, 190, 190, 190))
                base++;
            else if (is_rgb(c, 120, 120, 120))
                line++;
            else
                other++;
        }
    CHECK(base > 0 && line > 0 && other == 0);
    /* the legend bar: its first coloured pixel is the low end, its last the high end */
    int row = H * SCALE + 4 + 5, first = -1, last = -1;
    for (int x = 0; x < p.w; x++)
        if (!is_rgb(px(&p, x, row), 255, 255, 255)) {
            if (first < 0) first = x;
            last = x;
        }
    CHECK(first >= 0 && is_rgb(px(&p, first, row), 0x44, 0x01, 0x54));
    CHECK(last > first && is_rgb(px(&p, last, row), 0xfd, 0xe7, 0x25));
    /* the legend's numbers: black pixels below the bar */
    int black = 0;
    for (int y = row; y < p.h; y++)
        for (int x = 0; x < p.w; x++) black += is_rgb(px(&p, x, y), 0, 0, 0);
    CHECK(black > 10);
    free(p.rgb);

    /* arrows alone (the path above covers every reachable cell): (0,0) holds 2 and rolls down
     * to (0,1)=1, so pen pixels lie below its centre and none above */
    s.path = NULL;
    s.npath = 0;
    s.goal = NULL;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_OK);
    {
        picture a = {img.w, img.h, img.rgb};
        int cx = SCALE / 2, cy = SCALE / 2;
        const unsigned char *cell = corner(&a, 0, 0);
        const unsigned char *below = px(&a, cx, cy + 2), *above = px(&a, cx, cy - 2);
        CHECK(memcmp(below, cell, 3) != 0 &&
              (is_rgb(below, 0, 0, 0) || is_rgb(below, 255, 255, 255)));
        CHECK(memcmp(above, cell, 3) == 0);
        /* the goal cell (a minimum) has no arrow: its centre is the cell colour */
        CHECK(memcmp(centre(&a, 0, 2), corner(&a, 0, 2), 3) == 0);
    }
    heatmap_image_free(&img);

    /* without a legend and with scale 3: exactly W*3 x H*3 */
    s.legend = 0;
    s.scale = 3;
    s.arrows = NULL;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_OK);
    snprintf(file, sizeof file, "%s/small.png", tmpdir);
    CHECK_EQ_INT(heatmap_write_png(file, &img, 0, err, sizeof err), 0);
    heatmap_image_free(&img);
    CHECK_EQ_INT(read_png(file, &p), 0);
    CHECK_EQ_INT(p.w, W * 3);
    CHECK_EQ_INT(p.h, H * 3);
    free(p.rgb);
    dmap_grid_free(&g);
}

static long file_size(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

static void test_files_and_errors(void) {
    dmap_grid g;
    double v[W * H];
    make_map(&g, v);
    heatmap_style s;
    memset(&s, 0, sizeof s);
    s.scale = 4;
    s.ceiling = INFINITY;
    heatmap_image img;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_OK);

    /* an existing file is refused and left as it was */
    char file[128], err[512] = "";
    snprintf(file, sizeof file, "%s/keep.txt", tmpdir);
    FILE *f = fopen(file, "w");
    CHECK(f != NULL);
    if (f) fputs("the user's file\n", f), fclose(f);
    CHECK_EQ_INT(heatmap_write_png(file, &img, 0, err, sizeof err), -1);
    CHECK(strstr(err, "exists") != NULL);
    CHECK_EQ_INT(file_size(file), 16);
    /* forced: replaced by a PNG */
    CHECK_EQ_INT(heatmap_write_png(file, &img, 1, err, sizeof err), 0);
    picture p;
    CHECK_EQ_INT(read_png(file, &p), 0);
    CHECK_EQ_INT(p.w, W * 4);
    free(p.rgb);
    /* a folder that does not exist */
    snprintf(file, sizeof file, "%s/no/such/dir.png", tmpdir);
    err[0] = '\0';
    CHECK_EQ_INT(heatmap_write_png(file, &img, 0, err, sizeof err), -1);
    CHECK(err[0] != '\0');
    heatmap_image_free(&img);

    /* bad arguments */
    s.scale = 0;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_ERR_ARG);
    CHECK(img.rgb == NULL);
    s.scale = HEATMAP_MAX_SCALE + 1;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_ERR_ARG);
    s.scale = 1;
    int bad_path[1] = {W * H};
    s.path = bad_path;
    s.npath = 1;
    CHECK_EQ_INT(heatmap_render(&g, v, &s, &img), DMAP_ERR_ARG);
    s.path = NULL;
    s.npath = 0;
    CHECK_EQ_INT(heatmap_render(NULL, v, &s, &img), DMAP_ERR_ARG);
    dmap_grid big;
    CHECK_EQ_INT(dmap_grid_init(&big, HEATMAP_MAX_SIDE / 8 + 1, 2), DMAP_OK);
    double *bv = calloc((size_t)big.w * 2, sizeof *bv);
    s.scale = 8;
    CHECK_EQ_INT(heatmap_render(&big, bv, &s, &img), DMAP_ERR_SIZE);
    free(bv);
    dmap_grid_free(&big);
    /* all values equal (or all unreachable): drawn mid-scale, no error */
    double flat[W * H];
    for (int i = 0; i < W * H; i++) flat[i] = 5;
    s.scale = 2;
    CHECK_EQ_INT(heatmap_render(&g, flat, &s, &img), DMAP_OK);
    unsigned char mid[3];
    heatmap_colour(0.5, mid);
    CHECK(img.rgb && memcmp(img.rgb, mid, 3) == 0);
    heatmap_image_free(&img);
    for (int i = 0; i < W * H; i++) flat[i] = NAN;
    s.legend = 1;
    CHECK_EQ_INT(heatmap_render(&g, flat, &s, &img), DMAP_OK);
    heatmap_image_free(&img);
    dmap_grid_free(&g);
}

int main(void) {
    if (!mkdtemp(tmpdir)) {
        fprintf(stderr, "test_heatmap: cannot make a temporary folder\n");
        return 1;
    }
    test_scale();
    test_picture();
    test_files_and_errors();
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "test_heatmap: could not remove %s\n", tmpdir);
    return check_report("test_heatmap");
}
