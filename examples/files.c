/* files.c — maps as text, both ways, with the library alone.
 *
 * What it shows: dmap_parse_map reads a map (text or Moving AI, told apart by its first line)
 * and returns its characters, so a marker ('>') becomes the goal; a field built with
 * DMAP_NO_CEILING holds +inf where no goal reaches (the closed room on the right);
 * dmap_format_values writes it as exact CSV ("inf", '#' walls) and dmap_parse_values_csv
 * reads it back to the same doubles; dmap_version names the library that is linked.
 * It checks that the round trip is exact and that the closed room reads "inf". */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] = "......#...\n"
                          "..>...#...\n"
                          "......#...\n";

int main(void) {
    printf("dmap %s\n\n", dmap_version());
    dmap_grid g, back;
    char *chars = NULL, *csv = NULL;
    double *values = NULL, *read_back = NULL;
    size_t n = 0, len = 0;
    dmap_diag diag;
    int rc = dmap_parse_map(MAP, strlen(MAP), &g, &chars, &diag);
    if (rc != DMAP_OK) {
        fprintf(stderr, "map:%d: %s\n", diag.line, diag.message);
        return 1;
    }
    n = (size_t)g.w * (size_t)g.h;
    const char *stairs = memchr(chars, '>', n);
    dmap_goal goal = {(int)(stairs - chars) % g.w, (int)(stairs - chars) / g.w, 0.0};
    dmap_moves m = dmap_moves_8();
    values = malloc(n * sizeof *values);
    rc = values ? dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, values, NULL) : DMAP_ERR_NOMEM;
    if (rc == DMAP_OK) rc = dmap_format_values(&g, values, DMAP_VALUES_CSV, &csv, &len, &diag);
    if (rc == DMAP_OK) rc = dmap_parse_values_csv(csv, len, &back, &read_back, &diag);
    int ok = rc == DMAP_OK;
    if (ok) {
        printf("the field as csv (8-connected, no ceiling):\n%s", csv);
        ok = back.w == g.w && back.h == g.h && memcmp(back.wall, g.wall, n) == 0 &&
             strstr(csv, ",inf\n") != NULL;
        for (size_t i = 0; ok && i < n; i++) /* walls are '#' in csv: only floor has values */
            ok = g.wall[i] || memcmp(&read_back[i], &values[i], sizeof *values) == 0;
        dmap_grid_free(&back);
    } else {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
    }
    free(csv);
    free(read_back);
    free(values);
    free(chars);
    dmap_grid_free(&g);
    printf("\nround trip exact, closed room is inf: %s\n", ok ? "yes" : "NO");
    return ok ? 0 : 1;
}
