/* starter.c — a Code of Kutulu bot written like CodinGame's C starter: scanf for the input,
 * printf for the answer, never a flush. Its stdout must be line-buffered (a terminal) for
 * the answer to leave before it reads the next turn. It answers WAIT every turn. On Windows
 * an outside program's stdout is a pipe (process_win.c): there it writes unbuffered, as a
 * Windows bot must flush. */
#include <stdio.h>

int main(void) {
#ifdef _WIN32
    setvbuf(stdout, NULL, _IONBF, 0);
#endif
    int width, height;
    if (scanf("%d%d", &width, &height) != 2) return 1;
    char row[128];
    for (int i = 0; i < height; i++)
        if (scanf("%127s", row) != 1) return 1;
    int sanity_loss_lonely, sanity_loss_group, wanderer_spawn_time, wanderer_life_time;
    if (scanf("%d%d%d%d", &sanity_loss_lonely, &sanity_loss_group, &wanderer_spawn_time,
              &wanderer_life_time) != 4)
        return 1;
    for (;;) {
        int entity_count;
        if (scanf("%d", &entity_count) != 1) return 0;
        for (int i = 0; i < entity_count; i++) {
            char entity_type[32];
            int id, x, y, param0, param1, param2;
            if (scanf("%31s%d%d%d%d%d%d", entity_type, &id, &x, &y, &param0, &param1, &param2) != 7)
                return 1;
        }
        printf("WAIT\n");
    }
}
