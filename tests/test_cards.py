"""simkit.cards: every spelling of every card (R-C1), the round trip, and bad input."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from simkit.cards import (
    CARD_DTYPE,
    card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

ENGLISH_RANKS = "23456789TJQKA"
# R-C1: the documents write Queen D (Dame), Jack B (Bube) and Ten 10.
GERMAN_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"]
SUIT_SPELLINGS = ["cdhs", "CDHS", "♣♦♥♠", "♧♢♡♤"]  # index = suit (c d h s)


def spellings(c: int) -> list[str]:
    """Every way to write card ``c``: English and German ranks, letter and symbol suits, any
    case."""
    r, s = divmod(c, 4)
    ranks = {ENGLISH_RANKS[r], ENGLISH_RANKS[r].lower(), GERMAN_RANKS[r], GERMAN_RANKS[r].lower()}
    suits = {sp[s] for sp in SUIT_SPELLINGS}
    return sorted(rank + suit for rank in ranks for suit in suits)


def english(c: int) -> str:
    return ENGLISH_RANKS[c // 4] + "cdhs"[c % 4]


def test_spellings_helper():
    assert spellings(parse_card("Qs")) == sorted(r + s for r in "QqDd" for s in ("s", "S", "♠", "♤"))
    assert spellings(8 * 4 + 2) == sorted(r + s for r in ("T", "t", "10") for s in "hH♥♡")


def test_card_numbering():
    # card = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c d h s.
    assert parse_card("2c") == 0 and parse_card("2s") == 3
    assert parse_card("As") == 51 and parse_card("Ac") == 48
    assert parse_card("Th") == 4 * 8 + 2
    assert card(12, 3) == 51 and card(0, 0) == 0
    cards = np.arange(52, dtype=CARD_DTYPE)
    assert (rank_of(cards) == cards // 4).all()
    assert (suit_of(cards) == cards % 4).all()


@pytest.mark.parametrize("c", range(52))
def test_every_spelling_of_every_card(c):
    names = spellings(c)
    for text in names:
        assert parse_card(text) == c, text
        assert parse_cards(text).tolist() == [c], text
        assert format_cards(parse_cards(text)) == english(c)
    assert format_cards([c]) == english(c)


def test_german_examples():
    # R-C1 spellings as the rule documents write them.
    assert format_cards(parse_cards("A♦ 3♠ 6♥ 8♣ 9♠ 9♦ D♣")) == "Ad 3s 6h 8c 9s 9d Qc"
    assert format_cards(parse_cards("2♣ 4♦ 7♥ 7♠ 8♦ 10♥ K♠")) == "2c 4d 7h 7s 8d Th Ks"
    assert format_cards(parse_cards("B♠ 10♣ D♦")) == "Js Tc Qd"


@pytest.mark.parametrize("sep", [" ", ",", ", ", "", "  ", " , ", "\t", ";"])
def test_full_deck_round_trip(sep):
    """Whole deck, shuffled, in a random spelling per card, any separator (or none)."""
    rnd = random.Random(7 + len(sep))
    order = list(range(52))
    rnd.shuffle(order)
    text = sep.join(rnd.choice(spellings(c)) for c in order)
    cards = parse_cards(text)
    assert cards.dtype == CARD_DTYPE
    assert cards.tolist() == order
    assert parse_cards(text, n=52).tolist() == order
    assert format_cards(cards) == " ".join(english(c) for c in order)
    assert parse_cards(format_cards(cards)).tolist() == order


def test_all_spellings_together():
    # Every spelling of all 52 cards once more, written together without separators, one deck
    # at a time (every card once per deck).
    per_card = [spellings(c) for c in range(52)]
    for i in range(max(len(s) for s in per_card)):
        text = "".join(s[i % len(s)] for s in per_card)
        assert parse_cards(text).tolist() == list(range(52)), text


def test_iterable_of_tokens():
    assert parse_cards(["As", "10♥", "Dc"]).tolist() == [51, 34, 40]


def test_empty_string():
    assert parse_cards("").size == 0
    with pytest.raises(ValueError, match="expected 2 cards, got 0"):
        parse_cards("", n=2)


@pytest.mark.parametrize(
    "text,token",
    [
        ("As Xx", "Xx"),
        ("1x", "1x"),
        ("As 11h", "11h"),
        ("As Kd Zq", "Zq"),
        ("Ase", "e"),
        ("A", "A"),
        ("AsKdQ", "Q"),
        ("As, 1c", "1c"),
        ("As Kx", "Kx"),
        ("Es", "Es"),
    ],
)
def test_unknown_token_named(text, token):
    with pytest.raises(ValueError, match=f"unknown card '{token}'"):
        parse_cards(text)


@pytest.mark.parametrize(
    "text,token",
    [("As As", "As"), ("As Kd as", "as"), ("A♠ As", "As"), ("10h Th", "Th"), ("DcQc", "Qc")],
)
def test_repeated_card_named(text, token):
    with pytest.raises(ValueError, match=f"repeated card '{token}'"):
        parse_cards(text)


@pytest.mark.parametrize("text,n", [("As Kd", 5), ("As Kd Qh Jc Ts 9s", 5), ("As", 0)])
def test_wrong_count(text, n):
    got = len(text.split())
    with pytest.raises(ValueError, match=f"expected {n} cards, got {got}"):
        parse_cards(text, n=n)


def test_bad_card_arguments():
    with pytest.raises(ValueError, match="rank 13"):
        card(13, 0)
    with pytest.raises(ValueError, match="suit 4"):
        card(0, 4)
    with pytest.raises(ValueError, match="card 52"):
        format_cards([1, 52])
    with pytest.raises(ValueError, match="card -1"):
        format_cards([-1])


def test_every_pair_of_cards_parses_in_both_orders():
    for a, b in itertools.combinations(range(52), 2):
        assert parse_cards(english(a) + english(b)).tolist() == [a, b]
        assert parse_cards(english(b) + "," + english(a)).tolist() == [b, a]
