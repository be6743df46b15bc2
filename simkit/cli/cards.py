"""The foundation commands: ``simkit enumerate``, ``simkit eval`` and ``simkit sample``."""

from __future__ import annotations

import argparse

from .common import COMMAND_HELP, UsageError, add_mc_options, add_table_options, emit, run_options

_FAMILY_HELP = "hand family: high, deuces_wild, deuce_to_seven, ace_to_five, ace_to_six, eight_or_better"


def _n_cards(text: str) -> int:
    if text not in ("5", "7"):
        raise argparse.ArgumentTypeError(f"must be 5 or 7, got {text!r}")
    return int(text)


def register(sub) -> None:
    p = sub.add_parser(
        "enumerate",
        help=COMMAND_HELP["enumerate"],
        description="Exact number of hands in every category (simkit.category_counts).",
    )
    p.add_argument("family", metavar="FAMILY", help=_FAMILY_HELP)
    p.add_argument("--cards", type=_n_cards, default=5, help="5 or 7 cards (default: 5)")
    add_table_options(p)
    p.set_defaults(func=_enumerate)

    p = sub.add_parser(
        "eval",
        help=COMMAND_HELP["eval"],
        description="Evaluate one hand, e.g. `simkit eval As Kd Qh Jc Ts --family high`.",
    )
    p.add_argument("cards", nargs="+", metavar="CARDS", help="5 or 7 cards, e.g. 'As Kd 10h Dc 2s'")
    p.add_argument("--family", default="high", help=_FAMILY_HELP + " (default: high)")
    add_table_options(p)
    p.set_defaults(func=_eval)

    p = sub.add_parser(
        "sample",
        help=COMMAND_HELP["sample"],
        description="The reference Monte Carlo job: deal random hands, count "
        "categories, compare with the exact counts (z = difference / SE).",
    )
    p.add_argument("family", metavar="FAMILY", help=_FAMILY_HELP)
    p.add_argument("--cards", type=_n_cards, default=5, help="5 or 7 cards (default: 5)")
    add_table_options(p)
    add_mc_options(p, trials=1_000_000)
    p.set_defaults(func=_sample)


def _enumerate(args) -> None:
    from ..analysis.cards import exact_table

    emit(exact_table(args.family, args.cards), args)


def _eval(args) -> None:
    import simkit
    from simkit import hands
    from simkit.cards import format_cards, parse_cards

    cards = parse_cards(" ".join(args.cards))
    if cards.size not in (5, 7):
        raise UsageError(f"a hand has 5 or 7 cards, got {cards.size}: {format_cards(cards)!r}")
    strength = simkit.evaluate(cards[None, :], args.family)
    emit(
        {
            "cards": format_cards(cards),
            "family": args.family,
            "strength": int(strength[0]),
            "category": str(hands.category_names(strength, args.family)[0]),
            "description": hands.describe(int(strength[0]), args.family),
        },
        args,
    )


def _sample(args) -> None:
    from ..analysis.cards import sample

    emit(sample(args.family, args.cards, args.trials, **run_options(args)), args)
