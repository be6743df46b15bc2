"""The beginner tips of the four rule documents, as claims the report measures.

Each rule document ends with tips for beginners; simkit turns every one into a measured
claim with a verdict (``holds``, ``holds with a caveat``, ``does not hold``).  The ids are the
names the report, the tests and the notebooks use; ``docs/rules.md`` lists the same tips
(a test keeps the two alike).

>>> [t.id for t in TIPS][:6]
['D1', 'D2', 'D3', 'D4', 'D5', 'T1']
>>> tip("I2").game
'in_between'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TIPS", "Tip", "tip"]


@dataclass(frozen=True)
class Tip:
    """A beginner tip: its id, game, claim and what the report measures to test it."""

    id: str
    game: str
    claim: str
    measure: str


TIPS: tuple[Tip, ...] = (
    Tip(
        "D1",
        "diablo",
        "Opening is dangerous: open only with a hand that will probably win, e.g. three of a kind or better.",
        "the opener's expected chips by opening threshold and number of players, under the Diablo rule; where is the best threshold?",
    ),
    Tip(
        "D2",
        "diablo",
        "Every 2 in your hand is worth gold.",
        "win probability and expected chips by number of deuces held.",
    ),
    Tip(
        "D3",
        "diablo",
        "Two pair without a 2 is weak here.",
        "where natural two pair stands among final hands, and how often it wins a showdown, by number of opponents.",
    ),
    Tip(
        "D4",
        "diablo",
        "You may exchange at most two cards, so a single pair improves less often than in normal draw poker.",
        "improvement odds of a pair drawing 2 (Diablo) vs 3 (normal draw), with and without wild cards.",
    ),
    Tip(
        "D5",
        "diablo",
        "The opener has much to lose and so rarely bluffs.",
        "the expected value of opening as a bluff, with and without the Diablo rule.",
    ),
    Tip(
        "T1",
        "triple_draw",
        "The 7 is the magic card: play three or more different cards 7 or lower, above all with the 2.",
        "equity of starting holdings by how many distinct cards ≤ 7 and whether a 2 is among them.",
    ),
    Tip(
        "T2",
        "triple_draw",
        "6-5-4-3-2 and 7-6-5-4-3 look great but are straights and lose to almost everything; the same for five of one suit.",
        "their rank among all hands and their showdown win rate.",
    ),
    Tip(
        "T3",
        "triple_draw",
        "Aces are high: an ace is the worst card, worse than a king.",
        "the value of holding an ace vs a king (equity, draw odds).",
    ),
    Tip(
        "T4",
        "triple_draw",
        "Watch how many cards others draw: who stands pat early probably has a good hand; who still draws two at the last draw rarely does.",
        "the distribution of final hands conditional on the draw counts seen.",
    ),
    Tip(
        "T5",
        "triple_draw",
        "Don't call just because you already have chips in the pot.",
        'calling by pot odds vs calling "because I\'m in", in chips per hand.',
    ),
    Tip(
        "I1",
        "in_between",
        "Count the values between: with 11 (Ace and 2) you win very often; with 1 or 2, pass or stake very little.",
        "win, post and loss odds and the expected value per chip by spread; the best stake by spread.",
    ),
    Tip(
        "I2",
        "in_between",
        "Even with a wide spread you can hit the post: never stake more than you can pay twice.",
        "post odds by spread, and ruin rates of stake rules that ignore it.",
    ),
    Tip(
        "I3",
        "in_between",
        "As dealer, a small pot limits how much one player can take from you at once.",
        "the dealer's result by opening pot size, against players who stake well.",
    ),
    Tip(
        "R1",
        "razz",
        "Play three different cards 8 or lower; the lower the better; three cards 5 or lower are excellent.",
        "equity of three-card starts by their highest card and pairing.",
    ),
    Tip(
        "R2",
        "razz",
        "A King or Queen among your first three cards is usually a reason to fold.",
        "the equity and expected chips of such starts.",
    ),
    Tip(
        "R3",
        "razz",
        "Watch the upcards: if the small cards you need lie with others your chances sink; high cards with opponents are good news.",
        "equity of one start as the others' upcards change from high to low.",
    ),
    Tip(
        "R4",
        "razz",
        "An early pair is no disaster, more cards come; but don't pay much to find out.",
        "how often a start paired on 4th street still makes a good low, and its equity.",
    ),
    Tip(
        "R5",
        "razz",
        "Don't call just because you already have chips in the pot.",
        "as T5.",
    ),
)


def tip(tip_id: str) -> Tip:
    """The tip with this id.

    >>> tip("X9")
    Traceback (most recent call last):
    ...
    ValueError: unknown tip 'X9'; the tips are D1-D5, T1-T5, I1-I3, R1-R5
    """
    for t in TIPS:
        if t.id == tip_id:
            return t
    raise ValueError(f"unknown tip {tip_id!r}; the tips are D1-D5, T1-T5, I1-I3, R1-R5")
