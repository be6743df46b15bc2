"""The Razz engine: whole hands, compiled end to end, on the shared betting state machine.

A hand (R-Z1 … R-Z6, R-P1 … R-P4) on ``n`` seats (2-8), numbered clockwise:

1. every seat with chips antes (R-Z5) and gets two down cards and one up card;
2. third street: the highest upcard brings in (K highest, A lowest, ties ♠ > ♥ > ♦ > ♣,
   R-Z2) and may complete instead; others fold, call or complete, raises after a completion.
   Stud high and Hi-Lo: the lowest upcard (ace high, ties ♣ lowest).  Private round: no
   bring-in, the lowest visible hand starts and may check (R-Z6);
3. fourth to sixth street one more up card, seventh street one down card, a betting round
   each; the lowest visible hand acts first, ties to the seat nearest the dealer's left (R-Z3;
   stud high and Hi-Lo: the highest).  Small bets on third and fourth street, big bets from
   fifth (:func:`simkit.poker.structure.razz`);
4. when the deck cannot give every player still in a seventh-street card, one community card
   is turned up as everyone's seventh (R-Z4);
5. showdown: the best A-5 low of seven (R-Z1) or the variant's value; side pots, ties and the
   odd chip by :mod:`simkit.poker.pots` (R-P2, R-P3); Hi-Lo halves each pot (R-Z6).

Dealing: each hand has one shuffled deck; the ``j``-th card of seat ``s`` is ``deck[j*n + s]``
for the first six cards, so a seat's cards do not depend on who folds, and two strategies
can be compared on the very same deals.  Seventh-street cards come from the positions not
dealt yet.  No cards are burnt (the rule document burns none).  The strategies draw their
random numbers from a stream of their own, seeded per hand from the deal stream.

Examples
--------
>>> r = play_hands(["tips", "tight", "check-call"], 200, seed=1)
>>> int(r.net.sum()), r.net.shape
(0, (200, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
from numba import njit

from ...deck import _shuffle_prefix
from ...poker.betting import _apply_legal, _legal, _n_in_hand, _post_antes, _pot, _reset, \
    _start_round
from ...poker.pots import _pay, _settle, _settle_split
from ...poker.strategies import _view
from ...poker.structure import F_ANTE, F_BRING_IN, razz as razz_structure
from ...poker.table_state import (
    S_DEALER,
    S_TO_ACT,
    ST_ACTIVE,
    ST_ALL_IN,
    STACK,
    STATUS,
    TOTAL,
    _new_state,
)
from ...rng import SeedLike, _draw_below, _next_u64, stream_state
from ...memory import private_zeros
from .rules import DEFAULTS, V_HIGH, V_HILO, V_PRIVATE, check_variant, variant_code
from .showdown import _hand_values, tables
from .strategies import N_FEATURES, _features, _razz_decide, _score, razz_strategy_table, \
    score_tables

__all__ = ["HandResults", "MatchJob", "deck_for", "play_hands", "structure_for"]

# Hand scalars ``hs``.
H_DEALT = 0  # cards dealt so far (all seats)
H_COMMUNITY = 1  # the community card (R-Z4), -1 none
H_BRING = 2  # the bring-in seat, -1 none (private round)
H_ROUNDS = 3  # betting rounds started
N_H = 4


def structure_for(variant: str = "razz", *, ante: int | None = None, bring_in: int | None = None,
                  small_bet: int | None = None, big_bet: int | None = None):
    """The betting structure of ``variant`` (R-Z5 defaults; private round: ante 2, no
    bring-in, R-Z6).

    >>> s = structure_for("private"); s.forced.tolist()[:4]
    [2, 0, 0, 0]
    """
    check_variant(variant)
    private = variant == "private"
    if ante is None:
        ante = DEFAULTS["private_ante"] if private else DEFAULTS["ante"]
    return razz_structure(ante=ante, bring_in=DEFAULTS["bring_in"] if bring_in is None else bring_in,
                          small_bet=DEFAULTS["small_bet"] if small_bet is None else small_bet,
                          big_bet=DEFAULTS["big_bet"] if big_bet is None else big_bet,
                          private=private)


@njit(cache=True, inline="always")
def _in_hand(st, s):
    x = st[STATUS + s]
    return x == ST_ACTIVE or x == ST_ALL_IN


@njit(cache=True)
def _first_unused(used):
    for p in range(used.shape[0]):
        if not used[p]:
            return p
    return -1


@njit(cache=True, inline="always")
def _deal_street(st, r, n, deck, used, cards, hs):
    """Deal the cards of betting round ``r`` (0 = third street … 4 = seventh) to every seat
    still in; on seventh street a community card when the deck runs short (R-Z4)."""
    if r == 0:
        for s in range(n):
            if _in_hand(st, s):
                for j in range(3):
                    p = j * n + s
                    cards[s, j] = deck[p]
                    used[p] = True
                    hs[H_DEALT] += 1
        return
    j = r + 2
    if r < 4:
        for s in range(n):
            if _in_hand(st, s):
                p = j * n + s
                cards[s, j] = deck[p]
                used[p] = True
                hs[H_DEALT] += 1
        return
    k = 0
    for s in range(n):
        if _in_hand(st, s):
            k += 1
    if k > 52 - hs[H_DEALT]:  # R-Z4: one community card for everyone still in
        p = _first_unused(used)
        used[p] = True
        hs[H_DEALT] += 1
        hs[H_COMMUNITY] = deck[p]
        for s in range(n):
            if _in_hand(st, s):
                cards[s, 6] = deck[p]
        return
    for s in range(n):
        if _in_hand(st, s):
            p = 6 * n + s
            if p >= 52 or used[p]:
                p = _first_unused(used)
            cards[s, 6] = deck[p]
            used[p] = True
            hs[H_DEALT] += 1


@njit(cache=True, inline="always")
def _value_of(card, high):
    """Card value for ordering: ace high (2..14) in stud high / Hi-Lo, else ace low (1..13)."""
    r = np.int64(card) >> 2
    if high:
        return r + 2
    return 1 if r == 12 else r + 2


@njit(cache=True, inline="always")
def _board_key(cards, s, n_up, high):
    """Key of seat ``s``'s visible cards (``cards[s, 2:2+n_up]``): category (no pair, one pair,
    two pair, trips, quads) then the values ordered by count and value, most important first.
    Razz: the smallest key is the lowest hand (R-Z3); stud high: the greatest is the highest.
    Value counts are packed 4 bits a value (no allocation)."""
    counts = np.int64(0)
    for i in range(n_up):
        counts += np.int64(1) << (4 * _value_of(cards[s, 2 + i], high))
    pairs = 0
    cat = 0
    for v in range(1, 15):
        k = (counts >> (4 * v)) & 15
        if k == 2:
            pairs += 1
        elif k == 3:
            cat = 3
        elif k == 4:
            cat = 4
    if cat == 0:
        cat = 2 if pairs == 2 else pairs
    key = np.int64(cat)
    placed = 0
    for k in range(4, 0, -1):
        for v in range(14, 0, -1):
            if (counts >> (4 * v)) & 15 == k:
                for _ in range(k):
                    key = key * 16 + v
                    placed += 1
    for _ in range(placed, 4):
        key = key * 16
    return key


@njit(cache=True, inline="always")
def _first_to_act(st, r, n, cards, variant):
    """The bring-in seat (round 0, R-Z2) or the seat with the lowest (stud high: highest)
    visible hand, ties to the seat nearest the dealer's left (R-Z3)."""
    high = variant == V_HIGH or variant == V_HILO
    dealer = st[S_DEALER]
    best = -1
    best_key = 0
    if r == 0 and variant != V_PRIVATE:
        for i in range(n):
            s = (dealer + 1 + i) % n
            if not _in_hand(st, s):
                continue
            c = cards[s, 2]
            key = _value_of(c, high) * 4 + (np.int64(c) & 3)
            if high:
                key = -key  # the lowest card brings in, ace high, ♣ the lowest suit
            if best < 0 or key > best_key:
                best = s
                best_key = key
        return best
    n_up = r + 1 if r < 4 else 4
    for i in range(n):
        s = (dealer + 1 + i) % n
        if not _in_hand(st, s):
            continue
        key = _board_key(cards, s, n_up, high)
        if not high:
            key = -key
        if best < 0 or key > best_key:
            best = s
            best_key = key
    return best


@njit(cache=True)
def _razz_betting_round(st, kinds, params, scores, feats, draws, rng):
    """The current round to its end; the number of players still in, or a negative error."""
    while True:
        seat = st[S_TO_ACT]
        if seat < 0:
            break
        _legal(st, seat)
        _view(st, seat, draws)
        action, to = _razz_decide(kinds, params, scores, feats, st, rng, seat)
        rc = _apply_legal(st, seat, action, to)
        if rc < 0:
            return rc
    return _n_in_hand(st)


@njit(cache=True)
def _showdown(st, n, cards, variant, T, T8, hi, lo, payout, rows, vh, vl):
    """Values of the seats still in, then the pots (R-P2, R-P3; Hi-Lo split, R-Z6).
    ``rows``, ``vh``, ``vl`` are scratch space for the compact rows of the seats still in."""
    m = 0
    for s in range(n):
        hi[s] = -1
        lo[s] = 0
        if _in_hand(st, s):
            for j in range(7):
                rows[m, j] = cards[s, j]
            m += 1
    if _n_in_hand(st) >= 2:
        _hand_values(rows, m, variant, T, T8, vh, vl)
        k = 0
        for s in range(n):
            if _in_hand(st, s):
                hi[s] = vh[k]
                lo[s] = vl[k]
                k += 1
    if variant == V_HILO:
        _settle_split(st, hi, lo, payout)
    else:
        _settle(st, hi, payout)
    _pay(st, payout)


@njit(cache=True)
def _play_one(st, structure, variant, n, deck, dealer, stacks, kinds, params, T, T8, score_tab,
              srng, cards, hs, used, scores, feats, draws, hi, lo, payout, rows, vh, vl):
    """One hand from a shuffled ``deck``; returns the number of players at the end (>= 1) or
    a negative error code.  ``st`` keeps the hand's state and record."""
    _reset(st, stacks, dealer, 0)
    _post_antes(st, structure.forced[F_ANTE])
    hs[H_DEALT] = 0
    hs[H_COMMUNITY] = -1
    hs[H_BRING] = -1
    hs[H_ROUNDS] = 0
    for p in range(52):
        used[p] = False
    for s in range(n):
        for j in range(7):
            cards[s, j] = -1
    n_in = _n_in_hand(st)
    for r in range(structure.limits.shape[0]):
        _deal_street(st, r, n, deck, used, cards, hs)
        c = r + 3
        for s in range(n):
            if _in_hand(st, s):
                scores[s] = _score(cards, s, c, score_tab)
                _features(cards, s, c, feats)
        first = _first_to_act(st, r, n, cards, variant)
        if r == 0 and variant != V_PRIVATE:
            hs[H_BRING] = first
        _start_round(st, structure, r, first)
        hs[H_ROUNDS] = r + 1
        n_in = _razz_betting_round(st, kinds, params, scores, feats, draws, srng)
        if n_in < 0:
            return n_in
        if n_in <= 1:
            break
    _showdown(st, n, cards, variant, T, T8, hi, lo, payout, rows, vh, vl)
    return n_in


@njit(cache=True, nogil=True)
def _run_hands(structure, variant, n, stacks, random_stacks, kinds_all, params_all, T, T8,
               score_tab, rng, decks, dealers, n_hands, log_capacity,
               net_sum, net_sq, diff_sum, diff_sq, won, showdowns, community, vpip, errors,
               per_net, per_cards, per_info, per_log):
    """Play ``n_hands`` hands under every configuration (``kinds_all[c]``, ``params_all[c]``)
    on the same deals.

    ``decks`` (hands, 52) and ``dealers`` (hands,) fix the deals when they have rows, else
    each hand shuffles a deck and draws a dealer.  ``random_stacks``: every seat starts with
    a uniform 1..stacks[s] chips (side pots), else with ``stacks``.  Sums per configuration
    and seat; ``diff_*`` are the per-hand differences to configuration 0.  Per-hand arrays
    (first axis > 0) keep configuration 0's net, cards, (bring-in seat, community card,
    dealer, rounds) and action record.
    """
    n_cfg = kinds_all.shape[0]
    st = _new_state(n, log_capacity)
    deck = np.arange(52).astype(np.int8)
    cards = np.full((n, 7), -1, np.int8)
    rows = np.zeros((n, 7), np.int8)
    vh = np.zeros(n, np.int64)
    vl = np.zeros(n, np.int64)
    hs = np.zeros(N_H, np.int64)
    used = np.zeros(52, np.bool_)
    scores = np.zeros(n)
    feats = np.zeros((n, N_FEATURES), np.int64)
    draws = np.full(n, -1, np.int64)
    hi = np.zeros(n, np.int64)
    lo = np.zeros(n, np.int64)
    payout = np.zeros(n, np.int64)
    start = np.zeros(n, np.int64)
    base_net = np.zeros(n, np.int64)
    srng = np.zeros(4, np.uint64)
    seed_words = np.zeros(4, np.uint64)
    fixed = decks.shape[0] > 0
    for h in range(n_hands):
        if fixed:
            for p in range(52):
                deck[p] = decks[h, p]
            dealer = dealers[h]
        else:
            _shuffle_prefix(deck, 52, rng)
            dealer = _draw_below(rng, n)
        for s in range(n):
            start[s] = 1 + _draw_below(rng, stacks[s]) if random_stacks else stacks[s]
        for k in range(4):
            seed_words[k] = _next_u64(rng)
        if seed_words[0] == 0 and seed_words[1] == 0 and seed_words[2] == 0 and seed_words[3] == 0:
            seed_words[0] = 1
        for cfg in range(n_cfg):
            for k in range(4):
                srng[k] = seed_words[k]
            n_end = _play_one(st, structure, variant, n, deck, dealer, start, kinds_all[cfg],
                              params_all[cfg], T, T8, score_tab, srng, cards, hs, used, scores,
                              feats, draws, hi, lo, payout, rows, vh, vl)
            if n_end < 0:
                errors[cfg] += 1
                continue
            total = 0
            for s in range(n):
                d = st[STACK + s] - start[s]
                total += d
                net_sum[cfg, s] += d
                net_sq[cfg, s] += d * d
                if cfg == 0:
                    base_net[s] = d
                else:
                    e = d - base_net[s]
                    diff_sum[cfg, s] += e
                    diff_sq[cfg, s] += e * e
                if payout[s] > 0 and d > 0:
                    won[cfg, s] += 1
                if st[TOTAL + s] > structure.forced[F_ANTE] + (structure.forced[F_BRING_IN] if s == hs[H_BRING] else 0):
                    vpip[cfg, s] += 1
            if total != 0:
                errors[cfg] += 1
            if n_end >= 2:
                showdowns[cfg] += 1
            if hs[H_COMMUNITY] >= 0:
                community[cfg] += 1
            if cfg == 0 and per_net.shape[0] > 0:
                for s in range(n):
                    per_net[h, s] = st[STACK + s] - start[s]
                    for j in range(7):
                        per_cards[h, s, j] = cards[s, j]
                per_info[h, 0] = hs[H_BRING]
                per_info[h, 1] = hs[H_COMMUNITY]
                per_info[h, 2] = dealer
                per_info[h, 3] = hs[H_ROUNDS]
                per_info[h, 4] = n_end
                for k in range(per_log.shape[1]):
                    per_log[h, k] = st[k] if k < st.shape[0] else 0


def _specs_tuple(specs) -> tuple:
    out = []
    for spec in specs:
        if isinstance(spec, tuple):
            name, over = spec
            out.append((name, tuple(sorted(dict(over).items())) if over else ()))
        else:
            out.append((spec, ()))
    return tuple(out)


def _table(config: tuple, variant: str):
    specs = [(name, dict(over)) if over else name for name, over in config]
    return razz_strategy_table(specs, variant=variant)


@dataclass(frozen=True)
class MatchJob:
    """Monte Carlo job: full games; ``configs`` are whole tables of strategies played on the
    same deals (the first is the match, the others the alternatives compared with it).

    Results per configuration and seat: ``net`` and ``net_sq`` (chips), ``diff`` and
    ``diff_sq`` (chips minus configuration 0's in the same hand), ``won``, ``vpip``; per
    configuration ``showdowns``, ``community`` (R-Z4 hands) and ``errors`` (chip
    conservation failures or illegal decisions: must be 0).
    """

    configs: tuple
    variant: str = "razz"
    stacks: tuple = ()
    random_stacks: bool = False
    name: str = "razz-match"
    chunk_size: int = 20_000

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        variant = check_variant(self.variant)
        n = len(self.configs[0])
        kinds_all = np.zeros((len(self.configs), n), np.int64)
        params_all = np.zeros((len(self.configs), n, 9))
        for c, cfg in enumerate(self.configs):
            kinds_all[c], params_all[c] = _table(cfg, variant)
        stacks = np.array(self.stacks or (DEFAULTS["chips"],) * n, dtype=np.int64)
        T, T8 = tables(variant)
        out = _new_outputs(len(self.configs), n)
        empty = _empty_per_hand(n)
        _run_hands(structure_for(variant), variant_code(variant), n, stacks,
                   bool(self.random_stacks), kinds_all, params_all, T, T8,
                   score_tables(variant), stream_state(seed), np.zeros((0, 52), np.int8),
                   np.zeros(0, np.int64), trials, 0, out["net"], out["net_sq"], out["diff"],
                   out["diff_sq"], out["won"], out["showdowns"], out["community"], out["vpip"],
                   out["errors"], *empty)
        return out


def _new_outputs(n_cfg: int, n: int) -> dict[str, np.ndarray]:
    out = {k: private_zeros((n_cfg, n), np.int64)
           for k in ("net", "net_sq", "diff", "diff_sq", "won", "vpip")}
    for k in ("showdowns", "community", "errors"):
        out[k] = private_zeros(n_cfg, np.int64)
    return out


def _empty_per_hand(n: int):
    return (np.zeros((0, n), np.int64), np.zeros((0, n, 7), np.int8), np.zeros((0, 5), np.int64),
            np.zeros((0, 0), np.int64))


@dataclass
class HandResults:
    """Per-hand results of :func:`play_hands`.

    ``net`` (hands, seats) chips won or lost; ``cards`` (hands, seats, 7) every seat's cards
    in the order dealt (-1 never dealt; a community card is every seat's seventh);
    ``bring_in``, ``community`` (card or -1), ``dealer``, ``rounds`` (betting rounds played),
    ``players_at_end``; ``states`` the engine state after each hand (for
    :func:`simkit.poker.history.format_history`) when ``record`` was given; ``totals`` the
    summed statistics of :class:`MatchJob`.
    """

    net: np.ndarray
    cards: np.ndarray
    bring_in: np.ndarray
    community: np.ndarray
    dealer: np.ndarray
    rounds: np.ndarray
    players_at_end: np.ndarray
    states: np.ndarray | None = None
    totals: dict = field(default_factory=dict)


def deck_for(hands: Sequence[str], n: int | None = None, rest: str | None = None) -> np.ndarray:
    """A deck that deals ``hands[s]`` (cards in the order dealt: two down, up cards, the
    seventh down) to seat ``s``; the other cards follow in order (or ``rest`` first).

    >>> from simkit.cards import format_cards
    >>> format_cards(deck_for(["As 2d 3c", "Kd Qd Jd"])[:6])
    'As Kd 2d Qd 3c Jd'
    """
    from ...cards import parse_cards

    n = len(hands) if n is None else n
    parsed = [parse_cards(h).tolist() for h in hands]
    deck = np.full(52, -1, np.int64)
    for s, cs in enumerate(parsed):
        for j, c in enumerate(cs[:6]):
            deck[j * n + s] = c
    sevenths = [(s, cs[6]) for s, cs in enumerate(parsed) if len(cs) > 6]
    for s, c in sevenths:
        deck[6 * n + s if 6 * n + s < 52 else int(np.flatnonzero(deck < 0)[0])] = c
    taken = set(int(c) for c in deck if c >= 0)
    if len(taken) != int((deck >= 0).sum()):
        raise ValueError("a card is dealt twice in deck_for")
    extra = parse_cards(rest).tolist() if rest else []
    if set(extra) & taken:
        raise ValueError("a card of rest is already dealt")
    order = extra + [c for c in range(52) if c not in taken and c not in extra]
    deck[deck < 0] = order[: int((deck < 0).sum())]
    return deck.astype(np.int8)


def play_hands(
    strategies: Sequence,
    n_hands: int,
    *,
    variant: str = "razz",
    stacks: int | Sequence[int] | None = None,
    random_stacks: bool = False,
    decks: np.ndarray | None = None,
    dealers: Sequence[int] | None = None,
    seed: SeedLike = 0,
    record: bool = False,
) -> HandResults:
    """Play ``n_hands`` hands of ``variant`` and return every hand's result.

    Parameters
    ----------
    strategies
        One per seat (2-8): ``random``, ``check-call``, ``tight``, ``loose-aggressive``,
        ``tips`` or ``(name, {param: value})``.
    n_hands
        Number of hands.
    variant
        ``razz``, ``private``, ``stud-high``, ``stud-hilo``, ``ace-to-six`` (R-Z6).
    stacks
        Chips at the start of every hand (default 200 each, R-Z5); with ``random_stacks`` each
        seat starts each hand with a uniform 1..stacks chips.
    decks, dealers
        Fixed deals: ``decks`` (hands, 52) card orders (see :func:`deck_for`) and the dealer
        seat of each hand.  Default: shuffled decks and random dealers.
    seed
        Seed of the deals and the strategies' random choices.
    record
        Keep every hand's state and action record (``states``).

    Examples
    --------
    >>> play_hands(["tips"], 10)
    Traceback (most recent call last):
    ...
    ValueError: a Razz table has 2 to 8 seats, got 1
    """
    variant = check_variant(variant)
    n = len(strategies)
    if not 2 <= n <= 8:
        raise ValueError(f"a Razz table has 2 to 8 seats, got {n}")
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 1:
        raise ValueError(f"n_hands must be a positive integer, got {n_hands!r}")
    kinds, params = razz_strategy_table(list(strategies), variant=variant)
    if stacks is None:
        stacks = DEFAULTS["chips"]
    st_arr = np.broadcast_to(np.asarray(stacks, dtype=np.int64), (n,)).copy()
    if (st_arr < (1 if random_stacks else 0)).any():
        raise ValueError(f"stacks must be non-negative chip counts, got {stacks!r}")
    if decks is not None:
        decks = np.asarray(decks, dtype=np.int8)
        if decks.shape != (n_hands, 52) or any(sorted(d.tolist()) != list(range(52)) for d in decks):
            raise ValueError("decks must be one permutation of the 52 cards per hand")
        if dealers is None:
            raise ValueError("fixed decks need the dealer of every hand (dealers=)")
        dealers = np.asarray(dealers, dtype=np.int64)
        if dealers.shape != (n_hands,) or (dealers < 0).any() or (dealers >= n).any():
            raise ValueError(f"dealers must be one seat 0..{n - 1} per hand")
    else:
        decks = np.zeros((0, 52), np.int8)
        dealers = np.zeros(0, np.int64)
    T, T8 = tables(variant)
    out = _new_outputs(1, n)
    from ...poker.table_state import LOG, N_LOG_FIELDS

    cap = 64 if record else 0
    per_net = np.zeros((n_hands, n), np.int64)
    per_cards = np.zeros((n_hands, n, 7), np.int8)
    per_info = np.zeros((n_hands, 5), np.int64)
    per_log = np.zeros((n_hands, LOG + cap * N_LOG_FIELDS if record else 0), np.int64)
    _run_hands(structure_for(variant), variant_code(variant), n, st_arr, bool(random_stacks),
               kinds[None, :], params[None, :, :], T, T8, score_tables(variant),
               stream_state(seed), decks, dealers, n_hands, cap, out["net"], out["net_sq"],
               out["diff"], out["diff_sq"], out["won"], out["showdowns"], out["community"],
               out["vpip"], out["errors"], per_net, per_cards, per_info, per_log)
    if out["errors"][0]:
        raise RuntimeError(f"{int(out['errors'][0])} hands failed (an illegal decision or lost chips)")
    return HandResults(per_net, per_cards, per_info[:, 0], per_info[:, 1], per_info[:, 2],
                       per_info[:, 3], per_info[:, 4], per_log if record else None,
                       {k: v[0] for k, v in out.items()})
