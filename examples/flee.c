/* flee.c — fleeing a threat: the plain negated map runs into a corner, the flee map (scaled
 * by -1.2 and rescanned) leaves through the door.
 *
 * What it shows: the Dijkstra-map article's remark that "multiply the map by a negative
 * coefficient" makes an agent "pathfind into corners of rooms", and that multiplying by about -1.2
 * and scanning again (dmap_flee) lets far, open places pull: the agent A flees the threat T out of
 * the room through the door D into the long corridor. Both walks are rolled downhill with
 * dmap_downhill_path and drawn with '*'. The program checks that the plain walk stays in the
 * room and that the flee walk passes the door.
 *
 * Run: build/examples/example_flee
 */
#include <dmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAP[] =
    "####################\n"
    "#......D...........#\n"
    "#......##########..#\n"
    "#..A...#...........#\n"
    "#....T.#.###########\n"
    "#......#...........#\n"
    "####################\n";
enum { W = 20, H = 7, N = W * H };

static void draw(const char *title, const char *chars, const int *path, size_t len) {
    char out[N];
    memcpy(out, chars, N);
    for (size_t i = 1; i < len; i++)
        if (out[path[i]] == '.') out[path[i]] = '*';
    printf("%s (%zu steps)\n", title, len - 1);
    for (int y = 0; y < H; y++) printf("  %.*s\n", W, out + y * W);
}

int main(void) {
    dmap_grid g;
    char *chars = NULL;
    if (dmap_parse_text_map(MAP, strlen(MAP), &g, &chars, NULL) != DMAP_OK) return 1;
    const char *t = strchr(chars, 'T'), *a = strchr(chars, 'A'), *d = strchr(chars, 'D');
    int threat = (int)(t - chars), agent = (int)(a - chars), door = (int)(d - chars);
    dmap_moves m = dmap_moves_4();
    dmap_goal goal = {threat % W, threat / W, 0.0};
    double toward[N], plain[N], flee[N];
    int plain_path[N], flee_path[N];
    size_t plain_len = 0, flee_len = 0;
    int rc = dmap_field(&g, &m, &goal, 1, DMAP_NO_CEILING, toward, NULL); /* plain distances */
    if (rc == DMAP_OK) rc = dmap_scale(&g, toward, -1.0, plain);
    if (rc == DMAP_OK) rc = dmap_flee(&g, &m, toward, DMAP_FLEE_FACTOR, flee, NULL);
    if (rc == DMAP_OK)
        rc = dmap_downhill_path(&g, &m, plain, agent, NULL, NULL, plain_path, N, &plain_len);
    if (rc == DMAP_OK)
        rc = dmap_downhill_path(&g, &m, flee, agent, NULL, NULL, flee_path, N, &flee_len);
    if (rc != DMAP_OK) {
        fprintf(stderr, "dmap: %s\n", dmap_strerror(rc));
        return 1;
    }
    draw("plain -1 x distance", chars, plain_path, plain_len);
    draw("flee map (-1.2, rescanned)", chars, flee_path, flee_len);

    int plain_in_room = 1, flee_uses_door = 0;
    for (size_t i = 0; i < plain_len; i++) plain_in_room &= plain_path[i] % W < door % W;
    for (size_t i = 0; i < flee_len; i++) flee_uses_door |= flee_path[i] == door;
    printf("plain walk stays in the room: %s; flee walk passes the door: %s\n",
           plain_in_room ? "yes" : "NO", flee_uses_door ? "yes" : "NO");
    free(chars);
    dmap_grid_free(&g);
    return plain_in_room && flee_uses_door ? 0 : 1;
}
