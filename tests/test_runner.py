"""The runner: chunk plan and seeds, estimates, bit-identical merges on every backend,
bounded memory, checkpoints (including runs killed by SIGINT and SIGKILL), progress."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

import numpy as np
import pytest

from simkit.runner import ChunkPlan, chunk_seed, cluster, run, stats
from simkit.runner import progress as progress_mod
from simkit.runner.demo import UniformJob

ENV = dict(os.environ)  # NUMBA_CACHE_DIR is set by conftest.py


def same(a: dict, b: dict) -> bool:
    """Bit-identical totals (floats compared by their bytes)."""
    return a.keys() == b.keys() and all(np.asarray(a[k]).tobytes() == np.asarray(b[k]).tobytes() for k in a)


# --- chunk plan and seeds -------------------------------------------------------------------


def test_plan_depends_on_trials_and_chunk_size_only():
    plan = ChunkPlan(1_000_001, 250_000)
    assert len(plan) == 5
    assert [plan.size(i) for i in range(5)] == [250_000] * 4 + [1]
    assert sum(plan.size(i) for i in range(len(plan))) == plan.trials
    assert len(ChunkPlan(7, 7)) == 1
    with pytest.raises(ValueError, match="chunk index 5"):
        plan.size(5)
    with pytest.raises(ValueError, match="chunk_size must be a positive integer, got 0"):
        ChunkPlan(10, 0)


def test_chunk_seed_is_the_spawned_child():
    children = np.random.SeedSequence(123).spawn(4)
    for i, child in enumerate(children):
        assert (chunk_seed(123, i).generate_state(4) == child.generate_state(4)).all()
    assert (chunk_seed(123, 0).generate_state(4) != chunk_seed(124, 0).generate_state(4)).any()


# --- estimates --------------------------------------------------------------------------------


def test_estimates_agree_with_known_values():
    t = run(UniformJob(p=0.3), 200_000, seed=11, chunk_size=30_000, quiet=True)
    n = int(t["trials"])
    assert n == 200_000 and int(t["hist"].sum()) == n
    p, se = stats.proportion(t["below"], n)
    assert abs(p - 0.3) < 4 * se and 0 < se < 0.002
    mean, se_mean = stats.mean_se(t["sum"], t["sum_sq"], n)
    assert abs(mean - 0.5) < 4 * se_mean
    assert se_mean == pytest.approx(np.sqrt(1 / 12 / n), rel=0.02)
    share, share_se = stats.proportion(t["hist"], n)
    assert (np.abs(share - 0.1) < 4 * share_se).all()
    lo, hi = stats.confidence_interval(p, se, level=0.95)
    assert lo < p < hi and hi - lo == pytest.approx(2 * 1.959964 * se)


def test_mean_se_matches_sample_variance():
    x = np.random.default_rng(0).normal(3.0, 2.0, 1001)
    mean, se = stats.mean_se(x.sum(), (x * x).sum(), x.size)
    assert mean == pytest.approx(x.mean())
    assert se == pytest.approx(x.std(ddof=1) / np.sqrt(x.size))


def _cv_sums(x: np.ndarray, y: np.ndarray) -> tuple:
    return y.sum(0), (y * y).sum(0), x.sum(0), x.T @ x, x.T @ y


def test_control_variate_is_the_regression_estimator():
    """Against an ordinary least-squares fit with an intercept on the raw trials: the estimate is
    the fitted line at the covariates' exact means, the SE the residuals' (n - 1 - p degrees of
    freedom) widened by (n - 2) / (n - p - 2)."""
    rng = np.random.default_rng(3)
    n, mu = 500, np.array([0.5, 2.0])
    x = np.column_stack([rng.random(n), rng.normal(2.0, 1.0, n)])
    y = np.column_stack([x @ [1.0, -0.5] + rng.normal(0, 0.1, n), rng.random(n)])
    est, se = stats.control_variate(n, *_cv_sums(x, y), mu)
    design = np.column_stack([np.ones(n), x])
    for k in range(2):
        coef, *_ = np.linalg.lstsq(design, y[:, k], rcond=None)
        res = y[:, k] - design @ coef
        assert est[k] == pytest.approx(coef[0] + coef[1:] @ mu, rel=1e-9)
        want = np.sqrt(res @ res / (n - 3) / n * (n - 2) / (n - 4))
        assert se[k] == pytest.approx(want, rel=1e-6)
    plain, plain_se = stats.mean_se(y.sum(0), (y * y).sum(0), n)
    assert se[0] < plain_se[0] / 5  # correlated: far tighter
    assert se[1] == pytest.approx(plain_se[1], rel=0.05)  # uncorrelated: about the same


def test_control_variate_leaves_out_what_it_cannot_fit():
    rng = np.random.default_rng(4)
    x = np.column_stack([rng.random(300), np.full(300, 1.0)])  # the second never varies
    y = (x[:, :1] + rng.normal(0, 0.1, (300, 1))).copy()
    one = stats.control_variate(300, *_cv_sums(x[:, :1], y), [0.5])
    both = stats.control_variate(300, *_cv_sums(x, y), [0.5, 0.9])
    assert np.allclose(one[0], both[0]) and np.allclose(one[1], both[1])
    few = 2 * stats.CV_MIN_TRIALS_PER_COEF - 1  # fewer trials than two coefficients need
    got = stats.control_variate(few, *_cv_sums(x[:few, :1], y[:few]), [0.5])
    plain = stats.mean_se(y[:few].sum(0), (y[:few] ** 2).sum(0), few)
    assert np.array_equal(got[0], plain[0]) and np.array_equal(got[1], plain[1])
    with pytest.raises(ValueError, match="one mean per covariate: 2 covariates, 1 means"):
        stats.control_variate(300, *_cv_sums(x, y), [0.5])
    with pytest.raises(ValueError, match="number of trials must be positive, got 0"):
        stats.control_variate(0, *_cv_sums(x, y), [0.5, 1.0])


# --- bit-identical results whatever runs the chunks --------------------------------------------


@dataclass(frozen=True)
class JitteryJob:
    """UniformJob whose chunks sleep a seed-dependent time, so they finish out of order."""

    inner: UniformJob = field(default_factory=UniformJob)
    name: str = "jittery"

    def params(self) -> dict:
        return {"inner": self.inner.params()}

    def run_chunk(self, trials, seed):
        time.sleep(0.02 * (seed.generate_state(1)[0] % 5))
        return self.inner.run_chunk(trials, seed)


def test_same_seed_same_bits_for_any_thread_count_and_finish_order():
    job = UniformJob(p=0.4)
    base = run(job, 120_000, seed=3, chunk_size=7_000, threads=1, quiet=True)
    for threads in (2, 4):
        shuffled = run(JitteryJob(job), 120_000, seed=3, chunk_size=7_000, threads=threads, quiet=True)
        assert same(base, shuffled)
    assert same(base, run(job, 120_000, seed=3, chunk_size=7_000, quiet=True))  # all cores
    other = run(job, 120_000, seed=4, chunk_size=7_000, quiet=True)
    assert not same(base, other)


def test_chunk_results_are_merged_in_chunk_order():
    """Float sums depend on the order of addition; the runner adds in chunk order only."""
    job = UniformJob()
    plan = ChunkPlan(60_000, 1_000)
    sums = [job.run_chunk(plan.size(i), chunk_seed(9, i))["sum"] for i in range(len(plan))]
    forward = np.float64(0.0) + sums[0]
    for s in sums[1:]:
        forward = forward + s
    t = run(JitteryJob(job), 60_000, seed=9, chunk_size=1_000, threads=4, quiet=True)
    assert t["sum"].tobytes() == forward.tobytes()


@dataclass(frozen=True)
class LargestJob:
    """Per chunk: its largest uniform draw as a ``max_`` result, and a count."""

    name: str = "largest"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        x = np.random.default_rng(seed).random(trials)
        return {"max_draw": np.array([x.max()]), "n": np.array([trials])}


def test_max_results_merge_by_their_maximum():
    """A ``max_...`` result is a maximum, merged as one: the largest chunk value, any threads."""
    plan = ChunkPlan(20_000, 1_000)
    each = [LargestJob().run_chunk(plan.size(i), chunk_seed(5, i))["max_draw"][0] for i in range(len(plan))]
    for threads in (1, 2):
        t = run(LargestJob(), 20_000, seed=5, chunk_size=1_000, threads=threads, quiet=True)
        assert t["max_draw"][0] == max(each) < 1.0
        assert t["n"][0] == 20_000


@pytest.fixture(scope="module")
def dask_client():
    """A real 2-process LocalCluster, started once through simkit.runner.cluster."""
    pytest.importorskip("distributed")
    with cluster(workers=2) as client:
        yield client


def test_dask_local_cluster_matches_embedded_run(dask_client):
    job = UniformJob(p=0.2)
    local = run(job, 100_000, seed=5, chunk_size=9_000, quiet=True)
    on_dask = run(JitteryJob(job), 100_000, seed=5, chunk_size=9_000, workers=2, quiet=True)
    assert same(local, on_dask)
    # the workers are single-threaded processes with NUMBA_NUM_THREADS=1
    assert set(dask_client.run(lambda: os.environ.get("NUMBA_NUM_THREADS")).values()) == {"1"}
    # ... with dask's dashboard-only background work turned down (it shares the cores)
    import dask

    quiet = dask_client.run(
        lambda: (
            dask.config.get("distributed.worker.profile.enabled"),
            dask.config.get("distributed.admin.tick.interval"),
        )
    )
    assert set(quiet.values()) == {(False, "1s")}
    assert set(dask_client.nthreads().values()) == {1} and len(dask_client.nthreads()) == 2
    pids = dask_client.run(os.getpid)
    assert os.getpid() not in pids.values()


def test_dask_tasks_carry_several_chunks_and_change_no_number(dask_client, tmp_path):
    job = UniformJob(p=0.4)
    local = run(job, 100_000, seed=6, chunk_size=2_000, quiet=True)  # 50 chunks
    cp = tmp_path / "cp"
    on_dask = run(
        JitteryJob(job), 100_000, seed=6, chunk_size=2_000, workers=2, checkpoint=cp, quiet=True
    )  # 6 chunks a task, finishing in any order
    assert same(local, on_dask)
    assert sorted(p.name for p in cp.glob("chunk-*.npz")) == [f"chunk-{i:06d}.npz" for i in range(50)]
    assert same(
        local, run(JitteryJob(job), 100_000, seed=6, chunk_size=2_000, workers=2, checkpoint=cp, quiet=True)
    )  # every chunk read back from its file


@dataclass(frozen=True)
class BandsJob:
    """Per chunk a large, mostly zero histogram and float table (with a -0.0 in it), as an
    evening's chip bands are: they travel from a dask worker as their nonzero entries."""

    name: str = "bands"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        rng = np.random.default_rng(seed)
        hist = np.zeros((200, 6, 128), dtype=np.int64)
        np.add.at(hist, (rng.integers(0, 200, trials), rng.integers(0, 6, trials), 60), 1)
        lead = np.zeros((200, 6, 16))
        lead[rng.integers(0, 200, 50), 0, 0] = rng.random(50)
        lead[3, 1, 1] = -0.0
        return {"hist": hist, "lead": lead, "n": np.array([trials])}


def test_large_mostly_zero_results_travel_packed_and_merge_bit_for_bit(dask_client):
    from simkit.runner.backends import pack_results

    packed = pack_results([BandsJob().run_chunk(100, chunk_seed(1, 0))])[0]
    assert type(packed["hist"]).__name__ == type(packed["lead"]).__name__ == "_Sparse"
    local = run(BandsJob(), 5_000, seed=4, chunk_size=500, quiet=True)
    on_dask = run(BandsJob(), 5_000, seed=4, chunk_size=500, workers=2, quiet=True)
    assert same(local, on_dask) and int(on_dask["hist"].sum()) == 5_000


def test_runs_side_by_side_outside_a_cluster_block_each_start_their_own():
    pytest.importorskip("distributed")
    from simkit.runner import map_threads

    job = UniformJob(p=0.5)
    local = run(job, 20_000, seed=3, chunk_size=5_000, quiet=True)

    def on_dask(_):
        return run(JitteryJob(job), 20_000, seed=3, chunk_size=5_000, workers=1, quiet=True)

    assert all(same(local, r) for r in map_threads(on_dask, [0, 1], threads=2))


def test_dask_scheduler_address_with_one_worker():
    distributed = pytest.importorskip("distributed")
    job = UniformJob(p=0.7)
    local = run(job, 50_000, seed=8, chunk_size=6_000, quiet=True)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        scheduler_kwargs={"dashboard": False},
    ) as lc:
        remote = run(job, 50_000, seed=8, chunk_size=6_000, scheduler=lc.scheduler_address, quiet=True)
    assert same(local, remote)


def test_bad_scheduler_address_is_a_value_error():
    with pytest.raises(ValueError, match="scheduler must be an address like tcp://HOST:PORT, got 'nowhere'"):
        run(UniformJob(), 10, scheduler="nowhere", quiet=True)


# --- bounded memory -----------------------------------------------------------------------------

_EVENTS: list = []
_LOCK = threading.Lock()


@dataclass(frozen=True)
class SlowFirstJob:
    """Chunk 0 is slow; records how many chunks start before it finishes."""

    name: str = "slow_first"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        index = seed.spawn_key[-1]
        with _LOCK:
            _EVENTS.append(("start", index))
        if index == 0:
            time.sleep(0.5)
        with _LOCK:
            _EVENTS.append(("end", index))
        return {"n": np.int64(trials)}


def test_chunks_in_flight_are_bounded_while_an_early_chunk_is_slow():
    _EVENTS.clear()
    t = run(SlowFirstJob(), 100, chunk_size=1, threads=2, quiet=True)
    assert int(t["n"]) == 100
    first_end = _EVENTS.index(("end", 0))
    started = sum(1 for kind, _ in _EVENTS[:first_end] if kind == "start")
    assert started <= 4  # 2 x threads: results wait for chunk 0 instead of piling up


_PEAKS = """
import tracemalloc
from simkit.runner import run
from simkit.runner.demo import UniformJob

def peak(trials):
    tracemalloc.start()
    run(UniformJob(), trials, chunk_size=1 << 14, threads=1, quiet=True)
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top

peak(1 << 14)  # first-call allocations (imports, caches) out of the way
print(peak(10 * (1 << 14)), peak(1000 * (1 << 14)))
"""


def test_memory_does_not_grow_with_trials():
    """Results stream out of chunks: 100x the trials, the same peak of traced allocations.

    In a fresh process: tracemalloc counts every thread's allocations, and a cluster that
    another test keeps running in this one allocates as it pleases.
    """
    out = subprocess.run(
        [sys.executable, "-c", _PEAKS], env=ENV, capture_output=True, text=True, check=True, timeout=300
    ).stdout
    small, big = map(int, out.split())
    assert big < 1.1 * small + 256 * 1024, (small, big)


# --- checkpoints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CountingJob:
    """UniformJob that counts its calls in a file (so the count survives subprocesses)."""

    log: str
    name: str = "counting"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        with open(self.log, "a") as f:
            f.write(f"{seed.spawn_key[-1]}\n")
        return UniformJob().run_chunk(trials, seed)


def test_checkpoint_resumes_without_recomputing(tmp_path):
    log = str(tmp_path / "calls.txt")
    cp = tmp_path / "cp"
    job = CountingJob(log)
    full = run(job, 50_000, seed=2, chunk_size=5_000, checkpoint=cp, quiet=True)
    assert len(open(log).read().split()) == 10
    assert len(list(cp.glob("chunk-*.npz"))) == 10
    manifest = json.loads((cp / "manifest.json").read_text())
    assert manifest["seed"] == 2 and manifest["trials"] == 50_000 and manifest["chunk_size"] == 5_000
    again = run(job, 50_000, seed=2, chunk_size=5_000, checkpoint=cp, quiet=True)
    assert same(full, again) and len(open(log).read().split()) == 10  # nothing rerun
    for i in (0, 4, 9):  # as if the run had stopped before these chunks
        (cp / f"chunk-{i:06d}.npz").unlink()
    (cp / ".chunk-000004.npz.123.tmp").write_bytes(b"half a file")  # left by a killed write
    resumed = run(job, 50_000, seed=2, chunk_size=5_000, checkpoint=cp, quiet=True)
    assert same(full, resumed)
    assert sorted(map(int, open(log).read().split()[10:])) == [0, 4, 9]
    assert not list(cp.glob("*.tmp"))
    assert same(full, run(UniformJob(), 50_000, seed=2, chunk_size=5_000, quiet=True))


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seed": 3}, "was made with seed 2, not 3"),
        ({"trials": 40_000}, "was made with trials 50000, not 40000"),
        ({"chunk_size": 4_000}, "was made with chunk_size 5000, not 4000"),
        ({"job": UniformJob(p=0.9)}, 'was made with job "counting", not "uniform"'),
    ],
)
def test_checkpoint_of_another_run_is_refused(tmp_path, change, message):
    cp = tmp_path / "cp"
    args = {"job": CountingJob(str(tmp_path / "log")), "trials": 50_000, "seed": 2, "chunk_size": 5_000}
    run(**args, checkpoint=cp, quiet=True)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        run(**{**args, **change}, checkpoint=cp, quiet=True)


def test_checkpoint_with_other_params_is_refused(tmp_path):
    run(UniformJob(p=0.1), 1_000, checkpoint=tmp_path, quiet=True)
    with pytest.raises(ValueError, match=r"was made with params \{.*\"p\": 0.1.*\}, not \{.*\"p\": 0.2"):
        run(UniformJob(p=0.2), 1_000, checkpoint=tmp_path, quiet=True)


def test_ctrl_c_while_a_chunk_is_written_waits_for_the_file(tmp_path, monkeypatch):
    from simkit.runner import checkpoint as cp_mod

    cp = cp_mod.Checkpoint.open(tmp_path / "cp", {"job": "x"})
    real_savez = np.savez

    def savez_hit_by_ctrl_c(f, **arrays):
        os.kill(os.getpid(), signal.SIGINT)  # arrives while the archive is being written
        time.sleep(0.01)
        real_savez(f, **arrays)

    monkeypatch.setattr(cp_mod.np, "savez", savez_hit_by_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        cp.save(3, {"n": np.arange(4)})
    monkeypatch.undo()
    assert cp.done() == [3] and (cp.load(3)["n"] == np.arange(4)).all()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_checkpoint_refuses_chunks_without_manifest_and_files(tmp_path):
    (tmp_path / "chunk-000000.npz").write_bytes(b"")
    with pytest.raises(ValueError, match="holds chunk files but no manifest"):
        run(UniformJob(), 1_000, checkpoint=tmp_path, quiet=True)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="is not a directory"):
        run(UniformJob(), 1_000, checkpoint=tmp_path / "file", quiet=True)


_INTERRUPTED = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if this test runs with it ignored
from simkit.runner import run
from simkit.runner.demo import UniformJob
t = run(UniformJob(p=0.3, pause=0.25), 12_000, seed=7, chunk_size=1_000, threads=2,
        checkpoint=sys.argv[1], quiet=True)
print("finished")
"""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_interrupted_run_resumes_to_the_same_numbers(tmp_path, sig):
    cp = tmp_path / "cp"
    proc = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTED, str(cp)],
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    while not list(cp.glob("chunk-*.npz")) and time.time() < deadline:
        time.sleep(0.05)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode != 0 and "finished" not in out
    if sig == signal.SIGINT:
        assert "KeyboardInterrupt" in err
    done = len(list(cp.glob("chunk-*.npz")))
    assert 1 <= done < 12
    job = UniformJob(p=0.3, pause=0.0)
    # the pause is part of the parameters: the checkpoint refuses a different job ...
    with pytest.raises(ValueError, match="was made with params"):
        run(job, 12_000, seed=7, chunk_size=1_000, checkpoint=cp, quiet=True)
    # ... and the same command finishes it, with the numbers of an uninterrupted run
    resumed = run(UniformJob(p=0.3, pause=0.25), 12_000, seed=7, chunk_size=1_000, checkpoint=cp, quiet=True)
    assert len(list(cp.glob("chunk-*.npz"))) == 12
    assert same(resumed, run(job, 12_000, seed=7, chunk_size=1_000, quiet=True))


# --- progress -------------------------------------------------------------------------------------


def test_progress_bar_shows_rate_and_eta_unless_quiet(capsys, monkeypatch):
    monkeypatch.setattr(progress_mod, "DELAY", 0.0)
    run(UniformJob(), 20_000, chunk_size=5_000, threads=1)
    err = capsys.readouterr().err
    assert "uniform" in err and "trials/s" in err and "20.0k/20.0k" in err and "<00:00" in err
    run(UniformJob(), 20_000, chunk_size=5_000, threads=1, quiet=True)
    assert capsys.readouterr().err == ""


def test_short_jobs_stay_silent(capsys):
    assert progress_mod.DELAY == pytest.approx(2.0)
    run(UniformJob(), 20_000, chunk_size=5_000)
    assert capsys.readouterr().err == ""


# --- bad input --------------------------------------------------------------------------------


def test_bad_arguments_name_the_bad_value():
    with pytest.raises(ValueError, match="trials must be a positive integer, got -5"):
        run(UniformJob(), -5)
    with pytest.raises(ValueError, match="seed must be a non-negative integer, got 'x'"):
        run(UniformJob(), 5, seed="x")
    with pytest.raises(ValueError, match="threads must be a positive integer, got 0"):
        run(UniformJob(), 5, threads=0)
    with pytest.raises(ValueError, match="workers must be a positive integer, got 0"):
        run(UniformJob(), 5, workers=0)
    with pytest.raises(ValueError, match="is not a Monte Carlo job: it has no 'name'"):
        run(object(), 5)


@dataclass(frozen=True)
class BadJob:
    result: str
    name: str = "bad"

    def params(self):
        return {}

    def run_chunk(self, trials, seed):
        return {"x": np.array([self.result])}


def test_non_summable_results_are_refused():
    with pytest.raises(ValueError, match="result 'x' has non-summable dtype"):
        run(BadJob("a"), 5, quiet=True)


def test_map_threads_runs_side_by_side_and_gives_the_loop_s_results():
    from simkit.runner import map_threads
    from simkit.runner.demo import UniformJob

    def totals(seed):
        return run(UniformJob(p=0.3), 20_000, seed=seed, chunk_size=4096, quiet=True)

    loop = [totals(s) for s in range(5)]
    side = map_threads(totals, range(5), threads=2)
    assert all((a[k] == b[k]).all() for a, b in zip(loop, side, strict=True) for k in a)
    both = threading.Barrier(2, timeout=30)  # passes only if two calls run at once
    assert map_threads(lambda x: both.wait() >= 0 and x, [1, 2], threads=2) == [1, 2]
    with pytest.raises(ValueError, match="threads must be a positive integer"):
        map_threads(str, [1], threads=0)


@dataclass(frozen=True)
class MixedDtypeJob:
    """Chunk 0 returns integer counts, later chunks floats: the totals widen as numpy adds."""

    name: str = "mixed_dtype"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        first = seed.spawn_key[-1] == 0
        value = np.full(3, trials, dtype=np.int64) if first else np.full(3, trials / 4)
        return {"x": value, "m": np.array([trials]), "max_y": value.copy()}


def test_totals_are_added_in_place_and_widen_like_numpy():
    """Merging adds into the totals (no new array per chunk) and still widens an integer
    total that meets a float chunk, as ``a + b`` would."""
    t = run(MixedDtypeJob(), 3_000, seed=1, chunk_size=1_000, threads=1, quiet=True)
    assert t["x"].dtype == np.float64 and t["x"].tolist() == [1_500.0] * 3
    assert t["m"].dtype == np.int64 and t["m"][0] == 3_000
    assert t["max_y"].dtype == np.float64 and t["max_y"].tolist() == [1_000.0] * 3
