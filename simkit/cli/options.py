"""Which options the user typed, and refusing those a command does not use in its context.

Every option of every command either changes the result or is refused (issue 17, item 3).
Some options are used only in some contexts (``in-between sizing --rounds`` only with
``--game``); a command refuses them elsewhere with :func:`refuse`, which needs to know whether
the user typed an option, not only its value: :func:`typed_options` re-reads the command
line with every default suppressed, and :func:`simkit.cli.main.main` keeps the result in
``args.typed``.

Examples
--------
>>> from simkit.cli.main import build_parser
>>> argv = ["in-between", "sizing", "--pot", "20", "--low-ace"]
>>> sorted(typed_options(build_parser(), argv))
['low_ace', 'pot']
>>> args = build_parser().parse_args(argv)
>>> args.typed = typed_options(build_parser(), argv)
>>> refuse(args, ["--rounds", "--pot"], "is for the heads-up game only")
Traceback (most recent call last):
...
simkit.cli.common.UsageError: --pot is for the heads-up game only
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator

from .common import UsageError

__all__ = ["MONTE_CARLO_FLAGS", "commands", "dest_of", "given", "refuse", "refuse_unused", "typed_options"]

#: The options of :func:`simkit.cli.common.add_mc_options`: refused where nothing is sampled.
MONTE_CARLO_FLAGS = (
    "--trials",
    "--seed",
    "--workers",
    "--scheduler",
    "--threads",
    "--checkpoint",
    "--chunk-size",
    "--quiet",
    "--target-se",
    "--max-trials",
)


def commands(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> Iterator:
    """Every runnable command of ``parser`` as ``(words, parser)``, e.g. ``(("diablo",
    "open"), <parser>)``; a parser without subcommands is itself one command."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield words, parser
    for action in subs:
        for name, sub in action.choices.items():
            yield from commands(sub, (*words, name))


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub in a.choices.values():
                yield from _parsers(sub)


def typed_options(parser: argparse.ArgumentParser, argv: list[str]) -> frozenset[str]:
    """The destinations (``args`` attributes) of the options and arguments typed in ``argv``.

    ``parser`` is changed (every default suppressed): pass one that is not used again.
    ``argv`` must already have parsed without an error.
    """
    for p in _parsers(parser):
        p._defaults.clear()  # set_defaults(func=...) and the like
        for a in p._actions:
            if not isinstance(a, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)):
                a.default = argparse.SUPPRESS
    seen = vars(parser.parse_args(argv))
    words = {
        a.dest for p in _parsers(parser) for a in p._actions if isinstance(a, argparse._SubParsersAction)
    }
    return frozenset(seen) - words


def dest_of(flag: str) -> str:
    """The ``args`` attribute of option ``flag`` (``--min-stake`` -> ``min_stake``)."""
    return flag.lstrip("-").replace("-", "_")


def given(args: argparse.Namespace, flag: str) -> bool:
    """Whether the user typed option ``flag`` (``False`` when ``args`` does not say)."""
    return dest_of(flag) in getattr(args, "typed", ())


def refuse(args: argparse.Namespace, flags: Iterable[str], reason: str) -> None:
    """``UsageError`` ``"FLAG reason"`` for the first of ``flags`` the user typed."""
    for flag in flags:
        if given(args, flag):
            raise UsageError(f"{flag} {reason}")


def refuse_unused(args: argparse.Namespace, rules, flags: Iterable[tuple[str, str]]) -> None:
    """``UsageError`` for a rule option typed (``flags``: pairs of flag and ``Rules`` field)
    whose field ``rules`` never read (the game's ``Rules.unused()``, with the reason)."""
    unused = rules.unused()
    for flag, field in flags:
        if field in unused:
            refuse(args, [flag], unused[field])
