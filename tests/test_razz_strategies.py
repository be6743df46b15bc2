"""Razz players (strategies.py): the one spec parser, names, and the strategy table."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from simkit.games.razz.strategies import TIPS, _slot, parse_player, player_name, razz_strategy_table


def test_parse_player_is_the_spec_parser_of_cli_and_api():
    assert parse_player("tips") == "tips"
    assert parse_player("tips:T_KQ=0,T_SUNK=0.2") == ("tips", {"T_KQ": 0.0, "T_SUNK": 0.2})
    assert parse_player(("tight", {"P_SUNK": 0.15})) == ("tight", {"P_SUNK": 0.15})
    for bad in ("tips:T_KQ", "tips:T_KQ=x"):
        with pytest.raises(ValueError, match="write KEY=NUMBER"):
            parse_player(bad)


def test_player_names():
    assert player_name("tips:T_KQ=0") == player_name(("tips", {"T_KQ": 0})) == "tips(T_KQ=0)"
    assert player_name("tight") == player_name(("tight", {})) == "tight"


def test_string_and_tuple_specs_give_the_same_table():
    a = razz_strategy_table(["tips:T_KQ=0,T_SUNK=0.1", "tight:P_SUNK=0.15", "random"])
    b = razz_strategy_table([("tips", {"T_KQ": 0, "T_SUNK": 0.1}), ("tight", {"P_SUNK": 0.15}), "random"])
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all() and a[0][0] == TIPS
    with pytest.raises(ValueError, match="unknown tips parameter"):
        razz_strategy_table(["tips:T_NOPE=1", "tips"])


def _naive_score_order(ranks: tuple[int, ...], variant: str) -> tuple:
    """Order of partial hands, from the rules (a greater key is the better hand): Razz ranks
    by the low so far among cards 8 or lower (more different ranks first, then the lowest
    highest card …), ties by the low among all cards; stud high by pairs, trips …, then ranks."""
    if variant == "stud-high":
        counts = {r: ranks.count(r) for r in set(ranks)}
        by_size = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        return (sorted(counts.values(), reverse=True)[:2], by_size)
    values = [1 if r == 12 else r + 2 for r in ranks]  # razz values: ace 1, deuce 2 … king 13

    def low(limit: int) -> tuple:
        d = sorted({v for v in values if v <= limit})[:5]
        return (len(d), [-v for v in reversed(d)])

    return (low(8), low(13))


@pytest.mark.parametrize("variant", ["razz", "stud-high"])
def test_score_tables_are_the_deal_weighted_percentile_of_every_three_card_hand(variant):
    from itertools import combinations

    from simkit.games.razz.strategies import score_of, score_tables

    deals = list(combinations(range(52), 3))
    keys = [_naive_score_order(tuple(c >> 2 for c in d), variant) for d in deals]
    order = sorted(range(len(deals)), key=keys.__getitem__)
    worse: dict[int, float] = {}
    i = 0
    while i < len(order):  # percentile: deals worse + half the ties, over all deals
        j = i
        while j < len(order) and keys[order[j]] == keys[order[i]]:
            j += 1
        for k in order[i:j]:
            worse[k] = (i + 0.5 * (j - i)) / len(deals)
        i = j
    table = score_tables(variant)
    for k in range(0, len(deals), 37):
        assert score_of(np.array(deals[k]), table) == pytest.approx(worse[k], abs=1e-12)


def test_score_tables_are_shared_read_only_and_the_same_from_disk():
    from simkit.games.razz.strategies import _score_rows, score_tables

    t = score_tables("razz")
    assert score_tables("private") is t and score_tables("ace-to-six") is t
    assert not t.flags.writeable
    assert np.array_equal(t, _score_rows("low"))


@pytest.mark.parametrize("c", [3, 4, 5, 6, 7])
def test_slot_numbers_every_rank_multiset_once_in_colex_order(c):
    """The score tables' slot of ``c`` cards is the combinatorial number system of their
    sorted ranks, ``sum(comb(r_i + i, i + 1))`` (a multiset as the combination ``r_i + i``):
    every multiset of ranks gets its own slot, and the slots are ``0 .. comb(12 + c, c) - 1``."""
    slots = set()
    for ranks in itertools.combinations_with_replacement(range(13), c):
        if max(ranks.count(r) for r in ranks) > 4:
            continue  # not in a deck
        cards = np.array([[4 * r + j % 4 for j, r in enumerate(ranks)]], dtype=np.int8)
        expect = sum(comb(r + i, i + 1) for i, r in enumerate(ranks))
        assert _slot(cards, 0, c) == expect, ranks
        slots.add(expect)
    assert slots <= set(range(comb(12 + c, c)))
    assert len(slots) == sum(
        1
        for ranks in itertools.combinations_with_replacement(range(13), c)
        if max(map(ranks.count, ranks)) <= 4
    )
