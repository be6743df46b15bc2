"""Exact odds of the third card for every pair of posts, given the cards already seen.

The third card is uniform over the cards not yet seen: the deck less the cards seen (other
players' face-up cards, earlier rounds when the deck is not reshuffled) and less the two posts.
Suits never matter (R-C2), so everything is counted per rank.  A post pair is written by its
values ``low <= high`` (R-I1: 2..14, ace high; with the low-ace variant a first-card ace may be
``1``, and a third ace is still 14, so it never hits a low-ace post).

Examples
--------
>>> t = odds_table()
>>> row = t[(t.low == 2) & (t.high == 14)].iloc[0]
>>> int(row.spread), round(float(row.p_between), 4), round(float(row.p_post), 4), round(float(row.ev_per_chip), 4)
(11, 0.88, 0.12, 0.64)
>>> hand_odds("4c Jh")["p_between"] == 24 / 50
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from ...cards import N_CARDS, format_cards, parse_cards
from ...checks import flag
from ...deck import live_deck
from ...jit import njit
from .kelly import _kelly
from .rules import ACE, LOW_ACE_VALUE, _spread, card_value

__all__ = ["ODDS_COLUMNS", "hand_odds", "odds_table", "rank_counts", "three_posts_odds"]

#: The columns of :func:`odds_table`, the contract of ``simkit in-between odds``.
ODDS_COLUMNS = [
    "low",
    "high",
    "spread",
    "p_between",
    "p_post",
    "p_outside",
    "ev_per_chip",
    "kelly_fraction",
]


@njit(cache=True, inline="always")
def _gap_counts_at(low, high, counts, off):
    """Cards of ``counts[off:off + 13]`` (rank counts) strictly between, and equal to, post
    values ``low <= high``.

    A third card's value is ``rank + 2`` (aces always high), so a low-ace post (value 1) is
    never hit.
    """
    n_between = 0
    n_post = 0
    for r in range(13):  # branch-free: random posts would defeat the branch predictor
        v = r + 2
        c = counts[off + r]
        n_between += c * ((low < v) & (v < high))
        n_post += c * ((v == low) | (v == high))
    return n_between, n_post


@njit(cache=True, inline="always")
def _gap_probs_at(low, high, counts, off, total):
    """``(p_between, p_post, p_outside)`` of a third card drawn from the ``total`` cards
    counted in ``counts[off:off + 13]``."""
    nb, npost = _gap_counts_at(low, high, counts, off)
    return nb / total, npost / total, (total - nb - npost) / total


@njit(cache=True, inline="always")
def _gap_ev(low, high, counts, total, mult):
    """Expected value per chip, from the counts (exact: 0.0 when it is zero)."""
    nb, npost = _gap_counts_at(low, high, counts, 0)
    return (nb - (total - nb - npost) - mult * npost) / total


@njit(cache=True, inline="always")
def _gap_probs(low, high, counts, total):
    """``(p_between, p_post, p_outside)`` of a third card drawn from ``counts`` (13 ranks)."""
    return _gap_probs_at(low, high, counts, 0, total)


def rank_counts(seen: str | Iterable[int] | np.ndarray | None = None) -> np.ndarray:
    """How many cards of each rank (index 0 = deuce … 12 = ace) are left after ``seen``.

    >>> rank_counts("As Ah 2c").tolist()
    [3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2]
    """
    live = live_deck(seen)
    return np.bincount(live.astype(np.int64) >> 2, minlength=13).astype(np.int64)


def _post_rank(value: int) -> int:
    return ACE if value == LOW_ACE_VALUE else value - 2


def _row(low: int, high: int, counts: np.ndarray, mult: int) -> dict | None:
    """The odds row of posts ``low <= high`` from ``counts`` before removing the posts."""
    left = counts.copy()
    for v in (low, high):
        left[_post_rank(v)] -= 1
    if (left < 0).any() or left.sum() == 0:
        return None  # these posts cannot be dealt from what is left
    total = int(left.sum())
    pb, pp, po = _gap_probs(low, high, left, total)
    ev = _gap_ev(low, high, left, total, mult)
    return _odds_record(low, high, pb, pp, po, ev, mult)


def _odds_record(low: int, high: int, pb: float, pp: float, po: float, ev: float, mult: int) -> dict:
    """One row of odds (the columns of :data:`ODDS_COLUMNS`)."""
    return {
        "low": low,
        "high": high,
        "spread": int(_spread(low, high)),
        "p_between": pb,
        "p_post": pp,
        "p_outside": po,
        "ev_per_chip": ev,
        "kelly_fraction": float(_kelly(pb, pp, po, float(mult))),
    }


def _post_cards(posts, n: int) -> np.ndarray:
    """Post cards from a card string or card integers, checked: ``n`` distinct cards."""
    if isinstance(posts, str):
        return parse_cards(posts, n=n).astype(np.int64)
    cards = np.asarray(posts, dtype=np.int64).ravel()
    if cards.size != n:
        raise ValueError(f"expected {n} post cards, got {posts!r}")
    live_deck(cards)  # range and repeats
    return cards


def _dead_cards(seen, posts: np.ndarray) -> np.ndarray:
    """The cards seen, as integers, after checking that no post is among them."""
    if seen is None:
        return np.array([], dtype=np.int64)
    dead = np.setdiff1d(np.arange(N_CARDS), live_deck(seen))
    overlap = np.intersect1d(dead, posts)
    if overlap.size:
        raise ValueError(f"post {format_cards(overlap[:1])} is among the cards seen")
    return dead


def odds_table(
    seen: str | Iterable[int] | np.ndarray | None = None,
    *,
    low_ace: bool = False,
    three_posts: bool = False,
    pairs: str = "none",
) -> pd.DataFrame:
    """Exact odds for every pair of posts: one row per ``(low, high)``, ``low <= high``.

    Parameters
    ----------
    seen
        Cards already seen and out of the deck (a card string or card integers), not counting
        the posts themselves.  Post pairs that cannot be dealt from what is left are omitted.
    low_ace
        Add the rows of a first-card ace counted low (``low == 1``, R-I4).
    three_posts
        The three-posts variant (R-I4): the table twice, column ``stake`` 1 (the first gap, a
        post costs 2) and 2 (the second gap, a post costs 3; no low ace there, neither post is
        a first card), with column ``post_penalty``.  The unseen third post is one more unseen
        card, so the probabilities are those of the ordinary table.
    pairs
        The pairs variant (R-I4): ``"split"`` adds ``split_ev_per_chip``, for a pair what the
        two new hands are worth per chip staked on each of them when it pays (split when that
        times the stake beats the extra ante); ``"ante_back"`` adds ``ante_back``, true for a
        pair or adjacent posts.  The other variants (hidden cards, an ante for everyone, a
        minimum stake) do not change the odds of a hand; the cards they let one see go in
        ``seen``.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`ODDS_COLUMNS`: ``spread`` (values strictly between), the three
        probabilities, ``ev_per_chip = p_between - p_outside - penalty * p_post`` and the
        ``kelly_fraction`` of own chips (0: pass).

    Examples
    --------
    >>> t = odds_table(low_ace=True)
    >>> len(t), int(t.low.min())
    (104, 1)
    >>> odds_table("Jc Jd Jh Js").query("low == 11 or high == 11").empty
    True
    >>> t = odds_table(pairs="split")
    >>> round(float(t.loc[t.low == t.high].set_index("low").split_ev_per_chip[2]), 4)  # 720/2450
    0.2939

    A pair that leaves too few cards for a new hand has no split value (NaN):

    >>> from simkit.cards import N_CARDS, format_cards
    >>> t = odds_table(format_cards([c for c in range(N_CARDS) if c not in (0, 1, 2)]), pairs="split")
    >>> t[["low", "high", "split_ev_per_chip"]].to_dict("records")
    [{'low': 2, 'high': 2, 'split_ev_per_chip': nan}]
    """
    low_ace = flag(low_ace, "low_ace")
    counts = rank_counts(seen)
    lows = ([LOW_ACE_VALUE] if low_ace else []) + list(range(2, 15))
    stakes = ((1, 2), (2, 3)) if three_posts else ((1, 2),)
    rows = []
    for stake, mult in stakes:
        for low in lows:
            if low == LOW_ACE_VALUE and stake == 2:
                continue
            for high in range(max(low, 2), 15):
                row = _row(low, high, counts, mult)
                if row is not None:
                    if three_posts:
                        row["stake"] = stake
                        row["post_penalty"] = mult
                    rows.append(row)
    cols = ODDS_COLUMNS + (["stake", "post_penalty"] if three_posts else [])
    table = pd.DataFrame(rows, columns=cols)
    if pairs == "split":
        table["split_ev_per_chip"] = [
            _split_value(r.low, counts, low_ace) if r.low == r.high else np.nan for r in table.itertuples()
        ]
    elif pairs == "ante_back":
        table["ante_back"] = (table.high - table.low) <= 1
    elif pairs != "none":
        raise ValueError(f"pairs must be none, split or ante_back, got {pairs!r}")
    return table


def _split_value(v: int, counts: np.ndarray, low_ace: bool) -> float:
    """A pair of value ``v`` split: each card starts a new hand with a fresh second card;
    ``2 * sum_x P(x) max(0, EV(x))``, the EV per chip of the better count of a first ace."""
    left = counts.copy()
    left[v - 2] -= 2
    if (left < 0).any():
        return float("nan")
    total = int(left.sum())
    if total < 2:
        return float("nan")  # no second post and third card left to deal a new hand
    value = 0.0
    for r in range(13):
        if left[r] == 0:
            continue
        p = left[r] / total
        left[r] -= 1
        best = 0.0
        for first in (v, 1) if (low_ace and v == 14) else (v,):
            lo, hi = min(first, r + 2), max(first, r + 2)
            best = max(best, _gap_ev(lo, hi, left, total - 1, 2))
        left[r] += 1
        value += p * best
    return 2.0 * value


def hand_odds(
    posts,
    seen: str | Iterable[int] | np.ndarray | None = None,
    *,
    low_ace: bool = False,
    post_penalty: int = 2,
) -> dict:
    """The odds of one hand: two post cards (first card first) and the cards seen.

    With ``low_ace`` a first-card ace counts low when that gives the higher expected value per
    chip (the player's choice, R-I4).

    >>> o = hand_odds("Ac 9h", low_ace=True)
    >>> o["low"], o["high"], o["spread"], o["p_post"] == 3 / 50
    (1, 9, 7, True)
    >>> hand_odds("4c Jh", seen="4c")
    Traceback (most recent call last):
    ...
    ValueError: post 4c is among the cards seen
    >>> from simkit.cards import N_CARDS, format_cards
    >>> hand_odds("2c 2d", seen=format_cards(range(2, N_CARDS)))
    Traceback (most recent call last):
    ...
    ValueError: no card is left for the third card once the posts and the cards seen are out
    """
    low_ace = flag(low_ace, "low_ace")
    cards = _post_cards(posts, 2)
    dead = _dead_cards(seen, cards)
    counts = rank_counts(np.concatenate([dead, cards.astype(np.int64)]))
    total = int(counts.sum())
    if total == 0:
        raise ValueError("no card is left for the third card once the posts and the cards seen are out")
    best = None
    options = [False, True] if low_ace and (int(cards[0]) >> 2) == ACE else [False]
    for low_first in options:
        v1 = card_value(int(cards[0]), low=low_first)
        v2 = card_value(int(cards[1]))
        lo, hi = min(v1, v2), max(v1, v2)
        pb, pp, po = _gap_probs(lo, hi, counts, total)
        ev = _gap_ev(lo, hi, counts, total, post_penalty)
        if best is None or ev > best["ev_per_chip"]:
            best = _odds_record(lo, hi, pb, pp, po, ev, post_penalty)
    assert best is not None  # options is never empty
    return best


def three_posts_odds(
    posts,
    seen: str | Iterable[int] | np.ndarray | None = None,
    *,
    low_ace: bool = False,
) -> pd.DataFrame:
    """The odds of both stakes of a three-posts hand (R-I4), all three posts known.

    Row ``stake == 1`` is the gap between the first and second card (a post costs 2), row 2 the
    gap between the second and third (a post costs 3).  The card turned for the first stake is
    not known yet, so both rows draw from the same unseen cards.

    >>> t = three_posts_odds("2c Ah 5d")
    >>> t.spread.tolist(), t.post_penalty.tolist()
    ([11, 8], [2, 3])
    >>> bool(t.p_between[0] == 43 / 49)  # 3..K less the 5 already out
    True
    """
    low_ace = flag(low_ace, "low_ace")
    cards = _post_cards(posts, 3)
    dead = _dead_cards(seen, cards)
    rest = np.concatenate([dead, cards[2:].astype(np.int64)])
    first = hand_odds(cards[:2], rest, low_ace=low_ace, post_penalty=2)
    rest2 = np.concatenate([dead, cards[:1].astype(np.int64)])
    second = hand_odds(cards[1:], rest2, low_ace=False, post_penalty=3)
    rows = [dict(first, stake=1, post_penalty=2), dict(second, stake=2, post_penalty=3)]
    return pd.DataFrame(rows, columns=ODDS_COLUMNS + ["stake", "post_penalty"])
