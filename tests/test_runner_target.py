"""Precision on demand (issue 16, item 4): ``run(..., target_se=X)`` adds chunks until the
job's worst SE is at most X, decided on merged prefixes of chunks only, so that a seed and a
target give the same numbers on one thread, two threads and a dask LocalCluster."""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass

import numpy as np
import pytest

from simkit.runner import chunk_seed, cluster, defaults, run
from simkit.runner import progress as progress_mod
from simkit.runner.demo import UniformJob

JOB = UniformJob(p=0.3)
CHUNK = 2_000
TARGET = 0.004


def same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.asarray(a[k]).tobytes() == np.asarray(b[k]).tobytes() for k in a)


@dataclass(frozen=True)
class Jittery:
    """``job`` with chunks that finish in a scrambled order (a pause that depends on the seed)."""

    job: UniformJob
    name: str = "jittery"

    def params(self) -> dict:
        return self.job.params()

    def run_chunk(self, trials, seed):
        time.sleep(0.002 * int(seed.generate_state(1)[0] % 5))
        return self.job.run_chunk(trials, seed)

    def worst_se(self, totals) -> float:
        return self.job.worst_se(totals)


def first_boundary(job, seed: int, target: float) -> int:
    """The number of chunks of the first merged prefix whose worst SE is at most ``target``,
    counted chunk by chunk outside the runner."""
    total: dict | None = None
    for k in range(1, 10_000):
        r = {key: np.asarray(v) for key, v in job.run_chunk(CHUNK, chunk_seed(seed, k - 1)).items()}
        total = r if total is None else {key: total[key] + r[key] for key in total}
        if job.worst_se({**total, "trials": np.int64(k * CHUNK)}) <= target:
            return k
    raise AssertionError("the target was never met")


def test_stops_at_the_first_chunk_boundary_that_meets_the_target():
    k = first_boundary(JOB, 7, TARGET)
    assert k > 2  # the target takes several chunks
    t = run(JOB, 1, seed=7, chunk_size=CHUNK, target_se=TARGET, threads=2, quiet=True)
    assert int(t["trials"]) == k * CHUNK
    assert JOB.worst_se(t) <= TARGET
    fixed = run(JOB, k * CHUNK, seed=7, chunk_size=CHUNK, quiet=True)
    assert same(t, fixed)  # the same chunks as a fixed run of that length
    shorter = run(JOB, (k - 1) * CHUNK, seed=7, chunk_size=CHUNK, quiet=True)
    assert JOB.worst_se(shorter) > TARGET  # one chunk fewer misses it


def test_same_numbers_on_one_thread_two_threads_and_a_local_cluster():
    pytest.importorskip("distributed")
    one = run(Jittery(JOB), 1, seed=11, chunk_size=CHUNK, target_se=TARGET, threads=1, quiet=True)
    two = run(Jittery(JOB), 1, seed=11, chunk_size=CHUNK, target_se=TARGET, threads=2, quiet=True)
    with cluster(workers=2):
        dask = run(Jittery(JOB), 1, seed=11, chunk_size=CHUNK, target_se=TARGET, workers=2, quiet=True)
    assert same(one, two) and same(one, dask)
    assert int(one["trials"]) == first_boundary(JOB, 11, TARGET) * CHUNK


def test_max_trials_caps_the_run_with_a_warning():
    with pytest.warns(RuntimeWarning, match="still above the target 0.0001 after max_trials=5000"):
        t = run(JOB, 1, seed=1, chunk_size=CHUNK, target_se=1e-4, max_trials=5_000, quiet=True)
    assert int(t["trials"]) == 5_000
    assert same(t, run(JOB, 5_000, seed=1, chunk_size=CHUNK, quiet=True))


def test_checkpoint_keeps_chunks_beyond_the_stop_and_resumes_to_the_same_numbers(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loose = run(JOB, 1, seed=3, chunk_size=CHUNK, target_se=0.01, checkpoint=tmp_path, quiet=True)
        tight = run(JOB, 1, seed=3, chunk_size=CHUNK, target_se=TARGET, checkpoint=tmp_path, quiet=True)
    assert same(loose, run(JOB, 1, seed=3, chunk_size=CHUNK, target_se=0.01, quiet=True))
    assert same(tight, run(JOB, 1, seed=3, chunk_size=CHUNK, target_se=TARGET, quiet=True))


def test_defaults_block_sets_the_target_for_functions_that_cannot_pass_it():
    with defaults(target_se=TARGET):
        t = run(JOB, 10**6, seed=7, chunk_size=CHUNK, quiet=True)
    assert same(t, run(JOB, 1, seed=7, chunk_size=CHUNK, target_se=TARGET, quiet=True))
    assert int(run(JOB, 4_000, seed=7, chunk_size=CHUNK, quiet=True)["trials"]) == 4_000  # block over


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"target_se": 0}, "target_se must be a positive finite number, got 0"),
        ({"target_se": -0.01}, "target_se must be a positive finite number, got -0.01"),
        ({"target_se": float("nan")}, "target_se must be a positive finite number, got nan"),
        ({"target_se": float("inf")}, "target_se must be a positive finite number, got inf"),
        ({"target_se": "0.1"}, "target_se must be a positive finite number, got '0.1'"),
        (
            {"target_se": 0.01, "max_trials": 1_999},
            r"max_trials must be at least one chunk \(2000 trials\), got 1999",
        ),
        ({"target_se": 0.01, "max_trials": 0}, "max_trials must be at least one chunk .* got 0"),
        ({"max_trials": 10_000}, "max_trials goes with a target_se .* got max_trials=10000"),
    ],
)
def test_bad_targets_are_refused_naming_the_value(kw, message):
    with pytest.raises(ValueError, match=message):
        run(JOB, 10, chunk_size=CHUNK, quiet=True, **kw)


@dataclass(frozen=True)
class NoSE:
    name: str = "no_se"

    def params(self) -> dict:
        return {}

    def run_chunk(self, trials, seed):
        return {"n": np.int64(trials)}


def test_a_job_without_worst_se_cannot_run_to_a_target():
    with pytest.raises(ValueError, match="job 'no_se' cannot work out the standard errors"):
        run(NoSE(), 10, target_se=0.1)


def test_progress_bar_shows_the_worst_se_against_the_target(capsys, monkeypatch):
    monkeypatch.setattr(progress_mod, "DELAY", 0.0)
    run(JOB, 1, seed=7, chunk_size=CHUNK, target_se=TARGET, threads=1)
    err = capsys.readouterr().err
    assert "worst SE" in err and f"<= target {TARGET:.3g}" in err, err
