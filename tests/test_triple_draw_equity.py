"""Dealing with reshuffles (R-T3), draw strategies and all-in equity."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.triple_draw.deal import _deal, _draw, _reset_deck, new_table_deck
from simkit.games.triple_draw.draws import choose_keep, draw_table
from simkit.games.triple_draw.equity import EquityJob, equity, hand_group, starting_hand_equity
from simkit.rng import stream_state


def test_reshuffle_six_players_never_repeats_a_card():
    """Six players throwing all five cards three times need 90 draws from a 22-card pile: the
    pile is rebuilt from discards (R-T3), and no card is ever twice in play."""
    deck, disc, pile = new_table_deck()
    state = stream_state(5)
    hands = np.zeros((6, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    rebuilt = 0
    for _ in range(30):
        _reset_deck(deck, pile)
        _deal(hands, 6, state, deck, pile)
        for d in range(3):
            for s in range(6):
                old = set(hands[s].tolist())
                size_before = int(pile[1] - pile[0])
                _draw(hands[s], 0, state, deck, disc, pile, thrown)
                if size_before < 5:
                    rebuilt += 1
                    # the player's own discards are not in the new pile: none comes back
                    assert not old & set(hands[s].tolist())
                in_hands = hands.ravel().tolist()
                in_pile = deck[pile[0]:pile[1]].tolist()
                in_disc = disc[: pile[2]].tolist()
                assert len(set(in_hands)) == 30
                everything = in_hands + in_pile + in_disc
                assert sorted(everything) == list(range(52)), "every card exactly once"
    assert rebuilt > 0


def test_rule_strategy():
    h = parse_cards("9s 8h 6d 4c 2s").astype(np.int64)
    assert choose_keep(h, 3, "rule") == 31  # a made 9-low stands pat (pat on T-low or better)
    h = parse_cards("Js 8h 6d 4c 2s").astype(np.int64)
    assert choose_keep(h, 2, "rule") == 0b11110  # J thrown
    h = parse_cards("7s 6s 5s 3s 2s").astype(np.int64)  # a flush: throw the 7
    assert choose_keep(h, 1, "rule") == 0b11110
    assert choose_keep(h, 1, "pat") == 31
    with pytest.raises(ValueError, match="unknown draw strategy"):
        draw_table(["nope"])


def test_table_strategy_prefers_more_low_cards():
    h = parse_cards("Ks Qh 7d 4c 2s").astype(np.int64)
    assert choose_keep(h, 3, "table") == 0b11100


def test_groups():
    assert hand_group("7s 6s 5s 4s Kd")["sf_draw"] == 1  # four of a suit, four in a row
    assert hand_group("Ks Qh 9d 8c 3s") == {"low7": 1, "deuce": 0, "ace": 0, "pair": 0, "sf_draw": 0}


def test_equity_conserves_and_made_hands_win():
    df = equity(["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"], strategy="rule", trials=500, seed=2, quiet=True)
    assert df.equity.tolist() == [1.0, 0.0]  # both stand pat on T-low or better
    df = equity(["7s 5h 4d 3c 2s", "7d 5c 4h 3s 2c"], strategy="rule", trials=500, quiet=True)
    assert df.equity.tolist() == [0.5, 0.5] and df.tie.tolist() == [1.0, 1.0]


def test_equity_job_sums_to_one_and_group_shares_match_combinatorics():
    n = 6000
    r = EquityJob(3, "table").run_chunk(n, np.random.SeedSequence(9))
    assert r["equity"].sum() == pytest.approx(n)
    assert int(r["group_n"].sum()) == n
    # share of starting hands with a pair, exact: 1 - C(13,5) 4^5 / C(52,5)
    p_pair = 1 - comb(13, 5) * 4**5 / comb(52, 5)
    groups = np.arange(96)
    pair = r["group_n"][(groups // 2) % 2 == 1].sum() / n
    se = np.sqrt(p_pair * (1 - p_pair) / n)
    assert abs(pair - p_pair) < 4.5 * se


def test_starting_hand_equity_table():
    df = starting_hand_equity(1, trials=4000, seed=1, quiet=True)
    assert set(df.columns) >= {"low7", "deuce", "equity", "se", "hands"}
    good = df[(df.low7 >= 4) & (df.pair == 0)]
    bad = df[(df.low7 <= 1)]
    wm = lambda d: np.average(d.equity, weights=d.hands)  # noqa: E731
    assert wm(good) > wm(bad)
