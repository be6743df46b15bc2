"""Diablo studies: opening sweeps, the equilibrium, bluffs, series and variants on the engine,
and a single pair's improvement (D4) against a plain Python count with the reference
evaluator and the textbook draw-poker odds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import naive
import numpy as np
import pytest

from simkit.games.diablo.rules import CATEGORIES
from simkit.games.diablo.studies import (
    best_carried_levels,
    bluff_ev,
    carried_opening,
    equilibrium,
    pair_improvement,
    pattern_distribution,
    series_table,
    threshold_sweep,
    variants_table,
)
from simkit.hands import codes

Q = {"quiet": True}


def test_sweep_loose_opening_loses():
    t = threshold_sweep(5, ("pair", "trips"), hands=4000, seed=2, **Q).set_index("level")
    diff = t.loc["trips", "net"] - t.loc["pair", "net"]
    assert diff > 4 * np.hypot(t.loc["trips", "se"], t.loc["pair", "se"])
    assert t.loc["pair", "open_rate"] > t.loc["trips", "open_rate"]


def test_carried_opening_shape_and_the_pot_in_the_middle():
    pots, levels = (0, 10, 40), ("pair", "trips", "never")
    t = carried_opening(3, pots, levels, hands=3000, seed=4, **Q)
    assert len(t) == len(pots) * len(levels)
    assert t.columns.tolist() == [
        "players",
        "pot",
        "level",
        "others",
        "net",
        "se",
        "gain",
        "gain_se",
        "open_rate",
        "open_net",
        "open_net_se",
        "mean_len",
    ]
    assert (t.se > 0).all() and (t.players == 3).all() and (t.others == "trips").all()
    by = t.set_index(["pot", "level"])
    assert (by.xs("trips", level="level").gain == 0).all()
    assert (by.xs("never", level="level").open_rate == 0).all()
    # a bigger pot in the middle is worth more to a seat that opens like the others
    assert by.loc[(40, "trips"), "net"] > by.loc[(0, "trips"), "net"] + 5
    best = best_carried_levels(t)
    assert best[["players", "pot"]].values.tolist() == [[3, 0], [3, 10], [3, 40]]
    assert set(best.best) <= set(levels) and best.clear.dtype == bool
    for row in best.itertuples():
        assert row.net == by.xs(row.pot, level="pot").net.max()
    with pytest.raises(ValueError, match="carried pot"):
        carried_opening(3, (-5,), levels, hands=10, **Q)


def test_equilibrium_rows():
    e = equilibrium(3, "jacks", ("jacks", "trips", "straight"), hands=2000, seed=1, **Q)
    assert e.result.iloc[-1] in ("equilibrium", "cycle", "no convergence")
    assert (e.result.iloc[:-1] == "").all()
    last = e.iloc[-1]
    if last.result == "equilibrium":
        assert last.best == last.others or last.gain <= 2 * last.gain_se
    with pytest.raises(ValueError, match="start level"):
        equilibrium(3, "quads", ("jacks", "trips"), hands=10)


def test_bluff_costs_more_under_the_diablo_rule():
    on = bluff_ev(5, hands=3000, diablo=True, seed=4, **Q)
    off = bluff_ev(5, hands=3000, diablo=False, seed=4, **Q)
    assert on["ev"] < -4 * on["ev_se"]
    assert on["ev"] < off["ev"] - 3 * np.hypot(on["ev_se"], off["ev_se"])
    assert on["bluff_n"] > 1000 and on["check_n"] > 1000


def test_series_and_variants_tables():
    t = series_table((3, 6), ("trips",), hands=2000, seed=3, **Q)
    assert (t.chip_errors == 0).all()
    assert (t.p_len_2plus >= t.p_len_3plus).all() and (t.p_len_3plus >= t.p_len_5plus).all()
    assert t.set_index("players").loc[6, "mean_len"] > t.set_index("players").loc[3, "mean_len"]
    v = variants_table(4, "pair", hands=1500, seed=3, **Q).set_index("variant")
    assert (v.chip_errors == 0).all()
    assert v.loc["deuces wild (no Diablo rule)", "longest"] == 1
    assert v.loc["cap 20", "penalty_per_game"] < v.loc["standard", "penalty_per_game"]


# --- D4 --------------------------------------------------------------------------------------


def _brute_pair(pair_rank, odd, wild, draw):
    """Plain Python: every replacement set, valued by the reference evaluators."""
    odd = sorted(odd, reverse=True)
    pair = [4 * pair_rank, 4 * pair_rank + 1]
    odds = [4 * r + s for r, s in zip(odd, (2, 3, 0))]
    kept = pair + (odds[:1] if draw == 2 else [])
    unseen = [c for c in range(52) if c not in pair + odds]
    ev = naive.deuces_wild5 if wild else naive.high5
    counts = Counter()
    for extra in combinations(unseen, draw):
        counts[ev(kept + list(extra))[1]] += 1
    return np.array([counts.get(c, 0) for c in naive.HIGH_NAMES])


@pytest.mark.parametrize(
    "pair_rank,odd,wild,draw",
    [
        (7, (12, 5, 3), True, 2),
        (11, (10, 9, 1), True, 2),
        (4, (12, 11, 2), False, 2),
        (0, (12, 5, 3), False, 2),
    ],
)
def test_pair_pattern_matches_brute_force(pair_rank, odd, wild, draw):
    assert (
        pattern_distribution(pair_rank, odd, wild, draw).tolist()
        == _brute_pair(pair_rank, odd, wild, draw).tolist()
    )


def test_pair_pattern_does_not_depend_on_suits():
    a = pattern_distribution(9, (12, 6, 3), True, 3)
    b = pattern_distribution(9, (12, 6, 3), True, 3, suits=(2, 3, 2, 2, 2))
    assert a.tolist() == b.tolist()


def _patterns(wild):
    ranks = range(1, 13) if wild else range(13)
    return [(p, odd) for p in ranks for odd in combinations([r for r in ranks if r != p], 3)]


@pytest.mark.parametrize("wild", [True, False])
@pytest.mark.parametrize("draw", [2, 3])
def test_pair_patterns_across_the_ranks_have_the_same_counts(wild, draw):
    """pair_improvement enumerates one pattern and scales: every pattern must count the same
    (aces, the lowest rank, kickers above and below the pair, the deuce where it is not wild)."""
    first = pattern_distribution(*_patterns(wild)[0], wild, draw).tolist()
    spots = [(12, (11, 10, 9)), (1, (12, 2, 3)), (6, (12, 7, 5)), (11, (12, 10, 1))]
    if not wild:
        spots += [(0, (12, 11, 1)), (5, (4, 3, 0))]
    for pair_rank, odd in spots:
        assert pattern_distribution(pair_rank, odd, wild, draw).tolist() == first


@pytest.mark.slow
def test_pair_improvement_equals_the_sum_over_every_pattern():
    t = pair_improvement().set_index(["wild", "draw"])
    for wild in (True, False):
        for draw in (2, 3):
            hist = sum(pattern_distribution(p, odd, wild, draw) for p, odd in _patterns(wild))
            row = t.loc[(wild, draw)]
            assert row["patterns"] == len(_patterns(wild))
            for c, name in enumerate(codes.CATEGORIES):
                assert row[name] == hist[c] / hist.sum()


def test_pair_improvement_textbook_and_ordering():
    t = pair_improvement().set_index(["wild", "draw"])
    # Five-card draw: a pair drawing three improves 28.7 % of the time, with a kicker 26 %.
    assert t.loc[(False, 3), "improve"] == pytest.approx(0.2871, abs=1e-4)
    assert t.loc[(False, 2), "improve"] == pytest.approx(0.2590, abs=1e-4)
    assert t.loc[(True, 2), "improve"] < t.loc[(True, 3), "improve"]
    probs = t[[c for c in CATEGORIES]].sum(axis=1)
    np.testing.assert_allclose(probs, 1.0)
