"""Ranges of hands: weighted member combos, and exact joint sampling with card removal.

A *range* is the set of hands a player may hold, each *combo* (the actual cards) with a
weight.  Each game family has its own grammar for writing ranges
(:mod:`simkit.games.razz.ranges`, :mod:`simkit.games.triple_draw.ranges`); all of them
produce a :class:`Combos`: the member combos as rows of card integers and a positive weight
per row.  A combo's weight multiplies its combinatorial weight: with every weight 1, every
deal of the range is equally likely, as in a real deal.

Sampling (:func:`sample`, and the compiled :func:`draw_joint` and :func:`deal_joint` inside
game kernels) is exact in distribution.  Combos that hold a card already known to be elsewhere (another player's
known card, a dead card) are removed first (:meth:`Combos.without`); then every ranged player
draws a combo by weight, independently, and the whole joint draw is rejected and drawn again
when two players' combos share a card.  The accepted joint deal ``(c_1, ..., c_n)`` therefore
has probability proportional to ``w_1(c_1) ... w_n(c_n)`` over the compatible deals: card
removal between players is counted exactly.  :func:`check_compatible` refuses ranges that
cannot be dealt together at all, and a kernel that rejects :data:`MAX_REJECTIONS` joint draws
in a row reports it (the ranges almost never fit together).

Examples
--------
>>> from simkit.cards import parse_cards
>>> from itertools import combinations
>>> aces = Combos(np.array(list(combinations(parse_cards("Ac Ad Ah As"), 2))), np.ones(6), "AA")
>>> len(aces), len(aces.without(parse_cards("As")))
(6, 3)
>>> picks = sample([aces, aces], 1000, seed=1)
>>> picks.shape, bool((picks[:, 0] != picks[:, 1]).all())
((1000, 2), True)
>>> check_compatible([aces, aces, aces])
Traceback (most recent call last):
...
ValueError: no deal gives every player a hand of their range without a card twice (ranges 'AA', 'AA', 'AA')
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..cards import CARD_DTYPE, N_CARDS, format_cards
from ..checks import positive_int
from ..jit import njit
from ..rng import SeedLike, stream_state, uniform

__all__ = [
    "MAX_REJECTIONS",
    "Combos",
    "check_compatible",
    "deal_joint",
    "draw_joint",
    "item_weights",
    "pack",
    "packed",
    "sample",
]

#: A kernel gives up when this many joint draws in a row share a card.
MAX_REJECTIONS = 1_000_000
#: The most partial deals :func:`check_compatible` visits looking for a compatible deal.
SEARCH_LIMIT = 50_000_000


@dataclass(frozen=True, eq=False)
class Combos:
    """The member combos of a range: ``cards`` (``m`` rows of ``k`` card integers) and their
    ``weights`` (``m`` positive numbers); ``text`` is how the range was written.

    >>> from simkit.cards import parse_cards
    >>> Combos(np.array([parse_cards("As Ah")]), np.array([0.0]))
    Traceback (most recent call last):
    ...
    ValueError: range weights must be positive numbers, got 0.0
    """

    cards: np.ndarray
    weights: np.ndarray
    text: str = ""
    masks: np.ndarray = field(init=False, repr=False)

    def __post_init__(self):
        cards = np.asarray(self.cards)
        if cards.ndim != 2 or not cards.size:
            raise ValueError(f"range {self.text!r} has no hand")
        if not np.issubdtype(cards.dtype, np.integer) or cards.min() < 0 or cards.max() >= N_CARDS:
            raise ValueError(f"range {self.text!r}: combos must be card integers 0..51")
        cards = cards.astype(CARD_DTYPE)
        weights = np.asarray(self.weights, dtype=np.float64).ravel()
        if weights.shape != (cards.shape[0],):
            raise ValueError(f"range {self.text!r}: {weights.size} weights for {cards.shape[0]} combos")
        bad = ~(np.isfinite(weights) & (weights > 0))
        if bad.any():
            raise ValueError(f"range weights must be positive numbers, got {float(weights[bad][0])!r}")
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
        srt = np.sort(cards, axis=1)
        if (srt[:, 1:] == srt[:, :-1]).any():
            raise ValueError(f"range {self.text!r} has a combo with a card twice")
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "weights", weights)
        object.__setattr__(self, "masks", masks)

    def __len__(self) -> int:
        return int(self.cards.shape[0])

    @property
    def size(self) -> int:
        """Cards per combo."""
        return int(self.cards.shape[1])

    @property
    def digest(self) -> str:
        """A short digest of the combos and weights (for a job's parameters)."""
        return hashlib.sha1(self.cards.tobytes() + self.weights.tobytes()).hexdigest()[:16]

    @property
    def total(self) -> float:
        """The sum of the weights."""
        return float(self.weights.sum())

    def without(self, dead: np.ndarray | Sequence[int]) -> Combos:
        """The combos that hold none of the ``dead`` cards (card removal); ``ValueError`` when
        none is left."""
        dead = np.asarray(dead, dtype=np.int64).ravel()
        if not dead.size:
            return self
        block = np.bitwise_or.reduce(np.left_shift(np.uint64(1), dead.astype(np.uint64)))
        keep = (self.masks & block) == 0
        if not keep.any():
            raise ValueError(
                f"range {self.text!r} has no hand left without the cards known elsewhere ({format_cards(dead)})"
            )
        if keep.all():
            return self
        return Combos(self.cards[keep], self.weights[keep], self.text)


def _item_weight(text: str, item: str) -> float:
    try:
        w = float(text)
    except ValueError:
        w = float("nan")
    if not (np.isfinite(w) and w > 0):
        raise ValueError(f"bad range weight {text!r} in {item!r}: a weight is a positive number")
    return w


def item_weights(
    text: str,
    shape: int | tuple[int, ...],
    match: Callable[[str], np.ndarray],
    holds: str = "hand",
    tidy: Callable[[str], str] = str.strip,
) -> np.ndarray:
    """The weights of a range written as comma-separated items, ``item`` or ``item:weight``,
    the grammar every game's ranges share: ``match(item)`` gives the members of one item
    (booleans of ``shape``), and a member takes the weight of the first item naming it
    (1 when the item gives none; 0: not in the range).  ``tidy`` cleans each item first.

    Raises ``ValueError`` for an empty range or item, a weight that is not a positive number,
    or an item that names no member (``holds`` says what a member is, for the message).

    >>> names = np.array(["AA", "KK", "QQ"])
    >>> item_weights("AA:2, KK, AA", 3, lambda item: names == item.strip()).tolist()
    [2.0, 1.0, 0.0]
    >>> item_weights("AA:-1", 3, lambda item: names == item.strip())
    Traceback (most recent call last):
    ...
    ValueError: bad range weight '-1' in 'AA:-1': a weight is a positive number
    >>> item_weights("JJ", 3, lambda item: names == item.strip(), holds="pair")
    Traceback (most recent call last):
    ...
    ValueError: range item 'JJ' holds no pair
    """
    weight = np.zeros(shape, np.float64)
    items = [tidy(s) for s in text.split(",")]
    if not any(items):
        raise ValueError(f"empty range {text!r}")
    for raw in items:
        if not raw:
            raise ValueError(f"empty item in range {text!r}")
        item, colon, w = raw.partition(":")
        w_item = _item_weight(w.strip(), raw) if colon else 1.0
        hit = match(item)
        if not hit.any():
            raise ValueError(f"range item {item.strip()!r} holds no {holds}")
        weight[hit & (weight == 0)] = w_item
    return weight


def pack(ranges: Sequence[Combos]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays the kernels take: every range's combos one after the other.

    Returns ``cards`` (all combos, rows padded with ``-1`` to the longest), ``masks`` (each
    combo's cards as bits of a ``uint64``), ``starts`` and ``ends`` (range ``r`` is rows
    ``starts[r]:ends[r]``) and ``cum`` (running sums of the weights within each range).
    """
    k = max((r.size for r in ranges), default=1)
    m = sum(len(r) for r in ranges)
    cards = np.full((m, k), -1, dtype=np.int64)
    masks = np.zeros(m, np.uint64)
    cum = np.zeros(m, np.float64)
    starts = np.zeros(len(ranges), np.int64)
    ends = np.zeros(len(ranges), np.int64)
    at = 0
    for i, r in enumerate(ranges):
        starts[i], ends[i] = at, at + len(r)
        cards[at : at + len(r), : r.size] = r.cards
        masks[at : at + len(r)] = r.masks
        cum[at : at + len(r)] = np.cumsum(r.weights)
        at += len(r)
    return cards, masks, starts, ends, cum


@lru_cache(maxsize=4)
def packed(ranges: tuple[Combos, ...]) -> tuple:
    """:func:`pack` of the ranges (a tuple, so that it is cached for the chunks of a run)."""
    return pack(list(ranges))


@njit(cache=True, inline="always")
def _pick(cum, lo, hi, state):
    """A row of ``lo:hi`` with chance proportional to its weight (``cum`` = running sums)."""
    u = uniform(state) * cum[hi - 1]
    a, b = lo, hi - 1
    while a < b:  # the first row whose running sum exceeds u
        mid = (a + b) // 2
        if cum[mid] > u:
            b = mid
        else:
            a = mid + 1
    return a


@njit(cache=True, inline="always")
def draw_joint(masks, starts, ends, cum, state, picks):
    """One joint deal of the ranges into ``picks`` (row indices), rejecting whole draws whose
    combos share a card; returns the cards dealt as a card set (bit ``c`` for card ``c``, an
    int64 >= 0), or ``-1`` after :data:`MAX_REJECTIONS` rejections in a row (``picks`` then
    undefined)."""
    n = starts.shape[0]
    for _ in range(MAX_REJECTIONS):
        acc = np.uint64(0)
        ok = True
        for r in range(n):
            i = _pick(cum, starts[r], ends[r], state)
            m = masks[i]
            if acc & m:
                ok = False
                break
            acc |= m
            picks[r] = i
        if ok:
            return np.int64(acc)
    return -1


@njit(cache=True, inline="always")
def deal_joint(masks, starts, ends, cum, state, picks, who, rcards, hands):
    """:func:`draw_joint`, and the combo drawn for range ``r`` copied into row ``who[r]`` of
    ``hands`` (its first ``rcards.shape[1]`` cards); returns the cards dealt as a card set, or
    ``-1`` when the ranges gave up (``hands`` then as it was)."""
    used = draw_joint(masks, starts, ends, cum, state, picks)
    if used >= 0:
        for r in range(who.shape[0]):
            for j in range(rcards.shape[1]):
                hands[who[r], j] = rcards[picks[r], j]
    return used


@njit(cache=True, nogil=True)
def _sample_kernel(masks, starts, ends, cum, state, out):
    """Fill ``out`` (n, ranges) with joint deals; returns False if one gave up."""
    picks = np.zeros(starts.shape[0], np.int64)
    for t in range(out.shape[0]):
        if draw_joint(masks, starts, ends, cum, state, picks) < 0:
            return False
        for r in range(starts.shape[0]):
            out[t, r] = picks[r] - starts[r]
    return True


@njit(cache=True)
def _find_deal(masks, starts, ends, limit):
    """Depth-first search for one compatible joint deal: 1 found, 0 none exists, -1 gave up
    after ``limit`` partial deals."""
    n = starts.shape[0]
    if n == 0:
        return 1
    pos = np.zeros(n, np.int64)
    acc = np.zeros(n + 1, np.uint64)
    r = 0
    pos[0] = starts[0] - 1
    nodes = 0
    while r >= 0:
        pos[r] += 1
        if pos[r] >= ends[r]:
            r -= 1
            continue
        nodes += 1
        if nodes > limit:
            return -1
        m = masks[pos[r]]
        if acc[r] & m:
            continue
        if r == n - 1:
            return 1
        acc[r + 1] = acc[r] | m
        r += 1
        pos[r] = starts[r] - 1
    return 0


def check_compatible(ranges: Sequence[Combos], names: Sequence[str] | None = None) -> None:
    """Raise ``ValueError`` if no deal gives every range one of its combos with no card twice.

    The search gives up quietly after :data:`SEARCH_LIMIT` partial deals; the kernels then
    report ranges that (almost) never fit (:data:`MAX_REJECTIONS`).
    """
    if len(ranges) < 2:
        return
    order = sorted(range(len(ranges)), key=lambda i: len(ranges[i]))  # small ranges first
    _, masks, starts, ends, _ = pack([ranges[i] for i in order])
    if _find_deal(masks, starts, ends, SEARCH_LIMIT) == 0:
        names = (
            list(names) if names is not None else [r.text or f"range {i + 1}" for i, r in enumerate(ranges)]
        )
        raise ValueError(
            "no deal gives every player a hand of their range without a card twice "
            f"(ranges {', '.join(repr(n) for n in names)})"
        )


def rejection_error(names: Sequence[str]) -> ValueError:
    """The error of a kernel that gave up after :data:`MAX_REJECTIONS` rejections in a row."""
    return ValueError(
        f"the ranges {', '.join(repr(n) for n in names)} almost never fit together: "
        f"{MAX_REJECTIONS:,} joint deals in a row shared a card"
    )


def sample(ranges: Sequence[Combos], n: int, seed: SeedLike = None) -> np.ndarray:
    """``n`` joint deals of the ``ranges``: row ``t`` holds each range's combo index.

    Exact in distribution: a joint deal's chance is proportional to the product of its
    combos' weights among the deals where no card appears twice.

    >>> from simkit.cards import parse_cards
    >>> r = Combos(np.array([parse_cards("As Ah"), parse_cards("Kd Kc")]), np.array([3.0, 1.0]))
    >>> share = (sample([r], 10_000, seed=1)[:, 0] == 0).mean()
    >>> bool(abs(share - 0.75) < 0.02)
    True
    """
    positive_int(n, "n")
    check_compatible(ranges)
    _, masks, starts, ends, cum = pack(ranges)
    out = np.zeros((n, len(ranges)), np.int64)
    if not _sample_kernel(masks, starts, ends, cum, stream_state(seed), out):
        raise rejection_error([r.text or f"range {i + 1}" for i, r in enumerate(ranges)])
    return out
