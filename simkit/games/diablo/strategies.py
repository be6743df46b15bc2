"""Diablo players: an opening threshold by category, the shared threshold rule for the rest,
and the one parser of player specs (``LEVEL[:key=value,...]``) that the CLI and Python share.

A Diablo player is a :class:`Player`:

- ``open_at``: the weakest hand, *as dealt*, it opens with (R-D3: the first bet of the first
  round makes the opener): one of :data:`OPEN_LEVELS` (``"pair"``, ``"jacks"`` …
  ``"quads"``), or ``"never"``; with probability ``bluff`` it opens a weaker hand anyway;
- every other decision (calling and raising before the draw, betting after it) follows the
  compiled threshold rule of :mod:`simkit.poker.strategies` with the ``params`` given
  (default :data:`REASONABLE`), on Diablo's *score*: the expected showdown share against two
  random hands (before the draw, the value of the best keep; after it, the final hand's share).

``kind`` may also be ``"random"`` or ``"check-call"`` (the poker kinds; the opening threshold
does not apply to them, only the jacks-or-better rule does).

A player spec is a :class:`Player` or its text form ``LEVEL[:key=value,...]`` (an opening
level and optionally ``bluff=0.1``, ``kind=loose-aggressive`` or a threshold parameter such as
``P_CALL=0.6``), read by :func:`parse_player`; every function that takes ``players`` takes
either.

Examples
--------
>>> p = players(["trips", Player("two_pair", bluff=0.05), "never", "pair:kind=random"])
>>> bool(p.open_floor[0] > p.open_floor[1]), float(p.bluff[1]), int(p.open_floor[2]) > 10**6
(True, 0.05, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import numpy as np

from simkit.poker.strategies import KIND_NAMES, N_PARAMS, PARAM_NAMES, strategy_table

from .rules import category_floor, pair_floor

__all__ = [
    "NEVER",
    "OPEN_LEVELS",
    "Player",
    "PlayerArrays",
    "REASONABLE",
    "open_floor",
    "parse_player",
    "player",
    "players",
]

#: Opening thresholds, weakest first: the hand as dealt must be at least this good.
OPEN_LEVELS = ("pair", "jacks", "aces", "two_pair", "trips", "straight", "flush", "full_house", "quads")
#: Strength above every hand: the player never opens.
NEVER = 1 << 30

#: A reasonable player after the opening decision: raise or bet after the draw with a share
#: of 0.85 against two hands (about medium trips), 0.04 more per bet already made; call with
#: 0.55 (a good pair with a draw, a made two pair); no pot-odds calls, no bluffs, bets half
#: the pot, trusts a player who stands pat a little (0.05 per such opponent).
REASONABLE = {
    "P_OPEN": 1.0,
    "P_BET": 0.85,
    "P_STEP": 0.04,
    "P_CALL": 0.55,
    "P_ODDS": 0.0,
    "P_SUNK": 0.0,
    "P_BLUFF": 0.0,
    "P_SIZE": 0.5,
    "P_PAT": 0.05,
}


@cache
def open_floor(level: str) -> int:
    """The weakest strength of an opening level (``NEVER`` for ``"never"``).

    >>> from simkit.hands import describe
    >>> describe(open_floor("jacks"), "deuces_wild")
    'pair of jacks'
    """
    if level == "never":
        return NEVER
    if level not in OPEN_LEVELS:
        raise ValueError(
            f"unknown opening level {level!r}; expected one of {', '.join(OPEN_LEVELS)} or never"
        )
    if level in ("jacks", "aces"):
        return pair_floor(9 if level == "jacks" else 12)
    names = {"pair": "one_pair", "trips": "three_of_a_kind", "quads": "four_of_a_kind"}
    return category_floor(names.get(level, level))


@dataclass(frozen=True)
class Player:
    """One seat's strategy (module docstring)."""

    open_at: str = "trips"
    bluff: float = 0.0
    kind: str = "tight"
    params: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self):
        open_floor(self.open_at)
        if not 0.0 <= self.bluff <= 1.0:
            raise ValueError(f"bluff must be a probability 0..1, got {self.bluff!r}")
        if self.kind not in KIND_NAMES:
            raise ValueError(f"unknown strategy kind {self.kind!r}; choose from {', '.join(KIND_NAMES)}")


class PlayerArrays(NamedTuple):
    """What the kernels take: poker kinds and parameter rows, opening floors, bluff rates."""

    kinds: np.ndarray
    params: np.ndarray
    open_floor: np.ndarray
    bluff: np.ndarray


def parse_player(text: str) -> Player:
    """A player from its spec ``LEVEL[:key=value,...]`` (module docstring); ``ValueError``
    names a bad part.

    >>> parse_player("two_pair:bluff=0.1,P_CALL=0.6")
    Player(open_at='two_pair', bluff=0.1, kind='tight', params={'P_CALL': 0.6})
    >>> parse_player("trips:bluff=lots")
    Traceback (most recent call last):
    ...
    ValueError: bluff must be a number, got 'lots' in 'trips:bluff=lots'
    """
    level, _, rest = str(text).partition(":")
    kw: dict = {"params": {}}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"player option {item!r} in {text!r} must be key=value")
        if key == "kind":
            kw["kind"] = value
            continue
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"{key} must be a number, got {value!r} in {text!r}") from None
        if key == "bluff":
            kw["bluff"] = number
        else:
            kw["params"][key] = number
    return Player(level.strip(), **kw)


def player(spec: Player | str) -> Player:
    """A seat's :class:`Player` from a spec (a :class:`Player` or its text form)."""
    return spec if isinstance(spec, Player) else parse_player(spec)


def players(specs: Sequence[Player | str]) -> PlayerArrays:
    """Arrays for a table of players (a player spec per seat: a :class:`Player` or its text).

    >>> players(["trips"] * 2).kinds.tolist()
    [2, 2]
    >>> players(["sometimes"])
    Traceback (most recent call last):
    ...
    ValueError: unknown opening level 'sometimes'; expected one of pair, jacks, aces, two_pair, trips, straight, flush, full_house, quads or never
    """
    ps = [player(s) for s in specs]
    table = []
    for p in ps:
        over = dict(REASONABLE) if p.kind in ("tight", "loose-aggressive") else {}
        over.update(p.params)
        for name in over:
            if name not in PARAM_NAMES:
                raise ValueError(f"unknown strategy parameter {name!r}")
        table.append((p.kind, over) if over else p.kind)
    kinds, params = strategy_table(table)
    assert params.shape[1] == N_PARAMS
    floors = np.array([open_floor(p.open_at) for p in ps], dtype=np.int64)
    bluff = np.array([p.bluff for p in ps], dtype=np.float64)
    return PlayerArrays(kinds, params, floors, bluff)
