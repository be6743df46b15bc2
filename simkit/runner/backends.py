"""Where chunks run: a thread pool on this machine's cores, or a dask.distributed cluster.

Both expose the same things to the engine: ``submit(fn, *args) -> future``,
``result(future)`` (what the task returned), ``wait_first(futures) -> finished futures``,
``slots`` (how many tasks run at once), ``depth`` (tasks kept in flight per slot, enough to
hide the backend's latency) and ``chunks_per_task(unsent)`` (how many consecutive chunks the
next task runs while ``unsent`` chunks are left to send).

- :class:`ThreadBackend`, the embedded default: no server, one thread per core over kernels
  that release the GIL (``@njit(nogil=True)``).
- :class:`DaskBackend`: a running scheduler (``scheduler="tcp://HOST:PORT"``) or a
  ``LocalCluster`` of ``workers`` processes with one thread each and ``NUMBA_NUM_THREADS=1``.
  Inside :func:`cluster` the same client serves every job, so a cluster starts once.  A task's
  results travel back as one pickled message, each large result array that is mostly zeros as
  its nonzero entries (:func:`pack_results`); the engine adds such an integer array into its
  total entry by entry (:func:`add_packed`), the same sum bit for bit.

Examples
--------
>>> with ThreadBackend(2) as b:
...     f = b.submit(sum, [1, 2])
...     [g.result() for g in b.wait_first([f])]
[3]
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import logging
import os
import pickle
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..checks import positive_int
from ..jit import njit

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "DaskBackend",
    "ThreadBackend",
    "cluster",
    "add_packed",
    "cpu_count",
    "pack_results",
    "unpack",
    "unpack_results",
]


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class ThreadBackend:
    """Chunks on a pool of ``threads`` threads (default: every core)."""

    def __init__(self, threads: int | None = None) -> None:
        self.slots = positive_int(threads, "threads") if threads is not None else cpu_count()
        self.depth = 2
        self._pool: cf.ThreadPoolExecutor | None = None

    def __enter__(self) -> ThreadBackend:
        self._pool = cf.ThreadPoolExecutor(self.slots, thread_name_prefix="simkit-chunk")
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        # On an error or Ctrl-C, drop the queued chunks; running ones end with their kernel.
        assert self._pool is not None, "use ThreadBackend in a with block"
        self._pool.shutdown(wait=exc_type is None, cancel_futures=True)

    def submit(self, fn, *args) -> cf.Future:
        assert self._pool is not None, "use ThreadBackend in a with block"
        return self._pool.submit(fn, *args)

    @staticmethod
    def result(future: cf.Future):
        """What the task returned."""
        return future.result()

    @staticmethod
    def chunks_per_task(unsent: int) -> int:
        """One: a thread takes its next chunk in microseconds."""
        return 1

    @staticmethod
    def wait_first(futures) -> set:
        return cf.wait(futures, return_when=cf.FIRST_COMPLETED).done


#: A result array of at least this many bytes travels from a worker as its nonzero entries
#: when that is less than half its bytes (an evening's chip bands: megabytes, mostly zeros).
SPARSE_BYTES = 1 << 16


class _Sparse(NamedTuple):
    """An array as the positions and values of its entries whose bits are not all zero."""

    shape: tuple
    dtype: str
    where: np.ndarray
    values: np.ndarray

    def dense(self) -> np.ndarray:
        out = np.zeros(self.shape, dtype=self.dtype)
        out.reshape(-1)[self.where] = self.values
        return out


@njit(cache=True)
def _nonzero(bits):
    """The positions of the nonzero entries of ``bits`` (``numpy.flatnonzero`` in one pass
    to count and one to fill: 2.5x faster on an evening's chip bands)."""
    n = 0
    for b in bits:
        n += b != 0
    where = np.empty(n, dtype=np.int64)
    k = 0
    for i in range(bits.size):
        if bits[i] != 0:
            where[k] = i
            k += 1
    return where


def _pack(a):
    if not isinstance(a, np.ndarray) or a.nbytes < SPARSE_BYTES or a.dtype.itemsize != 8:
        return a
    flat = a.reshape(-1)
    where = _nonzero(flat.view(np.int64))  # by bits: a -0.0 or a NaN is kept as it is
    if 2 * where.size >= flat.size:  # positions and values would be as large as the array
        return a
    return _Sparse(a.shape, a.dtype.str, where, flat[where])


def pack_results(results):
    """Chunk results (a list of dicts of arrays) with every large, mostly zero array as its
    nonzero entries, for the trip from a worker; :func:`unpack_results` restores them bit
    for bit.  Anything else passes unchanged.

    >>> r = [{"hist": np.eye(100, dtype=np.int64), "n": np.array([3])}]
    >>> packed = pack_results(r)
    >>> type(packed[0]["hist"]).__name__, len(packed[0]["hist"].where)
    ('_Sparse', 100)
    >>> back = unpack_results(packed)
    >>> back[0]["hist"].tobytes() == r[0]["hist"].tobytes(), back[0]["n"] is r[0]["n"]
    (True, True)
    """
    return _each_value(results, _pack)


def unpack_results(results):
    """The chunk results that :func:`pack_results` packed."""
    return _each_value(results, unpack)


def unpack(value):
    """One result array that :func:`pack_results` may have packed, as an array."""
    return value.dense() if isinstance(value, _Sparse) else value


def _each_value(results, f):
    """``f`` applied to every value of a list of dicts; anything else unchanged."""
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        return results
    return [{k: f(v) for k, v in r.items()} for r in results]


def add_packed(total: np.ndarray, value) -> None:
    """Add a chunk's result ``value`` (an array, or one that :func:`pack_results` packed) into
    ``total`` in place: the same sum, bit for bit, as adding the dense array.

    An integer array is added entry by entry at its nonzero positions (integer addition is
    exact, and the other entries add zero); a float one is restored first (adding zero turns
    a total's -0.0 into +0.0).

    >>> total = np.array([[1, 2], [3, 4]])
    >>> add_packed(total, pack_results([{"a": np.eye(2, dtype=np.int64)}])[0]["a"])
    >>> total.tolist()
    [[2, 2], [3, 5]]
    """
    if isinstance(value, _Sparse) and value.values.dtype == total.dtype and total.dtype.kind in "iu":
        total.reshape(-1)[value.where] += value.values  # each position once: no np.add.at needed
    else:
        np.add(total, value.dense() if isinstance(value, _Sparse) else value, out=total)


def _packed(fn, *args) -> bytes:
    """A dask task: ``fn(*args)`` with its chunk results packed, pickled into one message.

    Dask would send every array of every chunk as a message part of its own: for a task of
    eight evening chunks, 200 arrays, some 8 ms of a worker's time and 2 ms of the client's
    against 1 ms for one pickle.
    """
    return pickle.dumps(pack_results(fn(*args)), protocol=pickle.HIGHEST_PROTOCOL)


_CLIENTS: dict[tuple, Client] = {}

#: Dask settings for the LocalCluster that :func:`cluster` starts.  Its scheduler, nannies and
#: workers share this machine's cores with the chunks, and at dask's defaults (a 20 ms event-loop
#: tick, a 10 ms stack profiler, a 0.5 s system monitor, all for the dashboard) they burn about
#: 15 % of a core while idle; at these, about 4 %.
_QUIET_LOCAL_CLUSTER = {
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.profile.enabled": False,
}


def _as_env(config: dict) -> dict[str, str]:
    """Dask settings as the environment variables a worker process reads at start-up."""
    return {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
        for key, value in config.items()
    }


def _check_workers(workers) -> int:
    return positive_int(workers, "workers")


@contextlib.contextmanager
def cluster(
    workers: int | None = None, scheduler: str | None = None, *, share: bool = True
) -> Iterator[Client | None]:
    """Connect to ``scheduler`` or start a LocalCluster of ``workers`` processes, for a block.

    Every :func:`simkit.runner.run` with the same ``workers`` and ``scheduler`` inside the
    block, in any thread, uses this client instead of starting its own.  Yields ``None`` when
    both are ``None`` (the embedded default needs no cluster).  ``share=False`` (a run outside
    such a block) uses the shared client if there is one, else starts one that no other run
    sees, so runs side by side never close each other's cluster.

    >>> with cluster() as client:
    ...     client is None
    True
    >>> with cluster(workers=0):
    ...     pass
    Traceback (most recent call last):
    ...
    ValueError: workers must be a positive integer, got 0
    """
    if workers is None and scheduler is None:
        yield None
        return
    key = (workers, scheduler)
    if key in _CLIENTS:
        yield _CLIENTS[key]
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - dask is an optional extra
        raise ValueError(
            "--workers and --scheduler need dask.distributed: pip install 'simkit[dask]'"
        ) from exc
    with contextlib.ExitStack() as stack:
        if scheduler is not None:
            if not isinstance(scheduler, str) or "://" not in scheduler:
                raise ValueError(f"scheduler must be an address like tcp://HOST:PORT, got {scheduler!r}")
            try:
                client = stack.enter_context(Client(scheduler, timeout="10s"))
            except (OSError, TimeoutError) as exc:
                raise ValueError(f"cannot reach the scheduler {scheduler!r}: {exc}") from exc
        else:
            import dask

            _check_workers(workers)
            stack.enter_context(dask.config.set(_QUIET_LOCAL_CLUSTER))
            local = stack.enter_context(
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: 8787 may be taken
                    scheduler_kwargs={"dashboard": False},
                    silence_logs=logging.ERROR,
                    env={"NUMBA_NUM_THREADS": "1", **_as_env(_QUIET_LOCAL_CLUSTER)},
                )
            )
            client = stack.enter_context(Client(local))
        if not share:
            yield client
            return
        _CLIENTS[key] = client
        try:
            yield client
        finally:
            del _CLIENTS[key]


class DaskBackend:
    """Chunks as tasks on a dask.distributed cluster (see :func:`cluster`)."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None) -> None:
        self._key = (workers, scheduler)
        self._stack = contextlib.ExitStack()
        self.slots = 1
        self.depth = 4  # a task's round trip to a worker takes milliseconds

    def __enter__(self) -> DaskBackend:
        client = self._stack.enter_context(cluster(*self._key, share=False))
        assert client is not None, "DaskBackend needs workers or a scheduler"
        self._client = client
        threads = self._client.nthreads()
        self.slots = max(1, sum(threads.values()))
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self._stack.close()

    def submit(self, fn, *args):
        """Run ``fn(*args)`` on a worker; its chunk results travel packed (:func:`pack_results`)."""
        return self._client.submit(_packed, fn, *args, pure=False)

    @staticmethod
    def result(future):
        """What the task returned, its large mostly zero arrays still packed (the engine adds
        them with :func:`add_packed`)."""
        return pickle.loads(future.result())

    #: Most chunks one task runs.  A task costs the scheduler and the comms a few milliseconds
    #: of CPU, measured about 5 ms on a LocalCluster, against some 30 ms of a typical chunk.
    MAX_CHUNKS_PER_TASK = 8

    def chunks_per_task(self, unsent: int) -> int:
        """Consecutive chunks for the next task while ``unsent`` chunks are left to send.

        Guided scheduling: a task takes a ``depth``-th of each slot's share of what is left, at
        most :attr:`MAX_CHUNKS_PER_TASK`, so tasks shrink to single chunks near the end and the
        workers finish together.

        >>> b = DaskBackend(workers=2); b.slots = 2
        >>> [b.chunks_per_task(n) for n in (1, 15, 16, 40, 64, 1000)]
        [1, 1, 2, 5, 8, 8]
        """
        return max(1, min(self.MAX_CHUNKS_PER_TASK, unsent // (self.depth * self.slots)))

    @staticmethod
    def wait_first(futures) -> set:
        from distributed import wait

        return wait(list(futures), return_when="FIRST_COMPLETED").done
