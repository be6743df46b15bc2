"""What every simkit command shares: one-line usage errors, table output, Monte Carlo options.

- :class:`Parser` prints a bad option or value as one line ``simkit: error: ...`` and exits
  with status 2, never a traceback.
- :func:`add_table_options` gives a command ``--format table|csv|json`` and ``--out FILE``;
  :func:`emit` writes a DataFrame or dict in that format.
- :func:`add_exact_option` gives a command that counts where it can ``--exact
  auto|always|never``; :func:`exact_mode` turns it into the ``exact`` argument of the library
  (``"auto"``, ``True``, ``False``).
- :func:`add_mc_options` gives a Monte Carlo command ``--trials --seed --workers --threads
  --scheduler --checkpoint --chunk-size --quiet --target-se --max-trials``;
  :func:`run_options` turns them into the keyword arguments of :func:`simkit.runner.run`
  (``--target-se`` and ``--max-trials`` go to every run of the command through
  :func:`target_options` and :func:`simkit.runner.defaults`, so that functions which do not
  take them on, such as :func:`simkit.evenings.evening`, still run to the target).

Examples
--------
>>> p = Parser(prog="simkit demo")
>>> add_table_options(p)
>>> add_mc_options(p, trials=1000)
>>> args = p.parse_args(["--trials", "1e4", "--format", "csv"])
>>> args.trials, args.format, run_options(args)["seed"]
(10000, 'csv', 0)
>>> count("3_000")
3000
>>> count("many")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 'many' is not a positive whole number
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import numpy as np

from ..checks import INT_LIMIT

if TYPE_CHECKING:  # pandas is loaded where a table is written, not when a command starts
    import pandas as pd


__all__ = [
    "COMMAND_HELP",
    "Parser",
    "UsageError",
    "add_mc_options",
    "add_table_options",
    "chips",
    "count",
    "emit",
    "int_in_range",
    "run_options",
    "target_options",
    "whole_number",
]


#: Each command's line in ``simkit --help``: the modules that register the commands give it, and
#: :func:`simkit.cli.main.build_parser` lists every command by it without importing them.
COMMAND_HELP: dict[str, str] = {
    "enumerate": "exact category counts of every hand of a family",
    "eval": "strength, category and description of one hand",
    "sample": "category frequencies of random hands, with standard errors",
    "report": "run every analysis and write results/ (CSV tables, PNG plots, REPORT.md)",
    "evening": "whole evenings to the game's end rule: who wins the night, how long, chips to bring",
    "diablo": "Diablo: deuces wild, draw up to two, the opener must win",
    "triple-draw": "2-7 Triple Draw: draw odds, equity, strategy matches",
    "razz": "Razz (seven-card stud low) and its variants",
    "in-between": "In-Between (Acey-Deucey): odds, stakes, dealer's game",
}


class UsageError(ValueError):
    """A bad value given on the command line: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str):
        fail(message)


def fail(message: str | Exception, status: int = 2) -> NoReturn:
    """Print ``simkit: error: message`` (one line) and exit with ``status``."""
    text = " ".join(str(message).split())
    print(f"simkit: error: {text}", file=sys.stderr)
    sys.exit(status)


def whole_number(text: str) -> int | None:
    """``text`` as a whole number, or ``None`` if it is not one.

    Digits with an optional sign and ``_`` separators, ``1e6`` or ``10**6``; ASCII only (no
    ``٣``), no fractions, no ``nan`` or ``inf``.

    >>> [whole_number(t) for t in ("-12", "1_000", "2e3", "10**3", "1.5", "nan", "٣", "")]
    [-12, 1000, 2000, 1000, None, None, None, None]
    """
    s = text.strip().replace("_", "")
    if not s.isascii():
        return None
    if re.fullmatch(r"[+-]?[0-9]+", s):
        return int(s)
    if m := re.fullmatch(r"([+-]?[0-9]+)\*\*([0-9]+)", s):
        base, exp = int(m[1]), int(m[2])
        if abs(base) > 1 and exp > 512:  # far beyond any limit: not worth computing
            return (-1 if base < 0 and exp % 2 else 1) * 2**512
        return base**exp
    try:
        f = float(s)
    except ValueError:
        return None
    return int(f) if math.isfinite(f) and f.is_integer() else None


def _limit(n: int) -> str:
    """A bound as a user reads it: ``2**53`` for :data:`~simkit.checks.INT_LIMIT`."""
    return {INT_LIMIT: "2**53", -INT_LIMIT: "-2**53"}.get(n, str(n))


def count(text: str) -> int:
    """A positive whole number up to 2**53: ``1000000``, ``1_000_000``, ``1e6`` or ``10**6``.

    >>> count("1e100")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1e100' is too large: at most 2**53
    """
    value = whole_number(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    if value > INT_LIMIT:
        raise argparse.ArgumentTypeError(f"{text!r} is too large: at most {_limit(INT_LIMIT)}")
    return value


def int_in_range(lo: int, hi: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number in ``lo..hi`` (e.g. a player count).

    >>> int_in_range(2, 8, "player count")("9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: player count must be 2..8, got '9'
    """

    def parse(text: str) -> int:
        value = whole_number(text)
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{what} must be {_limit(lo)}..{_limit(hi)}, got {text!r}")
        return value

    parse.__name__ = what
    return parse


def chips(what: str, least: int = 0) -> Callable[[str], int]:
    """An argparse type for an amount of chips (a stack, an ante, a bet, a cap): a whole
    number from ``least`` up to 2**53, what the engines' int64 arithmetic holds at any table.

    >>> chips("--ante")("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --ante must be 0..2**53, got '-1'
    >>> chips("--stacks", 1)("9223372036854775808")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --stacks must be 1..2**53, got '9223372036854775808'
    """
    return int_in_range(least, INT_LIMIT, what)


def _seed(text: str) -> int:
    value = whole_number(text)
    if value is None or value < 0:
        raise argparse.ArgumentTypeError(f"seed must be a non-negative integer, got {text!r}")
    return value


def _target_se(text: str) -> float:
    """``--target-se X``: a positive finite standard error.

    >>> _target_se("1e-3"), _target_se("0.01")
    (0.001, 0.01)
    >>> _target_se("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: target SE must be a positive finite number, got 'nan'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"target SE must be a positive finite number, got {text!r}")
    return value


def _scheduler(text: str) -> str:
    if "://" not in text:
        raise argparse.ArgumentTypeError(f"scheduler must be an address like tcp://HOST:PORT, got {text!r}")
    return text


def _writable_folder(folder: Path) -> bool:
    """Whether files can be made in ``folder``, or in the folders that would be made for it.

    The deepest folder that exists is probed by making (and removing) an empty folder in it:
    permissions alone do not tell, e.g. root may "write" ``/proc`` but make nothing there.

    >>> _writable_folder(Path("/proc/x/y")), _writable_folder(Path(tempfile.gettempdir()) / "a" / "b")
    (False, True)
    """
    while not folder.exists():
        if folder.parent == folder:
            return False
        folder = folder.parent
    if not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
        return False
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".simkit-probe-", dir=folder))
    except OSError:
        return False
    return True


def out_file(text: str) -> str:
    """``--out FILE``: refused before any work when FILE cannot be written.

    >>> out_file("/")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '/' is a folder, not a file
    """
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: there is no folder {str(path.parent)!r}")
    if not os.access(path.parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be written")
    return text


def out_folder(text: str) -> str:
    """``--out DIR`` and ``--checkpoint DIR``: refused before any work when DIR is a file or
    cannot be written.

    >>> out_folder("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '' is not a folder name
    """
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a folder name")
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    if not _writable_folder(path) or (path.exists() and not os.access(path, os.W_OK | os.X_OK)):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be written")
    return text


def add_table_options(p: argparse.ArgumentParser) -> None:
    """``--format table|csv|json`` and ``--out FILE``."""
    p.add_argument(
        "--format", choices=("table", "csv", "json"), default="table", help="output format (default: table)"
    )
    p.add_argument("--out", metavar="FILE", type=out_file, help="write the output to FILE instead of stdout")


#: ``--exact`` as the library's ``exact``: count where it is quick, always (however long), never.
EXACT_MODES: dict[str, bool | str] = {"auto": "auto", "always": True, "never": False}


def add_exact_option(p: argparse.ArgumentParser, help: str) -> None:
    """``--exact auto|always|never`` (default ``auto``): whether to count every outcome."""
    p.add_argument("--exact", choices=tuple(EXACT_MODES), default="auto", help=help)


def exact_mode(args: argparse.Namespace) -> bool | str:
    """The library's ``exact`` for ``--exact``.

    >>> p = Parser(prog="simkit demo")
    >>> add_exact_option(p, "count every outcome")
    >>> [exact_mode(p.parse_args(a)) for a in ([], ["--exact", "always"], ["--exact", "never"])]
    ['auto', True, False]
    """
    return EXACT_MODES[args.exact]


def add_mc_options(
    p: argparse.ArgumentParser, *, trials: int | None, trials_help: str = "", trials_flag: str = "--trials"
) -> None:
    """The options of every Monte Carlo command; ``trials`` is the default trial count (``None``
    with a ``trials_help`` that says what no ``--trials`` means); ``trials_flag`` names the
    trials in the command's own words (``--evenings``; ``--trials`` stays an alias)."""
    g = p.add_argument_group("Monte Carlo options")
    g.add_argument(
        *dict.fromkeys((trials_flag, "--trials")),
        dest="trials",
        type=count,
        default=trials,
        metavar="N",
        help=trials_help or f"number of trials, e.g. 1e6 (default: {trials:,})",
    )
    g.add_argument(
        "--seed",
        type=_seed,
        default=0,
        metavar="S",
        help="random seed; the same seed gives the same numbers anywhere (default: 0)",
    )
    g.add_argument(
        "--workers", type=count, metavar="N", help="run on a dask LocalCluster of N single-threaded processes"
    )
    g.add_argument(
        "--scheduler", type=_scheduler, metavar="tcp://HOST:PORT", help="run on a running dask cluster"
    )
    g.add_argument(
        "--threads",
        type=count,
        metavar="N",
        help="threads of the embedded default runner (default: every core)",
    )
    g.add_argument(
        "--checkpoint",
        type=out_folder,
        metavar="DIR",
        help="save finished chunks in DIR; the same command again resumes from them",
    )
    g.add_argument(
        "--chunk-size",
        type=count,
        metavar="N",
        help="trials per chunk (default: the job's; part of what the seed means)",
    )
    g.add_argument("--quiet", action="store_true", help="no progress bar")
    g.add_argument(
        "--target-se",
        type=_target_se,
        metavar="X",
        help="play chunks until every estimate's standard error is at most X, instead of --trials",
    )
    g.add_argument(
        "--max-trials",
        type=count,
        metavar="N",
        help="with --target-se: stop after N trials even if the target is not met (default: 1e9)",
    )


def run_options(args: argparse.Namespace) -> dict:
    """The keyword arguments of :func:`simkit.runner.run` from the Monte Carlo options."""
    if args.threads is not None and (args.workers is not None or args.scheduler is not None):
        raise UsageError("--threads is for the embedded runner; it cannot go with --workers or --scheduler")
    if args.workers is not None and args.scheduler is not None:
        raise UsageError("give --workers (a new local cluster) or --scheduler (a running one), not both")
    target_options(args)
    return {
        "seed": args.seed,
        "chunk_size": args.chunk_size,
        "workers": args.workers,
        "scheduler": args.scheduler,
        "checkpoint": args.checkpoint,
        "quiet": args.quiet,
        "threads": args.threads,
    }


@contextlib.contextmanager
def several_jobs(args: argparse.Namespace) -> Iterator[dict]:
    """:func:`run_options` for a command that runs several jobs: ``--checkpoint DIR`` holds one
    subdirectory per job (the runner's ``defaults(checkpoint_root=DIR)``), so each resumes."""
    from simkit.runner import defaults

    opts = run_options(args)
    root = opts.pop("checkpoint")
    if root is None:
        yield opts
        return
    with defaults(threads=opts.get("threads"), checkpoint_root=root):
        yield opts


def target_options(args: argparse.Namespace) -> dict:
    """``target_se`` and ``max_trials`` of :func:`simkit.runner.defaults` from ``--target-se``
    and ``--max-trials`` (empty without ``--target-se``); ``--max-trials`` alone, or
    ``--trials`` beside ``--target-se`` (the target decides the trials), is refused.

    >>> p = Parser(prog="simkit demo")
    >>> add_mc_options(p, trials=1000)
    >>> target_options(p.parse_args(["--target-se", "0.01"]))
    {'target_se': 0.01, 'max_trials': None}
    >>> target_options(p.parse_args(["--max-trials", "1e6"]))
    Traceback (most recent call last):
    ...
    simkit.cli.common.UsageError: --max-trials goes with --target-se (it caps a run to a target), got 1000000
    """
    target, cap = getattr(args, "target_se", None), getattr(args, "max_trials", None)
    if target is None:
        if cap is not None:
            raise UsageError(f"--max-trials goes with --target-se (it caps a run to a target), got {cap}")
        return {}
    if "trials" in getattr(args, "typed", ()):
        flag = "--evenings" if getattr(args, "command", None) == "evening" else "--trials"
        raise UsageError(
            f"{flag} cannot go with --target-se: the target decides the trials (cap: --max-trials)"
        )
    return {"target_se": target, "max_trials": cap}


def strict_json(value):
    """``value`` made of JSON's own types: NumPy scalars and arrays as numbers and lists, NaN
    and infinities as ``None`` (JSON has no NaN), anything else as text.

    >>> strict_json({"p": np.float64("nan"), "n": np.int64(3), "x": [np.inf, 0.1]})
    {'p': None, 'n': 3, 'x': [None, 0.1]}
    """
    if isinstance(value, dict):
        return {str(k): strict_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [strict_json(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def render(obj: pd.DataFrame | dict | str, fmt: str) -> str:
    """``obj`` (a DataFrame, or a dict of one record) as text in format ``fmt``.

    JSON is strict (no NaN or Infinity: ``null``) and carries every digit of a float, as CSV
    does.

    >>> print(render({"category": "flush", "count": 5108}, "json"))
    {"category": "flush", "count": 5108}
    >>> import pandas as pd
    >>> print(render(pd.DataFrame({"p": [1 / 3, float("nan")]}), "json"))
    [
     {
      "p": 0.3333333333333333
     },
     {
      "p": null
     }
    ]
    >>> print(render(pd.DataFrame({"a": [1, 2]}), "csv"), end="")
    a
    1
    2
    """
    if isinstance(obj, str):  # text already laid out by the command
        return obj
    if isinstance(obj, dict):
        if fmt == "json":
            return json.dumps(strict_json(obj), allow_nan=False)
        if fmt == "table":
            width = max(len(str(k)) for k in obj)
            return "\n".join(f"{str(k):<{width}}  {v}" for k, v in obj.items())
        import pandas as pd

        obj = pd.DataFrame([obj])
    if fmt == "csv":
        buf = io.StringIO()
        obj.to_csv(buf, index=False)
        return buf.getvalue()
    if fmt == "json":
        return json.dumps(strict_json(obj.to_dict(orient="records")), indent=1, allow_nan=False)
    return obj.to_string(index=False)


def emit(obj: pd.DataFrame | dict | str, args: argparse.Namespace) -> None:
    """Write ``obj`` in ``args.format`` to ``args.out`` (or stdout).

    >>> emit({"strength": 7461}, argparse.Namespace(format="table", out=None))
    strength  7461
    """
    text = render(obj, args.format)
    if not text.endswith("\n"):
        text += "\n"
    if args.out:
        try:
            Path(args.out).write_text(text)
        except OSError as exc:
            raise UsageError(f"cannot write --out {args.out!r}: {exc.strerror}") from exc
    else:
        sys.stdout.write(text)
