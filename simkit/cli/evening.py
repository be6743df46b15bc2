"""``simkit evening GAME``: whole evenings played to their end rule; who wins the night.

GAME is ``diablo``, ``triple-draw``, ``razz``, ``in-between`` or ``dealers-choice`` (each
dealer names the game, R-E7; players are ``STRATEGY@CHOICE``).  Every
option has a default: ``simkit evening razz`` alone plays 1,000 evenings of the usual number of
players, the tips player against a typical field.  The game's rule options are the fields of
its ``Rules`` (``--ante``, ``--small-blind``, ``--variant`` ...; see ``simkit evening GAME
--help``), with the same defaults.

The table has one row per seat: ``seat, strategy, win, win_se, final_chips, final_chips_se,
broke, broke_se, mean_deals``, then a summary (evenings, length, the chance that someone goes
broke).  ``--log N`` prints the hand-by-hand record of the first N evenings instead: per
hand the deal, game, dealer, pot and every stack after it.
"""

from __future__ import annotations

import argparse
import dataclasses

import pandas as pd

from ..checks import INT_LIMIT
from .common import (
    COMMAND_HELP,
    add_mc_options,
    add_table_options,
    count,
    emit,
    int_in_range,
    run_options,
    whole_number,
)
from .options import refuse, refuse_unused

__all__ = ["SEAT_COLUMNS", "register"]

#: The columns of the evening table, in order.
SEAT_COLUMNS = [
    "seat",
    "strategy",
    "win",
    "win_se",
    "final_chips",
    "final_chips_se",
    "broke",
    "broke_se",
    "mean_deals",
]

#: Rule fields that are not rule options here (``--stacks`` is the evening's own, the rest
#: belong to other commands).
_NOT_OPTIONS = {"stacks", "session", "max_deals", "dealers_choice"}

_DEALS_HELP = {
    "diablo": "the agreed time in deals; a series running then is finished (default 100)",
    "triple-draw": "the agreed time in deals (default: play until one player has every chip)",
    "razz": "the agreed time in deals (default: play until one player has every chip)",
}


def _rule_type(annotation: str, flag: str = "value"):
    """The argparse type of a ``Rules`` field from its annotation text (``flag`` names the
    option in errors); a whole number must fit the engines' int64 arithmetic, the rules
    check what it means."""
    if annotation.startswith("bool"):
        return None
    if annotation.startswith("int"):
        return int_in_range(-INT_LIMIT, INT_LIMIT, flag)
    if annotation.startswith("tuple[int, int]"):
        return _pair
    return str


def _pair(text: str) -> tuple[int, int]:
    parts = [whole_number(x) for x in text.split(",")]
    lo, hi = parts if len(parts) == 2 else (None, None)
    if lo is None or hi is None or abs(lo) > INT_LIMIT or abs(hi) > INT_LIMIT:
        raise argparse.ArgumentTypeError(f"{text!r} is not two whole numbers LO,HI")
    return lo, hi


def _add_rule_options(p: argparse.ArgumentParser, rules_type: type) -> None:
    """One option per field of ``rules_type`` (its defaults apply when an option is not given)."""
    g = p.add_argument_group(f"rules (the fields of {rules_type.__module__}.{rules_type.__qualname__})")
    defaults = rules_type()
    for f in dataclasses.fields(rules_type):
        if f.name in _NOT_OPTIONS or not f.init:
            continue
        flag = "--" + f.name.replace("_", "-")
        kind = _rule_type(
            f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type)), flag
        )
        default = getattr(defaults, f.name)
        if kind is None:
            g.add_argument(
                flag, action=argparse.BooleanOptionalAction, default=None, help=f"(default {default})"
            )
        else:
            g.add_argument(flag, type=kind, default=None, metavar="X", help=f"(default {default})")


def _rules(args: argparse.Namespace, rules_type: type):
    """The ``Rules`` of the rule options; a rule option these rules never read is refused."""
    fields = [f.name for f in dataclasses.fields(rules_type) if f.name not in _NOT_OPTIONS and f.init]
    rules = rules_type(**{f: getattr(args, f) for f in fields if getattr(args, f, None) is not None})
    refuse_unused(args, rules, [("--" + f.replace("_", "-"), f) for f in fields])
    return rules


def register(sub) -> None:
    from ..evenings.setups import SETUPS

    group = sub.add_parser(
        "evening",
        help=COMMAND_HELP["evening"],
        description=__doc__.split("\n\n")[0],
    )
    games = group.add_subparsers(dest="game", metavar="GAME", required=True)
    for name, s in SETUPS.items():
        p = games.add_parser(
            name,
            help=f"evenings of {name}",
            description=f"Evenings of {name} played to its end rule; default players: "
            + ", ".join(s.default_players()),
        )
        p.add_argument(
            "--players",
            nargs="+",
            metavar="SPEC",
            help=f"the players' specs of {name}, one per seat, {s.min_players}-{s.max_players} "
            f"(default: {' '.join(s.default_players())})",
        )
        _common(p)
        if name == "in-between":
            p.add_argument(
                "--dealer-games",
                type=count,
                default=1,
                metavar="N",
                help="dealer's games each player deals before the evening ends (default 1)",
            )
        else:
            p.add_argument(
                "--deals", type=int_in_range(0, INT_LIMIT, "deals"), metavar="N", help=_DEALS_HELP[name]
            )
        _add_rule_options(p, s.rules_type)
        p.set_defaults(func=_evening, rules_type=s.rules_type)
    _register_dealers_choice(games)


def _register_dealers_choice(games) -> None:
    from ..evenings.dealers_choice import CHOICES, DEFAULT_DEALS, STRATEGIES
    from ..games.evening import GAMES

    p = games.add_parser(
        "dealers-choice",
        help="Dealer's Choice evenings: each dealer names the game (R-E7)",
        description="Each dealer in turn names a game of --games and deals it with its own default "
        "limits: one hand of 2-7 or Razz, one dealer's game of In-Between, or a Diablo series to its "
        "end.  Players are STRATEGY@CHOICE: STRATEGY one of " + ", ".join(STRATEGIES) + "; CHOICE a "
        "game (the favourite), " + " or ".join(CHOICES) + " (the game of the largest edge at this "
        "table, measured first).",
    )
    p.add_argument(
        "--players",
        nargs="+",
        metavar="STRATEGY@CHOICE",
        help="one per seat (default: tips@best tight@random loose-aggressive@random passive@random tight@random)",
    )
    p.add_argument(
        "--games", nargs="+", choices=GAMES, metavar="GAME", help="the agreed set (default: all four)"
    )
    p.add_argument(
        "--deals",
        type=int_in_range(0, INT_LIMIT, "deals"),
        default=DEFAULT_DEALS,
        metavar="N",
        help=f"the agreed time in deals, a running Diablo series finished (default {DEFAULT_DEALS}; 0: to the last player)",
    )
    p.add_argument(
        "--edge-evenings",
        type=count,
        default=200,
        metavar="N",
        help="evenings per game that measure the edges of 'best' players (default 200)",
    )
    _common(p)
    p.set_defaults(func=_dealers_choice)


def _dealers_choice(args) -> None:
    from ..evenings.dealers_choice import dealers_choice

    if not any(p.endswith("@best") for p in args.players or ["tips@best"]):
        refuse(args, ["--edge-evenings"], "is for players who choose 'best' (their edges are measured first)")
    kw = {"stacks": args.stacks} if args.stacks else {}
    ev = dealers_choice(
        args.players,
        games=args.games or None,
        evenings=args.trials,
        deals=args.deals,
        log=args.log,
        edge_evenings=args.edge_evenings,
        **kw,
        **run_options(args),
    )
    _print(ev, args)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--stacks", type=count, metavar="N", help="chips each player brings (default: the game's)")
    p.add_argument(
        "--log",
        type=int_in_range(0, 10**6, "log"),
        default=0,
        metavar="N",
        help="print the hands of the first N evenings",
    )
    add_mc_options(p, trials=1000, trials_help="evenings to play (default: 1,000)", trials_flag="--evenings")
    add_table_options(p)


def _log_table(ev) -> pd.DataFrame:
    cols = ["evening", "deal", "game", "dealer", "pot"] + [f"stack_{s}" for s in range(len(ev.players))]
    return ev.log[cols]


def _evening(args) -> None:
    from ..evenings import evening

    deals = args.dealer_games if args.game == "in-between" else args.deals
    ev = evening(
        args.game,
        args.players,
        evenings=args.trials,
        rules=_rules(args, args.rules_type),
        deals=deals,
        stacks=args.stacks,
        log=args.log,
        **run_options(args),
    )
    _print(ev, args)


def _print(ev, args) -> None:
    if args.log:
        emit(_log_table(ev), args)
        return
    seats = ev.seats[SEAT_COLUMNS]
    if args.format == "json":
        emit({"seats": seats.to_dict(orient="records"), "summary": ev.summary}, args)
        return
    if args.format == "csv":
        emit(seats, args)
        return
    summary = ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}" for k, v in ev.summary.items())
    emit(seats.to_string(index=False) + "\n\n" + summary, args)
