/* door_vec.h — what the extension's two vectorized-game types share (KitVec, door_kit_vec.c;
 * PommermanVec, door_pommerman_vec.c): the object's common head (games, learners, the output
 * arrays obs, rewards, terminated, truncated and masks, the pool, the seed), its limits and
 * seed and seat arguments, reading an actions array, running a reset or a step with the GIL
 * released, and the methods and attributes that do not depend on the arena. Each door keeps its
 * own engine, options and observation layout, reached through a pyvec_ops table. Internal to
 * the extension. */
#ifndef PYARENAS_DOOR_VEC_H
#define PYARENAS_DOOR_VEC_H

#include "door.h"

#include <stdint.h>

#include "dmap.h"

enum { PYVEC_OBS, PYVEC_REWARDS, PYVEC_TERMINATED, PYVEC_TRUNCATED, PYVEC_MASKS, PYVEC_NOUT };
enum { PYVEC_RESET, PYVEC_NEXT, PYVEC_STEP };
#define PYVEC_MAX_SEATS 8

typedef struct pyvec pyvec;

/* A door's part of the calls. */
typedef struct pyvec_ops {
    const char *type; /* the type's name in its messages: "KitVec is not initialised" */
    const char *call; /* the prefix of its calls' errors: "VecEnv" in "VecEnv.step: ..." */
    /* Without the GIL: a reset from seed (PYVEC_RESET), every game's next episode (PYVEC_NEXT)
     * or a step of actions and words (NULL: none) (PYVEC_STEP), writing into the output arrays'
     * data out[PYVEC_*]. DMAP_OK or an error. */
    int (*run)(pyvec *v, int kind, const int32_t *actions, const int32_t *words, uint64_t seed, void *const *out);
    /* game i's episode number, its seed and its steps so far */
    int (*episode)(const pyvec *v, long i, long *episode, uint64_t *seed, int *steps);
} pyvec_ops;

/* The head of a vectorized-game object: the door's struct starts with it. */
struct pyvec {
    PyObject_HEAD
    const pyvec_ops *ops;
    dmap_pool *pool;
    long n;
    int nlearners, nactions, threads;
    int seats[PYVEC_MAX_SEATS]; /* the learners' seats, ascending */
    int obs_nd, obs_type;       /* one learner's observation: obs_dims[obs_nd] of NumPy's obs_type */
    npy_intp obs_dims[3];
    uint64_t seed;
    int started; /* an episode was started: step may be called */
    int busy;    /* a reset or step runs with the GIL released */
    PyObject *out[PYVEC_NOUT];
    PyObject *actions32; /* scratch int32 (n * learners): the actions as the engines read them;
                          * made last, NULL until the object is initialised */
};

/* n in 1 .. 2**24 and threads in 1 .. 256, else ValueError. 0 or -1. */
int pyvec_limits(Py_ssize_t n, int threads);
/* A seed: an int (NumPy's included, not a bool) in 0 .. 2**63 - 1, else TypeError or
 * ValueError. 0 or -1. */
int pyvec_seed(PyObject *obj, uint64_t *seed);
/* The seats argument of a game of nseats seats: names[s] the str of seat s (valid while the
 * returned list lives), NULL for None; the list as a new reference, or NULL with the ValueError
 * "GAME has N seats, got M" or the TypeError "seat S: WHAT". */
PyObject *pyvec_seat_names(PyObject *seats, int nseats, const char *game, const char *what, const char **names);
/* The last step of a door's construction, once n, nlearners, seats, nactions and obs_* are set:
 * the pool of threads, the zeroed output arrays and the scratch actions. 0, or -1 with an
 * exception. */
int pyvec_start(pyvec *v, int threads, uint64_t seed);
/* The shape (returns its rank) and dtype of output k. */
int pyvec_out_shape(const pyvec *v, int k, npy_intp *dims, int *type);
/* RuntimeError unless the object is initialised and no call runs in another thread. 0 or -1. */
int pyvec_check_idle(pyvec *v);
/* The actions as int32 values in 0 .. nactions-1, shape (n, learners) (or (n,) with one
 * learner): checked as int64, copied to actions32. *hold takes a reference the caller drops
 * (also on failure). NULL with TypeError or ValueError. */
const int32_t *pyvec_actions(pyvec *v, PyObject *obj, PyObject **hold);
/* Runs ops->run without the GIL, the output arrays held meanwhile. */
int pyvec_run(pyvec *v, int kind, const int32_t *actions, const int32_t *words, uint64_t seed);
/* RuntimeError when step is called before reset (or with a call running). 0 or -1. */
int pyvec_step_ready(pyvec *v);
/* The step of checked actions (and words), returning (obs, rewards, terminated, truncated,
 * masks); on an engine's error the games must be reset and the error is raised. */
PyObject *pyvec_step_run(pyvec *v, const int32_t *actions, const int32_t *words);

/* The methods reset(seed=None) and episodes(), and step(actions) without words. */
PyObject *pyvec_reset(pyvec *v, PyObject *args, PyObject *kw);
PyObject *pyvec_episodes(pyvec *v, PyObject *unused);
PyObject *pyvec_step(pyvec *v, PyObject *actions);
#define PYVEC_RESET_METHOD                                                                          \
    {"reset", (PyCFunction)(void (*)(void))pyvec_reset, METH_VARARGS | METH_KEYWORDS,               \
     "reset(seed=None) -> (obs, masks): reset(seed) starts episode 0 of every game from seed; "     \
     "reset() the first time starts episode 0 from the seed given at construction, later every "    \
     "game's next episode. Written into the object's arrays."}
#define PYVEC_EPISODES_METHOD                                                                       \
    {"episodes", (PyCFunction)pyvec_episodes, METH_NOARGS,                                          \
     "episodes() -> (episode, seed, step): per game its episode number, the episode's seed "        \
     "and its step count now (new arrays)."}

/* An engine's struct of output pointers (kit_vec_out, pm_vec_out) from pyvec_ops.run's out. */
#define PYVEC_OUT(TYPE, out)                                                                        \
    ((TYPE){.obs = (out)[PYVEC_OBS],                                                                \
            .rewards = (out)[PYVEC_REWARDS],                                                        \
            .terminated = (out)[PYVEC_TERMINATED],                                                  \
            .truncated = (out)[PYVEC_TRUNCATED],                                                    \
            .masks = (out)[PYVEC_MASKS]})

/* The collector's and the destructor's share: the references (PYARENAS_GAME_GC's REFS) and
 * the pool. */
#define PYVEC_REFS(v, X)                                                \
    do {                                                                \
        for (int k_ = 0; k_ < PYVEC_NOUT; k_++) X((v)->out[k_]);        \
        X((v)->actions32);                                              \
    } while (0)
void pyvec_release(pyvec *v);

/* The attributes: an output array (closure: its PYVEC_* index), and the counts. */
PyObject *pyvec_get_out(pyvec *v, void *k);
PyObject *pyvec_get_num_envs(pyvec *v, void *unused);
PyObject *pyvec_get_num_learners(pyvec *v, void *unused);
PyObject *pyvec_get_learner_seats(pyvec *v, void *unused);
/* The output arrays' attributes: SETTER (or NULL) assigns one; OBS_DOC and MASKS_DOC say their
 * shapes. */
#define PYVEC_OUT_GETSET(SETTER, OBS_DOC, MASKS_DOC)                                                \
    {"obs", (getter)pyvec_get_out, SETTER, OBS_DOC, (void *)(intptr_t)PYVEC_OBS},                   \
        {"rewards", (getter)pyvec_get_out, SETTER, "float32 (n, learners)", (void *)(intptr_t)PYVEC_REWARDS}, \
        {"terminated", (getter)pyvec_get_out, SETTER, "bool (n, learners)", (void *)(intptr_t)PYVEC_TERMINATED}, \
        {"truncated", (getter)pyvec_get_out, SETTER, "bool (n, learners)", (void *)(intptr_t)PYVEC_TRUNCATED}, \
        {"masks", (getter)pyvec_get_out, SETTER, MASKS_DOC, (void *)(intptr_t)PYVEC_MASKS}
#define PYVEC_COUNTS_GETSET                                                                         \
    {"num_envs", (getter)pyvec_get_num_envs, NULL, "the number of games", NULL},                    \
        {"num_learners", (getter)pyvec_get_num_learners, NULL, "learner seats per game", NULL},    \
        {"learner_seats", (getter)pyvec_get_learner_seats, NULL, "the learners' seats, ascending", NULL}

#endif
