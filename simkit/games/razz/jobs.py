"""Razz full games from Python: the runner job and the entry points that drive the engine.

- :func:`play_hands` plays hands and returns every hand's result (cards, chips, the action
  record), optionally on fixed deals (:func:`deck_for`);
- :func:`match` plays one table of players for many hands (every hand from the same stacks,
  the dealer drawn at random each hand, so no seat is favoured) and reports each seat's chips
  per hand with its standard error, how often it wins chips and how often it puts chips in
  voluntarily on third street;
- :func:`compare` plays several alternatives for one seat on the **same deals** (the engine
  deals every seat's cards independently of who folds, and seeds the strategies' random
  stream per hand), so the difference between two alternatives has a much smaller standard
  error than two separate matches;
- :class:`MatchJob` is the runner job behind :func:`match` and :func:`compare`;
  :func:`game_for` builds the read-only ``game`` tuple of :func:`.engine._play_hand`;
- :func:`hand_kernel` and :func:`evening_kernel` set the compiled kernels up for one table:
  one hand at a table state, and whole evenings with the chips carried over (R-E1..R-E3).

Every entry point takes ``players`` (one player spec per seat, :mod:`.strategies`), ``hands``,
``rules`` (a :class:`~.rules.Rules`; ``variant=`` and ``stacks=`` are accepted as shorthands),
``seed`` and the runner options (``**run_options`` of :func:`simkit.runner.run`).

Examples
--------
>>> r = play_hands(["tips", "tight", "check-call"], 200, seed=1)
>>> int(r.net.sum()), r.net.shape
(0, (200, 3))
>>> t = match(["tips", "tight", "check-call"], 3000, seed=1)
>>> t.columns.tolist()[:4], int(t.attrs["hands"])
(['seat', 'strategy', 'chips_per_hand', 'se'], 3000)
>>> abs(float(t.chips_per_hand.sum())) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
import pandas as pd

from ...cards import N_CARDS, parse_cards
from ...checks import chips_per_seat, is_int, positive_int, record_capacity
from ...memory import private_zeros
from ...poker.table_state import LOG, N_LOG_FIELDS
from ...rng import SeedLike, stream_state
from ...runner import run, stats
from ...runner.stats import mean_se, proportion
from ..evening import END_LAST_PLAYER, GAME_RAZZ, EveningKernel
from ..table import HandKernel
from .engine import REC_SIZE, _new_work, _play_evenings, _play_one, _run_hands
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules, as_rules
from .showdown import tables
from .strategies import player_name, razz_strategy_table, score_tables, specs_key

__all__ = [
    "HandResults",
    "MatchJob",
    "compare",
    "deck_for",
    "evening_kernel",
    "game_for",
    "hand_kernel",
    "match",
    "play_hands",
]


def game_for(rules: Rules, kinds: np.ndarray, params: np.ndarray) -> tuple:
    """The read-only ``game`` tuple of :func:`.engine._play_hand`: ``(structure, variant code,
    kinds, params, T, T8, score tables)`` for ``rules`` and the seats' strategy rows
    (:func:`~.strategies.razz_strategy_table`)."""
    T, T8 = tables(rules.variant)
    return (rules.structure(), rules.code, kinds, params, T, T8, score_tables(rules.variant))


def hand_kernel(players: Sequence, rules: Rules | None = None, *, log_capacity: int = 0) -> HandKernel:
    """The hand kernel of a Razz table with one player spec per seat (common table
    interface, :mod:`simkit.games.table`); ``log_capacity`` actions of each hand are recorded.

    >>> from simkit.games.table import chips_on_table, new_table
    >>> from simkit.rng import stream_state
    >>> kernel = hand_kernel(["tips", "tight", "loose-aggressive"])
    >>> table = new_table([200, 200, 200])
    >>> kernel(table, stream_state(1)), chips_on_table(table)
    (0, 600)
    """
    rules = as_rules(rules)
    _check_players(players, rules)
    log_capacity = record_capacity(log_capacity)
    kinds, params = razz_strategy_table(list(players), variant=rules.variant)
    return HandKernel(
        _play_one,
        game_for(rules, kinds, params),
        _new_work(len(players), log_capacity),
        np.zeros(REC_SIZE, np.int64),
    )


def evening_kernel(players: Sequence, rules: Rules | None = None, *, log_capacity: int = 0) -> EveningKernel:
    """The evening kernel of a Razz table (or a stud variant's, by ``rules``) with one player
    spec per seat: hands with the chips carried over until one player has them all or the
    agreed deals are played (R-E3); two players left play heads-up (R-E2).

    Parameters
    ----------
    players
        One player spec per seat (2-8), see :func:`play_hands`.
    rules
        The table's :class:`~.rules.Rules` (default R-Z5 razz; any variant).
    log_capacity
        Actions each hand's record holds.  The evening log reads the antes and the bring-in
        each seat posted from it, so a log wants at least one row per seat and one for the
        bring-in (``len(players) + 1``); 0 keeps no record (the log's forced bets read 0).

    Returns
    -------
    EveningKernel
        ``kernel(count, stacks, end, strategy, rng, outs, log)`` plays ``count`` evenings
        (:func:`simkit.games.evening.run_evenings`).

    Examples
    --------
    >>> k = evening_kernel(["tight", "check-call", "random"], Rules(variant="stud-hilo"), log_capacity=4)
    >>> k.min_players, k.end_kind, k.game_id
    (2, 0, 2)
    >>> evening_kernel(["tips", "tight"], log_capacity=2)
    Traceback (most recent call last):
    ...
    ValueError: log_capacity must be 0 or at least 3 (an ante per seat and the bring-in), got 2
    """
    if isinstance(players, str):
        raise ValueError(f"players must be a sequence of player specs, one per seat, got {players!r}")
    rules = as_rules(rules)
    _check_players(players, rules)
    n = len(players)
    cap = record_capacity(log_capacity)
    if 0 < cap < n + 1:
        raise ValueError(
            f"log_capacity must be 0 or at least {n + 1} (an ante per seat and the bring-in), got {cap}"
        )
    kinds, params = razz_strategy_table(list(players), variant=rules.variant)
    return EveningKernel(
        _play_evenings,
        game_for(rules, kinds, params),
        _new_work(n, cap),
        np.zeros(REC_SIZE, np.int64),
        END_LAST_PLAYER,
        2,
        GAME_RAZZ,
    )


def _check_players(players: Sequence, rules: Rules) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"a Razz table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, got {len(players)}")
    razz_strategy_table(list(players), variant=rules.variant)


def _strategy_rows(configs: tuple, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and parameter rows of every configuration (a table of :func:`specs_key`)."""
    n = len(configs[0])
    kinds_all = np.zeros((len(configs), n), np.int64)
    params_all = np.zeros((len(configs), n, 9))
    for c, cfg in enumerate(configs):
        specs = [(name, dict(over)) if over else name for name, over in cfg]
        kinds_all[c], params_all[c] = razz_strategy_table(specs, variant=rules.variant)
    return kinds_all, params_all


def _new_outputs(n_cfg: int, n: int) -> dict[str, np.ndarray]:
    # chip sums and their squares in float64: exact to 2**53, and they never wrap
    out = {k: private_zeros((n_cfg, n)) for k in ("net", "net_sq", "diff", "diff_sq")}
    out |= {k: private_zeros((n_cfg, n), np.int64) for k in ("won", "vpip")}
    for k in ("showdowns", "community", "errors"):
        out[k] = private_zeros(n_cfg, np.int64)
    return out


def _empty_per_hand(n: int):
    return (
        np.zeros((0, n), np.int64),
        np.zeros((0, n, 7), np.int8),
        np.zeros((0, 5), np.int64),
        np.zeros((0, 0), np.int64),
    )


@dataclass(frozen=True)
class MatchJob:
    """Monte Carlo job: full games; ``configs`` are whole tables of player specs (each a
    :func:`~.strategies.specs_key`) played on the same deals (the first is the match, the
    others the alternatives compared with it), under ``rules``; ``stacks`` per seat (default
    ``rules.stacks`` each), or with ``random_stacks`` a uniform 1..stacks chips each hand.

    Results per configuration and seat: ``net`` and ``net_sq`` (chips), ``diff`` and
    ``diff_sq`` (chips minus configuration 0's in the same hand), ``won``, ``vpip``; per
    configuration ``showdowns``, ``community`` (R-Z4 hands) and ``errors`` (chip
    conservation failures or illegal decisions: must be 0).
    """

    configs: tuple
    rules: Rules = Rules()
    stacks: tuple = ()
    random_stacks: bool = False
    name: str = "razz_match"
    chunk_size: int = 20_000

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the chips won per hand, per configuration and seat, and of the
        differences from configuration 0 (:func:`simkit.runner.stats.worst`)."""
        n = totals["trials"]
        _, net_se = mean_se(totals["net"], totals["net_sq"], n)
        _, diff_se = mean_se(totals["diff"][1:], totals["diff_sq"][1:], n)
        return stats.worst(net_se, diff_se)

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        return self.play_chunk(trials, seed, _empty_per_hand(len(self.configs[0])))

    def play_chunk(self, trials: int, seed: np.random.SeedSequence, per_hand: tuple) -> dict[str, np.ndarray]:
        """:meth:`run_chunk`, keeping the first configuration's hands in ``per_hand`` (the
        engine's ``per_net``, ``per_cards``, ``per_info``, ``per_log``; rows: hands kept)."""
        n = len(self.configs[0])
        kinds_all, params_all = _strategy_rows(self.configs, self.rules)
        stacks = np.array(self.stacks or (self.rules.stacks,) * n, dtype=np.int64)
        out = _new_outputs(len(self.configs), n)
        _run_hands(
            game_for(self.rules, kinds_all[0], params_all[0]),
            kinds_all,
            params_all,
            stacks,
            bool(self.random_stacks),
            stream_state(seed),
            np.zeros((0, N_CARDS), np.int8),
            np.zeros(0, np.int64),
            trials,
            0,
            out["net"],
            out["net_sq"],
            out["diff"],
            out["diff_sq"],
            out["won"],
            out["showdowns"],
            out["community"],
            out["vpip"],
            out["errors"],
            *per_hand,
        )
        return out


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
    n = len(hands) if n is None else n
    parsed = [parse_cards(h).tolist() for h in hands]
    deck = np.full(N_CARDS, -1, np.int64)
    for s, cs in enumerate(parsed):
        for j, c in enumerate(cs[:6]):
            deck[j * n + s] = c
    sevenths = [(s, cs[6]) for s, cs in enumerate(parsed) if len(cs) > 6]
    for s, c in sevenths:
        deck[6 * n + s if 6 * n + s < N_CARDS else int(np.flatnonzero(deck < 0)[0])] = c
    taken = set(int(c) for c in deck if c >= 0)
    if len(taken) != int((deck >= 0).sum()):
        raise ValueError("a card is dealt twice in deck_for")
    extra = parse_cards(rest).tolist() if rest else []
    if set(extra) & taken:
        raise ValueError("a card of rest is already dealt")
    order = extra + [c for c in range(N_CARDS) if c not in taken and c not in extra]
    deck[deck < 0] = order[: int((deck < 0).sum())]
    return deck.astype(np.int8)


def play_hands(
    players: Sequence,
    hands: int,
    *,
    rules: Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    random_stacks: bool = False,
    decks: np.ndarray | None = None,
    dealers: Sequence[int] | np.ndarray | None = None,
    seed: SeedLike = 0,
    record: bool = False,
    variant: str | None = None,
) -> HandResults:
    """Play ``hands`` hands and return every hand's result.

    Parameters
    ----------
    players
        One player spec per seat (2-8): ``random``, ``check-call``, ``tight``,
        ``loose-aggressive``, ``tips``, ``"tips:T_KQ=0"`` or ``(name, {param: value})``.
    hands
        Number of hands.
    rules
        The table's :class:`~.rules.Rules` (default R-Z5 razz); ``variant=`` is a shorthand.
    stacks
        Chips at the start of every hand, one number for every seat or one per seat (default
        ``rules.stacks``); with ``random_stacks`` each seat starts each hand with a uniform
        1..stacks chips.
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
    rules = as_rules(rules, variant)
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"a Razz table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, got {n}")
    positive_int(hands, "hands")
    kinds, params = razz_strategy_table(list(players), variant=rules.variant)
    if stacks is None:
        stacks = rules.stacks
    st_arr = chips_per_seat(stacks, n, least=1 if random_stacks else 0)
    if decks is not None:
        decks = np.asarray(decks, dtype=np.int8)
        if decks.shape != (hands, N_CARDS) or any(sorted(d.tolist()) != list(range(N_CARDS)) for d in decks):
            raise ValueError("decks must be one permutation of the 52 cards per hand")
        if dealers is None:
            raise ValueError("fixed decks need the dealer of every hand (dealers=)")
        dealers = np.asarray(dealers, dtype=np.int64)
        if dealers.shape != (hands,) or (dealers < 0).any() or (dealers >= n).any():
            raise ValueError(f"dealers must be one seat 0..{n - 1} per hand")
    else:
        if dealers is not None:
            raise ValueError("dealers= goes with fixed decks (decks=); random deals draw their dealers")
        decks = np.zeros((0, N_CARDS), np.int8)
        dealers = np.zeros(0, np.int64)
    out = _new_outputs(1, n)
    cap = 64 if record else 0
    per_net = np.zeros((hands, n), np.int64)
    per_cards = np.zeros((hands, n, 7), np.int8)
    per_info = np.zeros((hands, 5), np.int64)
    per_log = np.zeros((hands, LOG + cap * N_LOG_FIELDS if record else 0), np.int64)
    _run_hands(
        game_for(rules, kinds, params),
        kinds[None, :],
        params[None, :, :],
        st_arr,
        bool(random_stacks),
        stream_state(seed),
        decks,
        dealers,
        hands,
        cap,
        out["net"],
        out["net_sq"],
        out["diff"],
        out["diff_sq"],
        out["won"],
        out["showdowns"],
        out["community"],
        out["vpip"],
        out["errors"],
        per_net,
        per_cards,
        per_info,
        per_log,
    )
    if out["errors"][0]:
        raise RuntimeError(f"{int(out['errors'][0])} hands failed (an illegal decision or lost chips)")
    return HandResults(
        per_net,
        per_cards,
        per_info[:, 0],
        per_info[:, 1],
        per_info[:, 2],
        per_info[:, 3],
        per_info[:, 4],
        per_log if record else None,
        {k: v[0] for k, v in out.items()},
    )


def match(
    players: Sequence,
    hands: int,
    *,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    variant: str | None = None,
    stacks: int | None = None,
    **run_options,
) -> pd.DataFrame:
    """Chips per hand of every seat of one table, with standard errors.

    Parameters
    ----------
    players
        One player spec per seat (2-8), see :func:`play_hands`.
    hands
        Hands to play (Monte Carlo trials).
    rules, seed
        The table's :class:`~.rules.Rules` (every hand from ``rules.stacks`` chips each;
        ``variant=``, ``stacks=`` are shorthands), seed.
    run_options
        :func:`simkit.runner.run` options (``workers``, ``threads``, ``quiet`` …).

    Returns
    -------
    pandas.DataFrame
        ``seat, strategy, chips_per_hand, se, win_rate, win_rate_se, vpip, vpip_se`` (each share
        with its binomial SE); ``attrs``: ``hands``,
        ``showdown_rate``, ``community_hands``, ``errors`` (always 0), ``variant``.
    """
    rules = as_rules(rules, variant, stacks)
    players = list(players)
    _check_players(players, rules)
    job = MatchJob((specs_key(players),), rules)
    run_options.setdefault("quiet", True)
    t = run(job, hands, seed=seed, **run_options)
    n = int(t["trials"])
    if int(t["errors"][0]):
        raise RuntimeError(f"{int(t['errors'][0])} hands lost chips or chose illegal actions")
    m, se = mean_se(t["net"][0], t["net_sq"][0], n)
    win, win_se = proportion(t["won"][0], n)  # every hand is dealt afresh: independent hands
    vpip, vpip_se = proportion(t["vpip"][0], n)
    df = pd.DataFrame(
        {
            "seat": np.arange(len(players)),
            "strategy": [player_name(s) for s in players],
            "chips_per_hand": m,
            "se": se,
            "win_rate": win,
            "win_rate_se": win_se,
            "vpip": vpip,
            "vpip_se": vpip_se,
        }
    )
    df.attrs.update(
        hands=n,
        showdown_rate=float(t["showdowns"][0] / n),
        community_hands=int(t["community"][0]),
        errors=0,
        variant=rules.variant,
    )
    return df


def compare(
    players: Sequence,
    seat: int,
    alternatives: Mapping[str, object],
    hands: int,
    *,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    variant: str | None = None,
    stacks: int | None = None,
    **run_options,
) -> pd.DataFrame:
    """Several players for ``seat`` against the same other ``players``, on the same deals.

    ``players`` gives every seat's player spec (the entry at ``seat`` is replaced);
    ``alternatives`` maps a label to a player spec.  Returns one row per alternative:
    ``label, strategy, chips_per_hand, se, diff`` (chips per hand minus the first
    alternative's, hand by hand) and ``diff_se``.

    >>> t = compare(["tips", "tight", "check-call"], 0,
    ...             {"fold K/Q": "tips", "play K/Q": ("tips", {"T_KQ": 0})}, 2000, seed=2)
    >>> t.label.tolist(), float(t["diff"].iloc[0])
    (['fold K/Q', 'play K/Q'], 0.0)
    """
    rules = as_rules(rules, variant, stacks)
    if not is_int(seat) or not 0 <= seat < len(players):
        raise ValueError(f"seat must be 0..{len(players) - 1}, got {seat!r}")
    if not alternatives:
        raise ValueError("give at least one alternative")
    configs = []
    for spec in alternatives.values():
        table = list(players)
        table[seat] = spec
        _check_players(table, rules)
        configs.append(specs_key(table))
    job = MatchJob(tuple(configs), rules)
    run_options.setdefault("quiet", True)
    t = run(job, hands, seed=seed, **run_options)
    n = int(t["trials"])
    if int(t["errors"].sum()):
        raise RuntimeError("hands lost chips or chose illegal actions")
    rows = []
    for c, (label, spec) in enumerate(alternatives.items()):
        m, se = mean_se(t["net"][c, seat], t["net_sq"][c, seat], n)
        d, dse = mean_se(t["diff"][c, seat], t["diff_sq"][c, seat], n)
        rows.append(
            {
                "label": label,
                "strategy": player_name(spec),
                "chips_per_hand": m,
                "se": se,
                "diff": d if c else 0.0,
                "diff_se": dse if c else 0.0,
                "vpip": t["vpip"][c, seat] / n,
            }
        )
    df = pd.DataFrame(rows)
    df.attrs.update(hands=n, seat=seat, field=[player_name(s) for s in players], variant=rules.variant)
    return df
