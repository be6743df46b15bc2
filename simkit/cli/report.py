"""``simkit report``: every registered analysis at its default size, written to ``results/``."""

from __future__ import annotations

import argparse
import math
import sys

from ..analysis.registry import Context
from .common import COMMAND_HELP, UsageError, add_mc_options, out_folder, run_options

#: ``--trials N`` scales every analysis so that a job whose default is this many trials runs N.
REFERENCE_TRIALS = 1_000_000


def _scale(text: str) -> float:
    try:
        value = float(text) if text.isascii() else -1.0
    except ValueError:
        value = -1.0
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"scale must be a positive number, got {text!r}")
    return value


def register(sub) -> None:
    p = sub.add_parser(
        "report",
        help=COMMAND_HELP["report"],
        description="Run every registered analysis at its default size (a few minutes on two "
        "cores) and write results/*.csv, results/*.png, results/tips.csv and results/REPORT.md.",
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        default="results",
        type=out_folder,
        help="output directory (default: results); the previous report there is "
        "replaced only once the new one is complete",
    )
    p.add_argument("--scale", type=_scale, help="multiply every analysis's trial counts by X")
    p.add_argument("--only", nargs="+", metavar="NAME", help="run only these analyses")
    add_mc_options(
        p,
        trials=None,
        trials_help=f"scale every analysis so that a {REFERENCE_TRIALS:,}-trial default runs N trials",
    )
    p.set_defaults(func=_report, seed=Context.seed)


def _report(args) -> int:
    from .. import report
    from ..runner import defaults

    run_options(args)  # checks that the runner options go together
    if args.scale is not None and args.trials is not None:
        raise UsageError("give --scale or --trials, not both")
    if args.chunk_size is not None:
        raise UsageError("--chunk-size is chosen by each analysis in a report")
    if args.target_se is not None:
        raise UsageError("--target-se: each analysis in a report sets its own trials (use --scale)")
    scale = args.scale or (args.trials / REFERENCE_TRIALS if args.trials else 1.0)
    ctx = Context(
        scale=scale, seed=args.seed, workers=args.workers, scheduler=args.scheduler, quiet=args.quiet
    )
    with defaults(threads=args.threads, checkpoint_root=args.checkpoint):
        # a fresh machine compiles on the second core meanwhile, unless one thread was asked for
        ahead = args.threads is None or args.threads > 1
        manifest = report.generate(args.out, ctx=ctx, only=args.only, compile_ahead=ahead)
    print(f"simkit report: wrote {len(manifest['files']) + 1} files to {args.out}/", file=sys.stderr)
    return 0
