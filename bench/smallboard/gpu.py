"""gpu.py FILE [--reps R] [--only torch|jax] [--allow-cpu] -- the GPU side of the small-board benchmark.

Reads the boards that `dmap_bench_smallboard --dump FILE` wrote (int32 W, H, N; N*W*H wall
bytes, nonzero a wall; N int32 source cells) and computes one BFS distance map per board on
the GPU the way an RL user would write it: batched relaxation, every free cell taking the
minimum of its four neighbours plus one, repeated until nothing changes. Two contenders:
PyTorch (eager; the convergence test every 8 steps) and JAX (jit of vmap over a while_loop).
Each prints its best time over R runs after a warm-up, maps/s and the checksum of the C
benchmark (the sum of every depth above 0 over reached cells), and a line
"RESULT WxH N name 0 maps/s checksum" for device.sh. A contender whose library does not import
or finds no GPU is skipped with one line saying so (--allow-cpu runs it on the CPU instead,
to check the checksums on a machine without a GPU). Exit status 0 unless a run fails.
"""
import argparse
import sys
import time

import numpy as np

FAR = 1 << 20  # "not reached yet"; above every depth of a board of at most 2^20 cells


def load(path):
    with open(path, "rb") as f:
        w, h, n = (int(v) for v in np.fromfile(f, np.int32, 3))
        walls = np.fromfile(f, np.uint8, n * w * h).reshape(n, h, w)
        sources = np.fromfile(f, np.int32, n)
    if walls.shape != (n, h, w) or sources.shape != (n,):
        sys.exit(f"gpu.py: {path} is shorter than its header says")
    return w, h, n, walls, sources


def start_depths(n, h, w, sources):
    d0 = np.full((n, h * w), FAR, np.int32)
    d0[np.arange(n), sources] = 0
    return d0.reshape(n, h, w)


def checksum(d):
    d = np.asarray(d)
    return int(d[(d > 0) & (d < FAR)].sum(dtype=np.int64))


def best_time(run, sync, reps):
    out = run()  # warm-up (and compilation)
    sync(out)
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        out = run()
        sync(out)
        best = min(best, time.perf_counter() - t0)
    return best, out


def report(name, w, h, n, seconds, chk, device):
    print(f"{name:12s} {n} boards {w}x{h}: best {seconds:.4f} s  {n / seconds:.4g} maps/s  "
          f"checksum {chk}  ({device})")
    print(f"RESULT {w}x{h} {n} {name} 0 {n / seconds:.6g} {chk}")


def run_torch(w, h, n, walls, sources, reps, allow_cpu):
    try:
        import torch
        import torch.nn.functional as F
    except Exception as e:  # not installed, or broken
        print(f"torch: skipped ({type(e).__name__}: {str(e)[:80]})")
        return
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    if dev == "cpu" and not allow_cpu:
        print("torch: skipped (no CUDA device)")
        return
    sync = torch.cuda.synchronize if dev == "cuda" else (lambda: None)
    name = torch.cuda.get_device_name() if dev == "cuda" else "cpu"
    free = torch.from_numpy(walls == 0).to(dev)
    d0 = torch.from_numpy(start_depths(n, h, w, sources)).to(dev)

    def relax(d):
        while True:
            before = d
            for _ in range(8):
                p = F.pad(d, (1, 1, 1, 1), value=FAR)
                near = torch.minimum(torch.minimum(p[:, :-2, 1:-1], p[:, 2:, 1:-1]),
                                     torch.minimum(p[:, 1:-1, :-2], p[:, 1:-1, 2:]))
                d = torch.where(free, torch.minimum(d, near + 1), d)
            if torch.equal(d, before):
                return d

    seconds, out = best_time(lambda: relax(d0), lambda _: sync(), reps)
    report("torch", w, h, n, seconds, checksum(out.cpu().numpy()), name)


def run_jax(w, h, n, walls, sources, reps, allow_cpu):
    try:
        import jax
        import jax.numpy as jnp
        from jax import lax
    except Exception as e:
        print(f"jax: skipped ({type(e).__name__}: {str(e)[:80]})")
        return
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    if not gpus and allow_cpu:
        gpus = jax.devices()
    if not gpus:
        print("jax: skipped (no GPU device)")
        return

    def one_board(free, d):
        def body(state):
            d, _ = state
            p = jnp.pad(d, 1, constant_values=FAR)
            near = jnp.minimum(jnp.minimum(p[:-2, 1:-1], p[2:, 1:-1]),
                               jnp.minimum(p[1:-1, :-2], p[1:-1, 2:]))
            nd = jnp.where(free, jnp.minimum(d, near + 1), d)
            return nd, jnp.any(nd != d)

        return lax.while_loop(lambda s: s[1], body, (d, True))[0]

    maps = jax.jit(jax.vmap(one_board))
    free = jax.device_put(jnp.asarray(walls == 0), gpus[0])
    d0 = jax.device_put(jnp.asarray(start_depths(n, h, w, sources)), gpus[0])
    seconds, out = best_time(lambda: maps(free, d0), lambda o: o.block_until_ready(), reps)
    report("jax", w, h, n, seconds, checksum(out), gpus[0].device_kind)


def main():
    ap = argparse.ArgumentParser(description="BFS maps of the dumped boards on a GPU")
    ap.add_argument("file")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", choices=["torch", "jax"])
    ap.add_argument("--allow-cpu", action="store_true",
                    help="run on the CPU when there is no GPU (to check the checksums)")
    a = ap.parse_args()
    if a.reps < 1:
        ap.error("--reps wants a number >= 1")
    w, h, n, walls, sources = load(a.file)
    if a.only != "jax":
        run_torch(w, h, n, walls, sources, a.reps, a.allow_cpu)
    if a.only != "torch":
        run_jax(w, h, n, walls, sources, a.reps, a.allow_cpu)


if __name__ == "__main__":
    main()
