"""``simkit razz``: equity, start-hand table, upcard effects and strategy matches for Razz.

Subcommands::

    simkit razz equity HAND HAND ... [--dead CARDS] [--variant V] --trials N --seed S
    simkit razz starts [--opponents 1-7] [--variant V] --trials N
    simkit razz upcards START [--opponents K]
    simkit razz match STRATEGY STRATEGY ... --trials N

A hand is a card string, optionally ``down / up``, with ``?`` for unknown cards:
``"As 2d / 3c"``, ``"? ? / Kh"``.  Variants (R-Z6): razz, private, stud-high, stud-hilo,
ace-to-six.
"""

from __future__ import annotations

import argparse

from .common import UsageError, add_mc_options, add_table_options, emit, int_in_range, run_options

_VARIANT_HELP = "razz, private, stud-high, stud-hilo or ace-to-six (R-Z6; default razz)"


def _variant(text: str) -> str:
    from ..games.razz.rules import VARIANTS

    if text not in VARIANTS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {text!r}; expected one of {', '.join(VARIANTS)}")
    return text


def register(sub) -> None:
    group = sub.add_parser("razz", help="Razz (seven-card stud low) and its variants",
                           description=__doc__.split("\n\n")[0])
    cmds = group.add_subparsers(dest="razz_command", metavar="SUBCOMMAND", required=True)

    p = cmds.add_parser(
        "equity", help="all-in equity of known hands from any street",
        description="Each hand's expected share of the pot if all stay to the showdown, with "
        "its standard error; exact (SE 0) when few cards are unknown.  Example: "
        "simkit razz equity 'As 2d / 3c' '? ? / Kh' --dead 'Qs 9c'")
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help="one player's cards, e.g. 'As 2d / 3c 7h' (down / up), ? = unknown")
    p.add_argument("--dead", metavar="CARDS", help="cards out of play (folded upcards); ? = unknown")
    p.add_argument("--variant", type=_variant, default="razz", help=_VARIANT_HELP)
    p.add_argument("--exact", choices=("auto", "always", "never"), default="auto",
                   help="enumerate every deal: auto = when at most 3,000,000 (default)")
    add_table_options(p)
    add_mc_options(p, trials=200_000)
    p.set_defaults(func=_equity)


def _equity(args) -> None:
    from ..games.razz.equity import equity

    exact = {"auto": "auto", "always": True, "never": False}[args.exact]
    df = equity(args.hands, args.dead, variant=args.variant, trials=args.trials, exact=exact,
                **run_options(args))
    if args.format == "json":
        emit({"variant": args.variant, "method": df.attrs["method"], "deals": df.attrs["deals"],
              "dead": args.dead or "", "hands": df.to_dict(orient="records")}, args)
    else:
        emit(df, args)
