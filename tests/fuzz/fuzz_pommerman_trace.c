/* fuzz_pommerman_trace.c — libFuzzer harness for the Pommerman arena's recorded-game reader
 * (arenas/pommerman/trace.c, pm_replay_trace): the bytes as a trace file, replayed with the
 * SimpleAgents checked (first byte odd) or not. Any bytes give 0, 1 (first difference) or 2
 * (unreadable or malformed) with a one-line message; no leak, no out-of-bounds access. */
#include "fuzz_file.h"

#include "fuzz_common.h"
#include "pommerman.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    int check_agents = data[0] & 1;
    const char *path = fuzz_file(data + 1, size - 1);
    if (!path) return 0;
    pm_trace_report rep;
    int rc = pm_replay_trace(path, check_agents, &rep);
    FUZZ_ASSERT(rc == 0 || rc == 1 || rc == 2);
    if (rc != 0) FUZZ_ASSERT(fuzz_one_line(rep.message, sizeof rep.message));
    return 0;
}
