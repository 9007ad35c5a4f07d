/* pool.c — the thread pool a caller makes for the batch functions (dmap_pool_new): T - 1
 * POSIX threads that sleep on a condition variable between jobs and take chunks of a job from
 * a shared counter, the calling thread working beside them. The library makes threads only
 * here, when asked, and joins them in dmap_pool_free. */
#include <pthread.h>
#include <stdlib.h>

#include "pool.h"

struct dmap_pool {
    int nthreads;
    pthread_t *threads;        /* nthreads - 1 workers */
    pthread_mutex_t lock;      /* guards everything below */
    pthread_cond_t wake;       /* a new job, or stop */
    pthread_cond_t done;       /* the last worker left the job */
    pthread_mutex_t one_call;  /* one dmap_pool_run at a time */
    unsigned long generation;  /* counts jobs, so a worker takes each job once */
    int stop;
    dmap_chunk_fn fn;
    void *ctx;
    size_t next, nchunks;      /* the next chunk to hand out, and how many */
    int busy;                  /* workers still inside the current job */
};

typedef struct worker_arg {
    dmap_pool *pool;
    int thread;
} worker_arg;

/* Take chunks until none is left. Called with the lock held; returns with it held. */
static void take_chunks(dmap_pool *p, int thread) {
    while (p->next < p->nchunks) {
        size_t chunk = p->next++;
        dmap_chunk_fn fn = p->fn;
        void *ctx = p->ctx;
        pthread_mutex_unlock(&p->lock);
        fn(ctx, chunk, thread);
        pthread_mutex_lock(&p->lock);
    }
}

static void *worker_main(void *argp) {
    worker_arg arg = *(worker_arg *)argp;
    free(argp);
    dmap_pool *p = arg.pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->generation == seen) pthread_cond_wait(&p->wake, &p->lock);
        if (p->stop) break;
        seen = p->generation;
        p->busy++;
        take_chunks(p, arg.thread);
        if (--p->busy == 0) pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Stop and join the first `started` workers. */
static void stop_workers(dmap_pool *p, int started) {
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < started; i++) pthread_join(p->threads[i], NULL);
}

static void destroy_sync(dmap_pool *p) {
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->one_call);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
}

int dmap_pool_new(dmap_pool **out, int nthreads) {
    if (!out) return DMAP_ERR_ARG;
    *out = NULL;
    if (nthreads < 1 || nthreads > 256) return DMAP_ERR_ARG;
    dmap_pool *p = (dmap_pool *)calloc(1, sizeof *p);
    if (!p) return DMAP_ERR_NOMEM;
    p->nthreads = nthreads;
    if (nthreads > 1) {
        p->threads = (pthread_t *)malloc(sizeof *p->threads * (size_t)(nthreads - 1));
        if (!p->threads) {
            free(p);
            return DMAP_ERR_NOMEM;
        }
    }
    if (pthread_mutex_init(&p->lock, NULL) || pthread_mutex_init(&p->one_call, NULL) ||
        pthread_cond_init(&p->wake, NULL) || pthread_cond_init(&p->done, NULL)) {
        free(p->threads);
        free(p);
        return DMAP_ERR_NOMEM;
    }
    for (int i = 0; i < nthreads - 1; i++) {
        worker_arg *arg = (worker_arg *)malloc(sizeof *arg);
        if (arg) {
            arg->pool = p;
            arg->thread = i + 1;
        }
        if (!arg || pthread_create(&p->threads[i], NULL, worker_main, arg) != 0) {
            free(arg);
            stop_workers(p, i);
            destroy_sync(p);
            free(p->threads);
            free(p);
            return DMAP_ERR_NOMEM;
        }
    }
    *out = p;
    return DMAP_OK;
}

void dmap_pool_free(dmap_pool *p) {
    if (!p) return;
    stop_workers(p, p->nthreads - 1);
    destroy_sync(p);
    free(p->threads);
    free(p);
}

int dmap_pool_threads(const dmap_pool *p) {
    return p ? p->nthreads : 1;
}

void dmap_pool_run(dmap_pool *p, dmap_chunk_fn fn, void *ctx, size_t nchunks) {
    if (!fn) return; /* no job: nothing to run (there is no error code to return) */
    if (!p || p->nthreads == 1 || nchunks <= 1) {
        for (size_t c = 0; c < nchunks; c++) fn(ctx, c, 0);
        return;
    }
    pthread_mutex_lock(&p->one_call);
    pthread_mutex_lock(&p->lock);
    p->fn = fn;
    p->ctx = ctx;
    p->next = 0;
    p->nchunks = nchunks;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    take_chunks(p, 0);
    /* every chunk is handed out; wait for the workers still running theirs */
    while (p->busy > 0) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_unlock(&p->one_call);
}
