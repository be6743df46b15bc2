"""The ``simkit`` command: ``report``, ``enumerate``, ``eval``, ``sample`` and one group per game.

Every command module exposes ``register(subparsers)``, which adds its subcommands with
``set_defaults(func=handler)``; ``handler(args)`` does the work and returns an exit status (or
``None`` for 0).  The core modules are listed in :data:`CORE_COMMANDS`, and their commands in
:data:`COMMAND_MODULES`; each game's module ``simkit/cli/<game>.py`` adds its name to
:data:`GAME_COMMANDS`.  :func:`main` registers only the module of the command typed; with no
command (``simkit --help``, ``simkit --version``, a mistyped name) it lists every command by its
line in :data:`.common.COMMAND_HELP` and imports none of them, so those answer at once.

A bad option, card string, player count or family is one line ``simkit: error: ...`` with
exit status 2, never a traceback; so is any ``ValueError`` from the library, which always
names the bad value, and so is an option the command does not use in its context (every
option either changes the result or is refused; ``args.typed`` holds what the user typed,
:mod:`simkit.cli.options`).

Examples
--------
>>> main(["sample", "high", "--cards", "6"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import importlib
import sys

from .. import __version__
from .common import COMMAND_HELP, Parser, fail, run_options, target_options
from .options import typed_options

__all__ = ["CORE_COMMANDS", "GAME_COMMANDS", "build_parser", "main"]

#: Modules of simkit.cli with the core commands.
CORE_COMMANDS: list[str] = ["cards", "report", "evening"]
#: Modules of simkit.cli with one command group per game; each game's module adds itself here.
GAME_COMMANDS: list[str] = ["diablo", "triple_draw", "razz", "in_between"]
#: The module that registers each command (``tests/test_cli.py`` checks it against every module).
COMMAND_MODULES: dict[str, str] = {
    "enumerate": "cards",
    "eval": "cards",
    "sample": "cards",
    "report": "report",
    "evening": "evening",
    **{name.replace("_", "-"): name for name in GAME_COMMANDS},
}


def build_parser(command: str | None = None, *, overview: bool = False) -> Parser:
    """The ``simkit`` argument parser: every command, or only ``command`` where it names one
    (what :func:`main` builds once it knows the command: registering ``evening`` imports every
    game, a third of a second of a command's start); with ``overview`` every command by its
    help line only, with no options (what ``simkit --help`` shows), importing no command module.

    >>> args = build_parser().parse_args(["enumerate", "high", "--cards", "7"])
    >>> args.family, args.cards, args.format
    ('high', 7, 'table')
    >>> list(build_parser("razz")._subparsers._group_actions[0].choices)
    ['razz']
    >>> len(build_parser(overview=True)._subparsers._group_actions[0].choices)
    9
    """
    parser = Parser(
        prog="simkit",
        description="Monte Carlo simulation and strategy analysis for Diablo, 2-7 Triple Draw, "
        "In-Between and Razz.",
    )
    parser.add_argument("--version", action="version", version=f"simkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if overview:
        for name, line in COMMAND_HELP.items():
            sub.add_parser(name, help=line)
        return parser
    one = COMMAND_MODULES.get(command or "")
    for name in [one] if one else CORE_COMMANDS + GAME_COMMANDS:
        importlib.import_module(f"{__package__}.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``simkit`` with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv else None
    # no command typed (--help, --version, a mistyped name): argparse answers from the overview
    args = build_parser(command, overview=command not in COMMAND_MODULES).parse_args(argv)
    args.typed = typed_options(build_parser(command), argv)  # what a command may refuse in its context
    from ..runner import cluster, defaults

    try:
        target = {}
        if hasattr(args, "workers"):
            run_options(args)  # options that do not go together fail before a cluster starts
            target = target_options(args)
        # One cluster for the whole command, however many jobs it runs; every job to the target.
        with (
            cluster(getattr(args, "workers", None), getattr(args, "scheduler", None)),
            defaults(**target),
        ):
            status = args.func(args)
    except ValueError as exc:  # bad input named by the library (UsageError included)
        fail(exc)
    except KeyboardInterrupt:
        where = getattr(args, "checkpoint", None)
        hint = f"; run the same command again to resume from {where}" if where else ""
        print(f"simkit: interrupted{hint}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `simkit enumerate high | head`
        sys.stderr.close()
        return 0
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
