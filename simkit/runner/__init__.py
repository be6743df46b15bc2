"""The Monte Carlo runner: chunked, seeded, resumable jobs on threads or a dask cluster.

>>> from simkit.runner import run, stats
>>> from simkit.runner.demo import UniformJob
>>> t = run(UniformJob(p=0.3), 50_000, seed=2, chunk_size=10_000, quiet=True)
>>> p, se = stats.proportion(t["below"], t["trials"])
>>> abs(p - 0.3) < 4 * se
True
"""

from . import stats
from .backends import cluster, cpu_count
from .chunks import DEFAULT_CHUNK_SIZE, ChunkPlan, chunk_seed
from .engine import DEFAULT_MAX_TRIALS, check_target, defaults, run
from .job import Job, has_worst_se, is_job_name
from .parallel import map_threads
from .rows import chunk_results

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MAX_TRIALS",
    "ChunkPlan",
    "Job",
    "check_target",
    "chunk_results",
    "chunk_seed",
    "cluster",
    "cpu_count",
    "defaults",
    "has_worst_se",
    "is_job_name",
    "map_threads",
    "run",
    "stats",
]
