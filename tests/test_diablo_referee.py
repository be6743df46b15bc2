"""The engine's deals checked by a plain Python referee written from the rules.

Random deals are played through the compiled engine (random and threshold players, small
stacks: all-ins, side pots, short openers); for every deal the referee recomputes, from the
recorded actions and the final hands only, who opened (R-D3), whether the deal is void and
the pot stays (R-D4), the antes (none in a Diablo pot), every side pot and its winners with
the reference evaluator of tests/naive.py, the odd chips (R-P2, R-P3), and the Diablo payment
(R-D5), and checks that the cards are consistent (at most two exchanged, no card twice).
"""

from __future__ import annotations

import pytest

import naive
from simkit.cards import parse_cards
from simkit.games.diablo.play import Rules, play_deals
from simkit.games.diablo.strategies import Player
from simkit.poker.actions import ANTE, BET, FOLD

ROUND, SEAT, ACTION, CHIPS = 0, 1, 2, 3


def referee(rec, diablo_pot: bool, rules: Rules, n: int) -> bool:
    """Check one deal; return whether the next deal is played for a Diablo pot."""
    dealt = [parse_cards(h).tolist() if h else [] for h in rec.dealt]
    final = [parse_cards(h).tolist() if h else [] for h in rec.hands]
    contrib = [0] * n
    folded, opener, antes = set(), -1, {}
    for row in rec.log.tolist():
        contrib[row[SEAT]] += row[CHIPS]
        if row[ACTION] == FOLD:
            folded.add(row[SEAT])
        if row[ACTION] == ANTE:
            antes[row[SEAT]] = row[CHIPS]
        if row[ROUND] == 0 and row[ACTION] == BET and opener < 0:
            opener = row[SEAT]  # R-D3: the first bet of the first round
    dealt_in = [s for s in range(n) if rec.start[s] > 0]
    assert [s for s in range(n) if dealt[s]] == dealt_in  # R-P4: no chips, no cards
    if diablo_pot or not rules.ante:
        assert antes == {}
    else:
        assert antes == {s: min(rules.ante, rec.start[s]) for s in dealt_in}
    pot = sum(contrib) + rec.dead_in
    # cards: every final hand keeps part of its dealt hand and draws at most two new cards
    all_final = [c for h in final for c in h]
    assert len(all_final) == len(set(all_final))
    for s in dealt_in:
        new = set(final[s]) - set(dealt[s])
        assert len(new) <= (2 if not rules.draw_three else 4)
        assert not new & {c for h in dealt for c in h}  # discards never come back
    if opener < 0:
        assert rec.outcome == "void" and rec.pot == pot  # R-D4: the pot stays
        assert rec.stacks == [rec.start[s] - contrib[s] for s in range(n)]
        return diablo_pot  # a void deal keeps the pot, Diablo or not
    assert rec.opener == opener
    in_hand = [s for s in dealt_in if s not in folded]
    payout = [0] * n
    if len(in_hand) == 1:
        payout[in_hand[0]] = pot
    else:
        levels = sorted({contrib[s] for s in in_hand})
        prev_level = 0
        for i, level in enumerate(levels):
            top = i == len(levels) - 1
            layer = sum((c if top else min(c, level)) - min(c, prev_level) for c in contrib)
            if i == 0:
                layer += rec.dead_in  # carried chips belong to the main pot
            eligible = [s for s in in_hand if contrib[s] >= level]
            keys = {s: naive.deuces_wild5(final[s])[0] for s in eligible}
            best = max(keys.values())
            winners = [s for s in eligible if keys[s] == best]
            share, rest = divmod(layer, len(winners))
            for k in range(1, n + 1):  # odd chips from the dealer's left (R-P3)
                s = (rec.dealer + k) % n
                if s in winners:
                    payout[s] += share + (1 if rest > 0 else 0)
                    rest -= 1 if rest > 0 else 0
            prev_level = level
    assert rec.payout == payout
    assert rec.pot == pot
    after = [rec.start[s] - contrib[s] + payout[s] for s in range(n)]
    penalty = 0
    if rules.diablo and payout[opener] == 0:  # R-D5, also when the opener folded
        penalty = min(pot, after[opener], rules.cap or pot)
    assert rec.penalty == penalty
    after[opener] -= penalty
    assert rec.stacks == after
    # R-D3: the second round starts with the opener or the next player still in on the left
    r1 = [row for row in rec.log.tolist() if row[ROUND] == 1]
    if r1:
        first = r1[0][SEAT]
        order = [(opener + k) % n for k in range(n)]
        folded0 = {row[SEAT] for row in rec.log.tolist() if row[ACTION] == FOLD and row[ROUND] == 0}
        candidates = [s for s in order if s not in folded0 and s in dealt_in
                      and sum(row[CHIPS] for row in rec.log.tolist() if row[SEAT] == s
                              and row[ROUND] == 0) + antes.get(s, 0) < rec.start[s]]
        assert first == candidates[0]
    return penalty > 0


PLAYERS = [Player("pair", kind="random"), Player("trips", bluff=0.15),
           Player("two_pair", kind="loose-aggressive"), Player("jacks"),
           Player("pair", kind="random"), Player("aces", kind="loose-aggressive"),
           Player("trips")]


@pytest.mark.parametrize("n,rules,stacks", [
    (4, Rules(), [40, 25, 60, 12]),
    (5, Rules(cap=12), [30, 30, 9, 50, 20]),
    (6, Rules(diablo=False), [20] * 6),
    (7, Rules(draw_three=True), [35, 15, 50, 25, 40, 10, 30]),
    (3, Rules(ante=2, jacks_or_better=True), [25, 40, 18]),
])
def test_engine_deals_match_the_referee(n, rules, stacks):
    checked = 0
    for session in range(8):
        recs = play_deals([None] * 150, stacks, rules, dealer=session % n,
                          players=PLAYERS[:n], seed=100 * n + session)
        diablo_pot = False
        for rec in recs:
            diablo_pot = referee(rec, diablo_pot, rules, n)
            checked += 1
            assert sum(rec.stacks) + rec.penalty + (rec.pot if rec.outcome == "void" else 0) \
                == sum(stacks)
    assert checked > 150
