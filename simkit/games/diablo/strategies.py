"""Diablo players: an opening threshold by category, the shared threshold rule for the rest,
and the one parser of player specs (``LEVEL[:key=value,...]``) that the CLI and Python share.

A Diablo player is a :class:`Player`:

- ``open_at``: the weakest hand, *as dealt*, it opens with (R-D3: the first bet of the first
  round makes the opener): one of :data:`OPEN_LEVELS` (``"pair"``, ``"jacks"`` …
  ``"quads"``), or ``"never"``; with probability ``bluff`` it opens a weaker hand anyway;
- ``open_carried``: opening levels that replace ``open_at`` when the pot carried into the deal
  is a Diablo pot (the pot the opener must replace if it loses, R-D5), by its size in chips:
  steps ``(chips, level)``, the level of the largest ``chips`` the carried pot reaches applies;
- ``to_speak``: opening levels by the number of players still to speak after the seat in the
  first round (dealt in, with chips behind their ante): steps ``(players, level)``, the level
  of the smallest ``players`` that is at least that number applies (``((0, level),)``: the
  seat is last to speak).  Where both apply, the carried-pot level wins;
- every other decision (calling and raising before the draw, betting after it) follows the
  compiled threshold rule of :mod:`simkit.poker.strategies` with the ``params`` given
  (default :data:`REASONABLE`), on Diablo's *score*: the expected showdown share against two
  random hands (before the draw, the value of the best keep; after it, the final hand's share).

``kind`` may also be ``"random"`` or ``"check-call"`` (the poker kinds; the opening threshold
does not apply to them, only the jacks-or-better rule does).

A player spec is a :class:`Player` or its text form ``LEVEL[:key=value,...]`` (an opening
level and optionally ``bluff=0.1``, ``kind=loose-aggressive`` or a threshold parameter such as
``P_CALL=0.6``), read by :func:`parse_player`; every function that takes ``players`` takes
either.  The levels by situation:

- ``open_carried=LEVEL`` with ``carried_from=CHIPS`` (default 1: any Diablo pot), or a table
  ``open_carried=CHIPS@LEVEL/CHIPS@LEVEL...`` (for example ``open_carried=10@two_pair/40@trips``);
- ``last_to_speak=LEVEL`` (nobody left to speak after the seat), or a table
  ``to_speak=PLAYERS@LEVEL/...`` (at most that many players still to speak).

At most :data:`MAX_STEPS` steps each; the defaults (no steps) open at ``open_at`` always.

Examples
--------
>>> p = players(["trips", Player("two_pair", bluff=0.05), "never", "pair:kind=random"])
>>> bool(p.open_floor[0] > p.open_floor[1]), float(p.bluff[1]), int(p.open_floor[2]) > 10**6
(True, 0.05, True)
>>> parse_player("two_pair:open_carried=trips,carried_from=20,last_to_speak=pair")
Player(open_at='two_pair', bluff=0.0, kind='tight', params={}, open_carried=((20, 'trips'),), to_speak=((0, 'pair'),))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import numpy as np

from ...checks import is_int
from ...poker.strategies import KIND_NAMES, N_PARAMS, PARAM_NAMES, strategy_table
from .rules import category_floor, pair_floor

__all__ = [
    "MAX_STEPS",
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
#: Most steps of an ``open_carried`` or ``to_speak`` table.
MAX_STEPS = 8
#: Chips no carried pot reaches: the padding of a shorter ``open_carried`` table.
_NO_POT = 1 << 62

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


Steps = tuple[tuple[int, str], ...]


def _steps(name: str, value, lowest: int) -> Steps:
    """``value`` (a mapping or pairs ``(number, level)``) as sorted steps; ``ValueError``
    names ``name`` and the bad part."""
    items = value.items() if isinstance(value, Mapping) else value
    try:
        pairs = [(k, lv) for k, lv in items]
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be pairs (number, level), got {value!r}") from None
    out = []
    for k, lv in pairs:
        if not is_int(k) or k < lowest:
            raise ValueError(f"{name}: {k!r} must be an integer of at least {lowest}")
        try:
            open_floor(lv)
        except (ValueError, TypeError) as e:
            raise ValueError(f"{name}: {e}") from None
        out.append((int(k), lv))
    keys = [k for k, _ in out]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{name}: a number given twice in {value!r}")
    if len(out) > MAX_STEPS:
        raise ValueError(f"{name}: at most {MAX_STEPS} steps, got {len(out)}")
    return tuple(sorted(out))


@dataclass(frozen=True, repr=False)
class Player:
    """One seat's strategy (module docstring); ``open_carried`` and ``to_speak`` take a
    mapping ``{number: level}`` or pairs and keep them as sorted pairs.

    >>> Player("trips", open_carried={40: "straight", 10: "two_pair"}).open_carried
    ((10, 'two_pair'), (40, 'straight'))
    >>> Player("trips", to_speak={-1: "pair"})
    Traceback (most recent call last):
    ...
    ValueError: to_speak: -1 must be an integer of at least 0
    """

    open_at: str = "trips"
    bluff: float = 0.0
    kind: str = "tight"
    params: Mapping[str, float] = field(default_factory=dict)
    open_carried: Steps = ()
    to_speak: Steps = ()

    def __post_init__(self):
        open_floor(self.open_at)
        if not 0.0 <= self.bluff <= 1.0:
            raise ValueError(f"bluff must be a probability 0..1, got {self.bluff!r}")
        if self.kind not in KIND_NAMES:
            raise ValueError(f"unknown strategy kind {self.kind!r}; choose from {', '.join(KIND_NAMES)}")
        object.__setattr__(self, "open_carried", _steps("open_carried", self.open_carried, 1))
        object.__setattr__(self, "to_speak", _steps("to_speak", self.to_speak, 0))

    def __repr__(self) -> str:
        text = f"open_at={self.open_at!r}, bluff={self.bluff!r}, kind={self.kind!r}, params={self.params!r}"
        for name in ("open_carried", "to_speak"):
            if getattr(self, name):  # shown where set: a plain player reads as before
                text += f", {name}={getattr(self, name)!r}"
        return f"Player({text})"

    def spec(self) -> dict:
        """The fields as a dict, the situational levels only where set (a job's params: a
        player without them is described as before they existed)."""
        d = {"open_at": self.open_at, "bluff": self.bluff, "kind": self.kind, "params": dict(self.params)}
        for name in ("open_carried", "to_speak"):
            if getattr(self, name):
                d[name] = [list(step) for step in getattr(self, name)]
        return d


class PlayerArrays(NamedTuple):
    """What the kernels take: poker kinds and parameter rows, opening floors, bluff rates, and
    the situational opening floors (int64 ``[seats, steps, 2]``, rows ``(number, floor)``
    sorted by number; no steps when no seat has any, so the plain game never looks)."""

    kinds: np.ndarray
    params: np.ndarray
    open_floor: np.ndarray
    bluff: np.ndarray
    carried_floor: np.ndarray  # (chips from, floor); padding: chips _NO_POT
    speak_floor: np.ndarray  # (at most this many to speak, floor); padding: -1


def _step_array(ps: list[Player], name: str, pad: int) -> np.ndarray:
    k = max(len(getattr(p, name)) for p in ps)
    out = np.zeros((len(ps), k, 2), dtype=np.int64)
    out[:, :, 0] = pad
    out[:, :, 1] = NEVER
    for s, p in enumerate(ps):
        for j, (number, level) in enumerate(getattr(p, name)):
            out[s, j] = number, open_floor(level)
    return out


def parse_player(text: str) -> Player:
    """A player from its spec ``LEVEL[:key=value,...]`` (module docstring); ``ValueError``
    names a bad part.

    >>> parse_player("two_pair:bluff=0.1,P_CALL=0.6")
    Player(open_at='two_pair', bluff=0.1, kind='tight', params={'P_CALL': 0.6})
    >>> parse_player("trips:open_carried=10@two_pair/40@straight").open_carried
    ((10, 'two_pair'), (40, 'straight'))
    >>> parse_player("trips:bluff=lots")
    Traceback (most recent call last):
    ...
    ValueError: bluff must be a number, got 'lots' in 'trips:bluff=lots'
    >>> parse_player("trips:carried_from=20")
    Traceback (most recent call last):
    ...
    ValueError: carried_from=20 needs open_carried=LEVEL in 'trips:carried_from=20'
    """
    level, _, rest = str(text).partition(":")
    kw: dict = {"params": {}}
    words: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"player option {item!r} in {text!r} must be key=value")
        if key in _SITUATION_KEYS:
            if key in words:
                raise ValueError(f"{key} given twice in {text!r}")
            words[key] = value.strip()
            continue
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
    kw.update(_situation_steps(words, text))
    return Player(level.strip(), **kw)


_SITUATION_KEYS = ("open_carried", "carried_from", "to_speak", "last_to_speak")


def _table(key: str, value: str, text: str) -> list:
    """``N@LEVEL/N@LEVEL...`` as pairs (the numbers checked by :class:`Player`)."""
    out = []
    for step in value.split("/"):
        number, at, level = step.partition("@")
        try:
            out.append((int(number), level.strip()))
        except ValueError:
            raise ValueError(f"{key}: step {step!r} must be NUMBER@LEVEL in {text!r}") from None
        if not at:
            raise ValueError(f"{key}: step {step!r} must be NUMBER@LEVEL in {text!r}")
    return out


def _situation_steps(words: dict[str, str], text: str) -> dict:
    """The ``open_carried`` and ``to_speak`` steps of the text options (module docstring)."""
    kw: dict = {}
    carried, frm = words.get("open_carried"), words.get("carried_from")
    if carried is not None and "@" in carried:
        if frm is not None:
            raise ValueError(f"carried_from goes with open_carried=LEVEL, not with a table, in {text!r}")
        kw["open_carried"] = _table("open_carried", carried, text)
    elif carried is not None:
        try:
            chips = 1 if frm is None else int(frm)
        except ValueError:
            raise ValueError(
                f"carried_from must be a whole number of chips, got {frm!r} in {text!r}"
            ) from None
        if chips < 1:
            raise ValueError(f"carried_from must be at least 1 chip, got {frm!r} in {text!r}")
        kw["open_carried"] = ((chips, carried),)
    elif frm is not None:
        raise ValueError(f"carried_from={frm} needs open_carried=LEVEL in {text!r}")
    speak, last = words.get("to_speak"), words.get("last_to_speak")
    if speak is not None and last is not None:
        raise ValueError(f"give to_speak or last_to_speak, not both, in {text!r}")
    if speak is not None:
        kw["to_speak"] = _table("to_speak", speak, text)
    elif last is not None:
        kw["to_speak"] = ((0, last),)
    return kw


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
    carried = _step_array(ps, "open_carried", _NO_POT)
    speak = _step_array(ps, "to_speak", -1)
    return PlayerArrays(kinds, params, floors, bluff, carried, speak)
