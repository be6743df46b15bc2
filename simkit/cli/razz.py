"""``simkit razz``: equity, start-hand table, upcard effects and strategy matches for Razz.

Subcommands::

    simkit razz equity HAND HAND ... [--dead CARDS] [--variant V] --trials N --seed S
    simkit razz starts [--opponents K ...] [--wide] [--variant V] --trials N
    simkit razz upcards START [--opponents K] [--variant V] --trials N
    simkit razz dead-cards START [--opponents K] [--variant V] --trials N
    simkit razz low-odds HAND [--dead CARDS]
    simkit razz match SPEC SPEC ... [--variant V] [--stacks N] [--ante N] [--bring-in N]
        [--small-bet N] [--big-bet N] [--max-raises N] [--private-ante N] --trials N

A hand is a card string, optionally ``down / up``, with ``?`` for unknown cards:
``"As 2d / 3c"``, ``"? ? / Kh"``; ``equity`` also takes ranges of three-card starts
(``"A23"``, ``"*8-"``, ``"pair"``, ``"top15%"``; :mod:`simkit.games.razz.ranges`).  Variants (R-Z6): razz, private, stud-high, stud-hilo,
ace-to-six.  A player SPEC is one seat's player, ``NAME`` or ``NAME:KEY=VALUE,...``.  The
rule options are the fields of :class:`simkit.games.razz.rules.Rules` and have the same flag
in every command that takes them; their defaults are the R-Z5 ones.  The all-in commands
(``equity``, ``starts``, ``upcards``, ``dead-cards``) take ``--variant``, the one rule that
changes a showdown; ``match`` takes every rule, and refuses one the variant does not use
(``--ante`` and ``--bring-in`` in the private round, ``--private-ante`` elsewhere).  ``equity``
refuses the Monte Carlo options when it enumerates every deal.
"""

from __future__ import annotations

import argparse

from ..checks import INT_LIMIT
from .common import (
    COMMAND_HELP,
    UsageError,
    add_exact_option,
    add_mc_options,
    add_table_options,
    emit,
    exact_mode,
    int_in_range,
    run_options,
    several_jobs,
)
from .options import MONTE_CARLO_FLAGS, refuse, refuse_unused

_VARIANT_HELP = "razz, private, stud-high, stud-hilo or ace-to-six (R-Z6; default razz)"


def _variant(text: str) -> str:
    from ..games.razz.rules import VARIANT_NAMES

    if text not in VARIANT_NAMES:
        raise argparse.ArgumentTypeError(
            f"unknown variant {text!r}; expected one of {', '.join(VARIANT_NAMES)}"
        )
    return text


#: Rule options of full games: flag, Rules field, least value, help.
_BETTING_RULES = (
    ("--stacks", "stacks", 1, "chips each seat starts every hand with (default 200, R-Z5)"),
    ("--ante", "ante", 0, "ante (default 1, R-Z5)"),
    ("--bring-in", "bring_in", 0, "bring-in (default 2, R-Z5)"),
    ("--small-bet", "small_bet", 1, "small bet, third and fourth street (default 5, R-Z5)"),
    ("--big-bet", "big_bet", 1, "big bet, fifth to seventh street (default 10, R-Z5)"),
    ("--max-raises", "max_raises", 0, "raises after the bet in a round (default 3, R-Z3)"),
    ("--private-ante", "private_ante", 0, "ante of the private round (default 2, R-Z7)"),
)


def _add_rule_options(p, betting: bool = False) -> None:
    """``--variant`` and, for full games, the betting rules (defaults: :class:`Rules`)."""
    p.add_argument("--variant", type=_variant, default="razz", help=_VARIANT_HELP)
    if betting:
        for flag, _, least, text in _BETTING_RULES:
            aliases = ["--raise-cap"] if flag == "--max-raises" else []  # its earlier name
            p.add_argument(
                flag, *aliases, type=int_in_range(least, INT_LIMIT, flag[2:]), metavar="N", help=text
            )


def _rules(args):
    """The :class:`Rules` of the command line (a bad combination is a one-line usage error; so
    is an option the variant does not use: the private round posts ``--private-ante`` and has
    no bring-in, the other variants post ``--ante``)."""
    from ..games.razz.rules import Rules

    given = {
        field: getattr(args, field)
        for _, field, _, _ in _BETTING_RULES
        if getattr(args, field, None) is not None
    }
    rules = Rules(variant=args.variant, **given)
    refuse_unused(args, rules, [(flag, field) for flag, field, _, _ in _BETTING_RULES])
    return rules


def register(sub) -> None:
    group = sub.add_parser("razz", help=COMMAND_HELP["razz"], description=__doc__.split("\n\n")[0])
    cmds = group.add_subparsers(dest="razz_command", metavar="SUBCOMMAND", required=True)

    p = cmds.add_parser(
        "equity",
        help="all-in equity of known hands or ranges from any street",
        description="Each hand's expected share of the pot if all stay to the showdown, with "
        "its standard error; exact (SE 0) when few cards are unknown and no hand is a range.  "
        "A HAND is cards ('As 2d / 3c 7h', ? = unknown) or a range of three-card starts: "
        "comma-separated items, each with an optional :WEIGHT; an item is three symbols - a "
        "rank A 2-9 T J Q K (any suit), a card (Ah), * or x (any card), 8- (a card 8 or "
        "lower), *8- (the rest: different cards 8 or lower) - optionally down/up ('A2/3': the "
        "3 up; without / any card may be up), or pair, trips, any, topN% (the best N% of "
        "deals by the committed heads-up start table).  Every start keeps its combinatorial "
        "weight, with card removal.  Examples: simkit razz equity 'As 2d / 3c' '? ? / Kh' "
        "--dead 'Qs 9c'; simkit razz equity A23 '*8-' pair --trials 1e6",
    )
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="one player's cards, e.g. 'As 2d / 3c 7h' (down / up), ? = unknown, or a range: "
        "'A23', 'A2*', '*8-', 'A2/3h', 'pair', 'top15%%', 'A23:2,A24:1'",
    )
    p.add_argument("--dead", metavar="CARDS", help="cards out of play (folded upcards); ? = unknown")
    _add_rule_options(p)
    add_exact_option(p, "enumerate every deal: auto = when at most 3,000,000 (default)")
    add_table_options(p)
    add_mc_options(p, trials=200_000)
    p.set_defaults(func=_equity)

    p = cmds.add_parser(
        "starts",
        help="equity of all 455 three-card starts against 1-7 random opponents",
        description="Every start by rank pattern (suits do not matter in A-5), all-in against "
        "random opponents who never fold; equity and standard error per opponent count.",
    )
    p.add_argument(
        "--opponents",
        type=int_in_range(1, 7, "opponents"),
        nargs="+",
        default=[1, 2, 3, 4, 5, 6, 7],
        metavar="K",
        help="opponent counts (default 1-7)",
    )
    p.add_argument(
        "--wide", action="store_true", help="one row per start, one equity column per opponent count"
    )
    _add_rule_options(p)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="showdowns per start and opponent count (default: 20,000)")
    p.set_defaults(func=_starts)

    p = cmds.add_parser(
        "upcards", help="equity of a start as the opponents' upcards go from high to low (R3)"
    )
    p.add_argument("start", metavar="START", help="three cards, e.g. 'As 2d / 4c'")
    p.add_argument("--opponents", type=int_in_range(1, 7, "opponents"), default=4, metavar="K")
    _add_rule_options(p)
    add_table_options(p)
    add_mc_options(p, trials=100_000, trials_help="deals per scenario (default: 100,000)")
    p.set_defaults(func=_upcards)

    p = cmds.add_parser("dead-cards", help="value of one dead card of each rank for a start (R3)")
    p.add_argument("start", metavar="START", help="three cards, e.g. 'As 2d / 4c'")
    p.add_argument("--opponents", type=int_in_range(1, 7, "opponents"), default=2, metavar="K")
    _add_rule_options(p)
    add_table_options(p)
    add_mc_options(p, trials=200_000, trials_help="deals per dead card (default: 200,000)")
    p.set_defaults(func=_dead_cards)

    p = cmds.add_parser(
        "match",
        help="full games between players: chips per hand per seat with SE",
        description="One table of players plays --trials hands (every hand from --stacks "
        "chips, dealer drawn at random).  Players: random, check-call, tight, "
        "loose-aggressive, tips; parameters as NAME:KEY=VALUE,KEY=VALUE, e.g. tips:T_KQ=0 or "
        "tight:P_SUNK=0.15.",
    )
    p.add_argument("players", nargs="+", metavar="SPEC", help="one player per seat (2-8)")
    _add_rule_options(p, betting=True)
    add_table_options(p)
    add_mc_options(p, trials=200_000, trials_help="hands to play (default: 200,000)")
    p.set_defaults(func=_match)

    p = cmds.add_parser("low-odds", help="exact chance a hand ends X-low or better (R4)")
    p.add_argument("hand", metavar="HAND", help="3 to 7 known cards, e.g. 'As 2d 4c 4h'")
    p.add_argument("--dead", metavar="CARDS", help="cards out of play")
    add_table_options(p)
    p.set_defaults(func=_low_odds)


def _check_start(text: str) -> None:
    from ..games.razz.rules import parse_hand

    h = parse_hand(text)
    if h.unknown or h.known.size != 3:
        raise UsageError(f"START must be three known cards, got {text!r}")


def _starts(args) -> None:
    from ..games.razz.starts import start_table

    df = start_table(
        tuple(dict.fromkeys(args.opponents)), rules=_rules(args), trials=args.trials, **run_options(args)
    )
    if args.wide:
        eq = df.pivot_table(index="pattern", columns="opponents", values="equity", sort=False)
        se = df.pivot_table(index="pattern", columns="opponents", values="se", sort=False)
        eq.columns = [f"equity_{k}" for k in eq.columns]
        se.columns = [f"se_{k}" for k in se.columns]
        first = df.drop_duplicates("pattern").set_index("pattern")[["high", "pairing", "deals"]]
        df = first.join(eq).join(se).reset_index()
    emit(df, args)


def _upcards(args) -> None:
    from ..games.razz.studies import upcard_effect

    _check_start(args.start)
    with several_jobs(args) as opts:  # one job per upcard scenario
        seed = opts.pop("seed")
        table = upcard_effect(
            args.start, args.opponents, rules=_rules(args), trials=args.trials, seed=seed, **opts
        )
    emit(table, args)


def _dead_cards(args) -> None:
    from ..games.razz.studies import dead_card_values

    _check_start(args.start)
    with several_jobs(args) as opts:  # one job per dead card
        seed = opts.pop("seed")
        table = dead_card_values(
            args.start, args.opponents, rules=_rules(args), trials=args.trials, seed=seed, **opts
        )
    emit(table, args)


def parse_strategy(text: str):
    """One seat's player spec, by the one parser of :func:`simkit.games.razz.strategies.parse_player`
    (a bad ``KEY=VALUE`` is a one-line usage error).

    >>> parse_strategy("tight:P_SUNK=0.15")
    ('tight', {'P_SUNK': 0.15})
    """
    from ..games.razz.strategies import parse_player

    try:
        return parse_player(text)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _match(args) -> None:
    from ..games.razz.jobs import match

    specs = [parse_strategy(s) for s in args.players]
    opts = run_options(args)
    seed = opts.pop("seed")
    df = match(specs, args.trials, rules=_rules(args), seed=seed, **opts)
    if args.format == "json":
        emit(
            {
                "variant": args.variant,
                "hands": df.attrs["hands"],
                "showdown_rate": df.attrs["showdown_rate"],
                "seats": df.to_dict(orient="records"),
            },
            args,
        )
    else:
        emit(df, args)


def _low_odds(args) -> None:
    from ..games.razz.studies import low_odds

    emit(low_odds(args.hand, args.dead), args)


def _equity(args) -> None:
    from ..games.razz.equity import EXACT_LIMIT, equity, prepare

    exact = exact_mode(args)
    spot = prepare(args.hands, args.dead, rules=_rules(args))
    if spot.exact_possible and (exact is True or (exact == "auto" and spot.deals() <= EXACT_LIMIT)):
        refuse(
            args,
            MONTE_CARLO_FLAGS,
            "is a Monte Carlo option, and every deal of these hands is enumerated (exact); "
            "give --exact never for Monte Carlo",
        )
    df = equity(
        args.hands, args.dead, rules=_rules(args), trials=args.trials, exact=exact, **run_options(args)
    )
    if args.format == "json":
        emit(
            {
                "variant": args.variant,
                "method": df.attrs["method"],
                "deals": df.attrs["deals"],
                "dead": args.dead or "",
                "hands": df.to_dict(orient="records"),
            },
            args,
        )
    else:
        emit(df, args)
