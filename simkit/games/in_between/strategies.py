"""The players' strategies (stake policies), their presets, and the ONE parser of player specs.

A seat's player is a stake policy: how much it stakes, compiled into the simulator as (kind,
parameter).  :func:`parse_player` reads every form of a player spec (the CLI and the Python
API both use it): a :class:`Policy`, a spec string (``kind[:param][@min_spread][+count]`` or
``kind:param=P,min_spread=K,counting=1``), ``python:MODULE:FUNCTION``, or a function of a
:class:`Decision`.

Every compiled policy passes when the spread is below its ``min_spread`` and otherwise asks
for a stake that the engine then fits to the rules: at most the pot and the seat's own chips
(R-I2), at least the minimum stake of the variant (R-I4).

============== ============================================================ ===============
kind           stake when playing                                          parameter
============== ============================================================ ===============
fixed          ``param`` chips ("pass below spread k": ``pass_below``)      chips
pot_fraction   ``floor(param * pot)``                                       fraction of pot
kelly          ``floor(param * f * chips)``, ``f`` the Kelly fraction        multiplier
               (0.5 = half-Kelly; passes by itself when EV <= 0)
pay_twice      ``floor(param * pot)`` but never more than the seat can pay   fraction of pot
               on a post (``chips // 2``; ``// 3`` on a triple post)
random         uniform in ``0 .. floor(param * max stake)``                 share of max
============== ============================================================ ===============

A seat's odds model is the full deck less its own posts, or with ``counting`` every card seen
since the last shuffle too (see :mod:`.engine`).  A :class:`PythonPolicy` wraps a user's
function of a :class:`Decision`; it runs through the slower Python path of the simulator.

Examples
--------
>>> kelly(0.5).label, pot_fraction(0.25, min_spread=9).label
('kelly:0.5', 'pot_fraction:0.25@9')
>>> parse_policy("pay_twice:1@8+count")
Policy(kind='pay_twice', param=1.0, min_spread=8, counting=True)
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...checks import INT_LIMIT, flag, is_int
from ...jit import njit
from ...rng import draw_below
from .kelly import _kelly
from .rules import MAX_PLAYERS

__all__ = [
    "KINDS",
    "Decision",
    "PlayerSpec",
    "Policy",
    "PythonPolicy",
    "fixed",
    "half_kelly",
    "kelly",
    "never",
    "parse_player",
    "parse_players",
    "parse_policy",
    "pass_below",
    "pay_twice",
    "pot_fraction",
    "random_stake",
]

FIXED, POT_FRACTION, KELLY, PAY_TWICE, RANDOM, PYTHON = 0, 1, 2, 3, 4, -1
#: Compiled policy kinds by name.
KINDS = {
    "fixed": FIXED,
    "pot_fraction": POT_FRACTION,
    "kelly": KELLY,
    "pay_twice": PAY_TWICE,
    "random": RANDOM,
}
#: A stake pays off only from spread 8 with a full deck (EV per chip (8 s - 56) / 50).
DEFAULT_MIN_SPREAD = 8
#: The largest multiplier of the Kelly fraction: ``kelly:100`` already stakes everything
#: allowed on any edge above 1%; the stake must stay within int64 for any stack.
MAX_KELLY = 100.0


@dataclass(frozen=True)
class Policy:
    """A compiled stake policy: ``kind`` (a name of :data:`KINDS`), its parameter, the least
    spread it plays, and whether it counts the cards seen."""

    kind: str
    param: float
    min_spread: int = 0
    counting: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown policy kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if isinstance(self.param, (bool, np.bool_)) or not isinstance(self.param, (int, float, np.number)):
            raise TypeError(f"policy parameter must be a number, got {self.param!r}")
        p = float(self.param)
        if not math.isfinite(p) or p < 0:
            raise ValueError(f"policy parameter must be a finite number >= 0, got {self.param!r}")
        if self.kind in ("pot_fraction", "pay_twice", "random") and p > 1:
            raise ValueError(f"{self.kind} takes a fraction in [0, 1], got {self.param!r}")
        if self.kind == "kelly" and p > MAX_KELLY:
            raise ValueError(
                f"kelly takes a multiplier 0..{MAX_KELLY:g} of the Kelly fraction, got {self.param!r}"
            )
        if self.kind == "fixed" and (p != int(p) or p > INT_LIMIT):
            raise ValueError(f"a fixed stake is a whole number of chips up to 2**53, got {self.param!r}")
        k = self.min_spread
        whole = is_int(k) or (isinstance(k, float) and float(k).is_integer())
        if not whole or not 0 <= k <= 12:
            raise ValueError(f"min_spread must be an integer in 0..12, got {self.min_spread!r}")
        object.__setattr__(self, "counting", flag(self.counting, "counting"))
        object.__setattr__(self, "param", p)
        object.__setattr__(self, "min_spread", int(self.min_spread))

    @property
    def code(self) -> int:
        return KINDS[self.kind]

    @property
    def label(self) -> str:
        """A short name, the form :func:`parse_policy` reads."""
        p = f"{self.param:g}"
        s = f"{self.kind}:{p}"
        default_k = 0 if self.kind in ("kelly", "random") else DEFAULT_MIN_SPREAD
        if self.min_spread != default_k:
            s += f"@{self.min_spread}"
        if self.counting:
            s += "+count"
        return s


def fixed(stake: int, min_spread: int = DEFAULT_MIN_SPREAD, counting: bool = False) -> Policy:
    """Stake ``stake`` chips from spread ``min_spread`` on."""
    return Policy("fixed", stake, min_spread, counting)


def pass_below(k: int, stake: int = 1) -> Policy:
    """Pass below spread ``k``, otherwise stake ``stake`` chips."""
    return Policy("fixed", stake, k)


def never() -> Policy:
    """Always pass."""
    return Policy("fixed", 0, 0)


def pot_fraction(fraction: float, min_spread: int = DEFAULT_MIN_SPREAD, counting: bool = False) -> Policy:
    """Stake ``floor(fraction * pot)`` from spread ``min_spread`` on (``1.0``: the whole pot)."""
    return Policy("pot_fraction", fraction, min_spread, counting)


def kelly(multiplier: float = 1.0, counting: bool = False, min_spread: int = 0) -> Policy:
    """Stake ``floor(multiplier * f * chips)``, ``f`` the Kelly fraction of the seat's odds."""
    return Policy("kelly", multiplier, min_spread, counting)


def half_kelly(counting: bool = False) -> Policy:
    """Half the Kelly stake."""
    return kelly(0.5, counting)


def pay_twice(fraction: float = 1.0, min_spread: int = DEFAULT_MIN_SPREAD, counting: bool = False) -> Policy:
    """ "Never more than you can pay twice": ``floor(fraction * pot)`` capped at ``chips // 2``."""
    return Policy("pay_twice", fraction, min_spread, counting)


def random_stake(share: float = 1.0, min_spread: int = 0) -> Policy:
    """A uniformly random stake from 0 to ``share`` of the most the seat may stake."""
    return Policy("random", share, min_spread)


def parse_policy(text: str) -> Policy:
    """Read a compiled stake policy: ``kind[:param][@min_spread][+count]``, or the same as
    ``kind:param=P,min_spread=K,counting=1`` (any of the keys); also ``kelly``, ``half_kelly``,
    ``never``, ``pass_below:K`` (stake 1 from spread K).

    >>> parse_policy("half_kelly")
    Policy(kind='kelly', param=0.5, min_spread=0, counting=False)
    >>> parse_policy("pot:0.5")
    Policy(kind='pot_fraction', param=0.5, min_spread=8, counting=False)
    >>> parse_policy("pot:param=0.5,min_spread=9,counting=1") == parse_policy("pot:0.5@9+count")
    True
    >>> parse_policy("bluff")
    Traceback (most recent call last):
    ...
    ValueError: unknown policy 'bluff'; expected fixed, pot_fraction, kelly, half_kelly, pay_twice, random, pass_below or never, as kind[:param][@min_spread][+count]
    """
    if not isinstance(text, str):
        raise TypeError(f"a policy is a string such as 'kelly:0.5', got {text!r}")
    raw = text
    head, colon, tail = text.strip().partition(":")
    s = head.lower().replace("-", "_") + colon + tail.lower()  # a parameter keeps its minus sign
    name, _, rest = s.partition(":")
    if "=" in rest:
        return _build_policy(raw, name, *_key_values(raw, rest))
    counting = s.endswith("+count")
    if counting:
        s = s[: -len("+count")]
    k = None
    if "@" in s:
        s, ks = s.split("@", 1)
        if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", ks):
            raise ValueError(f"bad min_spread {ks!r} in policy {raw!r}")
        k = int(ks)
    name, _, ps = s.partition(":")
    try:
        param = float(ps) if ps and ps.isascii() else None if not ps else float("x")
    except ValueError:
        raise ValueError(f"bad parameter {ps!r} in policy {raw!r}") from None
    try:
        return _build_policy(raw, name, param, k, counting)
    except ValueError as exc:
        if str(raw) in str(exc):
            raise
        raise ValueError(f"{exc} in policy {raw!r}") from None


def _key_values(raw: str, rest: str) -> tuple[float | None, int | None, bool]:
    """``param=P,min_spread=K,counting=B`` -> (param, min_spread, counting)."""
    param, k, counting = None, None, False
    for item in rest.split(","):
        key, eq, value = (x.strip() for x in item.partition("="))
        try:
            if key == "param" and eq:
                param = float(value)
            elif key == "min_spread" and eq:
                k = int(value)
            elif key in ("counting", "count") and eq and value in ("0", "1", "true", "false"):
                counting = value in ("1", "true")
            else:
                raise ValueError
        except ValueError:
            raise ValueError(
                f"bad setting {item.strip()!r} in policy {raw!r}; expected param=P, min_spread=K "
                "or counting=0/1"
            ) from None
    return param, k, counting


def _build_policy(raw: str, name: str, param: float | None, k: int | None, counting: bool) -> Policy:
    aliases = {"pot": "pot_fraction", "half_kelly": "half_kelly", "kelly": "kelly"}
    name = aliases.get(name, name)
    if name == "half_kelly":
        return Policy("kelly", 0.5 if param is None else param / 2, 0 if k is None else k, counting)
    if name == "never":
        return never()
    if name == "pass_below":
        if param is None or not (math.isfinite(param) and param.is_integer()):
            raise ValueError(f"pass_below needs a spread, as pass_below:K, in {raw!r}")
        return Policy("fixed", 1, int(param), counting)
    defaults = {"fixed": 1.0, "pot_fraction": 1.0, "kelly": 1.0, "pay_twice": 1.0, "random": 1.0}
    if name not in defaults:
        raise ValueError(
            f"unknown policy {raw!r}; expected fixed, pot_fraction, kelly, half_kelly, pay_twice, "
            "random, pass_below or never, as kind[:param][@min_spread][+count]"
        )
    if k is None:
        k = 0 if name in ("kelly", "random") else DEFAULT_MIN_SPREAD
    return Policy(name, defaults[name] if param is None else param, k, counting)


@dataclass(frozen=True)
class Decision:
    """What a Python policy sees when it must stake (all integers are chips or values).

    ``round`` counts from 0 within the dealer's game; ``stage`` is 1 for an ordinary stake, 2
    for the second stake of three posts, 0 when asked whether to split a pair.  ``low``/``high``
    are the post values (1 for a low-counted ace), ``spread`` the values between; the
    probabilities come from the policy's odds model (``counting`` or not);
    ``post_penalty`` is 2, or 3 on the second stake of three posts; the stake must lie in
    ``min_stake .. max_stake`` (``max_stake = min(pot, chips)``).
    """

    seat: int
    round: int
    stage: int
    low: int
    high: int
    spread: int
    pot: int
    chips: int
    ante: int
    min_stake: int
    max_stake: int
    post_penalty: int
    p_between: float
    p_post: float
    p_outside: float

    @property
    def ev_per_chip(self) -> float:
        return self.p_between - self.p_outside - self.post_penalty * self.p_post

    @property
    def kelly_fraction(self) -> float:
        return float(_kelly(self.p_between, self.p_post, self.p_outside, float(self.post_penalty)))


@dataclass(frozen=True)
class PythonPolicy:
    """A user's policy: ``func(decision) -> stake``; optionally ``split(decision) -> bool``
    for the pairs variant (default: never split).  ``counting`` picks the odds it is shown.

    Simulations with such a seat run the engine as plain Python (same rules, same random
    stream), so they are much slower; ``func`` should be a module-level function to run on
    worker processes.
    """

    func: Callable[[Decision], int]
    counting: bool = False
    split: Callable[[Decision], bool] | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if not callable(self.func):
            raise ValueError(f"a Python policy needs a callable, got {self.func!r}")

    @property
    def label(self) -> str:
        return self.name or f"python:{getattr(self.func, '__name__', 'policy')}"


#: What a seat may be given: a policy, a spec string, or a function of a :class:`Decision`.
PlayerSpec = Policy | PythonPolicy | str | Callable[[Decision], int]


def parse_player(spec: PlayerSpec) -> Policy | PythonPolicy:
    """The ONE reader of a seat's player spec, for the CLI and the Python API alike.

    ``spec`` is a :class:`Policy` or :class:`PythonPolicy` (returned as is), a compiled
    policy's text (:func:`parse_policy`), ``python:MODULE:FUNCTION`` (a module-level function
    of a :class:`Decision`, loaded by import), or a callable (a :class:`PythonPolicy`).

    >>> parse_player("pay_twice:1@8+count").label
    'pay_twice:1+count'
    >>> parse_player("python:in_between_nowhere:f")
    Traceback (most recent call last):
    ...
    ValueError: cannot load policy 'python:in_between_nowhere:f': No module named 'in_between_nowhere'
    """
    if isinstance(spec, (Policy, PythonPolicy)):
        return spec
    if isinstance(spec, str):
        if spec.strip().lower().startswith("python:"):
            return _python_player(spec.strip())
        return parse_policy(spec)
    if callable(spec):
        return PythonPolicy(spec)
    raise ValueError(f"a player is a Policy, a PythonPolicy, a policy name or a function, got {spec!r}")


def _python_player(spec: str) -> PythonPolicy:
    try:
        _, module, func = spec.split(":")
    except ValueError:
        raise ValueError(f"a Python policy is python:MODULE:FUNCTION, got {spec!r}") from None
    try:
        fn = getattr(importlib.import_module(module), func)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load policy {spec!r}: {exc}") from None
    return PythonPolicy(fn, name=spec)


def parse_players(players: Sequence[PlayerSpec] | PlayerSpec, seats: int | None = None) -> tuple:
    """One parsed player per seat: ``players`` has one spec per seat, or is one spec for all
    ``seats``.

    >>> [p.label for p in parse_players("half_kelly", seats=2)]
    ['kelly:0.5', 'kelly:0.5']
    >>> parse_players(["kelly"] * 3, seats=4)
    Traceback (most recent call last):
    ...
    ValueError: seats=4 but 3 policies were given (one player spec per seat)
    >>> parse_players("kelly", seats=10**15)
    Traceback (most recent call last):
    ...
    ValueError: seats must be at most 24 (one table), got 1000000000000000
    """
    if isinstance(players, (Policy, PythonPolicy, str)) or callable(players):
        if seats is None:
            raise ValueError("give one policy per seat, or seats= (players=) with a single policy")
        if not is_int(seats) or seats < 0:
            raise ValueError(f"seats must be an integer >= 0, got {seats!r}")
        if seats > MAX_PLAYERS:
            raise ValueError(f"seats must be at most {MAX_PLAYERS} (one table), got {seats!r}")
        players = [players] * int(seats)
    elif seats is not None and seats != len(players):
        raise ValueError(f"seats={seats} but {len(players)} policies were given (one player spec per seat)")
    return tuple(parse_player(p) for p in players)


@njit(cache=True, nogil=True, inline="always")
def _policy_stake(kind, param, min_spread, spread, pb, pp, po, mult, pot, chips, state):
    """The stake a compiled policy asks for, already within ``0 .. min(pot, chips)``."""
    cap = pot if pot < chips else chips
    if cap <= 0 or spread < min_spread:
        return 0
    f = _kelly(pb, pp, po, float(mult)) if kind == KELLY else 0.0
    return _stake_at(kind, param, f, mult, pot, chips, cap, state)


@njit(cache=True, inline="always")
def _stake_at(kind, param, kelly_f, mult, pot, chips, cap, state):
    """:func:`_policy_stake` once the seat plays (``cap > 0``, spread wide enough), with the
    Kelly fraction ``kelly_f`` of the odds already known (a table of them serves the seats that
    do not count)."""
    s = 0
    if kind == FIXED:
        s = int(param)
    elif kind == POT_FRACTION:
        s = int(math.floor(param * pot))
    elif kind == KELLY:
        s = int(math.floor(param * kelly_f * chips))
    elif kind == PAY_TWICE:
        s = int(math.floor(param * pot))
        most = chips // mult
        if s > most:
            s = most
    elif kind == RANDOM:
        top = int(math.floor(param * cap))
        s = draw_below(state, top + 1)
    if s > cap:
        s = cap
    if s < 0:
        s = 0
    return s
