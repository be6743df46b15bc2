"""Players: a betting strategy of :mod:`simkit.poker.strategies` that sees a *score* of its
hand, plus a compiled draw strategy; named presets (:data:`PLAYERS`) and the one parser of
player specs (:func:`parse_player`) that the CLI and the Python API share.

**Player specs.**  ``NAME[:key=value,...]``: a preset of :data:`PLAYERS` (tight, tight-rule,
loose, station, check-call, random, pot-odds, sunk-cost), then optionally ``bet=KIND`` (a
betting kind: random, check-call, tight, loose-aggressive), ``draw=PRESET`` (a draw strategy
of :data:`DRAW_PRESETS`) or a threshold parameter of the betting strategy such as
``P_SUNK=0.15``.  A :class:`Player` may be given instead of a string.

**Draw strategies** (``DRAW_KINDS``) and their parameters (float64 row of
:data:`N_DRAW_PARAMS`; index ``d - 1`` for ``d`` draws left, so ``[0]`` is the last draw):

- ``rule`` (:data:`RULE`): keep one card of each value up to ``keep_top[d]`` (breaks pairs,
  throws high cards), stand pat on a made hand whose top is at most ``pat_top[d]``; five kept
  cards that make a straight or a flush throw their highest card (2-7, R-T1).
- ``table`` (:data:`TABLE`): stand pat the same way; otherwise keep what the rank-model table
  (:mod:`.keep_table`) says for the target ``target[d]`` (its top value), which weighs
  straights and the draws left; a kept five-card flush throws its highest card.
- ``pat`` (:data:`PAT`): never draws (a baseline).

Values are low values (:func:`.rules.target_value`): in 2-7 a 7 is 5, an 8 is 6, a T is 8.

**The score** a betting strategy sees of its own hand, in [0, 1], greater is better:

- before the last betting round (``d`` draws still to come) the rank model's chance
  (:mod:`.keep_table`) of finishing 8-low, 9-low or 10-low or better, averaged over the three
  targets (7-, 8-, 9-low in A-5);
- in the last round (no draw left) the chance that the hand beats a typical final hand: the
  final hand of one player who drew three times with the ``table`` strategy from a random deal
  (ties count half), estimated once per family by a fixed-seed Monte Carlo
  (:func:`.equity.final_cdf`).

>>> parse_player("tight:draw=table7,P_SUNK=0.1")
Player(bet='tight', draw='table7', params=(('P_SUNK', 0.1),))
>>> parse_player("shark")
Traceback (most recent call last):
...
ValueError: unknown player 'shark'; expected one of tight, tight-rule, loose, station, check-call, random, pot-odds, sunk-cost
>>> from simkit.cards import parse_cards
>>> kinds, params = draw_table(["rule", "table"])
>>> hand = parse_cards("8s 7h 7d 3c Ks").astype("int64")
>>> bin(choose_keep(hand, 3, "rule"))  # one 7, the 8 and the 3; throw the pair's twin and the K
'0b1011'
>>> bin(choose_keep(parse_cards("6s 5h 4d 3c 2s").astype("int64"), 1, "rule"))  # break the straight
'0b11110'
>>> s = hand_score(parse_cards("Ks Qh Jd 9c 8s"), 0)
>>> 0.0 < s < 0.5
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ...hands import kernel_tables
from ...jit import lean
from ...poker.strategies import KIND_NAMES, PARAM_NAMES, strategy_table
from .keep_table import _table_keep, keep_table
from .rules import _eval, _is_flush, _is_straight_mask, _value, family_id, target_value

__all__ = [
    "DRAW_KINDS",
    "DRAW_PRESETS",
    "N_DRAW_PARAMS",
    "PLAYERS",
    "Player",
    "choose_keep",
    "draw_table",
    "hand_score",
    "parse_player",
    "player_tables",
    "score_table",
    "score_targets",
]

RULE = 0
TABLE = 1
PAT = 2
DRAW_KINDS = {"rule": RULE, "table": TABLE, "pat": PAT}

# parameter columns: DP_KEEP + d - 1 (rule: keep top; table: target top), DP_PAT + d - 1
DP_KEEP = 0
DP_PAT = 3
N_DRAW_PARAMS = 6

#: Named presets: (kind, keep or target top by d = 1, 2, 3, pat top by d = 1, 2, 3).
DRAW_PRESETS: dict[str, tuple[str, tuple[str, str, str], tuple[str, str, str]]] = {
    "rule": ("rule", ("9", "8", "8"), ("10", "10", "10")),  # the rule: pat on T-low
    "rule7": ("rule", ("8", "7", "7"), ("9", "8", "8")),
    "table": ("table", ("9", "8", "8"), ("10", "9", "9")),
    "table7": ("table", ("8", "7", "7"), ("9", "8", "7")),
    "pat": ("pat", ("K", "K", "K"), ("K", "K", "K")),
}


def draw_table(
    specs: Sequence[str | tuple[str, Mapping]], family: str = "deuce_to_seven"
) -> tuple[np.ndarray, np.ndarray]:
    """Kinds (int64[n]) and parameters (float64[n, 6]) for a list of draw strategies: preset
    names, or ``(preset, {"keep": (t1, t2, t3), "pat": (p1, p2, p3)})`` with top cards by
    draws left 1, 2, 3.

    >>> draw_table(["wild"])
    Traceback (most recent call last):
    ...
    ValueError: unknown draw strategy 'wild'; expected one of rule, rule7, table, table7, pat
    """
    kinds = np.zeros(len(specs), dtype=np.int64)
    params = np.zeros((len(specs), N_DRAW_PARAMS), dtype=np.float64)
    for i, spec in enumerate(specs):
        name, over = (spec, {}) if isinstance(spec, str) else spec
        if name not in DRAW_PRESETS:
            raise ValueError(f"unknown draw strategy {name!r}; expected one of {', '.join(DRAW_PRESETS)}")
        kind, keep, pat = DRAW_PRESETS[name]
        keep = over.get("keep", keep)
        pat = over.get("pat", pat)
        kinds[i] = DRAW_KINDS[kind]
        for d in range(3):
            params[i, DP_KEEP + d] = target_value(keep[d], family)
            params[i, DP_PAT + d] = target_value(pat[d], family)
    return kinds, params


@lean(inline=True)
def _made_top(hand, ace_low, suits_count):
    """Top value of a made low (five values, no straight or flush in 2-7), else 99."""
    vm = 0
    top = -1
    for i in range(5):
        v = _value(hand[i], ace_low)
        if (vm >> v) & 1:
            return 99
        vm |= 1 << v
        if v > top:
            top = v
    if suits_count and (_is_straight_mask(vm) or _is_flush(hand)):
        return 99
    return top


@lean(inline=True)
def _choose_keep(hand, d, kind, params, ace_low, suits_count, keep_tab):
    """Kept positions (5-bit mask) of ``hand`` with ``d`` draws left (d = 1..3)."""
    if kind == PAT:
        return 31
    if _made_top(hand, ace_low, suits_count) <= params[DP_PAT + d - 1]:
        return 31
    x = np.int64(params[DP_KEEP + d - 1])
    if kind == TABLE:
        return _table_keep(hand, x, d, ace_low, suits_count, keep_tab)
    keep = 0
    got = 0
    hi = -1
    hi_v = -1
    for i in range(5):
        v = _value(hand[i], ace_low)
        if v <= x and not (got >> v) & 1:
            keep |= 1 << i
            got |= 1 << v
            if v > hi_v:
                hi_v = v
                hi = i
    if keep == 31 and suits_count:  # five kept: a straight or flush (a made low stood pat)
        if _made_top(hand, ace_low, suits_count) == 99:
            keep &= ~(1 << hi)
    return keep


def choose_keep(
    hand: np.ndarray, draws_left: int, strategy: str | tuple = "rule", family: str = "deuce_to_seven"
) -> int:
    """The kept positions of ``hand`` (five card integers) as a 5-bit mask, for a preset or
    a ``(preset, overrides)`` spec of :func:`draw_table`."""
    if not 1 <= draws_left <= 3:
        raise ValueError(f"draws_left must be 1, 2 or 3, got {draws_left!r}")
    kinds, params = draw_table([strategy], family)
    return int(
        _choose_keep(
            np.asarray(hand, dtype=np.int64),
            draws_left,
            kinds[0],
            params[0],
            family == "ace_to_five",
            family == "deuce_to_seven",
            keep_table(family).keep,
        )
    )


# --- what a betting strategy sees: the score -------------------------------------------------


def score_targets(family: str = "deuce_to_seven") -> np.ndarray:
    """Top values of the three targets averaged in the drawing score."""
    tops = ("8", "9", "10") if family == "deuce_to_seven" else ("7", "8", "9")
    return np.array([target_value(t, family) for t in tops], dtype=np.int64)


@cache
def score_table(family: str = "deuce_to_seven") -> np.ndarray:
    """The drawing score by draws to come and values held, read-only float64[4, 2^(X + 1)]
    (``X`` the top value of the highest target of :func:`score_targets`): row ``d``, column
    the values held up to ``X`` as a bit mask; the average over the three targets of the
    rank model's chance (:func:`.keep_table.keep_table`), summed in target order, so that a
    hand kernel reads a score as one number.

    >>> tab = score_table()
    >>> tab.shape, bool(tab[1, 0b101111] == 1.0)  # 7-5-4-3-2 held: every target made
    ((4, 512), True)
    """
    xs = score_targets(family)
    value = keep_table(family).value
    held = np.arange(2 << int(xs.max()))
    tab = np.zeros((value.shape[1], held.size))
    for x in xs:
        tab += value[x][:, held & ((2 << int(x)) - 1)]  # the values up to x
    tab /= xs.size
    tab.setflags(write=False)
    return tab


@lean(inline=True)
def _score(hand, d, fam, T, ace_low, score_tab, cdf):
    """The score of ``hand`` with ``d`` draws to come (module docs; ``score_tab`` is
    :func:`score_table`)."""
    if d == 0:
        return cdf[_eval(hand[0], hand[1], hand[2], hand[3], hand[4], fam, T)]
    held = 0  # the values held (a pair counts once)
    for i in range(5):
        held |= np.int64(1) << _value(hand[i], ace_low)
    return score_tab[d, held & (score_tab.shape[1] - 1)]


def hand_score(hand, draws_left: int, family: str = "deuce_to_seven") -> float:
    """The score of five cards with ``draws_left`` draws to come (0..3)."""
    from .equity import final_cdf

    if not 0 <= draws_left <= 3:
        raise ValueError(f"draws_left must be 0..3, got {draws_left!r}")
    return float(
        _score(
            np.asarray(hand, dtype=np.int64),
            draws_left,
            family_id(family),
            kernel_tables(family),
            family == "ace_to_five",
            score_table(family),
            final_cdf(family),
        )
    )


# --- players: presets and the spec parser ----------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A betting kind of :mod:`simkit.poker.strategies` (``bet``) with threshold overrides
    (``params``: ``(P_* name, value)`` pairs), and a draw strategy preset (``draw``)."""

    bet: str = "tight"
    draw: str = "table"
    params: tuple = ()

    def __post_init__(self) -> None:
        if self.bet not in KIND_NAMES:
            raise ValueError(
                f"unknown betting strategy {self.bet!r}; expected one of {', '.join(KIND_NAMES)}"
            )
        if self.draw not in DRAW_PRESETS:
            raise ValueError(
                f"unknown draw strategy {self.draw!r}; expected one of {', '.join(DRAW_PRESETS)}"
            )
        params = tuple(self.params.items()) if isinstance(self.params, Mapping) else tuple(self.params)
        for name, _ in params:
            if name not in PARAM_NAMES:
                raise ValueError(
                    f"unknown strategy parameter {name!r}; expected one of {', '.join(PARAM_NAMES)}"
                )
        object.__setattr__(self, "params", tuple((str(k), float(v)) for k, v in params))

    def betting_spec(self):
        """The spec :func:`simkit.poker.strategies.strategy_table` takes."""
        return (self.bet, dict(self.params)) if self.params else self.bet


#: Named players (T5: the same tight player calling by pot odds only, or also "because I'm in").
PLAYERS: dict[str, Player] = {
    "tight": Player("tight", "table"),
    "tight-rule": Player("tight", "rule"),
    "loose": Player("loose-aggressive", "rule"),
    "station": Player("check-call", "table"),
    "check-call": Player("check-call", "rule"),
    "random": Player("random", "rule"),
    "pot-odds": Player("tight", "table"),
    "sunk-cost": Player("tight", "table", (("P_SUNK", 0.15),)),
}


def parse_player(spec) -> Player:
    """A :class:`Player` from a spec ``NAME[:key=value,...]`` (module docs) or a Player.

    A ``(betting spec, draw preset)`` pair, the form of earlier versions, is read too.
    """
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, tuple) and len(spec) == 2:
        bet, draw = spec
        if isinstance(bet, tuple):
            return Player(bet[0], draw, bet[1])
        return Player(bet, draw)
    if not isinstance(spec, str):
        raise TypeError(f"a player is a spec string or a Player, got {spec!r}")
    name, _, rest = spec.partition(":")
    name = name.strip()
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}; expected one of {', '.join(PLAYERS)}")
    base = PLAYERS[name]
    bet, draw, params = base.bet, base.draw, dict(base.params)
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq:
            raise ValueError(f"player option {item!r} in {spec!r} must be key=value")
        if key == "bet":
            bet = value
        elif key == "draw":
            draw = value
        else:
            try:
                params[key] = float(value)
            except ValueError:
                raise ValueError(f"{key} must be a number, got {value!r} in {spec!r}") from None
    return Player(bet, draw, tuple(params.items()))


def player_name(spec) -> str:
    """How a seat's player is shown in result tables: the spec as given."""
    return spec if isinstance(spec, str) else str(spec)


def player_tables(players, family: str = "deuce_to_seven"):
    """Betting kinds/params and draw kinds/params for the seats' player specs."""
    seats = [parse_player(p) for p in players]
    kinds, params = strategy_table([p.betting_spec() for p in seats])
    dkinds, dparams = draw_table([p.draw for p in seats], family)
    return kinds, params, dkinds, dparams
