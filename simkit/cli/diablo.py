"""``simkit diablo``: exact draw odds, best keeps, and the Diablo simulations.

Subcommands:

- ``draw-odds HAND --keep CARDS`` the exact distribution of the final category of one keep;
- ``best-keep HAND`` every allowed keep of a hand, ranked by an objective;

A keep that exchanges more than two cards is refused (exit status 2) unless
``--variant draw-three`` is given.
"""

from __future__ import annotations

from .common import UsageError, add_table_options, emit

_VARIANT_HELP = ("draw rule: standard (exchange 0-2 cards) or draw-three (up to 3, 4 when the "
                 "one card kept is an ace)")


def register(sub) -> None:
    game = sub.add_parser("diablo", help="Diablo: deuces wild, draw up to two, the opener must win",
                          description="Diablo analyses: exact draw odds and the full game.")
    cmds = game.add_subparsers(dest="diablo_command", metavar="COMMAND", required=True)

    p = cmds.add_parser("draw-odds", help="exact final-category distribution of one keep",
                        description="Enumerate every replacement set of the unseen cards and "
                        "give the exact distribution of the final category.")
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards, e.g. '9s 9h 2c Kd 5h'")
    p.add_argument("--keep", metavar="CARDS", default=None,
                   help="the cards kept (default: all five, standing pat)")
    p.add_argument("--dead", metavar="CARDS", default=None, help="cards that cannot come")
    p.add_argument("--variant", choices=("standard", "draw-three"), default="standard",
                   help=_VARIANT_HELP)
    add_table_options(p)
    p.set_defaults(func=_draw_odds)

    p = cmds.add_parser("best-keep", help="every keep of a hand ranked by an objective",
                        description="Rank every allowed keep by the probability of a target "
                        "category or better (--target) or by showdown share against "
                        "--opponents random hands (--objective equity).")
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards")
    p.add_argument("--dead", metavar="CARDS", default=None, help="cards that cannot come")
    p.add_argument("--objective", choices=("category", "equity"), default="category")
    p.add_argument("--target", default="three_of_a_kind",
                   help="category to reach or beat (default: three_of_a_kind)")
    p.add_argument("--opponents", type=int, default=1, help="opponents for --objective equity")
    p.add_argument("--variant", choices=("standard", "draw-three"), default="standard",
                   help=_VARIANT_HELP)
    add_table_options(p)
    p.set_defaults(func=_best_keep)


def _hand(tokens: list[str]):
    from simkit.cards import format_cards, parse_cards

    cards = parse_cards(" ".join(tokens))
    if cards.size != 5:
        raise UsageError(f"a Diablo hand has 5 cards, got {cards.size}: {format_cards(cards)!r}")
    return cards


def _draw_odds(args) -> None:
    from simkit.games.diablo.solver import draw_odds

    emit(draw_odds(_hand(args.hand), keep=args.keep, dead=args.dead, variant=args.variant), args)


def _best_keep(args) -> None:
    from simkit.games.diablo.solver import equity_weights, keep_values, target_weights

    if args.objective == "category":
        w = target_weights(args.target)
    else:
        w = equity_weights(args.opponents)
    df = keep_values(_hand(args.hand), w, dead=args.dead, variant=args.variant)
    emit(df.drop(columns="mask"), args)
