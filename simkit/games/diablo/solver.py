"""Exact draw odds: every replacement set the deck can give, evaluated with deuces wild.

For a hand, the cards that cannot come (``dead``: cards seen elsewhere) and a *keep* (the
cards held; the rest are exchanged), the final hand is the keep plus ``k`` cards drawn from
the unseen cards (52 - 5 - dead, normally 47).  Every one of the ``C(unseen, k)`` replacement
sets is equally likely, so enumerating them gives the exact distribution of the final
strength (k <= 2: at most 1,081 sets; the draw-three variant: 16,215 or, keeping an ace,
178,365).

:func:`draw_odds` gives the final category distribution of one keep; :func:`keep_values`
scores all 32 keeps of a hand by an objective; :func:`best_keep` picks the best:

- ``objective="category"``: the probability of finishing at ``target`` or better;
- ``objective="equity"``: the expected showdown share against ``opponents`` independent hands
  drawn from a reference strength distribution (default: the exact distribution of five-card
  hands, :func:`~simkit.games.diablo.rules.pat_counts`); a final strength ``s`` scores
  ``(P(opp < s) + P(opp = s) / 2) ** opponents``.  This ignores the card removal between
  players: it is a strength measure, not an exact multi-way equity.

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

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numba import njit

from simkit.cards import N_CARDS, format_cards, parse_cards
from simkit.deck import live_deck, next_combination
from simkit.hands.kernels import eval5_deuces_wild

from ...checks import is_int
from .rules import (
    CATEGORIES,
    category_index,
    category_of_strength,
    draw_allowed,
    n_strengths,
    pat_counts,
    tables,
)

__all__ = [
    "KeepChoice",
    "best_keep",
    "draw_odds",
    "equity_weights",
    "final_histogram",
    "keep_values",
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
def _keep_values(hand, masks, unseen, T, weights, out):
    """``out[i, o]``: mean of ``weights[o, strength]`` over the final hands of keep ``masks[i]``
    (a 5-bit mask of the positions of ``hand`` kept)."""
    n = unseen.shape[0]
    kept = np.zeros(5, dtype=np.int64)
    buf = np.empty(comb_max(n, 5 - _min_kept(masks)), dtype=np.int32)
    for i in range(masks.shape[0]):
        n_kept = 0
        for p in range(5):
            if (masks[i] >> p) & 1:
                kept[n_kept] = hand[p]
                n_kept += 1
        m = _final_strengths(kept, n_kept, 5 - n_kept, unseen, T, buf)
        for o in range(weights.shape[0]):
            acc = 0.0
            for t in range(m):
                acc += weights[o, buf[t]]
            out[i, o] = acc / m


@njit(cache=True, inline="always")
def _min_kept(masks):
    low = 5
    for i in range(masks.shape[0]):
        k = 0
        for p in range(5):
            k += (masks[i] >> p) & 1
        low = min(low, k)
    return low


@njit(cache=True, inline="always")
def comb_max(n, k):
    """C(n, k) for small k (at least 1)."""
    size = 1
    for j in range(k):
        size = size * (n - j) // (j + 1)
    return max(size, 1)


# --- input checking ---------------------------------------------------------------------------


def _cards(value, what: str, n: int | None = None) -> np.ndarray:
    if isinstance(value, str):
        arr = parse_cards(value, n=n)
    else:
        arr = np.asarray(list(value) if not isinstance(value, np.ndarray) else value).ravel()
        if arr.size and not np.issubdtype(arr.dtype, np.integer):
            raise ValueError(f"{what} must be a card string or card integers, got {value!r}")
        if (arr < 0).any() or (arr > 51).any():
            raise ValueError(f"{what} has a card out of range 0..51: {arr.tolist()}")
        if np.unique(arr).size != arr.size:
            raise ValueError(f"{what} repeats a card: {format_cards(arr)}")
        if n is not None and arr.size != n:
            raise ValueError(f"{what} must have {n} cards, got {arr.size}")
    return arr.astype(np.int64)


def _unseen(hand: np.ndarray, dead) -> np.ndarray:
    dead_arr = np.zeros(0, dtype=np.int64) if dead is None else _cards(dead, "dead")
    both = np.intersect1d(hand, dead_arr)
    if both.size:
        raise ValueError(f"dead card {format_cards(both[:1])!r} is in the hand")
    return live_deck(np.concatenate([hand, dead_arr])).astype(np.int64)


def _keep_of(hand: np.ndarray, keep, variant: str) -> np.ndarray:
    kept = _cards(keep, "keep") if keep is not None else hand.copy()
    extra = np.setdiff1d(kept, hand)
    if extra.size:
        raise ValueError(f"kept card {format_cards(extra[:1])!r} is not in the hand {format_cards(hand)}")
    n_draw = 5 - kept.size
    if not draw_allowed(n_draw, kept, variant):
        more = "" if variant != "standard" else " (choose the draw-three variant for up to three)"
        raise ValueError(
            f"keeping {format_cards(kept) or 'nothing'} exchanges {n_draw} cards; "
            f"the {variant} rules allow at most "
            f"{2 if variant == 'standard' else '3 (4 keeping one ace)'}{more}"
        )
    return kept


def final_histogram(hand, keep=None, dead=None, variant: str = "standard") -> np.ndarray:
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

    Examples
    --------
    >>> h = final_histogram("As Ks Qs Js 9d", keep="As Ks Qs Js")
    >>> int(h.sum())
    47
    >>> final_histogram("As Ks Qs Js 9d", keep="As Ks")
    Traceback (most recent call last):
    ...
    ValueError: keeping As Ks exchanges 3 cards; the standard rules allow at most 2 (choose the draw-three variant for up to three)
    """
    h = _cards(hand, "hand", n=5)
    kept = _keep_of(h, keep, variant)
    unseen = _unseen(h, dead)
    hist = np.zeros(n_strengths(), dtype=np.int64)
    _histogram(np.ascontiguousarray(kept), kept.size, 5 - kept.size, unseen, tables(), hist)
    return hist


def draw_odds(hand, keep=None, dead=None, variant: str = "standard") -> pd.DataFrame:
    """The exact distribution of the final category after exchanging the cards not kept.

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
    h = _cards(hand, "hand", n=5)
    kept = _keep_of(h, keep, variant)
    hist = final_histogram(h, kept, dead, variant)
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
    unseen = N_CARDS - 5 - (0 if dead is None else _cards(dead, "dead").size)
    df.attrs.update(
        hand=format_cards(h), keep=format_cards(kept), draw=5 - kept.size, unseen=unseen, combinations=total
    )
    return df


# --- objectives and the best keep ------------------------------------------------------------


def target_weights(target: str) -> np.ndarray:
    """Weights 1 for strengths at ``target`` category or better, else 0."""
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
    if ref.shape != (n_strengths(),) or (ref < 0).any() or ref.sum() <= 0:
        raise ValueError(f"reference must be a non-negative histogram over {n_strengths()} strengths")
    p = ref / ref.sum()
    below = np.concatenate([[0.0], np.cumsum(p)[:-1]])
    return (below + p / 2.0) ** opponents


def _masks(variant: str, hand: np.ndarray) -> np.ndarray:
    out = []
    for mask in range(32):
        kept = [hand[p] for p in range(5) if mask >> p & 1]
        if draw_allowed(5 - len(kept), kept, variant):
            out.append(mask)
    return np.array(out, dtype=np.int64)


def keep_values(hand, weights: np.ndarray, dead=None, variant: str = "standard") -> pd.DataFrame:
    """Every allowed keep of ``hand`` with the mean of ``weights`` over its final hands.

    ``weights`` is one row (or several) of per-strength values: :func:`target_weights`,
    :func:`equity_weights`, or any other.  Rows are sorted best first (ties: fewer cards
    drawn first).

    >>> v = keep_values("9s 9h 2c Kd 5h", target_weights("four_of_a_kind"))
    >>> v.loc[0, "keep"], int(v.loc[0, "draw"])
    ('9s 9h 2c', 2)
    """
    h = _cards(hand, "hand", n=5)
    w = np.atleast_2d(np.asarray(weights, dtype=np.float64))
    if w.shape[1] != n_strengths():
        raise ValueError(f"weights must have {n_strengths()} values per row, got {w.shape[1]}")
    masks = _masks(variant, h)
    unseen = _unseen(h, dead)
    out = np.zeros((masks.size, w.shape[0]))
    _keep_values(h, masks, unseen, tables(), np.ascontiguousarray(w), out)
    keeps = [format_cards([h[p] for p in range(5) if m >> p & 1]) for m in masks.tolist()]
    draws = [5 - bin(m).count("1") for m in masks.tolist()]
    df = pd.DataFrame({"keep": keeps, "draw": draws, "mask": masks})
    for o in range(w.shape[0]):
        df[f"value{o}" if w.shape[0] > 1 else "value"] = out[:, o]
    first = "value0" if w.shape[0] > 1 else "value"
    return df.sort_values([first, "draw"], ascending=[False, True], kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class KeepChoice:
    """The best keep of a hand: the cards kept, how many drawn, its value, the runner-up."""

    hand: str
    keep: str
    draw: int
    value: float
    second_keep: str
    second_value: float


def best_keep(
    hand,
    dead=None,
    *,
    objective: str = "category",
    target: str = "three_of_a_kind",
    opponents: int = 1,
    reference: np.ndarray | None = None,
    variant: str = "standard",
) -> KeepChoice:
    """The keep that maximises the objective (see the module docstring), exactly.

    Parameters
    ----------
    hand, dead, variant
        As in :func:`draw_odds`.
    objective
        ``"category"`` (probability of ``target`` or better) or ``"equity"`` (showdown share
        against ``opponents`` hands from ``reference``).

    Examples
    --------
    >>> best_keep("Kd Kc 7s 4h 3c").keep
    'Kd Kc 7s'
    >>> best_keep("Kd Kc 7s 4h 3c", objective="win")
    Traceback (most recent call last):
    ...
    ValueError: unknown objective 'win'; expected 'category' or 'equity'
    """
    if objective == "category":
        w = target_weights(target)
    elif objective == "equity":
        w = equity_weights(opponents, reference)
    else:
        raise ValueError(f"unknown objective {objective!r}; expected 'category' or 'equity'")
    v = keep_values(hand, w, dead, variant)
    h = format_cards(_cards(hand, "hand", n=5))
    second = v.iloc[1] if len(v) > 1 else v.iloc[0]
    return KeepChoice(
        h,
        v.loc[0, "keep"],
        int(v.loc[0, "draw"]),
        float(v.loc[0, "value"]),
        str(second["keep"]),
        float(second["value"]),
    )
