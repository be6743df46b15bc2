"""``simkit in-between``: exact odds, stake sizing, Red Dog and the dealer's game simulator.

Subcommands::

    simkit in-between odds [--seen CARDS] [--low-ace] [--three-posts] [--pairs P] [--posts CARDS]
    simkit in-between sizing [--by spread|pair] [--stacks N] [--pot N] [--seen CARDS]
                             [--low-ace] [--min-stake N] [--game] [--rounds N]
    simkit in-between red-dog --decks N [--table]
    simkit in-between match SPEC [SPEC ...] [--seats N] [RULE OPTIONS] --trials N
    simkit in-between simulate --policy SPEC [--policy SPEC ...] [--seats N] [RULE OPTIONS]
                               --trials N

``match`` takes one player spec per seat (seat 0 deals first); ``simulate`` is the same with
``--policy`` per seat.  An option that the context does not use is refused: ``--pot`` with
ante-all or red-dog, ``--rounds`` with two-pass (the deck decides), ``--ante`` without a
variant that has an ante; ``odds --pairs`` with ``--posts``; ``sizing --rounds`` without
``--game``, and ``--by``, ``--seen``, ``--min-stake`` with it (the exact heads-up game: the
plain rules or low-ace, by spread, a fresh deck every round).  Rule options, the same flags in every command: ``--pot N``,
``--stacks N`` (old name ``--chips``), ``--rounds N``, ``--ante N``, ``--low-ace``,
``--three-posts``, ``--pairs split|ante-back``, and ``--variant V`` (repeatable) for any
variant of R-I4: low-ace, two-pass, ante-all, hidden, min-stake, three-posts, pairs=split,
pairs=ante-back.  ``--deals N``: dealer's games per trial.  ``--seats N`` (old name
``--players``): seats, when one spec is given for all.

A player spec is ``kind[:param][@min_spread][+count]`` (or ``kind:param=P,min_spread=K,
counting=1``) with kind ``fixed``, ``pot_fraction`` (``pot``), ``kelly``, ``half_kelly``,
``pay_twice``, ``random``, ``pass_below:K`` or ``never``; or ``python:MODULE:FUNCTION`` for a
function of a Decision.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import (
    COMMAND_HELP,
    UsageError,
    add_mc_options,
    add_table_options,
    chips,
    count,
    emit,
    render,
    run_options,
)
from .options import refuse, refuse_unused

__all__ = ["register"]


def register(sub) -> None:
    group = sub.add_parser(
        "in-between",
        help=COMMAND_HELP["in-between"],
        description=__doc__.split("\n\n")[0],
    )
    cmds = group.add_subparsers(dest="in_between_command", metavar="SUBCOMMAND", required=True)

    p = cmds.add_parser(
        "odds",
        help="exact odds for every pair of posts",
        description="One row per post pair (low, high, spread, p_between, p_post, p_outside, "
        "ev_per_chip, kelly_fraction), exact, given the cards already seen.  Example: "
        "simkit in-between odds --seen 'Kc Kd 7h' --format csv",
    )
    p.add_argument("--seen", metavar="CARDS", help="cards already seen and out of the deck")
    p.add_argument(
        "--low-ace", action="store_true", help="add the rows of a first-card ace counted low (low = 1)"
    )
    p.add_argument(
        "--three-posts",
        action="store_true",
        help="three posts: both stakes (column stake 1/2, the second with a triple post)",
    )
    p.add_argument(
        "--pairs",
        choices=("split", "ante-back"),
        help="the pairs variant: add split_ev_per_chip (split) or ante_back",
    )
    p.add_argument(
        "--posts",
        metavar="CARDS",
        help="the odds of one hand only: two posts, first card first (three with --three-posts)",
    )
    add_table_options(p)
    p.set_defaults(func=_odds)

    p = cmds.add_parser(
        "sizing",
        help="Kelly and half-Kelly stakes by spread or by post pair",
        description="The stake that maximises expected log-chips (Kelly) given the double loss "
        "on the post, half-Kelly, the stakes in chips for --stacks and --pot, as shares of both, "
        "and the pass rule.  --game: the exact best stakes for expected chips over a heads-up "
        "dealer's game instead.",
    )
    p.add_argument("--by", choices=("spread", "pair"), default="spread")
    p.add_argument(
        "--stacks",
        "--chips",
        dest="stacks",
        type=count,
        default=100,
        metavar="N",
        help="own chips (with --game: at the start) (default 100)",
    )
    p.add_argument("--pot", type=count, default=20, metavar="N", help="chips in the pot (default 20)")
    p.add_argument("--seen", metavar="CARDS", help="cards already seen and out of the deck")
    p.add_argument("--low-ace", action="store_true", help="a first-card ace may count low")
    p.add_argument(
        "--min-stake",
        type=chips("--min-stake"),
        default=0,
        metavar="N",
        help="the minimum-stake variant: every hand stakes at least N (default 0)",
    )
    p.add_argument(
        "--game",
        action="store_true",
        help="best stake by spread at the first decision of a heads-up dealer's game",
    )
    p.add_argument("--rounds", type=count, default=3, metavar="N", help="rounds, with --game (default 3)")
    add_table_options(p)
    p.set_defaults(func=_sizing)

    p = cmds.add_parser(
        "red-dog",
        help="exact Red Dog house edge, with the best raise rule and without raising",
        description="Red Dog, the casino version: exact house edge per unit ante for N decks.",
    )
    p.add_argument("--decks", type=count, default=1, metavar="N", help="decks in the shoe (default 1)")
    p.add_argument("--table", action="store_true", help="the per-spread table instead")
    add_table_options(p)
    p.set_defaults(func=_red_dog)

    p = cmds.add_parser(
        "match",
        help="dealer's games of one player spec per seat",
        description="Seat 0 deals first; the deal passes left after each dealer's game.  Per-seat "
        "results and the dealer's, with standard errors.  Example: simkit in-between match "
        "kelly half_kelly pot:0.5 --trials 1e6",
    )
    p.add_argument(
        "players", nargs="+", metavar="SPEC", help="a player spec per seat, or one for all --seats"
    )
    _game_options(p)
    p.set_defaults(func=_simulate)

    p = cmds.add_parser(
        "simulate",
        help="simulate dealer's games with a stake policy per seat",
        description="Seat 0 deals first; the deal passes left after each dealer's game.  Per-seat "
        "results and the dealer's, with standard errors.  Example: simkit in-between simulate "
        "--policy kelly --policy half_kelly --policy pot:0.5 --trials 1e6",
    )
    p.add_argument(
        "--policy",
        dest="players",
        action="append",
        metavar="SPEC",
        required=True,
        help="a player spec (stake policy); one per seat, or one for all --seats",
    )
    _game_options(p)
    p.set_defaults(func=_simulate)


def _game_options(p) -> None:
    """The options of ``match`` and ``simulate``: seats, the rules, deals, Monte Carlo."""
    p.add_argument(
        "--seats", "--players", dest="seats", type=count, metavar="N", help="seats, when one spec is given"
    )
    p.add_argument("--pot", type=count, default=20, metavar="N", help="dealer's opening pot (default 20)")
    p.add_argument(
        "--stacks",
        "--chips",
        dest="stacks",
        type=count,
        default=100,
        metavar="N",
        help="everyone's starting chips (default 100)",
    )
    p.add_argument(
        "--rounds", type=count, default=3, metavar="N", help="rounds per dealer's game (default 3)"
    )
    p.add_argument(
        "--deals",
        type=count,
        default=1,
        metavar="N",
        help="dealer's games per trial, the deal passing left (default 1)",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="a rule variant (R-I4); repeat for several",
    )
    p.add_argument("--low-ace", action="store_true", help="the low-ace variant (= --variant low-ace)")
    p.add_argument(
        "--three-posts", action="store_true", help="the three-posts variant (= --variant three-posts)"
    )
    p.add_argument("--pairs", choices=("split", "ante-back"), help="the pairs variant (= --variant pairs=P)")
    p.add_argument("--ante", type=count, default=1, metavar="N", help="the ante of the variants (default 1)")
    add_table_options(p)
    add_mc_options(p, trials=100_000, trials_help="dealer's games (trials) (default: 100,000)")
    p.add_argument(
        "--hands",
        dest="trials",
        type=count,
        default=argparse.SUPPRESS,
        metavar="N",
        help="the same as --trials",
    )


def _seen(args):
    return args.seen if args.seen else None


def _odds(args) -> None:
    from ..games.in_between import hand_odds, odds_table, three_posts_odds

    if args.posts:
        refuse(args, ["--pairs"], "adds columns to the table of every post pair: not with --posts")
        if args.three_posts:
            emit(three_posts_odds(args.posts, _seen(args), low_ace=args.low_ace), args)
        else:
            emit(hand_odds(args.posts, _seen(args), low_ace=args.low_ace), args)
        return
    pairs = (args.pairs or "none").replace("-", "_")
    emit(odds_table(_seen(args), low_ace=args.low_ace, three_posts=args.three_posts, pairs=pairs), args)


def _sizing(args) -> None:
    from ..games.in_between import Rules, best_game_stakes, sizing_table

    if args.game:
        refuse(
            args,
            ["--by", "--seen", "--min-stake"],
            "is for the sizing table; --game solves the plain heads-up dealer's game "
            "(by spread, a fresh deck every round)",
        )
        rules = Rules(pot=args.pot, stacks=args.stacks, rounds=args.rounds, low_ace=args.low_ace)
        g = best_game_stakes(rules=rules)
        emit(g.start.assign(game_value=g.value), args)
        return
    refuse(args, ["--rounds"], "is the rounds of the dealer's game: only with --game")
    emit(
        sizing_table(
            chips=args.stacks,
            pot=args.pot,
            by=args.by,
            seen=_seen(args),
            low_ace=args.low_ace,
            min_stake=args.min_stake,
        ),
        args,
    )


def _red_dog(args) -> None:
    from ..games.in_between import red_dog_edge, red_dog_table

    emit(red_dog_table(args.decks) if args.table else red_dog_edge(args.decks), args)


def _simulate(args) -> None:
    from ..games.in_between import Rules, simulate

    names = list(args.variant)
    names += ["low_ace"] if args.low_ace else []
    names += ["three_posts"] if args.three_posts else []
    names += [f"pairs={args.pairs.replace('-', '_')}"] if args.pairs else []
    rules = Rules.from_names(names, ante=args.ante, pot=args.pot, stacks=args.stacks, rounds=args.rounds)
    refuse_unused(args, rules, [("--pot", "pot"), ("--rounds", "rounds"), ("--ante", "ante")])
    players = args.players
    if len(players) == 1:
        if args.seats is None:
            raise UsageError("give one player spec per seat, or --seats N (--players N) with a single spec")
        players = players[0]
    r = simulate(
        players, seats=args.seats, rules=rules, hands=args.trials, deals=args.deals, **run_options(args)
    )
    if args.format == "json":
        emit({"dealer": r.dealer, "seats": r.seats.to_dict(orient="records")}, args)
    elif args.format == "csv":
        emit(r.seats, args)
    else:
        text = render(r.seats, "table") + "\n\ndealer\n" + render(r.dealer, "table") + "\n"
        if args.out:
            try:
                Path(args.out).write_text(text)
            except OSError as exc:
                raise UsageError(f"cannot write --out {args.out!r}: {exc.strerror}") from exc
        else:
            sys.stdout.write(text)
