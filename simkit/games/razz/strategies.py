"""Razz players: the specs and their one parser, what the strategies see (scores, card
features) and decide (the tips player).

Every seat plays one of the shared compiled strategies of :mod:`simkit.poker.strategies`
(``random``, ``check-call``, ``tight``, ``loose-aggressive``) or ``tips``, written here.

**Player specs** (one per seat, the same in the CLI and the Python API): a name, or a name
with parameters ``"tips:T_KQ=0,T_SUNK=0.2"`` (:func:`parse_player`, the one parser), or
``("tips", {"T_KQ": 0})``.  :func:`player_name` writes a spec back (``"tips(T_KQ=0)"``).

**Score** (what the shared threshold strategies see): the percentile of the player's own
cards among all hands of as many cards, exact over every rank multiset weighted by how many
deals make it (:func:`score_tables`).  Hands are ordered by the best low so far among the
cards 8 or lower (R1): more different ranks (up to five) first, then the lowest highest card,
the next … (a made 8-low, R-Z1, from five such ranks on); ties by the low so far among all
cards.  Stud high orders by pairs, trips … (straights and
flushes not counted before the showdown), Hi-Lo takes the better of the high percentile and
the eight-or-better low-so-far percentile.  Scores never look at other players' cards.

**Features** (:func:`_features`, for ``tips``): different ranks 8 or lower among the own
cards, the highest of the first three cards, whether those are three different ranks.

**tips** follows the beginner tips R1, R2, R4 and not the habit R5 warns against:

- third street: play three different cards 8 or lower (R1), complete or raise with three
  different cards 5 or lower; fold a start with a K or Q (R2; ``T_KQ`` = 0 instead plays a
  K or Q with two different cards 8 or lower like any playable start); fold everything else
  (the bring-in posts its forced bet and checks when it can);
- later streets: with as many different low cards as there are cards (up to five: a made
  8-low) bet and raise; one short (paired or bricked): check, on fourth street call at most
  ``T_PAIR_BETS`` bets (R4: "don't pay much to find out"), on fifth and sixth call when the
  pot is at least ``T_ODDS`` times the call, never on seventh; otherwise check or fold;
- from fourth street, before folding, call by pot odds: when ``score * (pot + call) >=
  T_POT * call`` (R5's advice; the score as a rough chance to win);
- ``T_SUNK`` > 0 adds the habit R5 warns against: call instead of folding when the own chips
  are at least that share of the pot.

>>> kinds, params = razz_strategy_table(["tips", "tight", ("tips", {"T_KQ": 0})])
>>> kinds.tolist(), float(params[2, T_KQ])
([10, 2, 10], 0.0)
>>> parse_player("tips:T_KQ=0"), player_name("tips:T_KQ=0")
(('tips', {'T_KQ': 0.0}), 'tips(T_KQ=0)')
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np

from ...checks import is_int
from ...disk_cache import cached_arrays, source_digest
from ...hands.kernels import popcount
from ...jit import njit
from ...poker.actions import CALL, CHECK, FOLD, NO_ACTION
from ...poker.kernels import decide_on_state, fill_view, passive_action
from ...poker.strategies import KIND_NAMES, N_PARAMS, strategy_table
from ...poker.table_state import (
    L_AGG,
    L_BRING_IN,
    L_CHECK,
    L_MIN_TO,
    V_BETS,
    V_MY_TOTAL,
    V_POT,
    V_ROUND,
    V_TO_CALL,
)
from .rules import MAX_PLAYERS, MIN_PLAYERS, V_HIGH, V_HILO, _razz_value, variant_code

__all__ = [
    "STRATEGY_NAMES",
    "TIPS",
    "TIPS_PARAMS",
    "parse_player",
    "player_name",
    "razz_strategy_table",
    "specs_key",
    "score_of",
    "score_tables",
]

#: The kind id of the tips player (the shared kinds are 0..3).
TIPS = 10
#: Every strategy name a Razz table accepts.
STRATEGY_NAMES = (*KIND_NAMES, "tips")

# Parameters of ``tips`` (in the seat's parameter row).
T_MAXLOW = 0  # R1: play three different cards this value or lower
T_EXCELLENT = 1  # R1: three different cards this low are excellent: complete and raise
T_KQ = 2  # R2: 1 = fold any start with a K or Q; 0 = play K/Q + two different low cards
T_PAIR_BETS = 3  # R4: on fourth street, paired or bricked, call at most this many bets
T_ODDS = 4  # fifth/sixth street one card short: call when pot >= T_ODDS * call
T_SUNK = 5  # R5's habit: call when own chips >= T_SUNK * pot (0 = never)
T_POT = 6  # from fourth street call by pot odds: score * (pot + call) >= T_POT * call (0 = off)
TIPS_PARAM_NAMES = ("T_MAXLOW", "T_EXCELLENT", "T_KQ", "T_PAIR_BETS", "T_ODDS", "T_SUNK", "T_POT")
#: The tips player's defaults.
TIPS_PARAMS = np.array([8.0, 5.0, 1.0, 1.0, 4.0, 0.0, 1.5, 0.0, 0.0])

# Feature columns.
FEAT_LOWS = 0  # different ranks 8 or lower among the own cards
FEAT_MAX3 = 1  # highest Razz value among the first three cards
FEAT_DISTINCT3 = 2  # 1 if the first three cards are three different ranks
FEAT_SECOND3 = 3  # second-highest Razz value of the first three cards
N_FEATURES = 4

_BIN = np.array([[comb(r + i, i + 1) for r in range(13)] for i in range(7)], dtype=np.int64)
#: ``_RUN[i, r, k]``: what ``k`` cards of rank ``r`` at sorted places ``i .. i+k-1`` add to a
#: colex slot (the sum of ``_BIN[i + j, r]``), so that :func:`_slot` adds one number per rank.
_RUN = np.array(
    [
        [[sum(comb(r + i + j, i + j + 1) for j in range(k)) for k in range(5)] for r in range(13)]
        for i in range(8)
    ],
    dtype=np.int64,
)
_SLOTS = comb(19, 7)


def _low_values(ranks) -> list[int]:
    return [1 if r == 12 else r + 2 for r in ranks]


def _key_low(ranks, max_value: int = 13):
    """Best low so far: more different ranks up to five, then the lowest highest card …"""
    vals = sorted(set(v for v in _low_values(ranks) if v <= max_value))[:5]
    return (len(vals), tuple(-v for v in reversed(vals)))


def _key_razz(ranks):
    """Razz order of partial hands: the low so far among cards 8 or lower first (R1), then
    the low so far among all cards."""
    return (_key_low(ranks, 8), _key_low(ranks))


def _key_high(ranks):
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    pattern = tuple(sorted(counts.values(), reverse=True))[:2]
    return (pattern, tuple(r for r, _ in order))


def _percentiles(c: int, key) -> np.ndarray:
    """Percentile (worse share + half the ties, deal-weighted) of every ``c``-rank multiset,
    indexed by its colex slot."""
    items = []
    for ranks in combinations_with_replacement(range(13), c):
        mult = [ranks.count(r) for r in set(ranks)]
        if max(mult) > 4:
            continue
        w = prod(comb(4, m) for m in mult)
        slot = sum(comb(r + i, i + 1) for i, r in enumerate(ranks))
        items.append((key(ranks), w, slot))
    items.sort(key=lambda t: t[0])
    out = np.zeros(_SLOTS, dtype=np.float64)
    total = sum(w for _, w, _ in items)
    below = 0
    i = 0
    while i < len(items):
        j = i
        tie = 0
        while j < len(items) and items[j][0] == items[i][0]:
            tie += items[j][1]
            j += 1
        for k in range(i, j):
            out[items[k][2]] = (below + 0.5 * tie) / total
        below += tie
        i = j
    return out


def _score_rows(order: str) -> np.ndarray:
    """The rows of :func:`score_tables` for one hand order: ``"high"``, ``"hilo"`` or ``"low"``."""
    out = np.zeros((5, _SLOTS), dtype=np.float64)
    for c in range(3, 8):
        if order == "high":
            out[c - 3] = _percentiles(c, _key_high)
        elif order == "hilo":
            out[c - 3] = np.maximum(_percentiles(c, _key_high), _percentiles(c, lambda r: _key_low(r, 8)))
        else:
            out[c - 3] = _percentiles(c, _key_razz)
    return out


_SCORES: dict[str, np.ndarray] = {}
_SCORES_LOCK = threading.Lock()


def score_tables(variant: str) -> np.ndarray:
    """``(5, 50388)`` float64: row ``c - 3`` holds the score of every ``c``-card rank multiset
    (by colex slot) for ``variant``.

    The A-5 and A-6 low variants share one table (the same order of partial hands).  A table
    takes seconds to build in Python, so it is built once per machine and then read from the
    disk cache (:func:`simkit.disk_cache.cached_arrays`, keyed by this module's source), and
    once per process: threads asking at the same time wait for the first.

    >>> t = score_tables("razz")
    >>> from simkit.cards import parse_cards
    >>> round(float(score_of(parse_cards("As 2d 3c"), t)), 3), round(float(score_of(parse_cards("Ks Qd Kc"), t)), 3)
    (1.0, 0.0)
    >>> score_tables("ace-to-six") is t
    True
    """
    v = variant_code(variant)
    order = "high" if v == V_HIGH else "hilo" if v == V_HILO else "low"
    with _SCORES_LOCK:
        if order not in _SCORES:
            key = source_digest(__file__) + order.encode()
            table = cached_arrays(f"razz-scores-{order}", key, lambda: {"scores": _score_rows(order)})[
                "scores"
            ]
            table.flags.writeable = False
            _SCORES[order] = table
        return _SCORES[order]


@njit(cache=True, inline="always")
def _slot(cards, s, c):
    """Colex slot of the rank multiset of ``cards[s, :c]`` (rank counts packed 4 bits a rank,
    then read back in ascending order, one table entry a rank: no sorting, no allocation)."""
    counts = np.int64(0)
    for i in range(c):
        counts += np.int64(1) << (4 * (np.int64(cards[s, i]) >> 2))
    slot = np.int64(0)
    i = np.int64(0)
    for r in range(13):
        k = (counts >> (4 * r)) & 15
        slot += _RUN[i, r, k]
        i += k
    return slot


@njit(cache=True, inline="always")
def _score(cards, s, c, table):
    """Score of seat ``s``'s first ``c`` cards (rows of ``cards`` are seats)."""
    return table[c - 3, _slot(cards, s, c)]


def score_of(cards: np.ndarray, table: np.ndarray) -> float:
    """The score of one hand of 3 to 7 cards (Python helper of the tables' doctests)."""
    return float(_score(np.asarray(cards, dtype=np.int8)[None, :], 0, len(cards), table))


@njit(cache=True, inline="always")
def _features(cards, s, c, feats):
    """Fill ``feats[s]`` (N_FEATURES) from seat ``s``'s first ``c`` cards."""
    mask = 0
    for i in range(c):
        v = _razz_value(cards[s, i])
        if v <= 8:
            mask |= 1 << v
    lows = popcount(mask)
    a = _razz_value(cards[s, 0])
    b = _razz_value(cards[s, 1])
    d = _razz_value(cards[s, 2])
    hi = max(a, max(b, d))
    lo = min(a, min(b, d))
    feats[s, FEAT_LOWS] = lows
    feats[s, FEAT_MAX3] = hi
    feats[s, FEAT_DISTINCT3] = 1 if (a != b and a != d and b != d) else 0
    feats[s, FEAT_SECOND3] = a + b + d - hi - lo


@njit(cache=True, inline="always")
def _aggressive_or_passive(st):
    if st[L_AGG] != NO_ACTION:
        return st[L_AGG], st[L_MIN_TO]
    return passive_action(st)


@njit(cache=True, inline="always")
def _give_up(params, seat, score, st):
    """Check, post the forced bring-in, call by pot odds (from fourth street), call from the
    sunk-cost habit (R5), or fold."""
    if st[L_BRING_IN] > 0 or st[L_CHECK] != 0:
        return passive_action(st)
    to_call = st[V_TO_CALL]
    pot_odds = params[seat, T_POT]
    if pot_odds > 0.0 and st[V_ROUND] > 0 and score * (st[V_POT] + to_call) >= pot_odds * to_call:
        return CALL, 0
    sunk = params[seat, T_SUNK]
    if sunk > 0.0 and st[V_MY_TOTAL] >= sunk * st[V_POT]:
        return CALL, 0
    return FOLD, 0


@njit(cache=True, inline="always")
def _tips(params, feats, seat, score, st):
    """The ``tips`` decision of ``seat`` from its parameter row, features and score, and the
    legal and view rows."""
    r = st[V_ROUND]
    if r == 0:
        distinct = feats[seat, FEAT_DISTINCT3] == 1
        excellent = distinct and feats[seat, FEAT_MAX3] <= params[seat, T_EXCELLENT]
        good = distinct and feats[seat, FEAT_MAX3] <= params[seat, T_MAXLOW]
        if (
            not good
            and params[seat, T_KQ] == 0.0
            and distinct
            and feats[seat, FEAT_MAX3] >= 12
            and feats[seat, FEAT_SECOND3] <= params[seat, T_MAXLOW]
        ):
            good = True  # R2 switched off: K or Q with two different low cards
        if excellent:
            return _aggressive_or_passive(st)
        if good:
            if st[V_BETS] == 0 and st[L_AGG] != NO_ACTION:
                return st[L_AGG], st[L_MIN_TO]  # complete the bring-in
            if st[L_BRING_IN] > 0 or st[L_CHECK] != 0:
                return passive_action(st)
            return CALL, 0
        return _give_up(params, seat, score, st)
    c = r + 3
    target = 5 if c > 5 else c
    lows = feats[seat, FEAT_LOWS]
    if lows >= target:
        return _aggressive_or_passive(st)
    if lows == target - 1 and c < 7:
        if st[L_CHECK] != 0:
            return CHECK, 0
        if c == 4:
            if st[V_BETS] <= params[seat, T_PAIR_BETS]:
                return CALL, 0
            return _give_up(params, seat, score, st)
        if st[V_POT] >= params[seat, T_ODDS] * st[V_TO_CALL]:
            return CALL, 0
    return _give_up(params, seat, score, st)


@njit(cache=True, inline="always")
def _razz_decide(kinds, params, scores, feats, draws, st, rng, seat):
    """The decision of ``seat``: ``tips`` here, the shared kinds in simkit.poker."""
    if kinds[seat] == TIPS:
        fill_view(st, seat, draws)
        return _tips(params, feats, seat, scores[seat], st)
    return decide_on_state(kinds, params, scores, draws, st, rng, seat)


def parse_player(spec):
    """One seat's player spec as ``name`` or ``(name, {param: value})``: the one parser of
    ``"name:KEY=VALUE,KEY=VALUE"`` (CLI and Python API); names and tuples pass through.

    >>> parse_player("tight:P_SUNK=0.15"), parse_player("tips"), parse_player(("tips", {}))
    (('tight', {'P_SUNK': 0.15}), 'tips', ('tips', {}))
    >>> parse_player("tips:T_KQ")
    Traceback (most recent call last):
    ...
    ValueError: bad strategy parameter 'T_KQ' in 'tips:T_KQ': write KEY=NUMBER
    """
    if not isinstance(spec, str):
        return spec
    name, _, rest = spec.partition(":")
    if not rest:
        return name
    over = {}
    for item in rest.split(","):
        key, eq, value = item.partition("=")
        try:
            over[key.strip()] = float(value)
        except ValueError:
            raise ValueError(f"bad strategy parameter {item!r} in {spec!r}: write KEY=NUMBER") from None
        if not eq:
            raise ValueError(f"bad strategy parameter {item!r} in {spec!r}: write KEY=NUMBER")
    return name, over


def player_name(spec) -> str:
    """``"tips"`` or ``"tips(T_KQ=0)"`` for a player spec."""
    spec = parse_player(spec)
    if isinstance(spec, tuple):
        name, over = spec
        if over:
            return f"{name}(" + ", ".join(f"{k}={v:g}" for k, v in dict(over).items()) + ")"
        return name
    return str(spec)


def specs_key(specs: Sequence) -> tuple:
    """A table of player specs as a hashable tuple ``((name, ((key, value), ...)), ...)`` (what
    a runner job keeps)."""
    out = []
    for spec in map(parse_player, specs):
        if isinstance(spec, tuple):
            name, over = spec
            out.append((name, tuple(sorted(dict(over).items())) if over else ()))
        else:
            out.append((spec, ()))
    return tuple(out)


def razz_strategy_table(
    specs: Sequence, n_seats: int | None = None, variant: str = "razz"
) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and parameter rows for a Razz table: the shared strategy names, or ``tips``
    (optionally ``("tips", {"T_KQ": 0, ...})``).

    >>> razz_strategy_table(["tips", "tips"], variant="stud-high")
    Traceback (most recent call last):
    ...
    ValueError: the tips strategy plays A-5 low games (razz, private, ace-to-six), not 'stud-high'
    >>> razz_strategy_table(["shark"])
    Traceback (most recent call last):
    ...
    ValueError: unknown strategy 'shark'; choose from random, check-call, tight, loose-aggressive, tips
    >>> razz_strategy_table("tight", n_seats=-1)
    Traceback (most recent call last):
    ...
    ValueError: a Razz table has 2 to 8 seats, got n_seats=-1
    """
    if isinstance(specs, (str, tuple)):
        if n_seats is None:
            raise ValueError("a single strategy spec needs n_seats")
        if not is_int(n_seats) or not MIN_PLAYERS <= n_seats <= MAX_PLAYERS:
            raise ValueError(
                f"a Razz table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, got n_seats={n_seats!r}"
            )
        specs = [specs] * int(n_seats)
    specs = list(specs)
    if n_seats is not None and len(specs) != n_seats:
        raise ValueError(f"got {len(specs)} strategies for n_seats={n_seats}")
    shared = []
    tips_rows = {}
    for i, spec in enumerate(map(parse_player, specs)):
        name, over = spec if isinstance(spec, tuple) else (spec, None)
        if name == "tips":
            if variant not in ("razz", "private", "ace-to-six"):
                raise ValueError(
                    f"the tips strategy plays A-5 low games (razz, private, ace-to-six), not {variant!r}"
                )
            row = TIPS_PARAMS.copy()
            if isinstance(over, Mapping):
                for key, value in over.items():
                    if key not in TIPS_PARAM_NAMES:
                        raise ValueError(
                            f"unknown tips parameter {key!r}; expected one of {', '.join(TIPS_PARAM_NAMES)}"
                        )
                    value = float(value)
                    if not np.isfinite(value) or (key in ("T_ODDS", "T_SUNK", "T_POT") and value < 0):
                        rule = "a finite number" + (" >= 0" if key in ("T_ODDS", "T_SUNK", "T_POT") else "")
                        raise ValueError(
                            f"tips parameter {key} of seat {i + 1} must be {rule}, got {value!r}"
                        )
                    row[TIPS_PARAM_NAMES.index(key)] = value
            elif over is not None:
                raise ValueError(f"tips parameters must be a mapping, got {over!r}")
            tips_rows[i] = row
            shared.append("check-call")
        elif isinstance(name, str) and name not in KIND_NAMES:
            raise ValueError(f"unknown strategy {name!r}; choose from {', '.join(STRATEGY_NAMES)}")
        else:
            shared.append(spec)
    kinds, params = strategy_table(shared)
    for i, row in tips_rows.items():
        kinds[i] = TIPS
        params[i] = row[:N_PARAMS]
    return kinds, params
