"""Runner jobs and the public entry points: full games (:func:`play`), matches through the
runner (:class:`MatchJob`, :func:`match`) and all-in equity (:class:`EquityJob`,
:func:`equity`, :func:`starting_hand_equity`).

Every entry point takes ``players`` (one player spec per seat, :func:`.strategies.parse_player`),
``rules`` (a :class:`.rules.Rules`; ``variant=`` names one of :data:`.rules.VARIANTS`),
``hands`` (hands played) or ``trials`` (equity samples), ``seed`` and the runner's options as
``**run_options`` (:func:`simkit.runner.run`).  The form of earlier versions, a table size and
"player A against a field of B" (``match(3, ["tight", "station"])``), still works.

>>> df = match(["tight", "station", "station"], hands=3000, seed=1, quiet=True)
>>> df.columns.tolist()
['seat', 'player', 'chips_per_hand', 'se', 'hands', 'variant']
>>> round(float(df.chips_per_hand.sum()), 9)
0.0
>>> r = play(["tight", "loose", "loose"], hands=2000, seed=1)
>>> r.hands, int(r.net.sum())  # chips are conserved exactly
(2000, 0)
>>> r.table().columns.tolist()
['seat', 'player', 'chips_per_hand', 'se']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from ...cards import format_cards, parse_cards
from ...checks import chips_per_seat, int_in_range, is_int, non_negative_int, positive_int, record_capacity
from ...hands import kernel_tables
from ...hands.ranges import Combos, check_compatible, packed, rejection_error
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from ...runner import run, stats
from ..evening import END_LAST_PLAYER, GAME_TRIPLE_DRAW, EveningKernel
from ..table import HandKernel, new_table
from .engine import REC_SIZE, _new_work, _play_batch, _play_evenings, _play_one
from .equity import N_GROUPS, _equity_kernel, final_cdf, group_frame
from .keep_table import keep_table
from .ranges import is_range_text, parse_range
from .rules import (
    Rules,
    check_players,
    family_id,
    rules_for,
    target_threshold,
    variant_name,
)
from .strategies import Player, draw_table, player_name, player_tables, score_table

__all__ = [
    "EquityJob",
    "GameResult",
    "MatchJob",
    "as_hand_or_range",
    "equity",
    "equity_job",
    "game_tuple",
    "evening_kernel",
    "hand_kernel",
    "match",
    "match_totals",
    "play",
    "seat_players",
    "starting_hand_equity",
]


def seat_players(players, rest=None) -> tuple:
    """One player spec per seat.  ``players`` is a sequence of specs (or one spec string); the
    earlier form ``(n, [A, B])`` seats A in seat 0 and the last name in the other seats.

    >>> seat_players(3, ["tight", "loose"])
    ('tight', 'loose', 'loose')
    >>> seat_players(["tight"])
    Traceback (most recent call last):
    ...
    ValueError: 2-7 Triple Draw is for 2-6 players, got 1
    """
    if is_int(players):
        n = check_players(players)
        names = [rest] if isinstance(rest, (str, Player)) else list(rest or ())
        if not names:
            raise ValueError("name at least one player")
        if len(names) > n:
            raise ValueError(f"{len(names)} players for {n} seats")
        return tuple(names + [names[-1]] * (n - len(names)))
    if rest is not None:
        raise ValueError("give the players as one sequence of specs, one per seat")
    seats = (players,) if isinstance(players, (str, Player)) else tuple(players)
    check_players(len(seats))
    return seats


def _rules(rules: Rules | None, variant: str | None, stacks=None) -> Rules:
    if rules is not None and variant is not None:
        raise ValueError("give rules or variant, not both")
    if rules is None:
        rules = rules_for(variant or "triple-draw")
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {rules!r}")
    if stacks is not None:
        rules = replace(rules, stacks=stacks)
    return rules


def _family(family: str | None, rules: Rules | None) -> str:
    if rules is not None:
        if family is not None and family != rules.family:
            raise ValueError(f"family {family!r} differs from rules.family {rules.family!r}")
        return rules.family
    return family or Rules().family


def game_tuple(players, rules: Rules) -> tuple:
    """The read-only ``game`` tuple of :func:`.engine._play_hand` for one spec per seat."""
    fam = rules.family
    kinds, params, dkinds, dparams = player_tables(players, fam)
    tab = keep_table(fam)
    return (
        rules.structure(),
        kinds,
        params,
        dkinds,
        dparams,
        family_id(fam),
        kernel_tables(fam),
        fam == "ace_to_five",
        fam == "deuce_to_seven",
        tab.keep,
        score_table(fam),
        final_cdf(fam),
        rules.draws,
    )


def hand_kernel(players, rules: Rules | None = None) -> HandKernel:
    """The hand kernel of a 2-7 Triple Draw table (or a variant's, by ``rules``) with one
    player spec per seat (common table interface, :mod:`simkit.games.table`).

    >>> from simkit.games.table import chips_on_table, new_table
    >>> from simkit.rng import stream_state
    >>> kernel = hand_kernel(["tight", "loose", "tight"])
    >>> table = new_table([200, 200, 200])
    >>> kernel(table, stream_state(1)), chips_on_table(table)
    (0, 600)
    """
    rules = rules or Rules()
    players = seat_players(list(players))
    return HandKernel(
        _play_one,
        game_tuple(players, rules),
        _new_work(len(players), rules.draws, 0),
        np.zeros(REC_SIZE, np.int64),
    )


def evening_kernel(players, rules: Rules | None = None, *, log_capacity: int = 0) -> EveningKernel:
    """The evening kernel of a 2-7 Triple Draw table (or a variant's): hands with the chips
    carried over until one player has them all or the agreed deals are played (R-E3), heads-up
    blinds when two are left (R-T2).  ``log_capacity``: actions a hand's record holds (the
    evening log reads the blinds posted from it).

    >>> evening_kernel(["tight", "loose"]).min_players
    2
    """
    rules = rules or Rules()
    log_capacity = record_capacity(log_capacity)
    players = seat_players(list(players))
    return EveningKernel(
        _play_evenings,
        game_tuple(players, rules),
        _new_work(len(players), rules.draws, log_capacity),
        np.zeros(REC_SIZE, np.int64),
        END_LAST_PLAYER,
        2,
        GAME_TRIPLE_DRAW,
    )


@dataclass
class GameResult:
    """Totals of :func:`play`: ``net`` chips per seat, ``net_sq`` their squares, ``hands``,
    ``per_hand`` (first hands, per seat), ``dstats`` (draw statistics), ``players``."""

    players: list
    hands: int
    net: np.ndarray
    net_sq: np.ndarray
    per_hand: np.ndarray
    dstats: np.ndarray
    showdowns: int
    records: tuple = field(default=())

    def table(self) -> pd.DataFrame:
        """Chips per hand with standard error for each seat."""
        mean, se = stats.mean_se(self.net, self.net_sq, self.hands)
        return pd.DataFrame(
            {
                "seat": np.arange(len(self.players)),
                "player": [player_name(p) for p in self.players],
                "chips_per_hand": mean,
                "se": se,
            }
        )


def play(
    players,
    rest=None,
    /,
    *,
    rules: Rules | None = None,
    hands: int = 10_000,
    seed: SeedLike = None,
    stacks=None,
    keep_per_hand: int = 0,
    record: int = 0,
    first_dealer: int = 0,
    variant: str | None = None,
    n_hands: int | None = None,
) -> GameResult:
    """Play ``hands`` hands in one compiled batch, every hand from fresh stacks, the dealer
    moving one seat left every hand.

    Parameters
    ----------
    players
        One player spec per seat (2-6), e.g. ``["tight", "loose", "loose"]``.
    rules
        The settings (default :class:`.rules.Rules`, R-T4), or ``variant`` by name.
    stacks
        Chips of every seat at the start of every hand: one number or one per seat
        (default ``rules.stacks``); a seat without chips is out (R-P4).
    keep_per_hand, record
        Keep the results of the first hands (for win-rate plots), and record the cards and
        kept masks of the first ``record`` hands (for the PokerKit comparison).
    n_hands
        The old name of ``hands``.
    """
    seats = seat_players(players, rest)
    n = len(seats)
    rules = _rules(rules, variant)
    if n_hands is not None:
        hands = n_hands
    hands = positive_int(hands, "hands")
    keep_per_hand = non_negative_int(keep_per_hand, "keep_per_hand")
    record = non_negative_int(record, "record")
    st = chips_per_seat(rules.stacks if stacks is None else stacks, n)
    game = game_tuple(seats, rules)
    fam = rules.family
    n_draws = rules.draws
    thr = np.array(
        [
            target_threshold("8" if fam == "deuce_to_seven" else "7", fam),
            target_threshold("10" if fam == "deuce_to_seven" else "9", fam),
        ],
        dtype=np.int64,
    )
    net = private_zeros(n)
    net_sq = private_zeros(n)
    per_hand = np.zeros((min(keep_per_hand, hands), n), dtype=np.int64)
    dstats = private_zeros((3, 6, 4))
    rec_cards = np.zeros((min(record, hands), n, n_draws + 1, 5), dtype=np.int64)
    rec_keep = np.zeros((min(record, hands), n_draws, n), dtype=np.int64)
    flags = private_zeros(3, np.int64)
    table = new_table(st, dealer=int_in_range(first_dealer, "first_dealer", 0, n - 1))
    _play_batch(
        table,
        game,
        stream_state(seed),
        _new_work(n, n_draws, 0),
        np.zeros(REC_SIZE, dtype=np.int64),
        st,
        hands,
        net,
        net_sq,
        per_hand,
        dstats,
        thr,
        rec_cards,
        rec_keep,
        flags,
    )
    if flags[1]:  # pragma: no cover - a strategy bug in simkit.poker
        raise RuntimeError(f"{int(flags[1])} hands stopped on an illegal action")
    if flags[0]:  # pragma: no cover - must never happen
        raise RuntimeError(f"chips not conserved in {int(flags[0])} hands")
    return GameResult(
        list(seats),
        hands,
        net,
        net_sq,
        per_hand,
        dstats,
        int(flags[2]),
        (rec_cards, rec_keep) if record else (),
    )


@dataclass(frozen=True)
class MatchJob:
    """One player spec per seat (``players``) under ``rules``; every hand from fresh stacks
    (``rules.stacks``); the dealer moves every hand."""

    players: tuple
    rules: Rules = field(default_factory=Rules)
    name: str = "triple_draw_match"

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the chips won per hand by each seat."""
        return stats.worst(stats.mean_se(totals["net"], totals["net_sq"], totals["trials"])[1])

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, Any]:  # arrays, an int64
        r = play(list(self.players), rules=self.rules, hands=trials, seed=seed)
        return {
            "net": r.net,
            "net_sq": r.net_sq,
            "dstats": r.dstats.ravel(),
            "showdowns": np.int64(r.showdowns),
        }


def _match_job(players, rest, rules, variant, stacks) -> MatchJob:
    seats = seat_players(players, rest)
    rules = _rules(rules, variant, stacks)
    player_tables(seats, rules.family)  # specs checked before any work
    return MatchJob(seats, rules)


def match(
    players,
    rest=None,
    /,
    *,
    rules: Rules | None = None,
    variant: str | None = None,
    hands: int = 100_000,
    stacks: int | None = None,
    seed=0,
    **run_options,
) -> pd.DataFrame:
    """Chips per hand with standard error for each seat, one player spec per seat
    (``["tight", "loose", "loose"]``: one tight player, two loose ones), under ``rules`` (or a
    ``variant`` by name, ``stacks`` changing its stacks)."""
    job = _match_job(players, rest, rules, variant, stacks)
    tot = run(job, hands, seed=seed, **run_options)
    t = int(tot["trials"])
    mean, se = stats.mean_se(tot["net"], tot["net_sq"], t)
    return pd.DataFrame(
        {
            "seat": np.arange(len(job.players)),
            "player": [player_name(p) for p in job.players],
            "chips_per_hand": mean,
            "se": se,
            "hands": t,
            "variant": variant_name(job.rules),
        }
    )


def match_totals(
    players,
    rest=None,
    /,
    *,
    rules: Rules | None = None,
    variant: str | None = None,
    hands: int = 100_000,
    stacks: int | None = None,
    seed=0,
    **run_options,
) -> dict:
    """The raw runner totals of a match (net, net_sq, dstats, showdowns, trials)."""
    return run(_match_job(players, rest, rules, variant, stacks), hands, seed=seed, **run_options)


# --- all-in equity ---------------------------------------------------------------------------


def as_hand_or_range(hand, family: str = "deuce_to_seven") -> np.ndarray | Combos:
    """A five-card hand (cards, a card string) or a range (:mod:`.ranges`: text such as
    ``"pat 8-"`` or :class:`~simkit.hands.ranges.Combos` of five cards): text with cards only
    is a hand, anything else a range.

    >>> as_hand_or_range("7s 5h 4d 3c 2s").tolist(), len(as_hand_or_range("pat 7-"))
    ([23, 14, 9, 4, 3], 4080)
    """
    if isinstance(hand, Combos):
        if hand.size != 5:
            raise ValueError(f"a triple draw range is of five-card hands, got combos of {hand.size} cards")
        return hand
    if isinstance(hand, str):
        if is_range_text(hand):
            return parse_range(hand, family)
        return parse_cards(hand, n=5).astype(np.int64)
    cards = np.asarray(hand)
    if cards.shape != (5,) or not np.issubdtype(cards.dtype, np.integer):
        raise ValueError(f"a hand is five cards, got {hand!r}")
    return cards.astype(np.int64)


@dataclass(frozen=True)
class EquityJob:
    """``n_players`` seats drawing by ``strategy`` (a preset of :mod:`.strategies`); the first
    seats hold ``cards`` (five-card strings; ``""`` for a seat that holds a range), the others
    random cards; ``strategies`` overrides the strategy of the first seats.  ``ranges`` holds
    ``(seat, combos)`` for every seat dealt from a range (:mod:`.ranges`), without the cards of
    the given hands; the ranges are dealt jointly, without a card twice."""

    n_players: int
    strategy: str = "table"
    cards: tuple[str, ...] = ()
    family: str = "deuce_to_seven"
    strategies: tuple[str, ...] = ()
    name: str = "triple_draw_equity"
    ranges: tuple[tuple[int, Combos], ...] = ()

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the equities reported (every hand or group)."""
        return stats.worst(stats.mean_se(totals["equity"], totals["equity_sq"], totals["trials"])[1])

    def params(self) -> dict:
        out = {k: v for k, v in asdict(replace(self, ranges=())).items() if k != "ranges"}
        if self.ranges:  # a range by its text and a digest of its combos and weights
            out["ranges"] = [[s, r.text, r.digest] for s, r in self.ranges]
        return out

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        return self.play_chunk(trials, seed)

    def play_chunk(
        self, trials: int, seed: np.random.SeedSequence, kept: tuple | None = None
    ) -> dict[str, np.ndarray]:
        """:meth:`run_chunk`, keeping every deal in ``kept`` when it is given: the arrays
        ``(cards, drew, strength)`` of :func:`.equity._equity_kernel` (``kept_cards`` …)."""
        n = self.n_players
        fixed = np.full((n, 5), -1, dtype=np.int64)
        for s, h in enumerate(self.cards):
            if h:
                fixed[s] = parse_cards(h, n=5)
        specs = list(self.strategies) + [self.strategy] * (n - len(self.strategies))
        kinds, params = draw_table(specs, self.family)
        seat_out = private_zeros((n, 4))
        group_out = private_zeros((N_GROUPS, 3))
        rcards, masks, starts, ends, cum = packed(tuple(r for _, r in self.ranges))
        who = np.array([s for s, _ in self.ranges], dtype=np.int64)
        if kept is None:
            kept = (None, None, None)
        fam = self.family
        ok = _equity_kernel(
            n, fixed, kinds, params, family_id(fam), kernel_tables(fam), fam == "ace_to_five",
            fam == "deuce_to_seven", keep_table(fam).keep, trials, stream_state(seed), seat_out, group_out,
            who, rcards, masks, starts, ends, cum, *kept,
        )  # fmt: skip
        if not ok:
            raise rejection_error([r.text or f"seat {s}" for s, r in self.ranges])
        return {
            "equity": seat_out[:, 0],
            "equity_sq": seat_out[:, 1],
            "wins": seat_out[:, 2].astype(np.int64),
            "ties": seat_out[:, 3].astype(np.int64),
            "group_n": group_out[:, 0].astype(np.int64),
            "group_eq": group_out[:, 1],
            "group_eq_sq": group_out[:, 2],
        }


def equity(
    cards=None,
    n_players: int | None = None,
    *,
    strategy: str = "table",
    family: str | None = None,
    rules: Rules | None = None,
    trials: int = 100_000,
    seed=0,
    strategies: tuple[str, ...] = (),
    hands=None,
    **run_options,
) -> pd.DataFrame:
    """Equity of given hands ``cards`` (the first seats, in draw order) against each other and
    any random hands up to ``n_players``, every seat drawing three times by ``strategy`` (the
    first seats by ``strategies``).  The hand ranking is ``rules.family`` (or ``family``;
    default 2-7).  ``hands=`` is the old name of ``cards``.

    A hand may be a range (:mod:`.ranges`): ``"pat 8-"``, ``"draw 7-"``, ``"3 to 7"``,
    ``"7s5h4d3c2s|8h6d4c3s2h"``, ``"pat 8-:2,draw 7-"`` (or its
    :class:`~simkit.hands.ranges.Combos`); every deal gives that seat a hand of the range by
    weight, jointly with the other ranges and without the given hands' cards (card removal),
    and the seat then draws by its strategy like any other.

    Returns one row per seat: ``seat``, ``hand`` (``random`` for a random seat, the range's
    text for a range), ``equity`` and its ``se``, ``win`` and ``tie`` (shares of deals).

    >>> equity(["7s 5h 4d 3c 2s", "7d 5c 4h 3s 2c", "Ks Kh Kd Kc 2s"], trials=10)
    Traceback (most recent call last):
    ...
    ValueError: hand 3 'Ks Kh Kd Kc 2s' shares a card with an earlier hand
    >>> df = equity(["pat 8-", "draw 7-"], trials=2000, seed=1, quiet=True)
    >>> df.hand.tolist(), bool(df.equity[0] > df.equity[1])
    (['pat 8-', 'draw 7-'], True)
    """
    if cards is None:
        cards = () if hands is None else hands
    job, names = equity_job(
        cards, n_players, strategy=strategy, family=_family(family, rules), strategies=strategies
    )
    n = job.n_players
    tot = run(job, trials, seed=seed, **run_options)
    t = int(tot["trials"])
    eq, se = stats.mean_se(tot["equity"], tot["equity_sq"], t)
    return pd.DataFrame(
        {
            "seat": np.arange(n),
            "hand": names + ["random"] * (n - len(names)),
            "equity": eq,
            "se": se,
            "win": tot["wins"] / t,
            "tie": tot["ties"] / t,
        }
    )


def equity_job(
    cards, n_players: int | None, *, strategy: str, family: str, strategies: tuple[str, ...] = ()
) -> tuple[EquityJob, list[str]]:
    """The :class:`EquityJob` of :func:`equity` (its hands and ranges checked) and the names
    of the given hands (a range's text, a hand's cards).

    >>> job, names = equity_job(["pat 8-", "7s 5h 4d 3c 2s"], 3, strategy="table", family="deuce_to_seven")
    >>> names, job.cards, [s for s, _ in job.ranges]
    (['pat 8-', '7s 5h 4d 3c 2s'], ('', '7s 5h 4d 3c 2s'), [0])
    """
    if isinstance(cards, (str, Combos)):
        raise ValueError(f"cards must be a list of hands (one per seat), got {cards!r}")
    parsed = [as_hand_or_range(h, family) for h in cards]
    names = [
        " ".join(h.split()) if isinstance(h, str) else p.text if isinstance(p, Combos) else format_cards(p)
        for h, p in zip(cards, parsed)
    ]
    n = n_players or len(parsed)
    check_players(n)
    if len(parsed) > n:
        raise ValueError(f"{len(parsed)} hands for {n} players")
    seen: set[int] = set()
    for i, (h, p) in enumerate(zip(names, parsed)):
        if isinstance(p, Combos):
            continue
        cs = set(p.tolist())
        if cs & seen:
            raise ValueError(f"hand {i + 1} {h!r} shares a card with an earlier hand")
        seen |= cs
    ranges = tuple((i, p.without(sorted(seen))) for i, p in enumerate(parsed) if isinstance(p, Combos))
    check_compatible([r for _, r in ranges], [names[i] for i, _ in ranges])
    fixed = tuple("" if isinstance(p, Combos) else format_cards(p) for p in parsed)
    draw_table([strategy, *strategies], family)  # names checked before any work
    return EquityJob(n, strategy, fixed, family, tuple(strategies), ranges=ranges), names


def starting_hand_equity(
    n_opponents: int,
    *,
    strategy: str = "table",
    family: str | None = None,
    rules: Rules | None = None,
    trials: int = 200_000,
    seed=0,
    **run_options,
) -> pd.DataFrame:
    """Equity of random starting hands by group against ``n_opponents`` (1-5) random hands.

    Columns: the group (:data:`GROUP_COLUMNS`), ``hands`` (deals seen), ``share``,
    ``equity``, ``se``, and ``opponents``.
    """
    check_players(int_in_range(n_opponents, "n_opponents", 1, 5) + 1)
    tot = run(
        EquityJob(n_opponents + 1, strategy, (), _family(family, rules)), trials, seed=seed, **run_options
    )
    df = group_frame(tot)
    df.insert(0, "opponents", n_opponents)
    return df
