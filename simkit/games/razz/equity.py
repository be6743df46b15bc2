"""All-in equity of known stud hands from any street, by Monte Carlo or exact enumeration.

Every hand still in is dealt to seven cards and the pot is shared at showdown (R-Z1; Stud
Hi-Lo halves, R-Z6); a hand's *equity* is its expected share of the pot, its *scoop* the
chance to win the whole pot alone.  Known cards of folded players (their upcards) are dead:
they cannot be dealt.  ``?`` stands for a card that has been dealt but is not known, in a
hand (an opponent's down card) or among the dead cards (a folded player's down card).

Unknown cards need no drawing of their own: whatever they are, the cards still to come are a
uniform draw from the cards not known to be elsewhere, so a hand's ``?`` cards are drawn like
its cards to come, and unknown dead cards only count towards the size of the deck.  The size
matters for R-Z4: when the deck cannot give every hand still in its seventh-street card, one
community card is turned up and is the seventh card of every such hand.

A hand may also be a range of three-card starts (:mod:`.ranges`: ``"A23"``, ``"*8-"``,
``"pair"``, ``"top15%"`` …): each deal gives it a start of the range by weight, jointly with the
other ranges and without the cards known elsewhere (:mod:`simkit.hands.ranges`), then its
cards to come.  With a range the answer is always Monte Carlo.

When few cards are unknown (at most ``exact_limit`` equally likely deals, e.g. heads-up from
fifth street on) every deal is enumerated and the equities are exact (standard error 0).  An
exact count is refused beyond :data:`EXACT_MAX` deals (about half a minute on one core; a
heads-up spot on third street has some 10**10): Monte Carlo answers those.

Examples
--------
>>> df = equity(["As 2d 3c 4h 5s 9d", "Ks Qd Jh Tc 9s 8c"], trials=1000, seed=1)
>>> df.attrs["method"], df["equity"].round(3).tolist()
('exact', [1.0, 0.0])
>>> df = equity(["As 2d / 3c", "? ? / Kh"], trials=20_000, seed=1)
>>> df.attrs["method"], bool(df.equity[0] > 0.7), bool(abs(df.equity.sum() - 1) < 1e-9)
('monte carlo', True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from math import comb
from typing import Any

import numpy as np
import pandas as pd

from ...cards import CARD_DTYPE, N_CARDS, format_cards
from ...checks import int_in_range, positive_int
from ...deck import advance_level, cards_left, enter_level, live_deck, shuffle_prefix
from ...hands.ranges import Combos, check_compatible, deal_joint, pack, rejection_error
from ...jit import lean, njit
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from ...runner import stats
from .ranges import is_range_text, parse_range
from .rules import V_HILO, Hand, Rules, as_rules, format_hand, parse_dead, parse_hand, variant_code
from .showdown import UNITS, _hand_values, _pot_shares, _split, tables

__all__ = ["EXACT_LIMIT", "EXACT_MAX", "EquityJob", "Spot", "as_hand_or_range", "equity", "prepare"]

#: Enumerate every deal when there are at most this many.
EXACT_LIMIT = 3_000_000
#: The most deals an exact count visits (some 10**7 a second on one core): beyond, Monte Carlo.
EXACT_MAX = 300_000_000


@dataclass(frozen=True)
class Spot:
    """A prepared equity problem: what the kernels need, as plain tuples.

    ``base`` holds each hand's known cards followed by ``-1`` up to seven; hand ``i`` draws
    ``n_draw[i]`` private cards into the slots after its ``n_known[i]`` known ones and, if
    ``takes_community[i]``, gets the community card as its seventh (R-Z4).  ``live`` is the
    deck the cards come from.  ``ranges`` holds one ``(hand, combos, weights)`` per hand
    given as a range: its three start cards are dealt from ``combos`` (flat card tuples,
    three a combo, none holding a card known elsewhere) by ``weights`` each deal, and the
    cards to come from ``live`` less those three.
    """

    base: tuple
    n_known: tuple
    n_draw: tuple
    takes_community: tuple
    live: tuple
    variant: str
    ranges: tuple = ()

    @property
    def exact_possible(self) -> bool:
        """Whether :func:`exact_totals` can count this spot (not with ranges)."""
        return not self.ranges

    def range_combos(self) -> list[Combos]:
        """The ranges as :class:`~simkit.hands.ranges.Combos`, in hand order."""
        return [
            Combos(np.array(c, dtype=np.int64).reshape(-1, 3), np.array(w, dtype=np.float64))
            for _, c, w in self.ranges
        ]

    @property
    def community(self) -> bool:
        return any(self.takes_community)

    def arrays(self):
        return (
            np.array(self.base, dtype=CARD_DTYPE).reshape(-1, 7),
            np.array(self.n_known, dtype=np.int64),
            np.array(self.n_draw, dtype=np.int64),
            np.array(self.takes_community, dtype=np.bool_),
            np.array(self.live, dtype=CARD_DTYPE),
        )

    def deals(self) -> int:
        """The number of equally likely deals of the unknown cards (what exact enumeration
        visits; with ranges, the deals of the cards to come for one deal of the ranges)."""
        pool = len(self.live) - 3 * len(self.ranges)
        total = 1
        for k in self.n_draw:
            total *= comb(pool, k)
            pool -= k
        if self.community:
            total *= pool
        return total


def as_hand_or_range(hand: str | Hand | Combos) -> Hand | Combos:
    """A hand given as text (see :func:`~.rules.parse_hand`) or a range (see
    :mod:`~.ranges`): text written with cards, ``?`` and ``/`` only is a hand, anything else a
    range.

    >>> type(as_hand_or_range("As 2d / 3c")).__name__, type(as_hand_or_range("A23,*7-")).__name__
    ('Hand', 'Combos')
    """
    if isinstance(hand, (Hand, Combos)):
        return hand
    if isinstance(hand, str) and is_range_text(hand):
        return parse_range(hand)
    return parse_hand(hand)


def prepare(
    hands: Sequence[str | Hand | Combos],
    dead: str | None = None,
    *,
    rules: Rules | None = None,
    variant: str | None = None,
) -> Spot:
    """Check hands, ranges and dead cards and work out who draws what (R-Z4 included).

    A range (:mod:`~.ranges`; text or :class:`~simkit.hands.ranges.Combos` of three-card
    starts) loses the combos that hold a card known elsewhere (card removal); ranges that
    cannot be dealt together are refused.

    >>> s = prepare(["? ? ?"] * 8)
    >>> s.community, s.n_draw[:2]
    (True, (6, 6))
    >>> prepare(["As 2d 3c", "As 5h 6h"])
    Traceback (most recent call last):
    ...
    ValueError: card 'As' is in more than one hand or among the dead cards
    >>> s = prepare(["As 2d / 3c", "A23"])
    >>> len(s.ranges), len(s.ranges[0][2])  # A23 without the As, 2d and 3c: 3 x 3 x 3 starts
    (1, 27)
    >>> prepare(["AA*", "AA*", "AA*"])
    Traceback (most recent call last):
    ...
    ValueError: no deal gives every player a hand of their range without a card twice (ranges 'AA*', 'AA*', 'AA*')
    """
    variant = as_rules(rules, variant).variant
    parsed = [as_hand_or_range(h) for h in hands]
    if not 1 <= len(parsed) <= 8:
        raise ValueError(f"give 1 to 8 hands, got {len(parsed)}")
    for h in parsed:
        if isinstance(h, Combos) and h.size != 3:
            raise ValueError(f"a Razz range is of three-card starts, got combos of {h.size} cards")
    fixed = [h for h in parsed if isinstance(h, Hand)]
    dead_cards, dead_unknown = parse_dead(dead)
    seen = np.concatenate([h.known for h in fixed] + [dead_cards]).astype(np.int64)
    values, counts = np.unique(seen, return_counts=True)
    if (counts > 1).any():
        raise ValueError(
            f"card {format_cards([values[counts > 1][0]])!r} is in more than one hand or among the dead cards"
        )
    live = live_deck(seen)
    ranges = {i: h.without(seen) for i, h in enumerate(parsed) if isinstance(h, Combos)}
    check_compatible(list(ranges.values()), [r.text or f"range {i + 1}" for i, r in ranges.items()])
    n_cards = [3 if isinstance(h, Combos) else h.n_cards for h in parsed]
    dealt = sum(n_cards) + dead_cards.size + dead_unknown
    left = N_CARDS - dealt
    before7 = sum(max(0, 6 - n) for n in n_cards)
    need7 = sum(1 for n in n_cards if n < 7)
    community = before7 + need7 > left  # R-Z4
    if before7 + (1 if community and need7 else need7) > left:
        raise ValueError(
            f"the deck of {left} unseen cards cannot deal these hands to seven "
            f"cards (they need {before7 + need7})"
        )
    base = np.full((len(parsed), 7), -1, dtype=np.int64)
    n_draw, takes, n_known = [], [], []
    for i, h in enumerate(parsed):
        known = 3 if isinstance(h, Combos) else h.known.size
        if isinstance(h, Hand):
            base[i, :known] = h.known
        shares_seventh = community and n_cards[i] < 7
        takes.append(bool(shares_seventh))
        n_known.append(int(known))
        n_draw.append(7 - known - int(shares_seventh))
    return Spot(
        tuple(base.ravel().tolist()),
        tuple(n_known),
        tuple(n_draw),
        tuple(takes),
        tuple(live.tolist()),
        variant,
        tuple((i, tuple(r.cards.ravel().tolist()), tuple(r.weights.tolist())) for i, r in ranges.items()),
    )


@njit(cache=True, inline="always")
def _add_shares(sh, n, share, share_sq, scoop):
    """Add one deal's pot shares ``sh`` (in units of :data:`UNITS`) to the running sums."""
    for i in range(n):
        s = sh[i]
        share[i] += s
        share_sq[i] += s * s
        if s == UNITS:
            scoop[i] += 1


#: Columns of the Stud Hi-Lo sums (``split``): high and low shares of the pot (in
#: :data:`UNITS`) with their squares, and how many deals the hand was quartered in.
SPLIT_SUMS = ("high", "high_sq", "low", "low_sq", "quartered")


@njit(cache=True, inline="always")
def _add_split(hi, lo, sh, n, variant, hs, split):
    """Stud Hi-Lo only: split one deal's pot shares ``sh`` into the part won as high and the
    part won as low (the whole pot is high when no low qualifies, R-Z6) and add them, their
    squares and the quarterings to ``split`` (rows = hands, columns :data:`SPLIT_SUMS`).

    A hand is *quartered* when it ties with exactly one other hand for one half of a split
    pot and wins nothing of the other half: it gets a quarter of the pot.
    """
    if variant != V_HILO:
        return
    any_low = False
    for i in range(n):
        hs[i] = 0
        if lo[i] > 0:
            any_low = True
    _split(hi, n, UNITS // 2 if any_low else UNITS, hs)
    q = UNITS // 4
    for i in range(n):
        h = hs[i]
        low = sh[i] - h
        split[i, 0] += h
        split[i, 1] += h * h
        split[i, 2] += low
        split[i, 3] += low * low
        if any_low and ((h == q and low == 0) or (low == q and h == 0)):
            split[i, 4] += 1


@njit(cache=True, inline="always")
def _deal_from(deck, hands, n_known, n_draw, takes, community, n):
    k = 0
    for i in range(n):
        for j in range(n_draw[i]):
            hands[i, n_known[i] + j] = deck[k]
            k += 1
    if community:
        c = deck[k]
        for i in range(n):
            if takes[i]:
                hands[i, 6] = c


@njit(cache=True, nogil=True)
def _equity_mc(
    base, n_known, n_draw, takes, live, variant, T, T8, trials, state, share, share_sq, scoop,
    split=None, kept_cards=None, kept_shares=None, ranges=None,
):  # fmt: skip
    """Add ``trials`` random deals' pot shares (in UNITS), squares and scoops per hand; return
    False when the ranges gave up (they almost never fit together), else True.

    ``split``, unless None, takes the high and low parts (Stud Hi-Lo only, left as it is in
    every other variant).  The callers pass it in every variant, so that one
    compiled kernel serves them all.  ``kept_cards`` (trials, n, 7)
    and ``kept_shares`` (trials, n), unless None, keep every deal: each hand's seven cards and
    its pot share in UNITS.  ``ranges``, unless None, is ``(who, rcards, masks, starts, ends,
    cum)``: each deal first gives hand ``who[r]`` the start ``rcards[i]`` of range ``r``
    (:func:`~simkit.hands.ranges.deal_joint`: jointly, by weight, no card twice) as its
    first three cards, then deals the cards to come from ``live`` less those starts.

    Each None is compiled out (a separate compiled kernel per combination of Nones), so the
    plain deal loop pays nothing for the others.
    """
    n = base.shape[0]
    hands = base.copy()
    if ranges is None:
        deck = live.copy()
        picks = np.zeros(0, np.int64)
    else:
        R = ranges[0].shape[0]
        deck = np.empty(live.shape[0] - 3 * R, live.dtype)
        picks = np.zeros(R, np.int64)
    community = False
    m = 0
    for i in range(n):
        m += n_draw[i]
        if takes[i]:
            community = True
    if community:
        m += 1
    scratch = np.zeros((4, n), np.int64)  # hi, lo, sh, hs
    return _mc_deals(
        hands, deck, picks, scratch, n_known, n_draw, takes, live, variant, T, T8, trials, state,
        share, share_sq, scoop, split, kept_cards, kept_shares, ranges, community, m,
    )  # fmt: skip


@lean()
def _mc_deals(
    hands, deck, picks, scratch, n_known, n_draw, takes, live, variant, T, T8, trials, state,
    share, share_sq, scoop, split, kept_cards, kept_shares, ranges, community, m,
):  # fmt: skip
    """The deal loop of :func:`_equity_mc` on the arrays it allocated, compiled without
    reference counting (:func:`simkit.jit.lean`): counted, the arrays that each deal's steps
    take were three quarters of the loop's time."""
    n = hands.shape[0]
    hi, lo, sh, hs = scratch[0], scratch[1], scratch[2], scratch[3]
    # Decided once, out of the loop: with the Stud Hi-Lo test inside the loop (in _add_split)
    # the compiler kept the split sums' stores on every deal's path, and the deal loop of
    # the other variants ran a fifth slower.
    hilo = split is not None and variant == V_HILO
    for t in range(trials):
        if ranges is not None:
            who, rcards, masks, starts, ends, cum = ranges
            used = deal_joint(masks, starts, ends, cum, state, picks, who, rcards, hands)
            if used < 0:
                return False
            cards_left(live, used, deck)
        shuffle_prefix(deck, m, state)
        _deal_from(deck, hands, n_known, n_draw, takes, community, n)
        _hand_values(hands, n, variant, T, T8, hi, lo)
        _pot_shares(hi, lo, n, variant, sh)
        _add_shares(sh, n, share, share_sq, scoop)
        if hilo:
            _add_split(hi, lo, sh, n, variant, hs, split)
        if kept_cards is not None:  # None: compiled without
            for i in range(n):
                kept_shares[t, i] = sh[i]
                for j in range(7):
                    kept_cards[t, i, j] = hands[i, j]
    return True


@njit(cache=True, nogil=True)
def _equity_exact(base, n_known, n_draw, takes, live, variant, T, T8, share, share_sq, scoop, split):
    """Visit every deal of the unknown cards once; return how many there were.  ``split`` as
    in :func:`_equity_mc`.

    Level ``l`` chooses ``sizes[l]`` cards, as an ascending combination, from the cards the
    earlier levels left: one level per hand that draws, and a last one for the community card.
    Every deal (an unordered choice per hand) is visited exactly once and all are equally
    likely.
    """
    n = base.shape[0]
    L = live.shape[0]
    hands = base.copy()
    community = False
    for i in range(n):
        if takes[i]:
            community = True
    # Levels: (owner, size); owner -1 = community card.
    owners = np.empty(n + 1, np.int64)
    sizes = np.empty(n + 1, np.int64)
    nlev = 0
    for i in range(n):
        if n_draw[i] > 0:
            owners[nlev] = i
            sizes[nlev] = n_draw[i]
            nlev += 1
    if community:
        owners[nlev] = -1
        sizes[nlev] = 1
        nlev += 1
    used = np.zeros(L, np.bool_)
    avail = np.zeros((nlev + 1, L), np.int64)
    n_avail = np.zeros(nlev + 1, np.int64)
    combs = np.zeros((nlev + 1, 8), np.int64)
    scratch = np.zeros((4, n), np.int64)  # hi, lo, sh, hs
    return _exact_deals(
        hands, owners, sizes, nlev, used, avail, n_avail, combs, scratch, n_known, takes, live,
        variant, T, T8, share, share_sq, scoop, split,
    )  # fmt: skip


@lean()
def _exact_deals(
    hands, owners, sizes, nlev, used, avail, n_avail, combs, scratch, n_known, takes, live,
    variant, T, T8, share, share_sq, scoop, split,
):  # fmt: skip
    """The walk over every deal of :func:`_equity_exact` on the arrays it allocated, compiled
    without reference counting (as :func:`_mc_deals`)."""
    n = hands.shape[0]
    hi, lo, sh, hs = scratch[0], scratch[1], scratch[2], scratch[3]
    hilo = split is not None and variant == V_HILO  # decided once, out of the loop (see _mc_deals)
    count = 0

    level = 0
    if nlev > 0:
        enter_level(used, avail, n_avail, combs, 0, sizes[0])
    while True:
        if level < nlev - 1:
            level += 1
            enter_level(used, avail, n_avail, combs, level, sizes[level])
            continue
        # A full deal: place the cards and score it.
        for lv in range(nlev):
            o = owners[lv]
            if o >= 0:
                for j in range(sizes[lv]):
                    hands[o, n_known[o] + j] = live[avail[lv, combs[lv, j]]]
            else:
                c = live[avail[lv, combs[lv, 0]]]
                for i in range(n):
                    if takes[i]:
                        hands[i, 6] = c
        _hand_values(hands, n, variant, T, T8, hi, lo)
        _pot_shares(hi, lo, n, variant, sh)
        count += 1
        _add_shares(sh, n, share, share_sq, scoop)
        if hilo:
            _add_split(hi, lo, sh, n, variant, hs, split)
        if nlev == 0:  # nothing unknown: the one deal is scored
            break
        # Advance the deepest level that can, backtracking.
        while level >= 0:
            if advance_level(used, avail, n_avail, combs, level, sizes[level]):
                break
            level -= 1
        if level < 0:
            break
    return count


@dataclass(frozen=True)
class EquityJob:
    """A Monte Carlo job (see :mod:`simkit.runner`) for one :class:`Spot`."""

    spot: Spot
    name: str = "razz_equity"

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        return self.play_chunk(trials, seed)

    def play_chunk(
        self,
        trials: int,
        seed: np.random.SeedSequence,
        kept: tuple | None = None,
    ) -> dict[str, np.ndarray]:
        """:meth:`run_chunk`, keeping every deal in ``kept`` when it is given: the arrays
        ``(cards, shares)`` of :func:`_equity_mc` (``kept_cards``, ``kept_shares``)."""
        base, n_known, n_draw, takes, live = self.spot.arrays()
        n = base.shape[0]
        share = private_zeros(n, np.int64)
        share_sq = private_zeros(n, np.int64)
        scoop = private_zeros(n, np.int64)
        split = private_zeros((n, len(SPLIT_SUMS)), np.int64)
        T, T8 = tables(self.spot.variant)
        args: tuple = (base, n_known, n_draw, takes, live, variant_code(self.spot.variant), T, T8, trials)
        hilo = self.spot.variant == "stud-hilo"
        args += (stream_state(seed), share, share_sq, scoop, split)
        ranges = None
        if self.spot.ranges:
            who = np.array([i for i, _, _ in self.spot.ranges], dtype=np.int64)
            ranges = (who, *pack(self.spot.range_combos()))
        args += (*(kept or (None, None)), ranges)
        if not _equity_mc(*args):
            raise rejection_error([f"hand {r + 1}" for r, _, _ in self.spot.ranges])
        out = {"share": share, "share_sq": share_sq, "scoop": scoop}
        if hilo:
            out["split"] = split
        return out

    def worst_se(self, totals: dict[str, Any]) -> float:
        """The largest SE of the reported estimates: every hand's equity and scoop chance, and
        in Stud Hi-Lo its high and low shares and quartering chance."""
        return worst_se(totals)


def exact_totals(spot: Spot) -> dict[str, Any]:  # arrays, and "trials" an int64
    """The totals of :class:`EquityJob` over every deal (``"trials"`` = number of deals)."""
    base, n_known, n_draw, takes, live = spot.arrays()
    n = base.shape[0]
    share = np.zeros(n, np.int64)
    share_sq = np.zeros(n, np.int64)
    scoop = np.zeros(n, np.int64)
    split = np.zeros((n, len(SPLIT_SUMS)), np.int64)
    T, T8 = tables(spot.variant)
    hilo = spot.variant == "stud-hilo"
    count = _equity_exact(
        base, n_known, n_draw, takes, live, variant_code(spot.variant), T, T8, share, share_sq, scoop, split
    )  # fmt: skip
    out = {"share": share, "share_sq": share_sq, "scoop": scoop, "trials": np.int64(count)}
    if hilo:
        out["split"] = split
    return out


def _share_se(total, total_sq, n: float):
    """Mean share of the pot and its SE from sums in :data:`UNITS`."""
    mean = total / (UNITS * n)
    second = total_sq / (UNITS * UNITS * n)
    var = np.maximum(second - mean * mean, 0.0) * n / max(n - 1.0, 1.0)
    return mean, np.sqrt(var / n)


def summarize(totals: dict[str, np.ndarray], exact: bool) -> dict[str, np.ndarray]:
    """Equity and scoop chance per hand, with standard errors (0 when exact); in Stud Hi-Lo
    (totals with ``split``) also ``high_share`` and ``low_share`` (the shares of the pot won
    as high and as low; ``equity = high_share + low_share``) and ``quartered`` (the chance of winning a quarter of the
    pot by tying for one half with one other hand and winning nothing of the other), each with
    its SE."""
    n = float(totals["trials"])
    eq, se = _share_se(totals["share"], totals["share_sq"], n)
    sc = totals["scoop"] / n
    out = {"equity": eq, "se": se, "scoop": sc, "scoop_se": np.sqrt(sc * (1 - sc) / n)}
    if "split" in totals:
        s = np.moveaxis(np.asarray(totals["split"]), -1, 0)
        out["high_share"], out["high_share_se"] = _share_se(s[0], s[1], n)
        out["low_share"], out["low_share_se"] = _share_se(s[2], s[3], n)
        q = s[4] / n
        out["quartered"], out["quartered_se"] = q, np.sqrt(q * (1 - q) / n)
    if exact:
        out = {k: np.zeros_like(v) if k.endswith("se") else v for k, v in out.items()}
    return out


def worst_se(totals: dict[str, Any]) -> float:
    """The largest SE of everything :func:`summarize` reports from Monte Carlo ``totals``."""
    s = summarize(totals, exact=False)
    return stats.worst(*(v for k, v in s.items() if k.endswith("se")))


def equity(
    hands: Sequence[str | Hand | Combos],
    dead: str | None = None,
    *,
    rules: Rules | None = None,
    variant: str | None = None,
    trials: int = 200_000,
    seed: SeedLike = 0,
    exact: bool | str = "auto",
    exact_limit: int = EXACT_LIMIT,
    **run_options,
) -> pd.DataFrame:
    """All-in equity of every hand, from the street the hands are on.

    Parameters
    ----------
    hands
        One card string per player still in (see :func:`~simkit.games.razz.rules.parse_hand`):
        ``"As 2d / 3c"``, ``"? ? / Kh 9c"`` …, or a range of three-card starts (see
        :mod:`~simkit.games.razz.ranges`): ``"A23"``, ``"*8-"``, ``"pair"``,
        ``"top15%"``, ``"A2/3h"``, ``"A23:2,A24:1"`` …; 1 to 8 hands.
    dead
        Cards out of play, e.g. folded upcards ``"Kc Qh"``; ``?`` for unknown ones.
    rules
        The table's :class:`~.rules.Rules` (only its variant matters here); ``variant=`` is a
        shorthand: ``razz``, ``private``, ``stud-high``, ``stud-hilo`` or ``ace-to-six`` (R-Z6).
    trials, seed
        Monte Carlo deals and seed (ignored when the result is exact).
    exact
        ``"auto"``: enumerate when there are at most ``exact_limit`` deals; ``True``: always
        (``ValueError`` beyond :data:`EXACT_MAX` deals: use Monte Carlo); ``False``: never.
        With a range the answer is always Monte Carlo (``True`` is refused).
    exact_limit
        The most deals ``"auto"`` enumerates (at most :data:`EXACT_MAX`).
    run_options
        Passed to :func:`simkit.runner.run` (``workers``, ``threads``, ``quiet`` …).

    Returns
    -------
    pandas.DataFrame
        One row per hand: ``hand``, ``equity``, ``se``, ``scoop``, ``scoop_se``; in Stud Hi-Lo
        also ``high_share``, ``high_share_se``, ``low_share``, ``low_share_se``, ``quartered``,
        ``quartered_se``
        (:func:`summarize`); ``attrs`` holds ``method`` (``exact`` or ``monte carlo``),
        ``deals`` and ``variant``.

    Examples
    --------
    >>> df = equity(["As 2d 3c 4h", "Kc Kd Qs 5h"], variant="stud-hilo", trials=20_000, seed=1)
    >>> df.columns.tolist()[5:]
    ['high_share', 'high_share_se', 'low_share', 'low_share_se', 'quartered', 'quartered_se']
    >>> bool((df.high_share + df.low_share - df.equity).abs().max() < 1e-12), bool(df.low_share[0] > df.low_share[1])
    (True, True)
    >>> equity(["As 2d 3c"], variant="stud8")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'stud8'; expected one of razz, private, stud-high, stud-hilo, ace-to-six
    >>> equity(["As 2d / 3c", "Kh Qd / 5s"], exact=True)
    Traceback (most recent call last):
    ...
    ValueError: an exact count visits 18,265,297,050 deals, more than 300,000,000 (about half a minute): use Monte Carlo (exact 'auto' or False; in the CLI --exact auto or never)

    Ranges: a made 3-2-A against any three-card 8-low, and against a pair:

    >>> df = equity(["As 2d / 3c", "*8-", "pair"], trials=20_000, seed=1)
    >>> df.hand.tolist(), bool(df.equity[0] > df.equity[2])
    (['As 2d / 3c', '*8-', 'pair'], True)
    """
    spot = prepare(hands, dead, rules=rules, variant=variant)
    if exact not in (True, False, "auto"):
        raise ValueError(f"exact must be True, False or 'auto', got {exact!r}")
    int_in_range(exact_limit, "exact_limit", 1, EXACT_MAX)
    if exact is not True:  # the exact count would not run: no need to check what it needs
        positive_int(trials, "trials")
    n_deals = spot.deals()
    if exact is True and not spot.exact_possible:
        raise ValueError(
            "an exact count is not made with ranges: use Monte Carlo (exact 'auto' or False; "
            "in the CLI --exact auto or never)"
        )
    if exact is True and n_deals > EXACT_MAX:
        raise ValueError(
            f"an exact count visits {n_deals:,} deals, more than {EXACT_MAX:,} (about half a minute): "
            "use Monte Carlo (exact 'auto' or False; in the CLI --exact auto or never)"
        )
    use_exact = spot.exact_possible and (exact is True or (exact == "auto" and n_deals <= exact_limit))
    if use_exact:
        totals = exact_totals(spot)
    else:
        from ...runner import run

        run_options.setdefault("quiet", True)
        totals = run(EquityJob(spot), trials, seed=seed, **run_options)
    s = summarize(totals, use_exact)
    names = [h if isinstance(h, str) else h.text if isinstance(h, Combos) else format_hand(h) for h in hands]
    df = pd.DataFrame({"hand": [" ".join(str(x).split()) for x in names], **s})
    df.attrs.update(
        method="exact" if use_exact else "monte carlo", deals=int(totals["trials"]), variant=spot.variant
    )
    return df
