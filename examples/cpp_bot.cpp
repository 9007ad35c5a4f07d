/* cpp_bot.cpp — dmap from C++: a bot's turn loop with std::vector maps and RAII handles.
 *
 * What it shows: dmap.h is included as is from C++ (its declarations are extern "C", so the
 * C library links), maps are std::vector<double> passed with data(), and the grid, the map
 * characters and the workspace are owned by small RAII types (std::unique_ptr with the
 * library's free functions), so an early return frees everything. The hunter H chases the
 * prey P through a maze the way a bot plays a game: every turn it rebuilds the Dijkstra map
 * of the prey's cell (the workspace keeps the scratch memory between turns) and takes the best
 * move that dmap_downhill_options gives. The program checks that every move is one step to a
 * floor cell and that H catches P in exactly as many turns as the first map's distance.
 *
 * Run: build/examples/example_cpp_bot
 */
#include <dmap.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

const char MAZE[] =
    "###########\n"
    "#H..#.....#\n"
    "###.#.###.#\n"
    "#...#...#.#\n"
    "#.#####.#.#\n"
    "#.......#P#\n"
    "###########\n";

// The grid owns its walls and costs: dmap_grid_free on every way out.
struct Grid {
    dmap_grid g;
    bool ok;
    Grid() : g(), ok(false) {}
    ~Grid() {
        if (ok) dmap_grid_free(&g);
    }
    Grid(const Grid &) = delete;
    Grid &operator=(const Grid &) = delete;
};

struct FreeChars {
    void operator()(char *p) const { std::free(p); }
};
struct FreeWorkspace {
    void operator()(dmap_workspace *ws) const { dmap_workspace_free(ws); }
};

bool check(int rc, const char *what) {
    if (rc == DMAP_OK) return true;
    std::fprintf(stderr, "dmap: %s: %s\n", what, dmap_strerror(rc));
    return false;
}

}  // namespace

int main() {
    Grid grid;
    char *raw = nullptr;
    if (!check(dmap_parse_text_map(MAZE, std::strlen(MAZE), &grid.g, &raw, nullptr), "parse"))
        return 1;
    grid.ok = true;
    std::unique_ptr<char, FreeChars> chars(raw);
    const int w = grid.g.w, n = grid.g.w * grid.g.h;
    const std::string cells(chars.get(), static_cast<size_t>(n));
    const int prey = static_cast<int>(cells.find('P'));
    int hunter = static_cast<int>(cells.find('H'));

    dmap_workspace *ws_raw = nullptr;
    if (!check(dmap_workspace_new(&ws_raw), "workspace")) return 1;
    std::unique_ptr<dmap_workspace, FreeWorkspace> ws(ws_raw);

    const dmap_moves moves = dmap_moves_4();
    const dmap_goal goal = {prey % w, prey / w, 0.0};
    std::vector<double> toward(static_cast<size_t>(n));
    int distance = -1, turns = 0;
    bool legal = true;
    std::string drawn = cells;
    while (hunter != prey && turns < n) {
        // one turn: the map of the prey's cell, then the best move from the hunter's cell
        if (!check(dmap_field(&grid.g, &moves, &goal, 1, DMAP_NO_CEILING, toward.data(),
                              ws.get()),
                   "field"))
            return 1;
        if (distance < 0) distance = static_cast<int>(toward[static_cast<size_t>(hunter)]);
        unsigned options = 0;
        if (!check(dmap_downhill_options(&grid.g, &moves, toward.data(), hunter, nullptr,
                                         &options),
                   "downhill"))
            return 1;
        dmap_dir dir = DMAP_STAY;
        while (!(options & (1u << dir))) dir = static_cast<dmap_dir>(dir + 1);  // lowest tie
        const int next = dmap_step(&grid.g, &moves, hunter, dir);
        const int dx = next % w - hunter % w, dy = next / w - hunter / w;
        legal = legal && next >= 0 && !grid.g.wall[next] && std::abs(dx) + std::abs(dy) == 1;
        if (!legal) break;
        hunter = next;
        if (hunter != prey) drawn[static_cast<size_t>(hunter)] = '*';
        turns++;
    }
    for (int y = 0; y < grid.g.h; y++)
        std::printf("  %.*s\n", w, drawn.c_str() + static_cast<size_t>(y) * w);
    const bool ok = legal && hunter == prey && turns == distance;
    std::printf("H caught P in %d turns, the map's distance %d, every move legal: %s\n", turns,
                distance, ok ? "yes" : "NO");
    return ok ? 0 : 1;
}
