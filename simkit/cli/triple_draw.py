"""``simkit triple-draw``: draw odds, best discards, equity and strategy matches for 2-7 Triple Draw.

``match`` plays full hands and takes every agreed setting of the game: ``--variant`` (R-T5)
and the fields of :class:`simkit.games.triple_draw.rules.Rules` on top of it (``--stacks``,
``--ante``, ``--small-blind``, ``--big-blind``, ``--small-bet``, ``--big-bet``,
``--max-raises``, ``--draws``, ``--limit``, ``--family``); the fixed-limit bets are refused in
no limit.  The all-in commands take ``--family``, the one setting that changes a showdown.

Examples
--------
>>> main_args = ["triple-draw", "draw-odds", "8s 7h 3d 2c Ks", "--keep", "8s 7h 3d 2c",
...              "--draws", "1", "--targets", "8", "--format", "csv"]
>>> from simkit.cli.main import main
>>> main(main_args)  # doctest: +ELLIPSIS
target,keep,discard,outs,draws_total,probability,se,exact,method,policy,fraction
8-low,8s 7h 3d 2c,Ks,12,47,0.2553...,0.0,True,exact enumeration,target,12/47
0
>>> main(["triple-draw", "equity", "7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h", "--keep", "7s 5h 3d 2c",
...       "--keep", "8s 6h 4d 3c 2h", "--draws", "1", "--format", "csv"])  # doctest: +ELLIPSIS
seat,hand,keep,equity,se,win,tie,exact,fraction,method
0,7s 5h 3d 2c Kc,7s 5h 3d 2c,0.142857...,0.0,0.142857...,0.0,True,1/7,exact: every draw ... (42 deals)
1,8s 6h 4d 3c 2h,8s 6h 4d 3c 2h,0.857142...,0.0,0.857142...,0.0,True,6/7,exact: every draw ... (42 deals)
0
"""

from __future__ import annotations

from ..checks import INT_LIMIT
from .common import (
    COMMAND_HELP,
    UsageError,
    add_exact_option,
    add_mc_options,
    add_table_options,
    chips,
    count,
    emit,
    exact_mode,
    int_in_range,
    run_options,
    several_jobs,
)
from .options import given, refuse, refuse_unused

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
        help=COMMAND_HELP["triple-draw"],
        description="2-7 Triple Draw (R-T1..R-T5).",
    )
    cmds = group.add_subparsers(dest="td_command", metavar="COMMAND", required=True)

    p = cmds.add_parser(
        "draw-odds",
        help="chance of finishing 7-low, 8-low … from a hand (exact best play)",
        description="For each target, the chance of finishing at it or better when every later "
        "keep is the best one for that target: exact for 0-3 draws, the column 'fraction' gives "
        "the exact value. With --policy rank every keep maximises the expected final rank instead "
        "(exact for one and two draws; with three for a --keep of three or more cards, under a "
        "second for a low draw, and without --keep where bounds rule out the keeps of fewer, a made "
        "hand whose pat is proven best, and in A-5 always, seconds; else Monte Carlo with its "
        "standard error: first draws sampled, "
        "each followed by the exact best play, the mean corrected by control variates; --exact "
        "always counts every first draw instead, however long). "
        "The unseen deck is "
        "the 47 cards not in HAND (less --dead); discards never come back, and a deck too small for "
        "the draws is refused. --monte-carlo gives the estimate of earlier versions (table play in "
        "the middle) for comparison.",
    )
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards, e.g. '8s 7h 3d 2c Ks'")
    p.add_argument(
        "--keep",
        metavar="CARDS",
        help="cards kept at the first draw; the later keeps are still best play (default: the best "
        "keep for each target)",
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
    p.add_argument(
        "--policy",
        choices=("target", "rank"),
        default="target",
        help="what the keeps maximise: each row's target (default, exact) or the expected final rank",
    )
    p.add_argument(
        "--monte-carlo",
        action="store_true",
        help="the Monte Carlo estimate of earlier versions instead of the exact answer (target policy)",
    )
    add_exact_option(
        p,
        "count every outcome: auto = where it is quick (the default, above); always = however "
        "long (--policy rank with three draws: in 2-7 a --keep of two cards about twenty seconds, of "
        "one card minutes, the five-card draw hours, without --keep the whole search; a progress "
        "bar shows the first draws of each keep valued, --quiet: none); never = Monte Carlo (the "
        "target policy: as --monte-carlo; the rank: three draws only, first draws sampled)",
    )
    add_table_options(p)
    add_mc_options(
        p,
        trials=None,
        trials_help="Monte Carlo samples where not exact (default 20,000; with --policy rank and three "
        "draws, the first draws sampled, each followed by the exact best play: 192 in 2-7)",
    )
    p.set_defaults(func=_draw_odds)

    p = cmds.add_parser(
        "best-discard",
        help="every sensible discard of a hand, best first",
        description="The discards of HAND ranked by the chance of reaching --target with best "
        "play in the later draws (exact; the column 'fraction'), or by the expected final rank "
        "(--target rank: exact for one and two draws, and for three in A-5, about ten seconds; Monte "
        "Carlo for three in 2-7, or with --exact always every keep exact, hours).",
    )
    p.add_argument("hand", nargs="+", metavar="HAND")
    p.add_argument("--draws", type=int_in_range(1, 3, "draws"), default=1)
    p.add_argument("--target", default="8", help="top card of the target, or 'rank' (default 8)")
    p.add_argument("--dead", metavar="CARDS")
    p.add_argument("--family", choices=_FAMILY_CHOICES, default="deuce_to_seven")
    p.add_argument(
        "--monte-carlo",
        action="store_true",
        help="the Monte Carlo estimate of earlier versions instead of the exact answer (a target)",
    )
    add_exact_option(
        p,
        "count every outcome: auto = where it is quick (the default, above); always = however "
        "long (--target rank with three draws in 2-7: every keep, hours for the five-card draw; a "
        "progress bar shows the first draws of each keep, --quiet: none); never = Monte Carlo (as "
        "--monte-carlo)",
    )
    add_table_options(p)
    add_mc_options(p, trials=20_000)
    p.set_defaults(func=_best_discard)

    p = cmds.add_parser(
        "equity",
        help="equity of given hands: drawing three times, or exact from given keeps",
        description="Equity (share of the pot) of each HAND. Without --keep or --draws: every "
        "seat draws three times by --strategy and nobody bets (Monte Carlo; the first HAND is "
        "left of the dealer; --players adds random hands). With --keep (one per HAND, in order; "
        "all five cards to stand pat) or --draws: the hands draw --draws times from one deck, "
        "every draw of every player counted in draw order (--order) and the later keeps by "
        "--policy; exact up to --limit deals, else Monte Carlo with its standard error "
        "(--method). A HAND may be a range ('pat 8-', 'draw 7-', '3 to 7', hands joined by |; "
        "docs/ranges.md): each deal gives it a hand of the range, jointly with the other ranges "
        "and without the cards known elsewhere, always Monte Carlo; a ranged HAND draws by "
        "--strategy, or with --draws by --policy from the first draw on (give it no --keep, or '').",
    )
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="five cards each, quoted: '7s 5h 4d 3c 2s', or a range: 'pat 8-', 'draw 7-', '3 to 7', "
        "'7s5h4d3c2s|8h6d4c3s2h', 'pat 8-:2,draw 7-' (docs/ranges.md)",
    )
    p.add_argument(
        "--players", type=int_in_range(2, 6, "player count"), help="table size (default: the hands given)"
    )
    p.add_argument(
        "--strategy", default="table", help="draw strategy: rule, rule7, table, table7, pat (default table)"
    )
    p.add_argument("--family", choices=_FAMILY_CHOICES, default="deuce_to_seven")
    p.add_argument(
        "--keep",
        action="append",
        metavar="CARDS",
        help="what a player keeps at the first draw, once per HAND in order ('' or omitted: the "
        "policy's keep)",
    )
    p.add_argument(
        "--draws", type=int_in_range(1, 3, "draws"), default=None, help="draws left, 1-3 (with --keep: 1)"
    )
    p.add_argument(
        "--order", metavar="SEATS", help="the order the seats draw in, e.g. '1,0' (default: the order given)"
    )
    p.add_argument(
        "--policy",
        default="best:8",
        help="the later keeps: best:X (best play for X-low, e.g. best:8; the default) or a draw "
        "strategy (table, table7, rule, rule7, pat)",
    )
    p.add_argument("--dead", metavar="CARDS", help="other cards known to be out of the deck")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte-carlo"),
        default="auto",
        help="auto (exact up to --limit deals, else Monte Carlo; the default), exact, monte-carlo",
    )
    p.add_argument(
        "--limit",
        type=count,
        default=None,
        help="the most deals counted exactly (default 50,000,000)",
    )
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
    _rules_options(p)
    add_table_options(p)
    add_mc_options(p, trials=1_000_000, trials_help="hands to play (default 1,000,000)")
    p.set_defaults(func=_match)


#: The rule options of a full game (flag, Rules field), on top of ``--variant``.
RULE_FLAGS: tuple[tuple[str, str], ...] = (
    ("--stacks", "stacks"),
    ("--ante", "ante"),
    ("--small-blind", "small_blind"),
    ("--big-blind", "big_blind"),
    ("--small-bet", "small_bet"),
    ("--big-bet", "big_bet"),
    ("--max-raises", "max_raises"),
    ("--draws", "draws"),
    ("--limit", "limit"),
    ("--family", "family"),
)


def _rules_options(p) -> None:
    """``--variant`` and the fields of :class:`simkit.games.triple_draw.rules.Rules`, each
    changing the variant's value (defaults R-T4, the variants R-T5)."""
    from ..games.triple_draw.rules import LIMITS, VARIANTS

    g = p.add_argument_group("rules (R-T4 defaults; the variants of R-T5)")
    g.add_argument(
        "--variant",
        choices=tuple(VARIANTS),
        default="triple-draw",
        help="the rules to start from: " + ", ".join(VARIANTS) + " (default triple-draw)",
    )

    def whole(flag: str, least: int, text: str) -> None:
        g.add_argument(flag, type=chips(flag, least), default=None, metavar="N", help=text)

    whole("--stacks", 1, "chips per seat at the start of each hand (default 200, R-T4)")
    whole("--ante", 0, "ante from every player on top of the blinds (default: the variant's)")
    whole("--small-blind", 0, "small blind (default 1, R-T4)")
    whole("--big-blind", 1, "big blind (default 2; the smallest bet in no limit)")
    whole("--small-bet", 1, "fixed-limit bet of the rounds before the middle draw (default 2)")
    whole("--big-bet", 1, "fixed-limit bet of the later rounds (default 4)")
    g.add_argument(
        "--max-raises",
        type=int_in_range(-1, INT_LIMIT, "--max-raises"),
        default=None,
        metavar="N",
        help="raises allowed after the bet in a round, -1 for no cap (default: the variant's)",
    )
    g.add_argument(
        "--draws",
        type=int_in_range(1, 3, "--draws"),
        default=None,
        metavar="N",
        help="draws in a hand, 1-3 (default: the variant's, 3 in triple draw)",
    )
    g.add_argument("--limit", choices=LIMITS, default=None, help="betting limit (default: the variant's)")
    g.add_argument(
        "--family",
        choices=_FAMILY_CHOICES,
        default=None,
        help="hand ranking (default: the variant's; ace_to_five is A-5, R-T5)",
    )


def _rules(args):
    """The :class:`Rules` of ``--variant`` with the rule options typed; ``UsageError`` for a
    bad combination and for the fixed-limit bets in no limit (they are not used there)."""
    from ..games.triple_draw.rules import rules_for

    changes = {f: getattr(args, f) for _, f in RULE_FLAGS if getattr(args, f) is not None}
    try:
        rules = rules_for(args.variant, **changes)
    except ValueError as e:
        raise UsageError(str(e)) from None
    refuse_unused(args, rules, RULE_FLAGS)
    return rules


def _targets(text: str) -> list[str]:
    items = [t for t in text.replace(" ", ",").split(",") if t]
    if not items:
        raise UsageError(f"--targets needs at least one top card, got {text!r}")
    return items


#: The options of runner jobs: refused where the answer is exact (no Monte Carlo to run).
_RUNNER_FLAGS = (
    "--workers",
    "--scheduler",
    "--threads",
    "--checkpoint",
    "--chunk-size",
    "--target-se",
    "--max-trials",
    "--quiet",
)


def _draw_odds(args) -> None:
    from ..games.triple_draw.solver import draw_odds, rank_odds_exact

    hand = _hand(" ".join(args.hand))
    if hand.size != 5:
        raise UsageError(f"HAND must have 5 cards, got {hand.size}")
    if args.policy != "target":
        refuse(args, ["--monte-carlo"], "is the estimate for the target policy; the rank is estimated anyway")
    mode = _exact_mode(args)
    if mode is False and args.policy == "rank" and args.draws != 3:
        raise UsageError(
            f"--exact never: the rank policy is estimated with three draws only, got --draws {args.draws}"
        )
    if args.policy == "target":
        estimated = args.draws >= 2 and (args.monte_carlo or mode is False)
    else:  # the rank: exact but with three draws from a keep that draws
        try:
            estimated = not rank_odds_exact(
                hand,
                args.keep,
                args.draws,
                dead=args.dead,
                family=args.family,
                targets=_targets(args.targets),
                exact=mode,
            )
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if not estimated:  # the rank's exact answers may take long: their progress bar stays
        kept_flags = ("--quiet",) if args.policy == "rank" else ()
        refuse(
            args,
            ["--trials", "--seed", *(f for f in _RUNNER_FLAGS if f not in kept_flags)],
            "is for a Monte Carlo estimate; this answer is exact",
        )
    with several_jobs(args) as opts:  # the rank: the best keep's job, then its targets'
        df = draw_odds(
            hand,
            args.keep,
            args.draws,
            _targets(args.targets),
            dead=args.dead,
            family=args.family,
            policy=args.policy,
            trials=args.trials,
            exact_limit=0 if args.monte_carlo else 20_000,
            exact=mode,
            **opts,
        )
    emit(df, args)


def _exact_mode(args) -> bool | str:
    """``--exact`` of draw-odds and best-discard, refused beside ``--monte-carlo`` unless auto."""
    if args.monte_carlo and args.exact != "auto":
        raise UsageError(f"--exact {args.exact} and --monte-carlo: give one (--exact never is the estimate)")
    return exact_mode(args)


def _best_discard(args) -> None:
    from ..games.triple_draw.solver import discard_options, rank_options_exact

    hand = _hand(" ".join(args.hand))
    if hand.size != 5:
        raise UsageError(f"HAND must have 5 cards, got {hand.size}")
    rank = args.target == "rank"
    if rank:
        refuse(args, ["--monte-carlo"], "is the estimate for a target; the rank is estimated anyway")
    mode = _exact_mode(args)
    rank_estimated = not rank_options_exact(args.draws, args.family) if mode == "auto" else mode is False
    estimated = args.draws >= 2 and (rank_estimated if rank else args.monte_carlo or mode is False)
    if not estimated:  # the rank's exact values may take long: their progress bar stays
        kept_flags = ("--quiet",) if rank else ()
        refuse(
            args,
            ["--trials", "--seed", *(f for f in _RUNNER_FLAGS if f not in kept_flags)],
            "is for a Monte Carlo estimate; these values are exact",
        )
    with several_jobs(args) as opts:
        df = discard_options(
            hand,
            args.draws,
            args.target,
            dead=args.dead,
            family=args.family,
            trials=args.trials,
            exact_limit=0 if args.monte_carlo else 20_000,
            exact=mode,
            **opts,
        )
    emit(df, args)


#: The options of the equity of drawing hands (with --keep or --draws).
_DRAWING_FLAGS = ("--order", "--policy", "--dead", "--method", "--limit")


def _equity(args) -> None:
    from ..games.triple_draw.ranges import is_range_text

    hands = []
    for text in args.hands:
        if not is_range_text(text):
            h = _hand(text)
            if h.size != 5:
                raise UsageError(f"each HAND has 5 cards (quote them), got {text!r}")
        hands.append(text)
    if given(args, "--keep") or given(args, "--draws"):
        _drawing_equity(args, hands)
        return
    refuse(args, _DRAWING_FLAGS, "goes with --keep or --draws (the exact equity of drawing hands)")
    from ..games.triple_draw.jobs import equity

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


def _drawing_equity(args, hands: list[str]) -> None:
    from ..games.triple_draw.drawing import EXACT_LIMIT, drawing_equity

    refuse(args, ["--players"], "adds random hands to the three-draw equity; not with --keep or --draws")
    refuse(
        args,
        ["--strategy"],
        "is for the three-draw equity; with --keep or --draws the later keeps follow --policy",
    )
    if args.method == "exact":
        refuse(
            args,
            ["--trials", "--seed", *_RUNNER_FLAGS],
            "is for Monte Carlo; --method exact counts every deal",
        )
    if len(hands) < 2:
        raise UsageError("give two or more hands")
    keeps = [k if k.strip() else None for k in (args.keep or [])]
    order = None
    if args.order is not None:
        try:
            order = [int(t) for t in args.order.replace(" ", ",").split(",") if t]
        except ValueError:
            raise UsageError(f"--order must list seat numbers, e.g. '1,0', got {args.order!r}") from None
    df = drawing_equity(
        hands,
        keeps,
        args.draws or 1,
        order=order,
        policy=args.policy,
        dead=args.dead,
        family=args.family,
        method=args.method,
        limit=args.limit or EXACT_LIMIT,
        trials=args.trials,
        **run_options(args),
    )
    if df.exact.all():
        refuse(
            args,
            ["--trials", "--seed", *_RUNNER_FLAGS],
            "is for Monte Carlo; every deal of this spot was counted exactly",
        )
    emit(df, args)


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

    specs = list(args.specs)
    n = args.players
    if n is None:
        n = 6 if len(specs) == 2 else len(specs)  # PLAYER FIELD: the earlier form, six seats
    if len(specs) > n:
        raise UsageError(f"{len(specs)} SPECs for --players {n}")
    specs += [specs[-1]] * (n - len(specs))
    emit(match(specs, rules=_rules(args), hands=args.trials, **run_options(args)), args)
