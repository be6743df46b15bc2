"""All-in equity with draws: every player draws three times by the same strategy, no betting.

A deal gives each seat five cards (some seats may hold given hands), then three draws go round
from the dealer's left (seat 0 first; the dealer is the last seat), with the draw pile rebuilt
from the discards when it runs out (R-T3), and the best hand at the showdown wins (ties
split, R-T1).  A seat's *equity* is its share of the pot: 1, 1/k for a k-way tie, or 0.

Starting hands are grouped by their useful structure (:func:`hand_group`): how many
different cards 7 or lower, whether a 2 is among them, an ace, a pair, and a straight or flush
draw (four cards of one suit, or four consecutive ranks).  Seat 0's equity is recorded by its
group; every seat's total equity too.

Examples
--------
>>> df = equity(["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"], trials=2000, seed=1, quiet=True)
>>> list(df.columns)
['seat', 'hand', 'equity', 'se', 'win', 'tie']
>>> bool(df.equity.iloc[0] > df.equity.iloc[1])
True
>>> g = starting_hand_equity(2, trials=2000, seed=1, quiet=True)
>>> int(g["hands"].sum())
2000
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from numba import njit

from ...cards import format_cards, parse_cards
from ...hands import kernel_tables
from ...rng import stream_state
from ...memory import private_zeros
from ...runner import run, stats
from .deal import _deal, _draw, _remove, _reset_deck, new_table_deck
from .draws import _choose_keep, draw_table
from .rules import _eval, _value, family_id
from .table import keep_table

__all__ = ["EquityJob", "GROUP_COLUMNS", "equity", "group_frame", "hand_group", "starting_hand_equity"]

N_GROUPS = 96
GROUP_COLUMNS = ["low7", "deuce", "ace", "pair", "sf_draw"]


@njit(cache=True)
def _group(hand):
    """Group index of a 2-7 starting hand (see :func:`hand_group`)."""
    rmask = 0
    pair = 0
    suits = np.zeros(4, dtype=np.int64)
    for i in range(5):
        r = hand[i] >> 2
        if (rmask >> r) & 1:
            pair = 1
        rmask |= 1 << r
        suits[hand[i] & 3] += 1
    low7 = 0
    for r in range(6):  # ranks 2..7
        low7 += (rmask >> r) & 1
    deuce = rmask & 1
    ace = (rmask >> 12) & 1
    sfd = 0
    for s in range(4):
        if suits[s] >= 4:
            sfd = 1
    for lo in range(10):
        if (rmask >> lo) & 0xF == 0xF:
            sfd = 1
    return (((low7 * 2 + deuce) * 2 + ace) * 2 + pair) * 2 + sfd


def hand_group(hand) -> dict:
    """The structure of a starting hand: ``low7`` (different cards 2..7), ``deuce``,
    ``ace``, ``pair``, ``sf_draw`` (four of a suit or four consecutive ranks).

    >>> hand_group("7s 5h 5d 2c As")
    {'low7': 3, 'deuce': 1, 'ace': 1, 'pair': 1, 'sf_draw': 0}
    """
    cards = parse_cards(hand, n=5) if isinstance(hand, str) else np.asarray(hand)
    return _decode(int(_group(cards.astype(np.int64))))


def _decode(g: int) -> dict:
    return {"low7": g // 16, "deuce": (g // 8) % 2, "ace": (g // 4) % 2, "pair": (g // 2) % 2,
            "sf_draw": g % 2}


@njit(cache=True, nogil=True)
def _equity_kernel(n, fixed, kinds, params, fam, T, ace_low, suits_count, keep_tab, trials,
                   state, seat_out, group_out):
    """``trials`` deals; per seat (equity, equity^2, wins, ties) into ``seat_out`` (n, 4);
    seat 0's group (count, equity, equity^2) into ``group_out`` (96, 3)."""
    deck = np.zeros(52, dtype=np.int64)
    disc = np.zeros(52, dtype=np.int64)
    pile = np.zeros(3, dtype=np.int64)
    hands = np.zeros((n, 5), dtype=np.int64)
    tmp = np.zeros((n, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    strength = np.zeros(n, dtype=np.int64)
    n_fixed = 0
    for s in range(n):
        if fixed[s, 0] >= 0:
            n_fixed += 1
    for _ in range(trials):
        _reset_deck(deck, pile)
        for s in range(n):
            if fixed[s, 0] >= 0:
                for j in range(5):
                    _remove(deck, pile, fixed[s, j])
        if n_fixed < n:
            _deal(tmp, n - n_fixed, state, deck, pile)
        k = 0
        for s in range(n):
            if fixed[s, 0] >= 0:
                for j in range(5):
                    hands[s, j] = fixed[s, j]
            else:
                for j in range(5):
                    hands[s, j] = tmp[k, j]
                k += 1
        g = _group(hands[0])
        for d in range(3, 0, -1):
            for s in range(n):
                keep = _choose_keep(hands[s], d, kinds[s], params[s], ace_low, suits_count, keep_tab)
                _draw(hands[s], keep, state, deck, disc, pile, thrown)
        best = -1
        for s in range(n):
            v = _eval(hands[s, 0], hands[s, 1], hands[s, 2], hands[s, 3], hands[s, 4], fam, T)
            strength[s] = v
            if v > best:
                best = v
        n_best = 0
        for s in range(n):
            if strength[s] == best:
                n_best += 1
        for s in range(n):
            e = 1.0 / n_best if strength[s] == best else 0.0
            seat_out[s, 0] += e
            seat_out[s, 1] += e * e
            if strength[s] == best:
                if n_best == 1:
                    seat_out[s, 2] += 1.0
                else:
                    seat_out[s, 3] += 1.0
            if s == 0:
                group_out[g, 0] += 1.0
                group_out[g, 1] += e
                group_out[g, 2] += e * e


@dataclass(frozen=True)
class EquityJob:
    """``n_players`` seats drawing by ``strategy`` (a preset of :mod:`.draws`); the first
    seats hold ``hands`` (card strings), the others random cards; ``strategies`` overrides
    the strategy of the first seats."""

    n_players: int
    strategy: str = "table"
    hands: tuple[str, ...] = ()
    family: str = "deuce_to_seven"
    strategies: tuple[str, ...] = ()
    name: str = "triple_draw_equity"

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        n = self.n_players
        fixed = np.full((n, 5), -1, dtype=np.int64)
        for s, h in enumerate(self.hands):
            fixed[s] = parse_cards(h, n=5)
        specs = list(self.strategies) + [self.strategy] * (n - len(self.strategies))
        kinds, params = draw_table(specs, self.family)
        seat_out = private_zeros((n, 4))
        group_out = private_zeros((N_GROUPS, 3))
        _equity_kernel(n, fixed, kinds, params, family_id(self.family), kernel_tables(self.family),
                       self.family == "ace_to_five", self.family == "deuce_to_seven",
                       keep_table(self.family).keep, trials, stream_state(seed), seat_out, group_out)
        return {"equity": seat_out[:, 0], "equity_sq": seat_out[:, 1],
                "wins": seat_out[:, 2].astype(np.int64), "ties": seat_out[:, 3].astype(np.int64),
                "group_n": group_out[:, 0].astype(np.int64), "group_eq": group_out[:, 1],
                "group_eq_sq": group_out[:, 2]}


def _check_players(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 2 <= n <= 6:
        raise ValueError(f"2-7 Triple Draw is for 2-6 players, got {n!r}")


def equity(hands, n_players: int | None = None, *, strategy: str = "table",
           family: str = "deuce_to_seven", trials: int = 100_000, seed=0,
           strategies: tuple[str, ...] = (), **run_opts) -> pd.DataFrame:
    """Equity of given hands (the first seats, in draw order) against each other and any
    random hands up to ``n_players``, every seat drawing by ``strategy``.

    Returns one row per seat: ``seat``, ``hand`` (``random`` for a random seat), ``equity``
    and its ``se``, ``win`` and ``tie`` (shares of deals).

    >>> equity(["7s 5h 4d 3c 2s", "7d 5c 4h 3s 2c", "Ks Kh Kd Kc 2s"], trials=10)
    Traceback (most recent call last):
    ...
    ValueError: hand 3 'Ks Kh Kd Kc 2s' shares a card with an earlier hand
    """
    hands = [h if isinstance(h, str) else format_cards(h) for h in hands]
    n = n_players or len(hands)
    _check_players(n)
    if len(hands) > n:
        raise ValueError(f"{len(hands)} hands for {n} players")
    seen: set[int] = set()
    for i, h in enumerate(hands):
        cards = set(parse_cards(h, n=5).tolist())
        if cards & seen:
            raise ValueError(f"hand {i + 1} {h!r} shares a card with an earlier hand")
        seen |= cards
    draw_table([strategy, *strategies], family)  # names checked before any work
    tot = run(EquityJob(n, strategy, tuple(hands), family, tuple(strategies)), trials, seed=seed,
              **run_opts)
    t = int(tot["trials"])
    eq, se = stats.mean_se(tot["equity"], tot["equity_sq"], t)
    return pd.DataFrame({
        "seat": np.arange(n), "hand": hands + ["random"] * (n - len(hands)),
        "equity": eq, "se": se, "win": tot["wins"] / t, "tie": tot["ties"] / t,
    })


def group_frame(tot: dict) -> pd.DataFrame:
    """Seat 0's equity by starting-hand group from an :class:`EquityJob` total."""
    rows = []
    for g in range(N_GROUPS):
        n = int(tot["group_n"][g])
        if n == 0:
            continue
        eq, se = stats.mean_se(tot["group_eq"][g], tot["group_eq_sq"][g], n) if n > 1 else (
            float(tot["group_eq"][g]), float("nan"))
        rows.append({**_decode(g), "hands": n, "share": n / int(tot["trials"]), "equity": eq, "se": se})
    return pd.DataFrame(rows)


def starting_hand_equity(n_opponents: int, *, strategy: str = "table", family: str = "deuce_to_seven",
                         trials: int = 200_000, seed=0, **run_opts) -> pd.DataFrame:
    """Equity of random starting hands by group against ``n_opponents`` (1-5) random hands.

    Columns: the group (:data:`GROUP_COLUMNS`), ``hands`` (deals seen), ``share``,
    ``equity``, ``se``, and ``opponents``.
    """
    _check_players(n_opponents + 1)
    tot = run(EquityJob(n_opponents + 1, strategy, (), family), trials, seed=seed, **run_opts)
    df = group_frame(tot)
    df.insert(0, "opponents", n_opponents)
    return df
