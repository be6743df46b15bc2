"""Every game's kernels at the edges of their arrays, compiled with Numba's bounds checks.

With ``NUMBA_BOUNDSCHECK=1`` an index outside an array raises ``IndexError`` instead of
reading or writing past it, so a kernel that strays fails here rather than returning a wrong
number or crashing the interpreter.  The edges: the most seats each game allows, the fewest
live cards (Razz's community card, R-Z4; In-Between reshuffles; a stud hand dealt to seven
from a nearly empty deck), the least and the largest stacks.  The script runs in a
subprocess, because the setting is read when Numba starts; its kernels are cached in their
own folder inside the usual one, so only the first run compiles them.  (The Diablo exact
kernels have their own check in ``test_diablo_draw_equity.py``.)  The exact expected-rank
kernels of triple draw (:mod:`simkit.games.triple_draw.rank_exact`) take minutes to compile,
so their check is ``slow``: ``pytest -m slow tests/test_boundscheck.py``.
"""

from __future__ import annotations

import pytest
from bounds_run import assert_in_bounds, boundscheck_cache

SCRIPT = """
from simkit import deal, evaluate, format_cards, parse_cards
from simkit.games import diablo, in_between, razz, triple_draw

# cards and hands: every family's largest hands, from a live deck of exactly one hand
for family, n in (("high", 7), ("deuces_wild", 5), ("deuce_to_seven", 5), ("ace_to_five", 7)):
    evaluate(deal(20, n, dead=format_cards(range(52 - n)), seed=1), family)

# Razz and its variants: eight seats (the community card of R-Z4), nearly empty decks
for variant in ("razz", "stud-high", "stud-hilo", "ace-to-six", "private"):
    razz.match(["tight", "loose-aggressive", "random", "check-call"] * 2, 20, variant=variant, seed=1)
razz.match(["tips", "tight"] * 4, 20, seed=1)
razz.equity(["? ? ?"] * 8, trials=200, seed=1)
razz.equity(["? ? ?"] * 8, exact=False, trials=200, seed=1)
hand = "As 2d 3c 4h 5s 6d"
rest = [c for c in range(52) if c not in set(parse_cards(hand).tolist())]
for live in (1, 2, 3):
    dead = format_cards(rest[live:])
    razz.low_odds(hand, dead)
    razz.equity([hand], dead)
    razz.equity([hand], dead, exact=False, trials=50)
pair = ["As 2d 3c 4h 5s 6d 7c", "Ks Qd Jh Tc 9s 8c"]
rest = [c for c in range(52) if c not in set(parse_cards(" ".join(pair)).tolist())]
razz.equity(pair, format_cards(rest[1:]))  # one live card for the one card to come
razz.upcard_effect("As 2d 3c", 7, trials=100)

# 2-7 Triple Draw: six seats with redraws from a short pile, one seat left with chips
triple_draw.match(["pot-odds", "loose", "station", "tight-rule", "loose", "station"], hands=20, seed=1, quiet=True)
triple_draw.match(["loose"] * 6, hands=20, seed=2, stacks=3, quiet=True)
triple_draw.match(["station"] * 6, hands=20, seed=3, variant="a5-triple-draw", quiet=True)
triple_draw.starting_hand_equity(5, trials=100, quiet=True)

# In-Between: the most seats, three posts and pairs (the most cards per hand), one deck
for rules in (in_between.Rules(three_posts=True, stacks=5), in_between.Rules(pairs="split", low_ace=True)):
    in_between.match(["kelly", "fixed:1", "pot_fraction:1@2"] * 8, rules=rules, seed=1, quiet=True)
in_between.match(["random:1"] * 24, rules=in_between.Rules(red_dog=True, stacks=1), seed=2, quiet=True)
in_between.odds_table(format_cards(range(48)))

# Diablo: seven seats drawing three, series to the end
for rules in (diablo.Rules(draw_three=True), diablo.Rules(stacks=3)):
    diablo.simulate(["trips", "pair", "never", "jacks", "quads", "two_pair", "pair"], hands=20, rules=rules, quiet=True)
print("in bounds")
"""


def test_game_kernels_stay_in_bounds(tmp_path):
    """The kernels of all four games at their edges, with Numba's bounds checks on."""
    assert_in_bounds(SCRIPT, boundscheck_cache(tmp_path), 1200)


RANK_SCRIPT = """
from simkit import format_cards, parse_cards
from simkit.games.triple_draw.rank_exact import best_rank_keep, rank_play, rank_value, rank_values
from simkit.games.triple_draw.solver import discard_options, draw_odds

TARGETS = ("7", "8", "9", "10")
hand = "7s 5h 3d 2c Kc"
for family in ("deuce_to_seven", "ace_to_five"):
    for keep in ("7s 5h 3d 2c", "7s 5h", ""):  # two draws: one, three and five cards drawn
        rank_value(hand, keep, 2, family=family)
    best_rank_keep("Ks Qh Jd 9c 8s", 2, family=family)
    draw_odds("9s Tc 3s 6d Td", "", 2, policy="rank", family=family, targets=TARGETS)
    rank_play(hand, "5h 3d 2c Kc", 3, TARGETS, family=family)  # three draws, one card drawn first
    rank_play(hand, "7s 5h 3d", 3, family=family)
    # the fewest live cards the draws can take keeping three: 2 + 5 with two draws, 2 + 5 + 5 with three
    rest = [c for c in range(52) if c not in set(parse_cards(hand).tolist())]
    rank_value(hand, "7s 5h 3d", 2, dead=format_cards(rest[7:]), family=family)
    rank_play(hand, "7s 5h 3d", 3, dead=format_cards(rest[12:]), family=family)
rank_play("Ks Qh Jd 2c 3c", "Ks Qh Jd", 3, TARGETS)  # 2-7: suitless and flushed walks
draw_odds("9s 8h 3d Qc Kc", "9s 8h", 3, policy="rank", seed=1, quiet=True)  # sampled first draws
draw_odds("7s 5h 3d 2c Kc", None, 3, policy="rank")  # the quick search of the first keep
rank_values("Ks Qh Jd Jc 9h", ["Ks", "Ks Qh", "Ks Qh Jd"], 3, family="ace_to_five")  # shared rows
discard_options("Ks Qh Jd Jc 9h", 3, "rank", family="ace_to_five")  # every keep, the five-card draw
print("in bounds")
"""


@pytest.mark.slow
def test_rank_kernels_stay_in_bounds(tmp_path):
    """The exact expected-rank kernels of 2-7 and A-5 triple draw (two and three draws, by
    cards and by values, the suitless and flushed walks, the fewest live cards), with Numba's
    bounds checks on (slow: minutes of compiling)."""
    assert_in_bounds(RANK_SCRIPT, boundscheck_cache(tmp_path), 3000)
