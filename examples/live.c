/* live.c — a map that follows a changing world: a live map updated by edits, not rescans.
 *
 * What it shows: dmap_live_new builds the distance map of the goal G (no ceiling) and keeps
 * its inputs; dmap_live_apply then takes three batches of edits — a door closes (a wall), a
 * wall opens (a floor), the goal moves to M (ungoal G, goal M) — and brings the map up to
 * date from the cells each change reaches. The program prints the map after each batch with
 * the count of cells recomputed, and checks that every batch gives, bit for bit, the map
 * dmap_field builds from scratch on the edited grid (dmap_live_grid) with the current goal.
 *
 * Run: build/examples/example_live
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "##########\n"
    "#G.....#.#\n"
    "#.####.#.#\n"
    "#.#....#.#\n"
    "#.#.####.#\n"
    "#.......M#\n"
    "##########\n";

/* The live map against a map built from scratch with dmap_field: 1 when equal. */
static int equals_rebuilt(const dmap_live *lm, const dmap_moves *m, dmap_goal goal) {
    const dmap_grid *g = dmap_live_grid(lm);
    size_t n = (size_t)g->w * (size_t)g->h;
    double *fresh = malloc(n * sizeof *fresh);
    int same = fresh && dmap_field(g, m, &goal, 1, DMAP_NO_CEILING, fresh, NULL) == DMAP_OK;
    for (size_t i = 0; same && i < n; i++) same = fresh[i] == dmap_live_values(lm)[i];
    free(fresh);
    return same;
}

static void print(const char *title, const dmap_live *lm, size_t touched) {
    char *text = NULL;
    printf("%s (%zu cells recomputed)\n", title, touched);
    if (dmap_format_values(dmap_live_grid(lm), dmap_live_values(lm), DMAP_VALUES_GRID, &text,
                           NULL, NULL) == DMAP_OK)
        fputs(text, stdout);
    free(text);
}

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    dmap_diag diag;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, &diag) != DMAP_OK) {
        fprintf(stderr, "map, line %d: %s\n", diag.line, diag.message);
        return 1;
    }
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {1, 1, 0}, moved = {8, 5, 0}; /* G and M */
    dmap_live *lm = NULL;
    int rc = dmap_live_new(&g, &m, &goal, 1, DMAP_NO_CEILING, NULL, &lm);
    dmap_grid_free(&g); /* the live map keeps its own copy */
    free(chars);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap_live_new: %s\n", dmap_strerror(rc));
        return 1;
    }
    print("start", lm, 0);
    int ok = equals_rebuilt(lm, &m, goal);
    const dmap_edit close_door[] = {{DMAP_EDIT_WALL, 4, 5, 0}};
    const dmap_edit open_wall[] = {{DMAP_EDIT_FLOOR, 7, 1, 0}};
    const dmap_edit move_goal[] = {{DMAP_EDIT_UNGOAL, 1, 1, 0}, {DMAP_EDIT_GOAL, 8, 5, 0}};
    const struct {
        const char *title;
        const dmap_edit *edits;
        size_t n;
        dmap_goal goal;
    } batches[] = {{"a door closes at (4,5)", close_door, 1, goal},
                   {"the wall at (7,1) opens", open_wall, 1, goal},
                   {"the goal moves from G to M", move_goal, 2, moved}};
    for (size_t b = 0; b < 3 && rc == DMAP_OK; b++) {
        size_t touched = 0;
        rc = dmap_live_apply(lm, batches[b].edits, batches[b].n, &touched);
        if (rc == DMAP_OK) print(batches[b].title, lm, touched);
        ok = ok && rc == DMAP_OK && equals_rebuilt(lm, &m, batches[b].goal);
    }
    if (rc != DMAP_OK) fprintf(stderr, "dmap_live_apply: %s\n", dmap_strerror(rc));
    printf("every batch equals a rebuild from scratch: %s\n", ok ? "yes" : "NO");
    dmap_live_free(lm);
    return ok ? 0 : 1;
}
