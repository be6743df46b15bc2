"""``simkit triple-draw``: draw odds, best discards, equity and strategy matches for 2-7 Triple Draw.

Examples
--------
>>> main_args = ["triple-draw", "draw-odds", "8s 7h 3d 2c Ks", "--keep", "8s 7h 3d 2c",
...              "--draws", "1", "--targets", "8", "--format", "csv"]
>>> from simkit.cli.main import main
>>> main(main_args)  # doctest: +ELLIPSIS
target,keep,discard,outs,draws_total,probability,se,exact,method
8-low,8s 7h 3d 2c,Ks,12,47,0.2553...,0.0,True,exact enumeration
0
"""

from __future__ import annotations

from .common import (
    UsageError,
    add_mc_options,
    add_table_options,
    chips,
    emit,
    int_in_range,
    run_options,
)

_FAMILY_CHOICES = ("deuce_to_seven", "ace_to_five")


def _hand(text: str):
    from ..cards import parse_cards

    try:
        return parse_cards(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def register(sub) -> None:
    group = sub.add_parser(
        "triple-draw",
        help="2-7 Triple Draw: draw odds, equity, strategy matches",
        description="2-7 Triple Draw (R-T1..R-T5).",
    )
    cmds = group.add_subparsers(dest="td_command", metavar="COMMAND", required=True)

    p = cmds.add_parser(
        "draw-odds",
        help="chance of finishing 7-low, 8-low … from a hand",
        description="For each target, the chance of finishing at it or better. The "
        "unseen deck is the 47 cards not in HAND (less --dead). One draw is exact; two "
        "draws are exact where feasible; otherwise Monte Carlo with its standard error "
        "(the 'exact' column says which).",
    )
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards, e.g. '8s 7h 3d 2c Ks'")
    p.add_argument(
        "--keep",
        metavar="CARDS",
        help="cards kept at the first draw (default: the best keep for each target)",
    )
    p.add_argument("--draws", type=int_in_range(0, 3, "draws"), default=1, help="draws left, 0-3 (default 1)")
    p.add_argument("--targets", default="7,8,9,10", help="top cards of the targets (default 7,8,9,10)")
    p.add_argument("--dead", metavar="CARDS", help="other cards known to be out of the deck")
    p.add_argument(
        "--family",
        choices=_FAMILY_CHOICES,
        default="deuce_to_seven",
        help="deuce_to_seven (default) or ace_to_five (the A-5 variant, R-T5)",
    )
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="Monte Carlo samples where not exact (default 20,000)")
    p.set_defaults(func=_draw_odds)

    p = cmds.add_parser(
        "best-discard",
        help="every sensible discard of a hand, best first",
        description="The discards of HAND ranked by the chance of reaching --target "
        "(or the expected final rank, --target rank).",
    )
    p.add_argument("hand", nargs="+", metavar="HAND")
    p.add_argument("--draws", type=int_in_range(1, 3, "draws"), default=1)
    p.add_argument("--target", default="8", help="top card of the target, or 'rank' (default 8)")
    p.add_argument("--dead", metavar="CARDS")
    p.add_argument("--family", choices=_FAMILY_CHOICES, default="deuce_to_seven")
    add_table_options(p)
    add_mc_options(p, trials=20_000)
    p.set_defaults(func=_best_discard)

    p = cmds.add_parser(
        "equity",
        help="all-in equity of given hands, drawing three times",
        description="Equity (share of the pot) of each HAND when every seat draws "
        "three times by the same strategy and nobody bets. Seats draw in the order "
        "given (the first HAND is left of the dealer); --players adds random hands.",
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help="five cards each, quoted: '7s 5h 4d 3c 2s'")
    p.add_argument(
        "--players", type=int_in_range(2, 6, "player count"), help="table size (default: the hands given)"
    )
    p.add_argument(
        "--strategy", default="table", help="draw strategy: rule, rule7, table, table7, pat (default table)"
    )
    p.add_argument("--family", choices=_FAMILY_CHOICES, default="deuce_to_seven")
    add_table_options(p)
    add_mc_options(p, trials=100_000)
    p.set_defaults(func=_equity)

    p = cmds.add_parser(
        "starting-hands",
        help="equity of starting hands grouped by structure",
        description="Equity of random starting hands against random opponents, by "
        "group: different cards 7 or lower, a 2, an ace, a pair, a straight or flush draw.",
    )
    p.add_argument("--opponents", type=int_in_range(1, 5, "opponents"), default=1)
    p.add_argument("--strategy", default="table")
    p.add_argument(
        "--family",
        choices=_FAMILY_CHOICES,
        default="deuce_to_seven",
        help="deuce_to_seven (default) or ace_to_five (the A-5 variant, R-T5)",
    )
    add_table_options(p)
    add_mc_options(p, trials=200_000)
    p.set_defaults(func=_starting_hands)

    p = cmds.add_parser(
        "match",
        help="chips per hand of every seat's player in full games",
        description="Full games with betting and draws, one SPEC per seat from seat 0 "
        "(e.g. 'tight loose loose station'): chips per hand with standard errors. A SPEC "
        "is NAME[:key=value,...]: tight, tight-rule, loose, station, check-call, random, "
        "pot-odds, sunk-cost, optionally bet=KIND (random, check-call, tight, "
        "loose-aggressive), draw=PRESET (rule, rule7, table, table7, pat) or a betting "
        "parameter such as P_SUNK=0.15. With --players N the last SPEC fills the seats "
        "after those given; the earlier form PLAYER FIELD (two SPECs, no --players) "
        "still means PLAYER against five FIELD players.",
    )
    p.add_argument("specs", nargs="+", metavar="SPEC")
    p.add_argument(
        "--players",
        type=int_in_range(2, 6, "player count"),
        default=None,
        help="table size (default: one seat per SPEC; 6 for the form PLAYER FIELD)",
    )
    p.add_argument(
        "--variant", default="triple-draw", help="triple-draw (default), single-draw-nl, a5-triple-draw, ante"
    )
    p.add_argument(
        "--stacks",
        type=chips("--stacks", 1),
        default=None,
        help="chips per seat at the start of each hand (default 200, R-T4)",
    )
    p.add_argument(
        "--ante", type=chips("--ante"), default=None, help="ante from every player (default: the variant's)"
    )
    p.add_argument(
        "--small-blind", type=chips("--small-blind"), default=None, help="small blind (default 1, R-T4)"
    )
    p.add_argument("--big-blind", type=chips("--big-blind"), default=None, help="big blind (default 2)")
    p.add_argument(
        "--small-bet",
        type=chips("--small-bet"),
        default=None,
        help="fixed-limit bet of the early rounds (default 2)",
    )
    p.add_argument(
        "--big-bet",
        type=chips("--big-bet"),
        default=None,
        help="fixed-limit bet of the late rounds (default 4)",
    )
    p.add_argument(
        "--max-raises",
        type=int_in_range(-1, 2**53, "--max-raises"),
        default=None,
        help="raises allowed after the bet in a round, -1 for no cap (default: the variant's)",
    )
    p.add_argument(
        "--family",
        choices=_FAMILY_CHOICES,
        default=None,
        help="hand ranking (default: the variant's; ace_to_five is A-5, R-T5)",
    )
    add_table_options(p)
    add_mc_options(p, trials=1_000_000, trials_help="hands to play (default 1,000,000)")
    p.set_defaults(func=_match)


def _targets(text: str) -> list[str]:
    items = [t for t in text.replace(" ", ",").split(",") if t]
    if not items:
        raise UsageError(f"--targets needs at least one top card, got {text!r}")
    return items


def _draw_odds(args) -> None:
    from ..games.triple_draw.solver import draw_odds

    hand = _hand(" ".join(args.hand))
    if hand.size != 5:
        raise UsageError(f"HAND must have 5 cards, got {hand.size}")
    opts = run_options(args)
    df = draw_odds(
        hand,
        args.keep,
        args.draws,
        _targets(args.targets),
        dead=args.dead,
        family=args.family,
        trials=args.trials,
        seed=opts["seed"],
    )
    emit(df, args)


def _best_discard(args) -> None:
    from ..games.triple_draw.solver import discard_options

    hand = _hand(" ".join(args.hand))
    if hand.size != 5:
        raise UsageError(f"HAND must have 5 cards, got {hand.size}")
    emit(
        discard_options(
            hand,
            args.draws,
            args.target,
            dead=args.dead,
            family=args.family,
            trials=args.trials,
            seed=args.seed,
        ),
        args,
    )


def _equity(args) -> None:
    from ..games.triple_draw.jobs import equity

    hands = []
    for text in args.hands:
        h = _hand(text)
        if h.size != 5:
            raise UsageError(f"each HAND has 5 cards (quote them), got {text!r}")
        hands.append(text)
    if len(hands) < 2 and args.players is None:
        raise UsageError("give two or more hands, or --players")
    emit(
        equity(
            hands,
            args.players,
            strategy=args.strategy,
            family=args.family,
            trials=args.trials,
            **run_options(args),
        ),
        args,
    )


def _starting_hands(args) -> None:
    from ..games.triple_draw.jobs import starting_hand_equity

    emit(
        starting_hand_equity(
            args.opponents,
            strategy=args.strategy,
            family=args.family,
            trials=args.trials,
            **run_options(args),
        ),
        args,
    )


def _match(args) -> None:
    from ..games.triple_draw.jobs import match
    from ..games.triple_draw.rules import rules_for

    specs = list(args.specs)
    n = args.players
    if n is None:
        n = 6 if len(specs) == 2 else len(specs)  # PLAYER FIELD: the earlier form, six seats
    if len(specs) > n:
        raise UsageError(f"{len(specs)} SPECs for --players {n}")
    specs += [specs[-1]] * (n - len(specs))
    if args.stacks is not None and args.stacks < 1:
        raise UsageError(f"--stacks must be positive, got {args.stacks}")
    changes = {
        k: getattr(args, k)
        for k in (
            "stacks",
            "ante",
            "family",
            "small_blind",
            "big_blind",
            "small_bet",
            "big_bet",
            "max_raises",
        )
        if getattr(args, k) is not None
    }
    emit(match(specs, rules=rules_for(args.variant, **changes), hands=args.trials, **run_options(args)), args)
