"""Exact draw odds: every replacement set the deck can give, evaluated with deuces wild.

For a hand, the cards that cannot come (``dead``: cards seen elsewhere) and a *keep* (the
cards held; the rest are exchanged), the final hand is the keep plus ``k`` cards drawn from
the unseen cards (52 - 5 - dead, normally 47).  Every one of the ``C(unseen, k)`` replacement
sets is equally likely, so enumerating them gives the exact distribution of the final
strength (k <= 2: at most 1,081 sets; the draw-three variant: 16,215 or, keeping an ace,
178,365).

:func:`draw_odds` gives the final category distribution of one keep; :func:`rank_keeps`
scores every keep the draw limit allows by an objective (:func:`keep_values`: by any weights
per strength); :func:`best_keep` picks the best:

- ``objective="category"``: the probability of finishing at ``target`` or better;
- ``objective="expected_category"``: the mean final category (0 = high card ... 9 = five of
  a kind);
- ``objective="equity"``: the expected showdown share against ``opponents`` independent hands
  drawn from a reference strength distribution (default: the exact distribution of five-card
  hands, :func:`~simkit.games.diablo.rules.pat_counts`); a final strength ``s`` scores
  ``(P(opp < s) + P(opp = s) / 2) ** opponents``.  This ignores the card removal between
  players: it is a strength measure, not an exact multi-way equity;
- ``objective="paytable"``: the expected payout of a pay table (:mod:`.paytable`: natural and
  wild royal flush, four deuces, ...).

The draw limit is the variant's (``standard`` 0-2 cards, ``draw-three`` up to 3 or 4 keeping
an ace) or any ``max_draw`` 0..5.  Every function checks, before its kernel runs, that the
live deck (52 less the hand and the dead cards) holds as many cards as a keep draws.

Examples
--------
>>> d = draw_odds("9s 9h 2c Kd 5h", keep="9s 9h 2c")
>>> d.loc[d.category == "four_of_a_kind", "at_least"].item() > 0.1
True
>>> b = best_keep("Ah 2c 9h 7h 5h", objective="category", target="flush")
>>> b.keep, b.value
('Ah 2c 9h 7h 5h', 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, TypedDict, Unpack

import numpy as np
import pandas as pd

from ...cards import N_CARDS, as_cards, format_cards
from ...checks import is_int
from ...deck import live_deck, next_combination
from ...hands.kernels import eval5_deuces_wild
from ...jit import njit
from .paytable import _check_wild, _final_class, eval_tables
from .rules import (
    CATEGORIES,
    category_index,
    category_of_strength,
    draw_allowed,
    limit_label,
    n_strengths,
    pat_counts,
    tables,
)

if TYPE_CHECKING:
    from .paytable import PayTable

#: Cards as the public functions take them: a card string or card integers.
Cards = str | Sequence[int] | np.ndarray

__all__ = [
    "OBJECTIVES",
    "KeepChoice",
    "Objective",
    "best_keep",
    "draw_odds",
    "equity_weights",
    "final_histogram",
    "keep_values",
    "make_objective",
    "rank_keeps",
    "target_weights",
]


@njit(cache=True, nogil=True)
def _final_strengths(kept, n_kept, n_draw, unseen, T, buf):
    """Fill ``buf`` with the strength of every final hand: ``kept[:n_kept]`` plus each
    ``n_draw``-subset of ``unseen`` (in lexicographic order); return how many."""
    c = np.zeros(5, dtype=np.int64)
    for i in range(n_kept):
        c[i] = kept[i]
    n = unseen.shape[0]
    if n_draw == 0:
        buf[0] = eval5_deuces_wild(c[0], c[1], c[2], c[3], c[4], T)
        return 1
    idx = np.arange(n_draw)
    m = 0
    while True:
        for j in range(n_draw):
            c[n_kept + j] = unseen[idx[j]]
        buf[m] = eval5_deuces_wild(c[0], c[1], c[2], c[3], c[4], T)
        m += 1
        if not next_combination(idx, n_draw, n):
            return m


@njit(cache=True, nogil=True)
def _histogram(kept, n_kept, n_draw, unseen, T, hist):
    """Add the final-strength counts of one keep to ``hist``."""
    n = unseen.shape[0]
    size = 1
    for j in range(n_draw):
        size = size * (n - j) // (j + 1)
    buf = np.empty(size, dtype=np.int32)
    m = _final_strengths(kept, n_kept, n_draw, unseen, T, buf)
    for i in range(m):
        hist[buf[i]] += 1


@njit(cache=True, nogil=True)
def _keep_histograms(hand, masks, unseen, T, class_of, wild, out):
    """``out[i, c]``: the final hands of keep ``masks[i]`` (a 5-bit mask of the positions of
    ``hand`` kept) in class ``c = class_of[deuces held, strength]`` (``wild``; else high poker,
    ``class_of[0, strength]``), over every replacement set of ``unseen`` (which must hold at
    least as many cards as any keep draws)."""
    n = unseen.shape[0]
    c = np.zeros(5, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    for i in range(masks.shape[0]):
        k = 0
        for p in range(5):
            if (masks[i] >> p) & 1:
                c[k] = hand[p]
                k += 1
        nd = 5 - k
        for j in range(nd):
            idx[j] = j
        while True:
            for j in range(nd):
                c[k + j] = unseen[idx[j]]
            out[i, _final_class(c, T, class_of, wild)] += 1
            if nd == 0 or not next_combination(idx, nd, n):
                break


# --- input checking ---------------------------------------------------------------------------


def _unseen(hand: np.ndarray, dead) -> np.ndarray:
    dead_arr = np.zeros(0, dtype=np.int64) if dead is None else as_cards(dead, "dead")
    both = np.intersect1d(hand, dead_arr)
    if both.size:
        raise ValueError(f"dead card {format_cards(both[:1])!r} is in the hand")
    return live_deck(np.concatenate([hand, dead_arr])).astype(np.int64)


def _keep_of(hand: np.ndarray, keep, variant: str, max_draw: int | None = None) -> np.ndarray:
    kept = as_cards(keep, "keep") if keep is not None else hand.copy()
    extra = np.setdiff1d(kept, hand)
    if extra.size:
        raise ValueError(f"kept card {format_cards(extra[:1])!r} is not in the hand {format_cards(hand)}")
    n_draw = 5 - kept.size
    if not draw_allowed(n_draw, kept, variant, max_draw):
        if max_draw is not None:
            rule = f"max_draw={max_draw} allows at most {max_draw}"
        else:
            more = "" if variant != "standard" else " (choose the draw-three variant for up to three)"
            rule = f"the {variant} rules allow at most {2 if variant == 'standard' else '3 (4 keeping one ace)'}{more}"
        raise ValueError(f"keeping {format_cards(kept) or 'nothing'} exchanges {n_draw} cards; {rule}")
    return kept


def _check_supply(unseen: int, n_draw: int, why: str, fix: str = "give fewer dead cards") -> None:
    """``ValueError`` unless ``unseen`` live cards can supply a draw of ``n_draw`` (before any
    kernel runs: the kernels read ``n_draw`` cards of the live deck)."""
    if n_draw > unseen:
        raise ValueError(
            f"the live deck has {unseen} card{'s' if unseen != 1 else ''} (52 less the hand and the "
            f"dead cards) but {why} {n_draw}: {fix}"
        )


def final_histogram(
    hand: Cards,
    keep: Cards | None = None,
    dead: Cards | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
) -> np.ndarray:
    """Exact number of replacement sets giving each final strength (int64, one per strength).

    Parameters
    ----------
    hand
        The five cards held (a card string or card integers).
    keep
        The cards kept (a subset of ``hand``); ``None`` keeps all five (stands pat).
    dead
        Cards that cannot come (seen elsewhere); the discards never come back.
    variant
        ``standard`` (exchange 0-2) or ``draw-three`` (up to 3, or 4 keeping an ace).
    max_draw
        Any draw limit 0..5 instead of the variant's (:func:`~.rules.draw_limit`).

    Examples
    --------
    >>> h = final_histogram("As Ks Qs Js 9d", keep="As Ks Qs Js")
    >>> int(h.sum())
    47
    >>> final_histogram("As Ks Qs Js 9d", keep="As Ks")
    Traceback (most recent call last):
    ...
    ValueError: keeping As Ks exchanges 3 cards; the standard rules allow at most 2 (choose the draw-three variant for up to three)
    >>> int(final_histogram("As Ks Qs Js 9d", keep="As Ks", max_draw=3).sum())
    16215
    """
    h = as_cards(hand, "hand", n=5)
    kept = _keep_of(h, keep, variant, max_draw)
    unseen = _unseen(h, dead)
    _check_supply(unseen.size, 5 - kept.size, f"keeping {format_cards(kept) or 'nothing'} draws")
    hist = np.zeros(n_strengths(), dtype=np.int64)
    _histogram(np.ascontiguousarray(kept), kept.size, 5 - kept.size, unseen, tables(), hist)
    return hist


def draw_odds(
    hand: Cards,
    keep: Cards | None = None,
    dead: Cards | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
) -> pd.DataFrame:
    """The exact distribution of the final category after exchanging the cards not kept.

    Parameters
    ----------
    hand, keep, dead, variant, max_draw
        As in :func:`final_histogram`.

    Returns
    -------
    pandas.DataFrame
        One row per category, best first: ``category``, ``count`` (replacement sets),
        ``probability`` and ``at_least`` (this category or better).  ``df.attrs`` holds
        ``hand``, ``keep``, ``draw``, ``unseen``, ``combinations``.

    Examples
    --------
    >>> d = draw_odds("Ah 2c 9h 7h 5h")
    >>> d.iloc[0:5][["category", "probability"]].values.tolist()[4]
    ['flush', 1.0]
    """
    h = as_cards(hand, "hand", n=5)
    kept = _keep_of(h, keep, variant, max_draw)
    hist = final_histogram(h, kept, dead, variant, max_draw)
    total = int(hist.sum())
    by_cat = np.bincount(category_of_strength(), weights=hist, minlength=len(CATEGORIES))
    by_cat = by_cat.astype(np.int64)[::-1]
    prob = by_cat / total
    df = pd.DataFrame(
        {
            "category": list(CATEGORIES[::-1]),
            "count": by_cat,
            "probability": prob,
            "at_least": np.cumsum(by_cat) / total,
        }
    )
    unseen = N_CARDS - 5 - (0 if dead is None else as_cards(dead, "dead").size)
    df.attrs.update(
        hand=format_cards(h), keep=format_cards(kept), draw=5 - kept.size, unseen=unseen, combinations=total
    )
    return df


# --- objectives and the best keep ------------------------------------------------------------


def target_weights(target: str) -> np.ndarray:
    """Weights 1 for strengths at ``target`` category or better, else 0.

    >>> int(target_weights("five_of_a_kind").sum())  # five of a kind of each rank but 2
    12
    """
    return (category_of_strength() >= category_index(target)).astype(np.float64)


def equity_weights(opponents: int = 1, reference: np.ndarray | None = None) -> np.ndarray:
    """Showdown share of each final strength against ``opponents`` reference hands.

    ``reference`` is a histogram over strengths (default: every five-card hand, exact); a
    strength ``s`` scores ``(P(ref < s) + P(ref = s) / 2) ** opponents``.

    >>> w = equity_weights(1)
    >>> bool(w[-1] > 0.9999), bool(np.all(np.diff(w) > 0))
    (True, True)
    """
    if not is_int(opponents) or not 1 <= opponents <= 6:
        raise ValueError(f"opponents must be 1..6, got {opponents!r}")
    ref = pat_counts() if reference is None else np.asarray(reference, dtype=np.float64)
    if ref.shape != (n_strengths(),) or not np.isfinite(ref).all() or (ref < 0).any() or ref.sum() <= 0:
        raise ValueError(f"reference must be a non-negative histogram over {n_strengths()} strengths")
    p = ref / ref.sum()
    below = np.concatenate([[0.0], np.cumsum(p)[:-1]])
    return (below + p / 2.0) ** opponents


def _masks(hand: np.ndarray, variant: str, max_draw: int | None = None) -> np.ndarray:
    out = []
    for mask in range(32):
        kept = [hand[p] for p in range(5) if mask >> p & 1]
        if draw_allowed(5 - len(kept), kept, variant, max_draw):
            out.append(mask)
    return np.array(out, dtype=np.int64)


@cache
def _by_strength() -> np.ndarray:
    """The class table of objectives valued per strength: class = strength, whatever the deuces."""
    out = np.tile(np.arange(n_strengths(), dtype=np.int64), (5, 1))
    out.flags.writeable = False
    return out


def _histograms(
    h: np.ndarray, masks: np.ndarray, dead, class_of: np.ndarray, n_classes: int, wild: str = "deuces"
) -> np.ndarray:
    """Final-class counts of every keep in ``masks`` (checks that the live deck can supply)."""
    unseen = _unseen(h, dead)
    most = 5 - min(bin(m).count("1") for m in masks.tolist())
    _check_supply(
        unseen.size, most, "the draw limit lets a keep draw", "give fewer dead cards or a lower draw limit"
    )
    out = np.zeros((masks.size, n_classes), dtype=np.int64)
    _keep_histograms(
        h, masks, unseen, eval_tables(wild), np.ascontiguousarray(class_of), wild == "deuces", out
    )
    return out


def keep_values(
    hand: Cards,
    weights: np.ndarray,
    dead: Cards | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
) -> pd.DataFrame:
    """Every allowed keep of ``hand`` with the mean of ``weights`` over its final hands.

    ``weights`` is one row (or several) of per-strength values: :func:`target_weights`,
    :func:`equity_weights`, or any other.  Rows are sorted best first (ties: fewer cards
    drawn first).  For the objectives that are not per strength (pay tables) see
    :func:`rank_keeps`.

    >>> v = keep_values("9s 9h 2c Kd 5h", target_weights("four_of_a_kind"))
    >>> v.loc[0, "keep"], int(v.loc[0, "draw"])
    ('9s 9h 2c', 2)
    """
    h = as_cards(hand, "hand", n=5)
    w = np.atleast_2d(np.asarray(weights, dtype=np.float64))
    if w.ndim != 2 or w.shape[1] != n_strengths():
        raise ValueError(f"weights must have {n_strengths()} values per row, got shape {np.shape(weights)}")
    if not np.isfinite(w).all():
        raise ValueError("weights must be finite")
    masks = _masks(h, variant, max_draw)
    counts = _histograms(h, masks, dead, _by_strength(), n_strengths())
    out = (counts @ w.T) / counts.sum(axis=1, keepdims=True)
    keeps = [format_cards([h[p] for p in range(5) if m >> p & 1]) for m in masks.tolist()]
    draws = [5 - bin(m).count("1") for m in masks.tolist()]
    df = pd.DataFrame({"keep": keeps, "draw": draws, "mask": masks})
    for o in range(w.shape[0]):
        df[f"value{o}" if w.shape[0] > 1 else "value"] = out[:, o]
    first = "value0" if w.shape[0] > 1 else "value"
    return df.sort_values([first, "draw"], ascending=[False, True], kind="stable").reset_index(drop=True)


#: The objectives a keep can be chosen by (:func:`make_objective`).
OBJECTIVES = ("category", "expected_category", "equity", "paytable")


@dataclass(frozen=True)
class Objective:
    """What a final hand is worth: its class ``class_of[deuces held, strength]`` and the value of
    each class (``values``; ``fractions``: the same exactly, ``None`` when not rational)."""

    name: str
    label: str
    class_of: np.ndarray
    values: np.ndarray
    fractions: tuple[Fraction, ...] | None
    wild: str = "deuces"


#: The categories of five-card draw without wilds (high poker), weakest first.
PLAIN_CATEGORIES = CATEGORIES[:-1]


@cache
def _plain_categories() -> np.ndarray:
    """The category (index into :data:`PLAIN_CATEGORIES`) of every high-poker strength, as a
    class table ``[5, n]`` (the rows alike)."""
    from ...hands import strength_codes
    from ...hands.codes import unpack

    row = np.array([unpack(int(c), "high")[0] for c in strength_codes("high").tolist()], dtype=np.int64)
    out = np.tile(row, (5, 1))
    out.flags.writeable = False
    return out


def _plain_category(name: str) -> int:
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in PLAIN_CATEGORIES:
        raise ValueError(
            f"unknown category {name!r} without wilds; expected one of {', '.join(PLAIN_CATEGORIES)}"
        )
    return PLAIN_CATEGORIES.index(key)


def make_objective(
    objective: str = "category",
    *,
    target: str | None = None,
    opponents: int | None = None,
    reference: np.ndarray | None = None,
    paytable: str | Mapping[str, object] | PayTable | None = None,
    wild: str = "deuces",
) -> Objective:
    """The objective a keep is chosen by.

    Parameters
    ----------
    objective
        ``"category"``: the probability of finishing at ``target`` (default three of a kind)
        or better; ``"expected_category"``: the mean final category (0 = high card ... 9 =
        five of a kind, R-D1); ``"equity"``: the showdown share against ``opponents``
        (default 1) hands from ``reference`` (:func:`equity_weights`); ``"paytable"``: the
        expected payout of ``paytable`` (:class:`~.paytable.PayTable` or its text; default
        full-pay Deuces Wild, :data:`~.paytable.FULL_PAY`).
    target, opponents, reference, paytable
        Each only with its objective; given with another one it is refused.
    wild
        ``"deuces"`` (deuces wild) or ``"none"``: five-card draw without wilds, high poker;
        categories :data:`PLAIN_CATEGORIES` (0 = high card ... 8 = straight flush), pay tables
        of :data:`~.paytable.PLAIN_PAY_CATEGORIES` (default 9/6 Jacks or Better); ``equity``
        is for deuces wild only.

    Examples
    --------
    >>> make_objective("paytable", paytable="four_deuces=200").label
    'expected payout (four_deuces=200)'
    >>> make_objective("paytable", wild="none").label
    'expected payout (royal_flush=800,straight_flush=50,four_of_a_kind=25,full_house=9,flush=6,straight=4,three_of_a_kind=3,two_pair=2,jacks_or_better=1)'
    >>> make_objective("equity", target="flush")
    Traceback (most recent call last):
    ...
    ValueError: target is only for objective 'category', not 'equity'
    """
    from .paytable import _table_of, class_table, final_classes

    _check_wild(wild)
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}")
    for name, value, owner in (
        ("target", target, "category"),
        ("opponents", opponents, "equity"),
        ("reference", reference, "equity"),
        ("paytable", paytable, "paytable"),
    ):
        if value is not None and objective != owner:
            raise ValueError(f"{name} is only for objective {owner!r}, not {objective!r}")
    if wild == "none":
        return _plain_objective(objective, target, paytable)
    cats = np.tile(category_of_strength(), (5, 1))
    if objective == "category":
        t = category_index(target or "three_of_a_kind")
        fr = tuple(Fraction(int(c >= t)) for c in range(len(CATEGORIES)))
        label = f"P({CATEGORIES[t]} or better)"
        return Objective(objective, label, cats, np.array([float(f) for f in fr]), fr)
    if objective == "expected_category":
        fr = tuple(Fraction(c) for c in range(len(CATEGORIES)))
        label = "expected final category (0 = high card ... 9 = five of a kind)"
        return Objective(objective, label, cats, np.arange(len(CATEGORIES), dtype=np.float64), fr)
    if objective == "equity":
        n = 1 if opponents is None else opponents
        w = equity_weights(n, reference)
        label = f"showdown share against {n} random hand{'s' if n != 1 else ''}"
        return Objective(objective, label, _by_strength(), w, None)
    table = _table_of(paytable, wild)
    fr = tuple(table.class_fractions())
    assert len(fr) == len(final_classes(wild))
    return Objective(objective, f"expected payout ({table})", class_table(wild), table.class_values(), fr)


def _plain_objective(objective: str, target, paytable) -> Objective:
    """:func:`make_objective` without wilds (high poker)."""
    from .paytable import _table_of, plain_class_table

    cats = _plain_categories()
    n = len(PLAIN_CATEGORIES)
    if objective == "category":
        t = _plain_category(target or "three_of_a_kind")
        fr = tuple(Fraction(int(c >= t)) for c in range(n))
        label = f"P({PLAIN_CATEGORIES[t]} or better)"
        return Objective(objective, label, cats, np.array([float(f) for f in fr]), fr, "none")
    if objective == "expected_category":
        fr = tuple(Fraction(c) for c in range(n))
        label = "expected final category (0 = high card ... 8 = straight flush)"
        return Objective(objective, label, cats, np.arange(n, dtype=np.float64), fr, "none")
    if objective == "equity":
        raise ValueError(
            "objective 'equity' is for deuces wild only; without wilds use category, expected_category or paytable"
        )
    table = _table_of(paytable, "none")
    fr = tuple(table.class_fractions())
    return Objective(
        objective, f"expected payout ({table})", plain_class_table(), table.class_values(), fr, "none"
    )


def rank_keeps(
    hand: Cards,
    dead: Cards | None = None,
    *,
    objective: str = "category",
    target: str | None = None,
    opponents: int | None = None,
    reference: np.ndarray | None = None,
    paytable: str | Mapping[str, object] | PayTable | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
    wild: str = "deuces",
) -> pd.DataFrame:
    """Every keep of ``hand`` the draw limit allows, with its exact value, best first.

    Each keep's final hands are enumerated (every replacement set of the unseen cards) and
    counted by class; the value is the mean class value (:func:`make_objective`).

    Parameters
    ----------
    hand, dead
        As in :func:`draw_odds`.
    objective, target, opponents, reference, paytable
        The objective (:func:`make_objective`).
    variant, max_draw
        The draw limit (:func:`~.rules.draw_limit`): ``standard`` 0-2 cards, ``draw-three``
        up to 3 (4 keeping an ace), or any ``max_draw`` 0..5.
    wild
        ``"deuces"`` (deuces wild) or ``"none"`` (five-card draw, high poker; see
        :func:`make_objective`).

    Returns
    -------
    pandas.DataFrame
        ``keep``, ``draw``, ``value`` and, when the class values are rational (every
        objective but ``equity``), ``fraction`` (the value exactly, ``"p/q"``), and
        ``outcomes`` (replacement sets).  Sorted by value, ties: fewer cards drawn first.
        ``attrs``: ``hand``, ``objective``, ``limit``, ``wild``, ``unseen``, ``exact`` (True).

    Examples
    --------
    >>> r = rank_keeps("2c 2d Ah Kh 9s", objective="paytable", max_draw=5)
    >>> r.loc[0, "keep"], r.loc[0, "fraction"], len(r)
    ('2c 2d Ah Kh', '207/47', 32)
    >>> r = rank_keeps("Ah Kh Qh Jh Js", objective="paytable", max_draw=5, wild="none")
    >>> r.loc[0, "keep"], r.loc[0, "fraction"]
    ('Ah Kh Qh Jh', '871/47')
    """
    obj = make_objective(
        objective, target=target, opponents=opponents, reference=reference, paytable=paytable, wild=wild
    )
    h = as_cards(hand, "hand", n=5)
    masks = _masks(h, variant, max_draw)
    n_classes = int(obj.class_of.max()) + 1
    counts = _histograms(h, masks, dead, obj.class_of, n_classes, obj.wild)
    totals = counts.sum(axis=1)
    values = (counts @ obj.values[:n_classes]) / totals
    df = pd.DataFrame(
        {
            "keep": [format_cards([h[p] for p in range(5) if m >> p & 1]) for m in masks.tolist()],
            "draw": [5 - bin(m).count("1") for m in masks.tolist()],
            "value": values,
        }
    )
    if obj.fractions is not None:
        fr = obj.fractions
        exact = [
            sum((Fraction(int(n)) * fr[c] for c, n in enumerate(row) if n), Fraction(0)) / int(t)
            for row, t in zip(counts.tolist(), totals.tolist(), strict=True)
        ]
        df["fraction"] = [f"{f.numerator}/{f.denominator}" for f in exact]
        df["_key"] = exact
        df = df.sort_values(["_key", "draw"], ascending=[False, True], kind="stable").drop(columns="_key")
    else:
        df = df.sort_values(["value", "draw"], ascending=[False, True], kind="stable")
    df["outcomes"] = totals[df.index.to_numpy()]
    df = df.reset_index(drop=True)
    df.attrs.update(
        hand=format_cards(h),
        objective=obj.label,
        limit=limit_label(variant, max_draw),
        wild=wild,
        unseen=int(_unseen(h, dead).size),
        exact=True,
    )
    return df


@dataclass(frozen=True)
class KeepChoice:
    """The best keep of a hand: the cards kept, how many drawn, its value, the runner-up."""

    hand: str
    keep: str
    draw: int
    value: float
    second_keep: str
    second_value: float


class _RankOptions(TypedDict, total=False):
    """The keyword options of :func:`rank_keeps` (its defaults apply)."""

    objective: str
    target: str | None
    opponents: int | None
    reference: np.ndarray | None
    paytable: str | Mapping[str, object] | PayTable | None
    variant: str
    max_draw: int | None
    wild: str


def best_keep(hand: Cards, dead: Cards | None = None, **options: Unpack[_RankOptions]) -> KeepChoice:
    """The keep that maximises the objective (see :func:`make_objective`), exactly.

    Parameters
    ----------
    hand, dead
        As in :func:`rank_keeps`.
    options
        The keyword options of :func:`rank_keeps`, with its defaults: ``objective``,
        ``target``, ``opponents``, ``reference``, ``paytable`` (the objective,
        :func:`make_objective`), ``variant``, ``max_draw`` (the draw limit) and ``wild``.

    Examples
    --------
    >>> best_keep("Kd Kc 7s 4h 3c").keep
    'Kd Kc 7s'
    >>> best_keep("Kd Kc 7s 4h 3c", objective="paytable", max_draw=5).keep
    'Kd Kc'
    >>> best_keep("Kd Kc 7s 4h 3c", objective="win")
    Traceback (most recent call last):
    ...
    ValueError: unknown objective 'win'; expected one of category, expected_category, equity, paytable
    """
    v = rank_keeps(hand, dead, **options)
    h = format_cards(as_cards(hand, "hand", n=5))
    second = v.iloc[1] if len(v) > 1 else v.iloc[0]
    return KeepChoice(
        h,
        v.loc[0, "keep"],
        int(v.loc[0, "draw"]),
        float(v.loc[0, "value"]),
        str(second["keep"]),
        float(second["value"]),
    )
