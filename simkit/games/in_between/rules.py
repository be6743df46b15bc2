"""In-Between rules in one place: card values, spreads, settling one stake, and :class:`Rules`,
the one frozen record of every agreed setting (pot, rounds, stacks, ante, the variants).

Values (R-I1): a card's value is its rank plus two, so ``2 .. 14`` with the ace high.  In the
low-ace variant (R-I4) an ace dealt as a player's FIRST card may count ``1``; every later ace
(the second post, the third card) is always ``14`` ("Spätere Asse sind immer hoch").  So a third
ace never hits a low-ace post: it lies above the higher post, outside, unless that post is an
ace too.

The third card wins even money when strictly between the posts, loses the stake when outside,
and costs twice the stake when equal to either post; in the three-posts variant the post on the
second stake costs three times (R-I4).  A player who cannot pay the post in full pays all they
own (R-I2).  The spread is the number of values strictly between the posts, 0 for a pair or
adjacent posts (nothing can win there: the player should pass, R-I1).

Examples
--------
>>> spread(4, 11)
6
>>> settle("4c Jh", "9d", stake=5, pot=12, chips=100)  # the rule document's Anna
Settlement(outcome='between', player_delta=5, pot_after=7)
>>> settle("4c Jh", "4d", stake=5, pot=12, chips=100).player_delta
-10
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import NamedTuple

import numpy as np

from ...cards import N_CARDS, format_cards, parse_card, parse_cards
from ...checks import INT_LIMIT, flag, int_in_range, is_int, positive_int
from ...jit import njit

__all__ = [
    "MAX_PLAYERS",
    "OUTCOMES",
    "PAIRS_MODES",
    "VARIANT_FLAGS",
    "Rules",
    "Settlement",
    "card_value",
    "check_stake",
    "settle",
    "spread",
]

#: Most seats at one table: with hidden cards every player holds two cards through the round,
#: and the stack (reshuffled from the used cards when it runs out) must never be empty.
MAX_PLAYERS = 24
ACE = 12  # rank index of the ace
LOW_ACE_VALUE = 1
#: Outcome codes of :func:`_settle`, index = code.
OUTCOMES = ("pass", "between", "outside", "post")
PASS, BETWEEN, OUTSIDE, POST = 0, 1, 2, 3
#: The pairs variant (R-I4): off, split a pair for another ante, or the ante back on a pair or
#: adjacent posts.
PAIRS_MODES = ("none", "split", "ante_back")
#: The on/off variants of R-I4, by name (:meth:`Rules.from_names`).
VARIANT_FLAGS = ("low_ace", "two_pass", "ante_all", "hidden", "min_stake", "three_posts", "red_dog")


def card_value(card: int, *, low: bool = False) -> int:
    """The value of card integer ``card``: ``rank + 2`` (ace 14), or 1 for an ace with ``low``.

    >>> card_value(51), card_value(51, low=True), card_value(0)
    (14, 1, 2)
    >>> card_value(0, low=True)
    Traceback (most recent call last):
    ...
    ValueError: only an ace may count low, not card 0 (2c)
    """
    if not is_int(card) or not 0 <= card < N_CARDS:
        raise ValueError(f"card must be an integer 0..51, got {card!r}")
    rank = int(card) >> 2
    if flag(low, "low"):
        if rank != ACE:
            raise ValueError(f"only an ace may count low, not card {card} ({format_cards([card])})")
        return LOW_ACE_VALUE
    return rank + 2


@njit(cache=True, inline="always")
def _spread(low, high):
    """Values strictly between two post values (0 for a pair or adjacent posts)."""
    s = high - low - 1
    return s if s > 0 else 0


def spread(low: int, high: int) -> int:
    """The number of values strictly between post values ``low`` and ``high`` (any order).

    >>> spread(2, 14), spread(7, 8), spread(9, 9), spread(1, 14)
    (11, 0, 0, 12)
    """
    lo, hi = sorted(int_in_range(v, "a post value", 1, 14) for v in (low, high))
    return int(_spread(lo, hi))


@njit(cache=True, inline="always")
def _settle(low, high, third, stake, mult, chips):
    """Settle ``stake`` on posts ``low <= high`` against third-card value ``third``.

    Returns ``(outcome, player_delta)``; the pot changes by ``-player_delta``.  ``mult`` is the
    post penalty (2, or 3 on the second stake of three posts); a player who cannot pay it pays
    ``chips``, all they own (R-I2).
    """
    if stake <= 0:
        return PASS, 0
    if low < third < high:
        return BETWEEN, stake
    if third == low or third == high:
        loss = mult * stake
        if loss > chips:
            loss = chips
        return POST, -loss
    return OUTSIDE, -stake


class Settlement(NamedTuple):
    """What one stake did: the outcome, the player's chip change and the pot after it."""

    outcome: str
    player_delta: int
    pot_after: int


def check_stake(stake, pot: int, chips: int, *, minimum: int = 0, who: str = "the player") -> int:
    """Check that ``stake`` is a legal number of chips (R-I2) and return it as an int.

    A stake is a whole number from 0 (pass) to the chips in the pot, and never more than the
    player owns; ``minimum`` is the least the variant demands (already capped by pot and chips).

    >>> check_stake(5, pot=12, chips=100)
    5
    >>> check_stake(13, pot=12, chips=100)
    Traceback (most recent call last):
    ...
    ValueError: the player staked 13 chips, more than the 12 in the pot (R-I2)
    >>> check_stake(-1, pot=12, chips=100)
    Traceback (most recent call last):
    ...
    ValueError: the player staked -1 chips; a stake cannot be negative
    """
    if not is_int(stake):
        if isinstance(stake, (float, np.floating)) and float(stake).is_integer():
            stake = int(stake)
        else:
            raise ValueError(f"{who} staked {stake!r}; a stake is a whole number of chips")
    stake = int(stake)
    if stake < 0:
        raise ValueError(f"{who} staked {stake} chips; a stake cannot be negative")
    if stake > pot:
        raise ValueError(f"{who} staked {stake} chips, more than the {pot} in the pot (R-I2)")
    if stake > chips:
        raise ValueError(f"{who} staked {stake} chips but owns only {chips} (R-I2)")
    if stake < minimum:
        raise ValueError(f"{who} staked {stake} chips, below the minimum stake of {minimum} (R-I4)")
    return stake


def _one_card(card) -> int:
    """A card given as text (``"Kd"``) or as an integer 0..51."""
    if isinstance(card, str):
        return parse_card(card)
    if not is_int(card) or not 0 <= card < N_CARDS:
        raise ValueError(f"a card is a string such as 'Kd' or an integer 0..51, got {card!r}")
    return int(card)


def settle(
    posts,
    third,
    *,
    stake: int,
    pot: int,
    chips: int,
    low_ace: bool = False,
    post_penalty: int = 2,
) -> Settlement:
    """Settle one stake by the rules (R-I1, R-I2): the outcome, the chip change and the new pot.

    Parameters
    ----------
    posts
        The two post cards, first card first (a card string such as ``"4c Jh"`` or two card
        integers).
    third
        The third card (a string or card integer).
    stake, pot, chips
        The stake, the chips in the pot and the player's own chips before the stake.
    low_ace
        Count a first-card ace low (value 1) (R-I4); a third-card ace is always high.
    post_penalty
        What a post costs in stakes: 2, or 3 for the second stake of three posts (R-I4).

    Raises
    ------
    ValueError
        For an illegal stake (negative, above the pot, above own chips) or bad cards.

    Examples
    --------
    >>> settle("4c Jh", "Kd", stake=5, pot=12, chips=100)
    Settlement(outcome='outside', player_delta=-5, pot_after=17)
    >>> settle("4c Jh", "Jd", stake=5, pot=12, chips=7)  # cannot pay 10: pays all 7 (R-I2)
    Settlement(outcome='post', player_delta=-7, pot_after=19)
    >>> settle("Ac 9h", "As", stake=4, pot=12, chips=20, low_ace=True)  # third ace is high
    Settlement(outcome='outside', player_delta=-4, pot_after=16)
    """
    cards: list[int]
    if isinstance(posts, str):
        cards = parse_cards(posts, n=2).tolist()
    elif isinstance(posts, (list, tuple, np.ndarray)):
        cards = [_one_card(c) for c in posts]
    else:
        raise ValueError(
            f"posts are two cards (a string such as '4c Jh' or two card integers), got {posts!r}"
        )
    if len(cards) != 2 or cards[0] == cards[1]:
        raise ValueError(f"expected two different post cards, got {posts!r}")
    t = _one_card(third)
    if t in (int(cards[0]), int(cards[1])):
        raise ValueError("the third card cannot be one of the posts")
    if post_penalty not in (2, 3):
        raise ValueError(f"post_penalty must be 2 or 3, got {post_penalty!r}")
    for name, v in (("pot", pot), ("chips", chips)):
        int_in_range(v, name, 0, INT_LIMIT)
    low_ace = flag(low_ace, "low_ace")
    stake = check_stake(stake, pot, chips)
    v1 = card_value(int(cards[0]), low=low_ace and (int(cards[0]) >> 2) == ACE)
    v2 = card_value(int(cards[1]))
    lo, hi = min(v1, v2), max(v1, v2)
    outcome, delta = _settle(lo, hi, card_value(t), stake, post_penalty, chips)
    return Settlement(OUTCOMES[outcome], int(delta), int(pot - delta))


def _whole(name: str, value, minimum: int = 1) -> int:
    """``value`` as an int, or ValueError naming the setting and the bad value."""
    if not is_int(value) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    if value > INT_LIMIT:
        raise ValueError(f"{name} must be at most 2**53, got {value!r}")
    return int(value)


@dataclass(frozen=True)
class Rules:
    """Every agreed setting of an In-Between table: the dealer's game (R-I3) and the variants
    (R-I4), all variants off by default.  The only place a default lives; validated when made
    (``ValueError`` naming the bad value).

    Attributes
    ----------
    pot
        The dealer's opening pot, the agreed amount he antes (R-I3, default 20).
    rounds
        Rounds per dealer's game (R-I3, default 3); in the ante-for-everyone variant, rounds
        per pot game; in Red Dog, the hands a bank deals in its turn.
    stacks
        Everyone's chips at the start (R-I3, default 100).
    ante
        The ante ("Grundeinsatz") of every variant that uses one (ante_all, split pairs, ante
        back, minimum stake, the second stake of three posts, Red Dog's bet); default 1.
    low_ace
        A first-card ace may count low; the engine counts it low when that gives the better
        expected value per chip under the seat's odds model (ties: high).
    two_pass
        Twice through the deck instead of a shuffle every round; the dealer's game then ends
        when the deck runs out the second time (the round is finished first), and ``rounds`` is
        not used.
    ante_all
        Everyone, the dealer too, antes ``ante`` each round; the dealer deals to himself and
        plays last; the deal passes left every round; the game ends when the pot is won or
        after ``rounds`` rounds, when the pot is split among the players of the last round.
    hidden
        Both cards dealt face down; a player who passes never shows them.
    min_stake
        Every stake is at least the ante (capped by the pot and own chips); pairs and adjacent
        posts too, unless the pairs variant settles them.
    pairs
        ``"none"``; ``"split"``: with a pair, pay another ante and play each card as the first
        card of a new hand (one split per turn); ``"ante_back"`` (needs ``ante_all``): a pair or
        adjacent posts take the ante back from the pot and are not played.
    three_posts
        Three posts: a stake on the first gap, then a second stake (at least the ante, at most
        the pot) on the second gap, where a post costs three stakes.
    red_dog
        Red Dog, the casino version (R-I4, :mod:`.red_dog`): the dealer is the bank for
        ``rounds`` hands and pays from his own chips, there is no pot (``pot`` is not used).
        Each other player with chips bets the ante (all he has when short, R-E2), two cards
        from a fresh deck are turned for all: adjacent ranks push; a pair turns a third card,
        the same rank pays 11 to 1, else a push; otherwise each player may raise by his ante
        (all he has left when short), and a third card strictly between pays 5, 4, 2 or 1 to
        1 at spread 1, 2, 3, 4+ on the whole bet, else the bank takes the bets.  A bank that
        cannot pay every win in full pays the players in turn from his left, each in full
        while he can, the rest of his chips to the next; his turn ends when he has no chips.
        Whether a seat raises comes from its stake policy (:mod:`.engine`, ``_raises``).
        Red Dog is played alone: no other variant goes with it.

    Examples
    --------
    >>> Rules(pot=10, low_ace=True).pot, Rules().stacks
    (10, 100)
    >>> Rules(pairs="ante_back")
    Traceback (most recent call last):
    ...
    ValueError: pairs='ante_back' needs ante_all=True: only an ante can be paid back
    >>> Rules(pot=0)
    Traceback (most recent call last):
    ...
    ValueError: pot must be an integer >= 1, got 0
    >>> Rules(red_dog=True, low_ace=True)
    Traceback (most recent call last):
    ...
    ValueError: red_dog cannot be combined with low_ace: Red Dog has no pot
    """

    pot: int = 20
    rounds: int = 3
    stacks: int = 100
    ante: int = 1
    low_ace: bool = False
    two_pass: bool = False
    ante_all: bool = False
    hidden: bool = False
    min_stake: bool = False
    pairs: str = "none"
    three_posts: bool = False
    red_dog: bool = False

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> Rules:
        """Raise ValueError for a bad value or a combination the engine does not play."""
        for name in ("pot", "rounds", "stacks"):
            _whole(name, getattr(self, name))
        positive_int(self.ante, "ante")
        for name in VARIANT_FLAGS:
            flag(getattr(self, name), name)
        if self.pairs not in PAIRS_MODES:
            raise ValueError(f"pairs must be one of {', '.join(PAIRS_MODES)}, got {self.pairs!r}")
        if self.pairs == "ante_back" and not self.ante_all:
            raise ValueError("pairs='ante_back' needs ante_all=True: only an ante can be paid back")
        if self.three_posts and self.pairs != "none":
            raise ValueError("three_posts cannot be combined with the pairs variant")
        if self.three_posts and self.hidden:
            raise ValueError("three_posts cannot be combined with hidden cards")
        if self.red_dog:
            other = [v for v in self.variants if v != "red_dog"]
            if other:
                raise ValueError(f"red_dog cannot be combined with {', '.join(other)}: Red Dog has no pot")
        return self

    def unused(self) -> dict[str, str]:
        """The settings these rules never read, each with the reason (a command line refuses
        them when typed): ``pot`` in Red Dog and with ``ante_all``, ``rounds`` with ``two_pass``
        (unless ``ante_all``), ``ante`` when no variant has one.

        >>> Rules().unused()
        {'ante': 'is not used: no variant with an ante is on (ante_all, pairs, min_stake, three_posts, red_dog)'}
        >>> sorted(Rules(red_dog=True).unused())
        ['pot']
        """
        out = {}
        if self.red_dog:
            out["pot"] = "is not used in Red Dog: the bank pays from its own chips, there is no pot"
        elif self.ante_all:
            out["pot"] = "is not used with ante_all: the antes make the pot, the dealer opens none"
        if self.two_pass and not self.ante_all:
            out["rounds"] = (
                "is not used with two_pass: the dealer's game ends when the deck runs out the second time"
            )
        if not (self.ante_all or self.pairs != "none" or self.min_stake or self.three_posts or self.red_dog):
            out["ante"] = (
                "is not used: no variant with an ante is on (ante_all, pairs, min_stake, three_posts, red_dog)"
            )
        return out

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants switched on, by name (the form :meth:`from_names` reads).

        >>> Rules(low_ace=True, pairs="split").variants
        ('low_ace', 'pairs=split')
        """
        on = [f for f in VARIANT_FLAGS if getattr(self, f)]
        if self.pairs != "none":
            on.append(f"pairs={self.pairs}")
        return tuple(on)

    @classmethod
    def from_names(cls, names, *, ante: int = 1, **settings) -> Rules:
        """Rules with the variants named as in ``["low_ace", "pairs=split"]`` (the CLI form);
        ``settings`` are the other fields (``pot``, ``rounds``, ``stacks``).

        >>> Rules.from_names(["low-ace", "pairs=split"]).pairs
        'split'
        >>> Rules.from_names(["wild"])
        Traceback (most recent call last):
        ...
        ValueError: unknown variant 'wild'; expected low_ace, two_pass, ante_all, hidden, min_stake, three_posts, red_dog, pairs=split or pairs=ante_back
        """
        kw: dict = {"ante": ante, **settings}
        for raw in names:
            name = raw.strip().replace("-", "_")
            if not name:
                continue
            if name in VARIANT_FLAGS:
                kw[name] = True
            elif name.startswith("pairs=") and name[6:] in PAIRS_MODES:
                kw["pairs"] = name[6:]
            else:
                raise ValueError(
                    f"unknown variant {raw!r}; expected {', '.join(VARIANT_FLAGS)}, "
                    "pairs=split or pairs=ante_back"
                )
        return cls(**kw)
