"""Numbers in range (issue #17, items 4 and 7): every number a user types or passes is refused
with an error naming it when it is beyond what the engines represent, NaN or infinite, or out
of the range its meaning allows; never an ``OverflowError`` or a silent wrap-around.

Every check here fails before any kernel runs, so the file is fast.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from simkit.checks import INT_LIMIT, chips, chips_per_seat
from simkit.cli.common import count, int_in_range, whole_number
from simkit.cli.main import main

HUGE = str(2**63)  # one more than int64 holds


@pytest.mark.parametrize(
    "argv, message",
    [
        (["evening", "triple-draw", "--evenings", "1", "--stacks", HUGE], "is too large: at most 2**53"),
        (["diablo", "match", "trips", "jacks", "pair", "--stacks", HUGE], "--stacks must be 1..2**53"),
        (
            ["diablo", "match", "trips", "jacks", "pair", "--ante", "-1"],
            "--ante must be 0..2**53, got '-1'",
        ),
        (["diablo", "series", "--session", "nan"], "--session must be 1..2**53, got 'nan'"),
        (
            ["diablo", "equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--order", "1", "11"],
            "--order must be 1..10",
        ),
        (
            ["triple-draw", "match", "loose", "station", "--big-bet", "1e400"],
            "--big-bet must be 1..2**53, got '1e400'",
        ),
        (
            ["triple-draw", "match", "loose", "station", "--stacks", "٣"],
            "--stacks must be 1..2**53, got '٣'",
        ),
        (["in-between", "sizing", "--min-stake", HUGE], "--min-stake must be 0..2**53"),
        (["in-between", "match", "kelly", "fixed", "--pot", "10**30"], "'10**30' is too large"),
        (["evening", "razz", "--ante", HUGE], "--ante must be"),
        (["evening", "diablo", "--before", "1,nan"], "'1,nan' is not two whole numbers LO,HI"),
        (["report", "--scale", "inf"], "scale must be a positive number, got 'inf'"),
        (["sample", "high", "--trials", "1.5"], "'1.5' is not a positive whole number"),
        (["sample", "high", "--seed", "-6446744073709551615"], "seed must be a non-negative integer"),
    ],
)
def test_cli_refuses_numbers_out_of_range(argv, message, capsys):
    """Each of these once gave a traceback, a wrap-around or an internal value."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert message in err


def test_whole_numbers_are_ascii_and_exact():
    assert [whole_number(t) for t in ("7", "+7", "-7", "7_000", "7e3", "2**10", " 7 ")] == [
        7,
        7,
        -7,
        7000,
        7000,
        1024,
        7,
    ]
    for text in ("", "7.5", "nan", "inf", "1e400", "٣", "²", "0x10", "2**-1", "seven"):
        assert whole_number(text) is None, text
    assert whole_number("10**100000") > INT_LIMIT  # refused by the range, without computing it
    assert count("2**53") == INT_LIMIT
    with pytest.raises(Exception, match="too large"):
        count(str(INT_LIMIT + 1))
    with pytest.raises(Exception, match="player count must be 2..8, got ' 9'"):
        int_in_range(2, 8, "player count")(" 9")


@pytest.mark.parametrize("value", [-1, 2**53 + 1, 2**63, 2**64, 1.5, math.nan, True, "3", None])
def test_chips_refuses_what_int64_sums_cannot_hold(value):
    with pytest.raises(ValueError, match="stacks must be"):
        chips(value, "stacks")
    with pytest.raises(ValueError, match="stacks must be"):
        chips_per_seat([1, value], 2)


def test_rules_refuse_chips_beyond_int64():
    from simkit.games import diablo, in_between, razz, triple_draw

    for rules, fields in (
        (diablo.Rules, ("ante", "cap", "stacks", "session")),
        (razz.Rules, ("ante", "stacks", "big_bet", "max_raises")),
        (triple_draw.Rules, ("ante", "stacks", "big_bet", "max_raises")),
        (in_between.Rules, ("pot", "stacks", "rounds")),
    ):
        for field in fields:
            with pytest.raises(ValueError, match=field):
                rules(**{field: 2**63})


def test_library_refuses_bad_counts_before_any_kernel():
    from simkit.games import in_between, razz, triple_draw

    with pytest.raises(ValueError, match="stacks must be one integer"):
        razz.play_hands(["tight", "tight"], 5, stacks=2**63)
    with pytest.raises(ValueError, match="stacks must be one integer"):
        triple_draw.play(["loose", "station"], hands=5, stacks=[100, -1])
    with pytest.raises(ValueError, match="deals must be a positive integer, got 9223372036854775808"):
        in_between.match(["kelly", "fixed:1"], hands=3, deals=2**63)
    for bad in (0, -1, True, 8):
        with pytest.raises(ValueError, match="opponents must be an integer 1..7"):
            razz.dead_card_values("As 2d 3c", bad, trials=10)
    with pytest.raises(ValueError, match="n_opponents must be an integer 1..5, got True"):
        triple_draw.starting_hand_equity(True, trials=10)


def test_upcards_name_the_rank_not_its_index():
    """Once "no card of rank 11 left"."""
    from simkit.games.razz.studies import upcard_scenarios

    with pytest.raises(ValueError, match="the start 'Ks Kh Kd' and the other upcards leave no K to show"):
        upcard_scenarios("Ks Kh Kd", 7)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("pot:-1", "got -1.0 in policy 'pot:-1'"),  # once "bad parameter '_1'"
        ("pot:nan", "finite number >= 0, got nan"),
        ("kelly:1e9", "kelly takes a multiplier 0..100"),
        ("fixed:1e300", "a fixed stake is a whole number of chips up to 2**53"),
        ("pass_below:inf", "pass_below needs a spread"),
        ("kelly@٣", "bad min_spread '٣'"),
        ("pot:0.5@99", "min_spread must be an integer in 0..12"),
    ],
)
def test_in_between_policies_name_what_was_typed(spec, message):
    from simkit.games.in_between.strategies import parse_policy

    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("*", r"\*")):
        parse_policy(spec)


def test_in_between_policy_parameter_types():
    from simkit.games.in_between import Policy

    with pytest.raises(TypeError, match="policy parameter must be a number, got '3'"):
        Policy("kelly", "3")
    with pytest.raises(TypeError, match="got True"):
        Policy("fixed", True)
    with pytest.raises(ValueError, match="min_spread"):
        Policy("kelly", 1.0, math.inf)


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("P_BLUFF", 1.5, "P_BLUFF of seat 1 must be a probability 0..1, got 1.5"),
        ("P_BLUFF", -0.1, "P_BLUFF of seat 1 must be a probability"),
        ("P_SIZE", 1e300, "P_SIZE of seat 1 must be a fraction of the pot 0..10"),
        ("P_CALL", math.nan, "P_CALL of seat 1 must be a finite number, got nan"),
        ("P_OPEN", math.inf, "P_OPEN of seat 1 must be a finite number"),
        ("P_ODDS", -1.0, "P_ODDS of seat 1 must be >= 0"),
        ("P_SUNK", -0.5, "P_SUNK of seat 1 must be >= 0"),
    ],
)
def test_strategy_parameters_in_range(name, value, message):
    from simkit.poker.strategies import strategy_table

    with pytest.raises(ValueError, match=message):
        strategy_table([("tight", {name: value}), "tight"])
    strategy_table([("tight", {name: 0.5}), "tight"])  # in range


def test_strategy_parameters_reach_every_game():
    from simkit.games import razz
    from simkit.games.diablo.strategies import players
    from simkit.games.razz.strategies import razz_strategy_table
    from simkit.games.triple_draw.strategies import player_tables

    with pytest.raises(ValueError, match="P_BLUFF of seat 1"):
        players(["trips:P_BLUFF=2", "pair", "pair"])
    with pytest.raises(ValueError, match="P_SIZE of seat 1 must be a finite number, got nan"):
        player_tables(["loose:P_SIZE=nan", "station"])
    with pytest.raises(ValueError, match="tips parameter T_POT of seat 1 must be a finite number >= 0"):
        razz_strategy_table(["tips:T_POT=-1", "tight"])
    with pytest.raises(ValueError, match="tips parameter T_KQ of seat 2 must be a finite number, got inf"):
        razz_strategy_table(["tight", "tips:T_KQ=inf"])
    assert razz.parse_player("tips:T_POT=0") == ("tips", {"T_POT": 0.0})


@pytest.mark.parametrize("seats", [10**15, -1, 2.5, "3", True, 0])
def test_one_spec_for_all_seats_needs_a_table_size(seats):
    """One spec repeated for ``seats`` seats: a huge count once ran out of memory building the
    list (found by the long fuzz run), a negative one gave an empty table or a wrong message."""
    from simkit.games.in_between.jobs import DealerGameJob
    from simkit.games.in_between.strategies import parse_players
    from simkit.games.razz.strategies import razz_strategy_table
    from simkit.poker.strategies import strategy_table

    shown = repr(seats)
    with pytest.raises(ValueError, match=f"n_seats must be 2..10, got {shown}"):
        strategy_table("tight", n_seats=seats)
    with pytest.raises(ValueError, match=f"a Razz table has 2 to 8 seats, got n_seats={shown}"):
        razz_strategy_table("tight", n_seats=seats)
    with pytest.raises(ValueError, match="(seats|players) must be"):
        # parse_players refuses what no table holds; zero seats parse to no players, which the
        # job refuses
        DealerGameJob(parse_players("kelly", seats=seats))


def test_razz_exact_count_has_a_stated_limit():
    """``razz equity --exact always`` on third street once ran for hours with no progress."""
    from simkit.games.razz.equity import EXACT_MAX, equity

    with pytest.raises(
        ValueError, match=r"visits 18,265,297,050 deals, more than 300,000,000 .* use Monte Carlo"
    ):
        equity(["As 2d / 3c", "Kh Qd / 5s"], exact=True)
    with pytest.raises(ValueError, match="exact_limit must be an integer"):
        equity(["As 2d / 3c", "Kh Qd / 5s"], exact_limit=EXACT_MAX + 1)
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        equity(["As 2d / 3c", "Kh Qd / 5s"], exact=False, trials=np.int64(0))


def test_razz_exact_refusal_in_the_cli(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["razz", "equity", "As 2d / 3c", "Kh Qd / 5s", "--exact", "always"])
    assert exc.value.code == 2
    assert "--exact auto or never" in capsys.readouterr().err


def _refusals():
    """``(call, message)``: library calls that once cut a number, took a bool or a string for
    a number, or ended in an OverflowError, AttributeError, MemoryError or a Numba typing error
    (found by probing the public functions not yet in tests/test_fuzz.py's LIBRARY)."""
    from simkit.cards import as_cards, format_cards
    from simkit.deck import live_deck
    from simkit.games import diablo, razz, triple_draw
    from simkit.games import in_between as ib
    from simkit.games.diablo import jobs as diablo_jobs
    from simkit.games.in_between import jobs as ib_jobs
    from simkit.games.razz import jobs as razz_jobs
    from simkit.games.triple_draw import jobs as td_jobs
    from simkit.poker import new_state, strategy_table

    two = ["tight", "tight"]
    return [
        (lambda: ib.spread(1.5, 10), "a post value must be an integer 1..14, got 1.5"),
        (lambda: ib.spread(3, math.inf), "a post value must be an integer 1..14, got inf"),
        (lambda: ib.card_value(1.5), "card must be an integer 0..51, got 1.5"),
        (lambda: ib.card_value(True), "card must be an integer 0..51, got True"),
        (lambda: ib.Policy("kelly", 0.5, 0, "yes"), "counting must be True or False, got 'yes'"),
        (lambda: ib.parse_policy(3), "a policy is a string such as 'kelly:0.5', got 3"),
        (lambda: format_cards([1.5]), "a card is an integer 0..51, got 1.5"),
        (lambda: format_cards([True]), "a card is an integer 0..51, got True"),
        (lambda: live_deck(5), "dead cards must be card integers or a card string, got 5"),
        (
            lambda: as_cards([0, 1, True], "hand"),
            r"hand must be a card string or card integers 0..51, got \[0, 1, True\]",
        ),
        (lambda: diablo.category_index(3), "unknown category 3"),
        (lambda: diablo.target_weights(None), "unknown category None"),
        (lambda: razz.prepare(["As 2d / 3c", "Kh Qd / 5s"], 5), "dead cards are a card string such as"),
        (lambda: razz.start_table((1.5,)), r"opponents must each be 1..7, got \(1.5,\)"),
        (lambda: razz.start_table((math.inf,)), r"opponents must each be 1..7, got \(inf,\)"),
        (lambda: triple_draw.play(two, hands=1.5), "hands must be a positive integer, got 1.5"),
        (lambda: triple_draw.play(two, hands=0), "hands must be a positive integer, got 0"),
        (lambda: triple_draw.play(two, hands=2**63), "hands must be a positive integer"),
        (lambda: triple_draw.play(two, hands=3, record=-1), "record must be a non-negative integer, got -1"),
        (lambda: triple_draw.hand_group(7), "hand must be a card string or card integers 0..51, got 7"),
        (lambda: triple_draw.hand_group([0, 1, 2, 3]), "hand must have 5 cards, got 4"),
        (lambda: triple_draw.holding_odds_table("8", sizes=(True,)), "holding sizes are 1..5, got True"),
        (lambda: ib.evaluate_game_policy("kelly", low_ace=1.5), "low_ace must be True or False, got 1.5"),
        (lambda: strategy_table(["tight"], True), "got 1 strategies for n_seats=True"),
        (
            lambda: ib.settle("8h 9s", "2c", stake=1, pot=2**53, chips=2**63),
            "chips must be an integer 0..2\\*\\*53, got 9223372036854775808",
        ),
        (
            lambda: ib.settle("8h 9s", "2c", stake=1, pot=5, chips=5, low_ace="x"),
            "low_ace must be True or False",
        ),
        (lambda: ib.odds_table(low_ace="x"), "low_ace must be True or False, got 'x'"),
        (lambda: ib.hand_odds("Ac 9h", low_ace=1.5), "low_ace must be True or False, got 1.5"),
        (lambda: ib.card_value(51, low="yes"), "low must be True or False, got 'yes'"),
        (lambda: ib.sizing_table(low_ace=None), "low_ace must be True or False, got None"),
        (lambda: diablo.Rules(draw_three="no"), "draw_three must be True or False, got 'no'"),
        (lambda: new_state(2, 2**63), "log_capacity must be an integer 0..1048576"),
        (
            lambda: td_jobs.evening_kernel(two, log_capacity=-1),
            "log_capacity must be an integer 0..1048576, got -1",
        ),
        (lambda: td_jobs.evening_kernel(two, log_capacity=1.5), "log_capacity must be an integer"),
        (
            lambda: razz_jobs.hand_kernel(two, log_capacity=2**40),
            "log_capacity must be an integer 0..1048576",
        ),
        (
            lambda: razz_jobs.evening_kernel(two, log_capacity=2**40),
            "log_capacity must be an integer 0..1048576",
        ),
        (
            lambda: diablo_jobs.hand_kernel(["trips"] * 3, log_capacity=None),
            "log_capacity must be an integer",
        ),
        (
            lambda: diablo_jobs.evening_kernel(["trips"] * 3, log_capacity=2**40),
            "log_capacity must be an integer",
        ),
        (
            lambda: ib_jobs.evening_kernel(["kelly", "fixed"], log_capacity=2**63),
            "log_capacity must be an integer",
        ),
    ]


@pytest.mark.parametrize("index", range(len(_refusals())))
def test_library_refuses_what_it_once_cut_or_crashed_on(index):
    call, message = _refusals()[index]
    with pytest.raises((ValueError, TypeError), match=message):
        call()


def test_a_huge_kelly_multiplier_stakes_what_the_rules_allow():
    """``multiplier * f * chips`` was cast to int before the cap: 1e300 times 2**53 chips is
    inf, an OverflowError (found by the fuzz); the stake is the pot or the chips, whichever is
    less."""
    from simkit.games.in_between import integer_kelly_stake

    p = (0.7, 0.03, 0.27)
    assert integer_kelly_stake(*p, chips=2**53, pot=100, multiplier=1e300, post_penalty=3) == 100
    assert integer_kelly_stake(*p, chips=7, pot=100, multiplier=1e300) == 7
