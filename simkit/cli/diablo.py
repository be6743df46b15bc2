"""``simkit diablo``: exact draw odds, best keeps, and the Diablo simulations.

Subcommands:

- ``draw-odds HAND --keep CARDS`` the exact distribution of the final category of one keep;
- ``best-keep HAND`` every allowed keep of a hand with its exact value by an objective (a
  target category, the expected category, showdown share, a pay table);
- ``paytable-return`` the exact return of a pay table under best play, every deal solved;
  ``best-keep`` and ``paytable-return`` take ``--wild none`` for five-card draw without wilds
  (high poker: Jacks or Better pay tables, e.g. ``simkit diablo paytable-return --wild none
  --max-draw 5`` for 9/6 Jacks or Better);
- ``equity HAND HAND ... --keep CARDS --keep CARDS ...`` the exact pot shares of given hands
  at the draw, each keeping the given cards; a HAND may be a range (``trips+``, ``two_pair no
  deuce``, ``2 deuces``; docs/ranges.md), dealt by weight and keeping by the draw policy
  (Monte Carlo);
- ``keeps`` the best keep for every starting rank pattern (or a summary by deuces held);
- ``open`` one seat's chips by opening threshold against a table at a fixed threshold (D1);
- ``equilibrium`` the thresholds where nobody gains by changing their own;
- ``series`` series length, pot growth and opener chip flow for a table;
- ``match`` a match of given players: chips per series and win rate of every seat;
- ``bluff`` the value of opening below one's threshold, with and without the Diablo rule;
- ``variants`` the variants of the rules side by side.

A keep that exchanges more than two cards is refused (exit status 2) unless
``--variant draw-three`` (up to three, four keeping an ace) or ``--max-draw N`` (any limit
0-5) is given.  Players are written ``LEVEL[:key=value,...]``: an
opening level (pair, jacks, aces, two_pair, trips, straight, flush, full_house, quads,
never) and optionally ``bluff=0.1``, ``kind=loose-aggressive`` or a threshold parameter such
as ``P_CALL=0.6`` (read by :func:`simkit.games.diablo.strategies.parse_player`).

Every command that plays the game takes the same rule options, the fields of
:class:`simkit.games.diablo.rules.Rules` with its defaults (R-D6): ``--ante``, ``--before
LO,HI`` and ``--after LO,HI`` (the bets before and after the draw), ``--max-raises``,
``--stacks``, ``--cap``, ``--draw-three``, ``--jacks-or-better``, ``--no-diablo``,
``--dealers-choice``, ``--session``; ``bluff`` all but ``--no-diablo`` (it plays with and
without the Diablo rule), ``variants`` only the limits (``--ante``, ``--before``, ``--after``,
``--max-raises``, ``--stacks``: each variant sets the rest).  An option these rules do not use
is refused: ``--cap`` with ``--no-diablo``, ``--dealers-choice`` without ``--session N > 1``.
``--trials`` is the number of series (the ``hands`` of the Python API).  ``equity`` refuses the
Monte Carlo options when it counts every outcome.
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
    whole_number,
)
from .options import MONTE_CARLO_FLAGS, dest_of, refuse, refuse_unused

_VARIANT_HELP = (
    "draw rule: standard (exchange 0-2 cards) or draw-three (up to 3, 4 when the one card kept is an ace)"
)
_MAX_DRAW_HELP = "any draw limit 0-5 instead of the variant's (5: five-card draw as video poker plays it)"
_PAYTABLE_HELP = (
    "payout per final category, e.g. 'natural_royal=800,four_deuces=200,wild_royal=25,"
    "five_of_a_kind=15,straight_flush=9,four_of_a_kind=5,full_house=3,flush=2,straight=2,"
    "three_of_a_kind=1' (full-pay Deuces Wild, the default); also two_pair, jacks_or_better"
)


_WILD_HELP = (
    "wild cards: deuces (Diablo, Deuces Wild; the default) or none (five-card draw, high poker; "
    "pay tables of royal_flush, straight_flush, four_of_a_kind, full_house, flush, straight, "
    "three_of_a_kind, two_pair, jacks_or_better; default 9/6 Jacks or Better)"
)


def _wild_option(p) -> None:
    p.add_argument("--wild", choices=("deuces", "none"), default="deuces", help=_WILD_HELP)


def _limit_options(p) -> None:
    p.add_argument("--variant", choices=("standard", "draw-three"), default="standard", help=_VARIANT_HELP)
    p.add_argument(
        "--max-draw", type=int_in_range(0, 5, "--max-draw"), default=None, metavar="N", help=_MAX_DRAW_HELP
    )


def _limit(args) -> dict:
    """The draw limit of ``--variant`` / ``--max-draw`` (one of them)."""
    if args.max_draw is not None and args.variant != "standard":
        raise UsageError(f"--max-draw and --variant {args.variant} both set the draw limit; give one of them")
    return {"variant": args.variant, "max_draw": args.max_draw}


def register(sub) -> None:
    game = sub.add_parser(
        "diablo",
        help=COMMAND_HELP["diablo"],
        description="Diablo analyses: exact draw odds and the full game.",
    )
    cmds = game.add_subparsers(dest="diablo_command", metavar="COMMAND", required=True)

    p = cmds.add_parser(
        "draw-odds",
        help="exact final-category distribution of one keep",
        description="Enumerate every replacement set of the unseen cards and "
        "give the exact distribution of the final category.",
    )
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards, e.g. '9s 9h 2c Kd 5h'")
    p.add_argument(
        "--keep", metavar="CARDS", default=None, help="the cards kept (default: all five, standing pat)"
    )
    p.add_argument("--dead", metavar="CARDS", default=None, help="cards that cannot come")
    _limit_options(p)
    add_table_options(p)
    p.set_defaults(func=_draw_odds)

    p = cmds.add_parser(
        "best-keep",
        help="every keep of a hand with its exact value by an objective",
        description="List every keep the draw limit allows with its exact value: the "
        "probability of a target category or better (--objective category, --target), the "
        "expected final category (expected_category), the showdown share against --opponents "
        "random hands (equity) or the expected payout of a pay table (paytable, --paytable). "
        "Every replacement set of the unseen cards is enumerated.",
    )
    p.add_argument("hand", nargs="+", metavar="HAND", help="five cards")
    p.add_argument("--dead", metavar="CARDS", default=None, help="cards that cannot come")
    p.add_argument(
        "--objective",
        choices=("category", "expected_category", "equity", "paytable"),
        default=None,
        help="what a keep is worth (default: category; paytable when --paytable is given)",
    )
    p.add_argument(
        "--target", default=None, help="--objective category: the category to reach (default three_of_a_kind)"
    )
    p.add_argument(
        "--opponents",
        type=int_in_range(1, 6, "--opponents"),
        default=None,
        help="--objective equity: 1-6 (default 1)",
    )
    p.add_argument("--paytable", metavar="SPEC", default=None, help=_PAYTABLE_HELP)
    _wild_option(p)
    _limit_options(p)
    add_table_options(p)
    p.set_defaults(func=_best_keep)

    p = cmds.add_parser(
        "paytable-return",
        help="exact return of a pay table under best play",
        description="Play every one of the 2,598,960 deals with the keep of the best expected "
        "payout (suit patterns solved once each; inclusion-exclusion over the discards) and "
        "give the exact return and the probability of each final category.",
    )
    p.add_argument("--paytable", metavar="SPEC", default=None, help=_PAYTABLE_HELP)
    _wild_option(p)
    _limit_options(p)
    add_table_options(p)
    p.set_defaults(func=_paytable_return)

    p = cmds.add_parser(
        "equity",
        help="exact pot shares of given hands at the draw",
        description="Each player's share of the pot (win 1, k-way tie 1/k) when every player "
        "keeps the given cards and draws the rest from one deck in draw order, every outcome "
        "counted (exact: true); Monte Carlo with standard errors when that would take too long. "
        "A HAND may be a range ('trips+', 'two_pair no deuce', '2 deuces', hands joined by |; "
        "docs/ranges.md): each deal gives it a hand of the range, jointly with the other ranges "
        "and without the cards known elsewhere, and it keeps what the draw policy keeps (give it "
        "no --keep); with a range the answer is Monte Carlo. "
        "Example: simkit diablo equity 'As Ah 2d 7c 4s' 'Kh Jh 9h 7h 5s' --keep 'As Ah 2d' "
        "--keep 'Kh Jh 9h 7h'",
    )
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="one player's five cards, quoted, from left of the dealer, or a range: 'trips+', "
        "'two_pair no deuce', '2 deuces', 'flush+:2,1+ deuces' (docs/ranges.md)",
    )
    p.add_argument(
        "--keep",
        action="append",
        metavar="CARDS",
        default=None,
        help="the cards one player keeps, once per card HAND in the same order (all five: stands pat; "
        "'-': none); a ranged HAND takes none",
    )
    p.add_argument(
        "--order",
        nargs="+",
        type=int_in_range(1, 10, "--order"),
        metavar="N",
        default=None,
        help="draw order as player numbers (1 = the first HAND; default 1 2 ...)",
    )
    p.add_argument("--dead", metavar="CARDS", default=None, help="cards out of play")
    _limit_options(p)
    add_exact_option(
        p, "count every outcome: auto = when it takes at most 200,000,000 look-ups (every heads-up spot)"
    )
    add_table_options(p)
    add_mc_options(p, trials=200_000, trials_help="Monte Carlo deals when not exact (default 200,000)")
    p.set_defaults(func=_equity)

    _sim_commands(cmds)


def _pair(text: str) -> tuple[int, int]:
    """``LO,HI``: the smallest and the largest bet of a round (``1,5``)."""
    parts = [whole_number(x) for x in text.split(",")]
    lo, hi = parts if len(parts) == 2 else (None, None)
    if lo is None or hi is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not two whole numbers LO,HI")
    if not 1 <= lo <= hi <= INT_LIMIT:
        raise argparse.ArgumentTypeError(f"{text!r} needs 1 <= LO <= HI")
    return lo, hi


#: The rule options (flag, Rules field); ``--no-diablo`` sets ``diablo=False``.
RULE_FLAGS: tuple[tuple[str, str], ...] = (
    ("--ante", "ante"),
    ("--before", "before"),
    ("--after", "after"),
    ("--max-raises", "max_raises"),
    ("--stacks", "stacks"),
    ("--cap", "cap"),
    ("--draw-three", "draw_three"),
    ("--jacks-or-better", "jacks_or_better"),
    ("--no-diablo", "diablo"),
    ("--dealers-choice", "dealers_choice"),
    ("--session", "session"),
)
#: The rule options that are not variants of diablo.de.txt (``variants`` compares the rest).
LIMIT_FLAGS = ("--ante", "--before", "--after", "--max-raises", "--stacks")


def _rules_options(p, only: tuple[str, ...] | None = None) -> None:
    """The rule options of every command that plays Diablo (the fields of
    :class:`simkit.games.diablo.rules.Rules`, defaults R-D6); ``only``: just these flags (for
    commands that set the others themselves)."""
    from simkit.games.diablo.rules import Rules

    d = Rules()

    def whole(flag: str, least: int, text: str) -> dict:
        return dict(type=int_in_range(least, INT_LIMIT, flag), metavar="N", help=text)

    def switch(text: str) -> dict:
        return dict(action="store_true", default=None, help=text)

    spec = {
        "--ante": whole("--ante", 0, f"ante per player (default {d.ante})"),
        "--before": dict(
            type=_pair,
            metavar="LO,HI",
            help=f"smallest and largest bet before the draw (default {d.before[0]},{d.before[1]})",
        ),
        "--after": dict(
            type=_pair,
            metavar="LO,HI",
            help=f"smallest and largest bet after the draw (default {d.after[0]},{d.after[1]})",
        ),
        "--max-raises": whole("--max-raises", 0, f"raises allowed in a round (default {d.max_raises})"),
        "--stacks": whole("--stacks", 1, f"chips per player (default {d.stacks})"),
        "--cap": whole("--cap", 0, "cap on the pot a losing opener pays (default 0: none)"),
        "--draw-three": switch("draw up to 3 (4 keeping an ace)"),
        "--jacks-or-better": switch("open only with jacks or better"),
        "--no-diablo": switch("plain deuces wild: no Diablo rule"),
        "--dealers-choice": switch(
            "after a series the deal passes left of who dealt its first game (with --session N > 1)"
        ),
        "--session": whole(
            "--session", 1, f"series played before the stacks start fresh (default {d.session})"
        ),
    }
    g = p.add_argument_group("rules (R-D6 defaults; variants of diablo.de.txt)")
    for flag, _ in RULE_FLAGS:
        if only is None or flag in only:
            g.add_argument(flag, **spec[flag])


def _rules(args, base=None):
    """The rules of the options typed (on ``base``, default R-D6); ``UsageError`` for a bad
    value or an option these rules do not use."""
    from dataclasses import replace

    from simkit.games.diablo.rules import Rules

    kw = {}
    for flag, field in RULE_FLAGS:
        value = getattr(args, dest_of(flag), None)
        if value is not None:
            kw[field] = False if flag == "--no-diablo" else value
    try:
        rules = replace(base or Rules(), **kw)
    except ValueError as e:
        raise UsageError(str(e)) from None
    refuse_unused(args, rules, RULE_FLAGS)
    return rules


def parse_player(text: str):
    """A player from ``LEVEL[:key=value,...]``: :func:`simkit.games.diablo.strategies.parse_player`,
    its errors as usage errors.

    >>> parse_player("two_pair:bluff=0.1,P_CALL=0.6")
    Player(open_at='two_pair', bluff=0.1, kind='tight', params={'P_CALL': 0.6})
    """
    from simkit.games.diablo.strategies import parse_player as parse

    try:
        return parse(text)
    except ValueError as e:
        raise UsageError(str(e)) from None


_PLAYERS = int_in_range(3, 7, "player count")


def _sim_commands(cmds) -> None:
    from simkit.games.diablo.strategies import OPEN_LEVELS

    levels = list(OPEN_LEVELS) + ["never"]

    p = cmds.add_parser(
        "keeps",
        help="best keep for every starting rank pattern",
        description="The best keep of every hand (exact; objective: showdown "
        "share against two random hands), by rank pattern, or a summary of "
        "how many cards are drawn by deuces held and category as dealt.",
    )
    p.add_argument(
        "--deuces",
        type=int_in_range(0, 4, "deuces"),
        default=None,
        help="only patterns (or summary rows) with this many deuces",
    )
    p.add_argument("--summary", action="store_true", help="draw counts by deuces and category")
    _limit_options(p)
    add_table_options(p)
    p.set_defaults(func=_keeps)

    p = cmds.add_parser(
        "open",
        help="chips by opening threshold (tip D1)",
        description="Seat 0 opens at each threshold, everybody else at "
        "--others; seat 0's chips per series and per game it opened.",
    )
    p.add_argument("--players", type=_PLAYERS, default=5)
    p.add_argument("--others", default="trips", help="the other players (default trips)")
    p.add_argument("--levels", nargs="+", choices=levels, default=list(OPEN_LEVELS))
    _rules_options(p)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series per threshold (default 20,000)")
    p.set_defaults(func=_open)

    p = cmds.add_parser(
        "equilibrium",
        help="opening thresholds nobody gains by changing",
        description="Iterated best response over the opening thresholds.",
    )
    p.add_argument("--players", type=_PLAYERS, default=5)
    p.add_argument("--start", choices=OPEN_LEVELS, default="trips")
    p.add_argument("--max-iter", type=int_in_range(1, 10**6, "--max-iter"), default=6)
    _rules_options(p)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series per threshold and step (default 20,000)")
    p.set_defaults(func=_equilibrium)

    p = cmds.add_parser(
        "series",
        help="series length, pot growth, chips to and from openers",
        description="Everybody opens at --level; one row per player count.",
    )
    p.add_argument("--players", type=_PLAYERS, nargs="+", default=[3, 4, 5, 6, 7])
    p.add_argument("--level", nargs="+", choices=levels, default=["trips"])
    p.add_argument(
        "--lengths", action="store_true", help="print the distribution of games per series instead"
    )
    _rules_options(p)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series per row (default 20,000)")
    p.set_defaults(func=_series)

    p = cmds.add_parser(
        "match",
        help="a match of given players: chips per series per seat",
        description="Play series with the given players (3-7, one per seat).",
    )
    p.add_argument("players", nargs="+", metavar="PLAYER", help="e.g. trips two_pair:bluff=0.1")
    _rules_options(p)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series (default 20,000)")
    p.set_defaults(func=_match)

    p = cmds.add_parser(
        "bluff",
        help="value of opening below one's threshold (tip D5)",
        description="Seat 0 opens (or checks) a hand below its threshold the "
        "first time it may in a series; with and without the Diablo rule.",
    )
    p.add_argument("--players", type=_PLAYERS, nargs="+", default=[3, 5, 7])
    p.add_argument("--level", choices=OPEN_LEVELS, default="trips")
    _rules_options(p, only=tuple(f for f, _ in RULE_FLAGS if f != "--no-diablo"))
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series per run (default 20,000)")
    p.set_defaults(func=_bluff)

    p = cmds.add_parser(
        "variants",
        help="the variants of the rules side by side",
        description="Series statistics under every variant of diablo.de.txt.",
    )
    p.add_argument("--players", type=_PLAYERS, default=5)
    p.add_argument("--level", choices=levels, default="pair")
    _rules_options(p, only=LIMIT_FLAGS)
    add_table_options(p)
    add_mc_options(p, trials=20_000, trials_help="series per variant (default 20,000)")
    p.set_defaults(func=_variants)


def _keeps(args) -> None:
    from simkit.games.diablo.keep_table import keep_summary, pattern_table

    limit = _limit(args)
    if args.summary:
        s = keep_summary(limit["variant"], max_draw=limit["max_draw"])
        emit(s if args.deuces is None else s[s.deuces == args.deuces].reset_index(drop=True), args)
    else:
        emit(pattern_table(limit["variant"], deuces=args.deuces, max_draw=limit["max_draw"]), args)


def _open(args) -> None:
    from simkit.games.diablo.studies import threshold_sweep

    with several_jobs(args) as opts:
        emit(
            threshold_sweep(
                args.players, args.levels, parse_player(args.others), args.trials, _rules(args), **opts
            ),
            args,
        )


def _equilibrium(args) -> None:
    from simkit.games.diablo.studies import equilibrium

    with several_jobs(args) as opts:
        emit(
            equilibrium(
                args.players,
                args.start,
                hands=args.trials,
                rules=_rules(args),
                max_iter=args.max_iter,
                **opts,
            ),
            args,
        )


def _series(args) -> None:
    from simkit.games.diablo.studies import series_table

    keep: dict = {}
    with several_jobs(args) as opts:
        t = series_table(args.players, args.level, args.trials, _rules(args), keep=keep, **opts)
    if args.lengths:
        import pandas as pd

        t = pd.concat(
            [r.lengths[r.lengths.series > 0].assign(players=n, level=lv) for (n, lv), r in keep.items()],
            ignore_index=True,
        )
    emit(t, args)


def _match(args) -> None:
    from simkit.games.diablo.jobs import simulate

    if not 3 <= len(args.players) <= 7:
        raise UsageError(f"Diablo is for 3-7 players, got {len(args.players)}")
    players = [parse_player(p) for p in args.players]
    with several_jobs(args) as opts:
        r = simulate(players, args.trials, _rules(args), **opts)
    t = r.seats.assign(player=args.players)
    emit(t[["seat", "player"] + [c for c in t.columns if c not in ("seat", "player")]], args)


def _bluff(args) -> None:
    import pandas as pd

    from simkit.games.diablo.studies import bluff_ev

    with several_jobs(args) as opts:
        rows = [
            bluff_ev(n, args.level, args.trials, diablo, rules=_rules(args), **opts)
            for n in args.players
            for diablo in (True, False)
        ]
    emit(pd.DataFrame(rows), args)


def _variants(args) -> None:
    from simkit.games.diablo.rules import VARIANTS
    from simkit.games.diablo.studies import variants_table

    variants = {name: _rules(args, rules) for name, rules in VARIANTS.items()}
    with several_jobs(args) as opts:
        emit(variants_table(args.players, args.level, args.trials, variants=variants, **opts), args)


def _hand(tokens: list[str]):
    from simkit.cards import format_cards, parse_cards

    cards = parse_cards(" ".join(tokens))
    if cards.size != 5:
        raise UsageError(f"a Diablo hand has 5 cards, got {cards.size}: {format_cards(cards)!r}")
    return cards


def _draw_odds(args) -> None:
    from simkit.games.diablo.solver import draw_odds

    emit(draw_odds(_hand(args.hand), keep=args.keep, dead=args.dead, **_limit(args)), args)


def _best_keep(args) -> None:
    from simkit.games.diablo.solver import rank_keeps

    objective = args.objective or ("paytable" if args.paytable is not None else "category")
    for flag, value, owner in (
        ("--target", args.target, "category"),
        ("--opponents", args.opponents, "equity"),
        ("--paytable", args.paytable, "paytable"),
    ):
        if value is not None and objective != owner:
            raise UsageError(f"{flag} is only for --objective {owner}, not {objective}")
    if objective == "equity" and args.wild == "none":
        raise UsageError("--objective equity is for deuces wild only, not --wild none")
    df = rank_keeps(
        _hand(args.hand),
        dead=args.dead,
        objective=objective,
        target=args.target,
        opponents=args.opponents,
        paytable=args.paytable,
        wild=args.wild,
        **_limit(args),
    )
    emit(df, args)


def _paytable_return(args) -> None:
    import pandas as pd

    from simkit.games.diablo.paytable import paytable_return

    df = paytable_return(args.paytable, wild=args.wild, **_limit(args))
    a = df.attrs
    if args.format == "json":
        emit({**{k: a[k] for k in a}, "categories": df.to_dict(orient="records")}, args)
    elif args.format == "csv":
        total: dict[str, object] = {
            "category": "total",
            "pays": None,
            "combinations": int(df.combinations.sum()),
        }
        total |= {"probability": float(df.probability.sum()), "return": a["return"]}
        emit(pd.concat([df, pd.DataFrame([total])], ignore_index=True), args)
    else:
        lines = [
            df.to_string(index=False),
            "",
            f"return      {a['return']:.10f} (exact: {a['return_exact']})",
            f"pay table   {a['paytable']}" + (" (no wild card)" if a["wild"] == "none" else ""),
            f"draw limit  {a['limit']}",
            f"deals       {a['deals']:,} (solved as {a['patterns']:,} suit patterns), exact: true",
            "combinations count each deal as 7,669,695 (the least common multiple of C(47, 0..5))",
            "deals drawing 0..5 cards: " + ", ".join(f"{x:.4f}" for x in a["draws"]),
            f"deals with more than one best keep: {a['tied']:.4f} (the frequencies depend on which "
            "is played, the return does not; ties go to the keep drawing fewer cards)",
        ]
        emit("\n".join(lines), args)


def _equity(args) -> None:
    from simkit.games.diablo.draw_equity import EXACT_LIMIT, draw_equity, prepare
    from simkit.games.diablo.ranges import is_range_text

    ranged = [i for i, h in enumerate(args.hands) if is_range_text(h)]
    n_cards = len(args.hands) - len(ranged)
    given_keeps = args.keep or []
    if ranged:
        if len(given_keeps) != n_cards:
            if len(given_keeps) == len(args.hands):
                i = ranged[0]
                raise UsageError(
                    f"HAND {i + 1} {args.hands[i]!r} is a range: it keeps by the draw policy; "
                    f"give one --keep per card HAND ({n_cards}), none for a range"
                )
            raise UsageError(
                f"give one --keep per card HAND, none for a range: {n_cards} card HAND{'s' if n_cards != 1 else ''}, "
                f"{len(given_keeps)} --keep"
            )
        if args.exact == "always":
            raise UsageError("--exact always is refused with a range: a range is dealt by Monte Carlo")
        it = iter(given_keeps)
        keeps = [None if i in ranged else next(it) for i in range(len(args.hands))]
    else:
        if not args.keep:
            raise UsageError(
                f"give one --keep per HAND ({len(args.hands)} hands): all five cards to stand pat"
            )
        if len(args.keep) != len(args.hands):
            raise UsageError(f"give one --keep per HAND: {len(args.hands)} hands, {len(args.keep)} --keep")
        keeps = list(args.keep)
    order = None
    if args.order is not None:
        n = len(args.hands)
        if sorted(args.order) != list(range(1, n + 1)):
            raise UsageError(
                f"--order must list each player 1..{n} once, got {' '.join(map(str, args.order))}"
            )
        order = [p - 1 for p in args.order]
    if args.exact != "never" and not ranged:
        spot = prepare(args.hands, keeps, args.dead, order=order, **_limit(args))
        if spot.plan()[2] <= EXACT_LIMIT:  # counted exactly (beyond it "always" is refused)
            refuse(
                args,
                MONTE_CARLO_FLAGS,
                "is a Monte Carlo option, and every outcome of this spot is counted (exact); "
                "give --exact never for Monte Carlo",
            )
    opts = run_options(args)
    seed = opts.pop("seed")
    df = draw_equity(
        args.hands,
        keeps,
        args.dead,
        order=order,
        exact=exact_mode(args),
        trials=args.trials,
        seed=seed,
        **_limit(args),
        **opts,
    )
    a = df.attrs
    if args.format == "json":
        emit({**{k: a[k] for k in a}, "hands": df.to_dict(orient="records")}, args)
    elif args.format == "csv":
        emit(df, args)
    else:
        if a["exact"]:
            how = f"exact: true, every one of {a['outcomes']:,} outcomes counted"
        elif a["outcomes"] is None:
            how = (
                f"exact: false, Monte Carlo over {a['trials']:,} deals; ranged hands dealt by weight, "
                "keeping by the draw policy (draw: mean cards drawn)"
            )
        else:
            how = f"exact: false, Monte Carlo over {a['trials']:,} of {a['outcomes']:,} outcomes"
        lines = [
            df.to_string(index=False),
            "",
            how,
            "draw order: players " + " ".join(map(str, a["order"])) + f"; draw limit {a['limit']}",
        ]
        emit("\n".join(lines), args)
