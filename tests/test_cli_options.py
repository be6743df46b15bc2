"""Every option of every command is applied or refused (issue 17, item 3), and every command
that plays hands takes its game's agreed settings through the game's ``Rules`` (issue 14,
item 5).

:data:`DECISIONS` lists every option of every command (the argparse tree is walked, so a new
option without a decision fails :func:`test_every_option_has_a_decision`): ``applies`` (it
changes the result wherever it is accepted), ``refused when ...`` (one line ``simkit: error:``
naming it, exit 2, in that context: :data:`REFUSED` has a command line for each) or, only for
commands owned by other work, ``gap: ...`` (ignored today; see :data:`OTHER_OWNERS`).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses

import pandas as pd
import pytest

import simkit.runner
from simkit.cli.main import build_parser, main
from simkit.cli.options import MONTE_CARLO_FLAGS, commands

A = "applies"
TABLE = {"--format": A, "--out": A}
#: ``--trials`` and ``--target-se`` exclude each other; ``--max-trials`` caps a run to a target.
TARGET = {
    "--trials": "refused when --target-se is given (the target decides the trials)",
    "--max-trials": "refused when --target-se is not given (it caps a run to a target)",
}
MC = {**dict.fromkeys(MONTE_CARLO_FLAGS, A), **TARGET}
EXACT = "refused when every outcome is counted exactly (--exact always, or auto on a small spot)"
MC_UNLESS_EXACT = dict.fromkeys(MONTE_CARLO_FLAGS, EXACT)
LIMIT = {"--variant": A, "--max-draw": "refused when --variant draw-three (both set the draw limit)"}

DIABLO_RULES = {
    "--ante": A,
    "--before": A,
    "--after": A,
    "--max-raises": A,
    "--stacks": A,
    "--cap": "refused when --no-diablo (it caps what a losing opener pays under the Diablo rule)",
    "--draw-three": A,
    "--jacks-or-better": A,
    "--no-diablo": A,
    "--dealers-choice": "refused when --session is 1 (every series starts afresh, its dealer drawn)",
    "--session": A,
}
IN_BETWEEN_GAME = {
    "--seats": A,
    "--pot": "refused when ante-all or red-dog (no dealer's pot)",
    "--stacks": A,
    "--rounds": "refused when two-pass without ante-all (the deck ends the game)",
    "--deals": A,
    "--variant": A,
    "--low-ace": A,
    "--three-posts": A,
    "--pairs": A,
    "--ante": "refused when no variant with an ante is on",
    "--hands": A,
}
EXACT_ANSWER = (
    "refused when the answer is exact (a target without --monte-carlo or with one draw, the rank with "
    "one or two draws)"
)
TRIPLE_DRAW_SOLVER_MC = {
    **dict.fromkeys(MONTE_CARLO_FLAGS, EXACT_ANSWER),
    "--trials": EXACT_ANSWER + "; when --target-se is given (the target decides the trials)",
    "--max-trials": EXACT_ANSWER + "; when --target-se is not given (it caps a run to a target)",
}
DRAWING = "refused when neither --keep nor --draws (the three-draw equity draws in seat order by --strategy)"
DRAWING_RUNNER = (
    "refused when --keep or --draws and every deal is counted (--method exact, or auto within --limit)"
)
TRIPLE_DRAW_EQUITY = {
    "--players": "refused when --keep or --draws (the hands given draw from one deck)",
    "--strategy": "refused when --keep or --draws (the later keeps follow --policy)",
    "--family": A,
    "--keep": A,
    "--draws": A,
    **dict.fromkeys(("--order", "--policy", "--dead", "--method", "--limit"), DRAWING),
    **TABLE,
    **dict.fromkeys(
        ("--workers", "--scheduler", "--threads", "--checkpoint", "--chunk-size", "--quiet"), DRAWING_RUNNER
    ),
    "--trials": "refused when --target-se is given, or with --keep/--draws when every deal is counted",
    "--seed": "refused when --keep or --draws and every deal is counted (--method exact, or auto within --limit)",
    "--target-se": DRAWING_RUNNER,
    "--max-trials": "refused when --target-se is not given (it caps a run to a target), or when every deal is counted",
}
EVENING = {"--players": A, "--stacks": A, "--log": A, **MC, "--evenings": TARGET["--trials"], **TABLE}
del EVENING["--trials"]  # the evenings' name for it

#: Commands whose code belongs to other work: their ignored options are listed as gaps, not
#: fixed here.
OTHER_OWNERS: set[tuple[str, ...]] = set()

DECISIONS: dict[tuple[str, ...], dict[str, str]] = {
    ("enumerate",): {"--cards": A, **TABLE},
    ("eval",): {"--family": A, **TABLE},
    ("sample",): {"--cards": A, **TABLE, **MC},
    ("report",): {
        "--out": A,
        "--scale": A,
        "--only": A,
        **MC,
        "--trials": "refused when --scale is given",
        "--chunk-size": "refused when given at all (each analysis chooses its chunks)",
        "--target-se": "refused when given at all (each analysis sets its own trials)",
    },
    ("evening", "diablo"): {
        **EVENING,
        "--deals": A,
        "--ante": A,
        "--before": A,
        "--after": A,
        "--max-raises": A,
        "--diablo": A,
        "--cap": "refused when --no-diablo (Rules.unused says so)",
        "--draw-three": A,
        "--jacks-or-better": A,
    },
    ("evening", "triple-draw"): {
        **EVENING,
        "--deals": A,
        "--small-blind": A,
        "--big-blind": A,
        "--small-bet": "refused when --limit no-limit (Rules.unused says so)",
        "--big-bet": "refused when --limit no-limit (Rules.unused says so)",
        "--ante": A,
        "--max-raises": A,
        "--draws": A,
        "--family": A,
        "--limit": A,
    },
    ("evening", "razz"): {
        **EVENING,
        "--deals": A,
        "--variant": A,
        "--ante": "refused when --variant private (Rules.unused says so)",
        "--bring-in": "refused when --variant private (Rules.unused says so)",
        "--small-bet": A,
        "--big-bet": A,
        "--max-raises": A,
        "--private-ante": "refused when not --variant private (Rules.unused says so)",
    },
    ("evening", "in-between"): {
        **EVENING,
        "--dealer-games": A,
        "--pot": "refused when --ante-all or --red-dog (Rules.unused says so)",
        "--rounds": "refused when --two-pass without --ante-all (Rules.unused says so)",
        "--ante": "refused when no variant has an ante (Rules.unused says so)",
        "--low-ace": A,
        "--two-pass": A,
        "--ante-all": A,
        "--hidden": A,
        "--min-stake": A,
        "--pairs": A,
        "--three-posts": A,
        "--red-dog": A,
    },
    ("evening", "dealers-choice"): {
        **EVENING,
        "--games": A,
        "--deals": A,
        "--edge-evenings": "refused when no player chooses 'best' (the edges are measured only then)",
    },
    ("diablo", "draw-odds"): {"--keep": A, "--dead": A, **LIMIT, **TABLE},
    ("diablo", "best-keep"): {
        "--dead": A,
        "--objective": A,
        "--target": "refused when --objective is not category",
        "--opponents": "refused when --objective is not equity",
        "--paytable": "refused when --objective is not paytable",
        "--wild": "refused when --objective equity (the showdown share is deuces wild only)",
        **LIMIT,
        **TABLE,
    },
    ("diablo", "paytable-return"): {"--paytable": A, "--wild": A, **LIMIT, **TABLE},
    ("diablo", "equity"): {
        "--keep": A,
        "--order": A,
        "--dead": A,
        **LIMIT,
        "--exact": A,
        **TABLE,
        **MC_UNLESS_EXACT,
    },
    ("diablo", "keeps"): {"--deuces": A, "--summary": A, **LIMIT, **TABLE},
    ("diablo", "open"): {"--players": A, "--others": A, "--levels": A, **DIABLO_RULES, **TABLE, **MC},
    ("diablo", "equilibrium"): {
        "--players": A,
        "--start": A,
        "--max-iter": A,
        **DIABLO_RULES,
        **TABLE,
        **MC,
    },
    ("diablo", "series"): {"--players": A, "--level": A, "--lengths": A, **DIABLO_RULES, **TABLE, **MC},
    ("diablo", "match"): {**DIABLO_RULES, **TABLE, **MC},
    ("diablo", "bluff"): {
        "--players": A,
        "--level": A,
        **{k: v for k, v in DIABLO_RULES.items() if k != "--no-diablo"},
        "--cap": A,  # bluff plays with and without the Diablo rule: the cap is read by one of them
        **TABLE,
        **MC,
    },
    ("diablo", "variants"): {
        "--players": A,
        "--level": A,
        **{k: A for k in ("--ante", "--before", "--after", "--max-raises", "--stacks")},
        **TABLE,
        **MC,
    },
    ("triple-draw", "draw-odds"): {
        "--keep": A,
        "--draws": A,
        "--targets": A,
        "--dead": A,
        "--family": A,
        "--policy": A,
        "--monte-carlo": "refused when --policy rank (the rank is estimated anyway)",
        "--exact": "refused when beside --monte-carlo (not auto), or never for the rank with fewer than three "
        "draws (it has no estimate there)",
        **TABLE,
        **TRIPLE_DRAW_SOLVER_MC,
        # a long exact answer of the rank (three draws) shows a progress bar
        "--quiet": EXACT_ANSWER + ", but for --policy rank",
    },
    ("triple-draw", "best-discard"): {
        "--draws": A,
        "--target": A,
        "--dead": A,
        "--family": A,
        "--monte-carlo": "refused when --target rank (the rank is estimated anyway)",
        "--exact": "refused when beside --monte-carlo (not auto)",
        **TABLE,
        **TRIPLE_DRAW_SOLVER_MC,
        # long exact values of the rank (three draws) show a progress bar
        "--quiet": EXACT_ANSWER + ", but for --target rank",
    },
    ("triple-draw", "equity"): TRIPLE_DRAW_EQUITY,
    ("triple-draw", "starting-hands"): {"--opponents": A, "--strategy": A, "--family": A, **TABLE, **MC},
    ("triple-draw", "match"): {
        "--players": A,
        "--variant": A,
        "--stacks": A,
        "--ante": A,
        "--small-blind": A,
        "--big-blind": A,
        "--small-bet": "refused when no limit (--limit no-limit, --variant single-draw-nl)",
        "--big-bet": "refused when no limit (--limit no-limit, --variant single-draw-nl)",
        "--max-raises": A,
        "--draws": A,
        "--limit": A,
        "--family": A,
        **TABLE,
        **MC,
    },
    ("razz", "equity"): {"--dead": A, "--variant": A, "--exact": A, **TABLE, **MC_UNLESS_EXACT},
    ("razz", "starts"): {"--opponents": A, "--wide": A, "--variant": A, **TABLE, **MC},
    ("razz", "upcards"): {"--opponents": A, "--variant": A, **TABLE, **MC},
    ("razz", "dead-cards"): {"--opponents": A, "--variant": A, **TABLE, **MC},
    ("razz", "match"): {
        "--variant": A,
        "--stacks": A,
        "--ante": "refused when --variant private (it antes --private-ante)",
        "--bring-in": "refused when --variant private (no bring-in)",
        "--small-bet": A,
        "--big-bet": A,
        "--max-raises": A,
        "--private-ante": "refused when --variant is not private",
        **TABLE,
        **MC,
    },
    ("razz", "low-odds"): {"--dead": A, **TABLE},
    ("in-between", "odds"): {
        "--seen": A,
        "--low-ace": A,
        "--three-posts": A,
        "--pairs": "refused when --posts (it adds columns to the table of every post pair)",
        "--posts": A,
        **TABLE,
    },
    ("in-between", "sizing"): {
        "--by": "refused when --game (the heads-up game is solved by spread)",
        "--stacks": A,
        "--pot": A,
        "--seen": "refused when --game (a fresh deck every round)",
        "--low-ace": A,
        "--min-stake": "refused when --game (the plain heads-up game)",
        "--game": A,
        "--rounds": "refused when not --game (the rounds of the dealer's game)",
        **TABLE,
    },
    ("in-between", "red-dog"): {"--decks": A, "--table": A, **TABLE},
    ("in-between", "match"): {**IN_BETWEEN_GAME, **TABLE, **MC},
    ("in-between", "simulate"): {"--policy": A, **IN_BETWEEN_GAME, **TABLE, **MC},
}

DIABLO_EQUITY = [
    "diablo",
    "equity",
    "As Ah 2d 7c 4s",
    "Kh Jh 9h 7h 5s",
    "--keep",
    "As Ah 2d",
    "--keep",
    "Kh Jh 9h 7h",
]
RAZZ_EQUITY = ["razz", "equity", "As 2d 3c 4h 5s 6d", "Kh Qs 9c 8d 7h 6c"]
TRIPLE_DRAW_EQUITY_SPOT = [
    "triple-draw",
    "equity",
    "7s 5h 3d 2c Kc",
    "8s 6h 4d 3c 2h",
    "--keep",
    "7s 5h 3d 2c",
]
MC_VALUES = {
    "--trials": ["10"],
    "--seed": ["1"],
    "--workers": ["1"],
    "--scheduler": ["tcp://127.0.0.1:9"],
    "--threads": ["1"],
    "--checkpoint": ["no-such-checkpoint-folder"],
    "--chunk-size": ["10"],
    "--quiet": [],
    "--target-se": ["0.01"],
    "--max-trials": ["1000"],
}
#: A command line for every command that runs Monte Carlo jobs (its required arguments).
MC_COMMANDS = [
    ["sample", "high"],
    ["report"],
    *[["evening", g] for g in ("diablo", "triple-draw", "razz", "in-between", "dealers-choice")],
    *[["diablo", c] for c in ("open", "equilibrium", "series", "bluff", "variants")],
    ["diablo", "match", "trips", "trips", "trips"],
    ["diablo", "equity", "As Ah 2d 7c 4s", "Kh Jh 9h 7h 5s", "--exact", "never"],
    ["triple-draw", "equity", "7c 5d 4h 3s 2c", "Kh Qd Js 9c 8h"],
    ["triple-draw", "starting-hands"],
    ["triple-draw", "equity", "7c 5d 4h 3s 2c", "Kh Qd Js 9c 8h", "--draws", "2", "--method", "monte-carlo"],
    ["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--draws", "3", "--policy", "rank"],
    ["triple-draw", "best-discard", "7s 5h 3d 2c Kc", "--draws", "2", "--target", "8", "--monte-carlo"],
    ["triple-draw", "match", "tight", "loose"],
    ["razz", "equity", "As 2d / 3c", "? ? / Kh", "--exact", "never"],
    ["razz", "starts"],
    *[["razz", c, "As 2d / 4c"] for c in ("upcards", "dead-cards")],
    ["razz", "match", "tips", "tight"],
    ["in-between", "match", "kelly", "kelly"],
    ["in-between", "simulate", "--policy", "kelly", "--policy", "kelly"],
]
DIABLO_PLAY = [["open"], ["equilibrium"], ["series"], ["match", "trips", "trips", "trips"]]
IN_BETWEEN_PLAY = [["match", "kelly", "kelly"], ["simulate", "--policy", "kelly", "--policy", "kelly"]]

#: A command line per context where an option is refused, and the option.
REFUSED: list[tuple[list[str], str]] = [
    (["evening", "diablo", "--no-diablo", "--cap", "8"], "--cap"),
    (["evening", "triple-draw", "--limit", "no-limit", "--small-bet", "2"], "--small-bet"),
    (["evening", "triple-draw", "--limit", "no-limit", "--big-bet", "4"], "--big-bet"),
    (["evening", "razz", "--variant", "private", "--ante", "1"], "--ante"),
    (["evening", "razz", "--variant", "private", "--bring-in", "2"], "--bring-in"),
    (["evening", "razz", "--private-ante", "2"], "--private-ante"),
    (["evening", "in-between", "--ante-all", "--pot", "10"], "--pot"),
    (["evening", "in-between", "--two-pass", "--rounds", "2"], "--rounds"),
    (["evening", "in-between", "--ante", "2"], "--ante"),
    (
        ["evening", "dealers-choice", "--players", "tips@random", "tight@razz", "--edge-evenings", "5"],
        "--edge-evenings",
    ),
    (["report", "--scale", "1", "--trials", "10", "--quiet"], "--trials"),
    (["report", "--chunk-size", "10", "--quiet"], "--chunk-size"),
    (["diablo", "best-keep", "9s 9h 2c Kd 5h", "--objective", "equity", "--target", "flush"], "--target"),
    (["diablo", "best-keep", "9s 9h 2c Kd 5h", "--opponents", "2"], "--opponents"),
    (["diablo", "best-keep", "9s 9h 2c Kd 5h", "--objective", "equity", "--wild", "none"], "--wild"),
    (
        ["diablo", "best-keep", "9s 9h 2c Kd 5h", "--objective", "category", "--paytable", "flush=1"],
        "--paytable",
    ),
    *[
        ([*cmd, "9s 9h 2c Kd 5h", "--variant", "draw-three", "--max-draw", "3"], "--max-draw")
        for cmd in (["diablo", "draw-odds"], ["diablo", "best-keep"])
    ],
    (["diablo", "paytable-return", "--variant", "draw-three", "--max-draw", "3"], "--max-draw"),
    (["diablo", "keeps", "--variant", "draw-three", "--max-draw", "3"], "--max-draw"),
    ([*DIABLO_EQUITY, "--variant", "draw-three", "--max-draw", "3"], "--max-draw"),
    *[([*DIABLO_EQUITY, "--exact", "always", f, *v], f) for f, v in MC_VALUES.items()],
    *[([*DIABLO_EQUITY, f, *v], f) for f, v in MC_VALUES.items()],  # auto: this spot is exact
    *[(["diablo", *cmd, "--no-diablo", "--cap", "5"], "--cap") for cmd in DIABLO_PLAY],
    *[(["diablo", *cmd, "--dealers-choice"], "--dealers-choice") for cmd in [*DIABLO_PLAY, ["bluff"]]],
    *[
        (["triple-draw", "match", "tight", "loose", *ctx, flag, "3"], flag)
        for flag in ("--small-bet", "--big-bet")
        for ctx in (["--variant", "single-draw-nl"], ["--limit", "no-limit"])
    ],
    *[([*RAZZ_EQUITY, f, *v], f) for f, v in MC_VALUES.items()],
    *[
        ([*cmd, "--target-se", "0.01", flag, "100"], flag)
        for cmd in MC_COMMANDS
        if cmd[0] != "report"
        for flag in [("--evenings" if cmd[0] == "evening" else "--trials")]
    ],
    *[([*cmd, "--max-trials", "1000"], "--max-trials") for cmd in MC_COMMANDS],
    (["report", "--target-se", "0.01", "--quiet"], "--target-se"),
    *[(["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", f, *v], f) for f, v in MC_VALUES.items()],
    *[(["triple-draw", "best-discard", "7s 5h 3d 2c Kc", f, *v], f) for f, v in MC_VALUES.items()],
    (["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--policy", "rank", "--monte-carlo"], "--monte-carlo"),
    (["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--monte-carlo", "--exact", "always"], "--exact"),
    (["triple-draw", "draw-odds", "7s 5h 3d 2c Kc", "--policy", "rank", "--exact", "never"], "--exact"),
    (["triple-draw", "best-discard", "7s 5h 3d 2c Kc", "--target", "rank", "--monte-carlo"], "--monte-carlo"),
    (["triple-draw", "best-discard", "7s 5h 3d 2c Kc", "--monte-carlo", "--exact", "never"], "--exact"),
    *[([*TRIPLE_DRAW_EQUITY_SPOT, f, *v], f) for f, v in MC_VALUES.items()],  # every deal counted
    *[([*TRIPLE_DRAW_EQUITY_SPOT, f, *v], f) for f, v in (("--players", ["3"]), ("--strategy", ["rule"]))],
    *[
        (["triple-draw", "equity", "7c 5d 4h 3s 2c", "Kh Qd Js 9c 8h", f, *v], f)
        for f, v in (
            ("--order", ["1,0"]),
            ("--policy", ["table"]),
            ("--dead", ["As"]),
            ("--method", ["exact"]),
            ("--limit", ["10"]),
        )
    ],
    (["razz", "match", "tips", "tight", "--variant", "private", "--ante", "2"], "--ante"),
    (["razz", "match", "tips", "tight", "--variant", "private", "--bring-in", "1"], "--bring-in"),
    (["razz", "match", "tips", "tight", "--private-ante", "3"], "--private-ante"),
    (["razz", "match", "tips", "tight", "--variant", "stud-high", "--private-ante", "3"], "--private-ante"),
    (["in-between", "odds", "--posts", "4c Jh", "--pairs", "split"], "--pairs"),
    (["in-between", "sizing", "--rounds", "2"], "--rounds"),
    (["in-between", "sizing", "--game", "--by", "spread"], "--by"),
    (["in-between", "sizing", "--game", "--seen", "Kc"], "--seen"),
    (["in-between", "sizing", "--game", "--min-stake", "1"], "--min-stake"),
    *[(["in-between", *cmd, "--seats", "2", "--ante", "2"], "--ante") for cmd in IN_BETWEEN_PLAY],
    *[
        (["in-between", *cmd, "--seats", "2", *ctx, "--pot", "5"], "--pot")
        for cmd in IN_BETWEEN_PLAY
        for ctx in (["--variant", "red-dog"], ["--variant", "ante-all"])
    ],
    *[
        (["in-between", *cmd, "--seats", "2", "--variant", "two-pass", "--rounds", "5"], "--rounds")
        for cmd in IN_BETWEEN_PLAY
    ],
]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {
        a.option_strings[0]
        for a in parser._actions
        if a.option_strings and not isinstance(a, (argparse._HelpAction, argparse._VersionAction))
    }


def test_every_option_has_a_decision():
    """The argparse tree, walked: every option of every command is in :data:`DECISIONS` (and
    nothing else is), with a decision of a known kind; a gap only where other work owns the
    command; every refusal has a command line in :data:`REFUSED`."""
    tree = dict(commands(build_parser()))
    assert set(tree) == set(DECISIONS), set(tree) ^ set(DECISIONS)
    refused = {(tuple(argv[:n]), flag) for argv, flag in REFUSED for n in (1, 2)}
    for words, parser in tree.items():
        decided = DECISIONS[words]
        assert _options(parser) == set(decided), (words, _options(parser) ^ set(decided))
        for flag, decision in decided.items():
            kind = decision.split(" ")[0]
            assert decision == A or decision.startswith("refused when ") or kind == "gap:", (words, flag)
            if kind == "gap:":
                assert words in OTHER_OWNERS, (words, flag, decision)
            if decision.startswith("refused when "):
                assert (words, flag) in refused, f"no command line in REFUSED for {words} {flag}"


@pytest.fixture
def no_cluster(monkeypatch):
    """``--workers``/``--scheduler`` reach the command without starting or reaching a cluster."""
    monkeypatch.setattr(simkit.runner, "cluster", lambda *a, **k: contextlib.nullcontext())


@pytest.mark.parametrize("argv, flag", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_refused_in_context(argv, flag, capsys, no_cluster):
    """Each option refused in a context: one line ``simkit: error: ...`` naming it, exit 2."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2, err
    assert err.startswith("simkit: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert flag in err, err


# --- issue 14 item 5: the agreed settings reach the game's Rules -----------------------------------


def _capture(monkeypatch, module, name: str, result):
    """Replace ``module.name`` by a stub that records its arguments and returns ``result``."""
    calls: list[tuple[tuple, dict]] = []

    def stub(*args, **kwargs):
        calls.append((args, kwargs))
        return result() if callable(result) else result

    monkeypatch.setattr(module, name, stub)
    return calls


def _rules_in(calls, rules_type):
    found = [v for args, kw in calls for v in (*args, *kw.values()) if isinstance(v, rules_type)]
    assert found, calls
    return found


def _run(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


DIABLO_TYPED = ["--ante", "2", "--before", "1,3", "--after", "2,6", "--max-raises", "2", "--stacks", "60"]
DIABLO_EXPECT = {"ante": 2, "before": (1, 3), "after": (2, 6), "max_raises": 2, "stacks": 60}


@pytest.mark.parametrize(
    "cmd, func, module, extra",
    [
        (["open"], "threshold_sweep", "studies", ["--cap", "4", "--session", "3", "--dealers-choice"]),
        (["equilibrium"], "equilibrium", "studies", ["--draw-three", "--jacks-or-better"]),
        (["series"], "series_table", "studies", ["--no-diablo"]),
        (["match", "trips", "trips", "trips"], "simulate", "jobs", ["--cap", "9"]),
        (["bluff", "--players", "3"], "bluff_ev", "studies", ["--cap", "7"]),
    ],
)
def test_diablo_rule_options_reach_rules(cmd, func, module, extra, monkeypatch, capsys):
    import importlib

    from simkit.games.diablo.rules import Rules

    mod = importlib.import_module(f"simkit.games.diablo.{module}")
    frame = pd.DataFrame({"seat": [0, 1, 2]})
    result = {
        "bluff_ev": {"players": 3},
        "simulate": lambda: type("R", (), {"seats": frame})(),
    }.get(func, frame)
    calls = _capture(monkeypatch, mod, func, result)
    _run(["diablo", *cmd, *DIABLO_TYPED, *extra, "--trials", "10", "--quiet"], capsys)
    for rules in _rules_in(calls, Rules):
        for field, value in DIABLO_EXPECT.items():
            assert getattr(rules, field) == value, (field, rules)
        fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
        if "--cap" in extra:
            assert fields["cap"] == int(extra[extra.index("--cap") + 1])
        if "--no-diablo" in extra:
            assert fields["diablo"] is False
        if "--dealers-choice" in extra:
            assert fields["dealers_choice"] is True and fields["session"] == 3
        if "--draw-three" in extra:
            assert fields["draw_three"] and fields["jacks_or_better"]


def test_diablo_variants_keep_each_variant_and_take_the_limits(monkeypatch, capsys):
    from simkit.games.diablo import studies
    from simkit.games.diablo.rules import VARIANTS

    calls = _capture(monkeypatch, studies, "variants_table", pd.DataFrame({"variant": ["x"]}))
    _run(["diablo", "variants", *DIABLO_TYPED, "--trials", "10", "--quiet"], capsys)
    variants = calls[0][1]["variants"]
    assert set(variants) == set(VARIANTS)
    for name, rules in variants.items():
        assert (rules.cap, rules.draw_three, rules.session) == (
            VARIANTS[name].cap,
            VARIANTS[name].draw_three,
            VARIANTS[name].session,
        )
        for field, value in DIABLO_EXPECT.items():
            assert getattr(rules, field) == value


def test_diablo_defaults_are_the_rulings(monkeypatch, capsys):
    from simkit.games.diablo import studies
    from simkit.games.diablo.rules import Rules

    calls = _capture(monkeypatch, studies, "series_table", pd.DataFrame({"players": [3]}))
    _run(["diablo", "series", "--trials", "10", "--quiet"], capsys)
    assert _rules_in(calls, Rules) == [Rules()]


def test_triple_draw_match_rule_options_reach_rules(monkeypatch, capsys):
    from simkit.games.triple_draw import jobs
    from simkit.games.triple_draw.rules import Rules

    calls = _capture(monkeypatch, jobs, "match", pd.DataFrame({"seat": [0, 1]}))
    typed = ["--small-blind", "2", "--big-blind", "4", "--small-bet", "4", "--big-bet", "8", "--ante", "1"]
    typed += ["--max-raises", "2", "--stacks", "90", "--draws", "2", "--family", "ace_to_five"]
    _run(["triple-draw", "match", "tight", "loose", *typed, "--trials", "10", "--quiet"], capsys)
    assert _rules_in(calls, Rules) == [
        Rules(
            small_blind=2,
            big_blind=4,
            small_bet=4,
            big_bet=8,
            ante=1,
            max_raises=2,
            stacks=90,
            draws=2,
            family="ace_to_five",
        )
    ]
    calls.clear()
    _run(
        ["triple-draw", "match", "tight", "loose", "--limit", "no-limit", "--trials", "10", "--quiet"], capsys
    )
    assert _rules_in(calls, Rules) == [Rules(limit="no-limit")]
    calls.clear()
    _run(["triple-draw", "match", "tight", "loose", "--trials", "10", "--quiet"], capsys)
    assert _rules_in(calls, Rules) == [Rules()]


def test_razz_rule_options_reach_rules(monkeypatch, capsys):
    from simkit.games.razz import jobs, studies
    from simkit.games.razz.rules import Rules

    frame = pd.DataFrame({"seat": [0, 1]})
    frame.attrs.update(hands=10, showdown_rate=0.5)
    calls = _capture(monkeypatch, jobs, "match", frame)
    typed = ["--ante", "2", "--bring-in", "3", "--small-bet", "6", "--big-bet", "12", "--max-raises", "4"]
    _run(["razz", "match", "tips", "tight", *typed, "--stacks", "80", "--trials", "10", "--quiet"], capsys)
    assert _rules_in(calls, Rules) == [
        Rules(ante=2, bring_in=3, small_bet=6, big_bet=12, max_raises=4, stacks=80)
    ]
    calls.clear()
    _run(
        ["razz", "match", "tips", "tight", "--variant", "private", "--private-ante", "5", "--trials", "10"],
        capsys,
    )
    assert _rules_in(calls, Rules) == [Rules(variant="private", private_ante=5)]
    for name in ("upcard_effect", "dead_card_values"):
        calls = _capture(monkeypatch, studies, name, pd.DataFrame({"equity": [0.5]}))
        cmd = "upcards" if name == "upcard_effect" else "dead-cards"
        _run(["razz", cmd, "As 2d / 4c", "--variant", "stud-high", "--trials", "10", "--quiet"], capsys)
        assert _rules_in(calls, Rules) == [Rules(variant="stud-high")]


@pytest.mark.parametrize("cmd", IN_BETWEEN_PLAY)
def test_in_between_rule_options_reach_rules(cmd, monkeypatch, capsys):
    import simkit.games.in_between as ib
    from simkit.games.in_between.rules import Rules

    result = type("R", (), {"seats": pd.DataFrame({"seat": [0, 1]}), "dealer": {"games": 1}})()
    calls = _capture(monkeypatch, ib, "simulate", result)
    typed = ["--pot", "12", "--stacks", "70", "--rounds", "4", "--variant", "min-stake", "--ante", "2"]
    _run(
        ["in-between", *cmd, "--seats", "2", *typed, "--low-ace", "--trials", "10", "--format", "csv"], capsys
    )
    assert _rules_in(calls, Rules) == [
        Rules(pot=12, stacks=70, rounds=4, ante=2, min_stake=True, low_ace=True)
    ]


def test_in_between_sizing_game_takes_rules(monkeypatch, capsys):
    import simkit.games.in_between as ib
    from simkit.games.in_between.rules import Rules

    result = type("G", (), {"start": pd.DataFrame({"spread": [1]}), "value": 1.0})()
    calls = _capture(monkeypatch, ib, "best_game_stakes", result)
    _run(
        ["in-between", "sizing", "--game", "--pot", "9", "--stacks", "30", "--rounds", "2", "--low-ace"],
        capsys,
    )
    assert _rules_in(calls, Rules) == [Rules(pot=9, stacks=30, rounds=2, low_ace=True)]


#: The commands that run several runner jobs (one per scenario): fast at a few hundred trials.
SEVERAL_JOBS = [
    ["razz", "upcards", "As 2d / 4c"],
    ["razz", "dead-cards", "As 2d / 4c"],
    ["diablo", "variants"],
    ["diablo", "bluff"],
    ["diablo", "equilibrium"],
]


def _twice_with_checkpoint(argv, tmp_path, capsys) -> None:
    """Run ``argv`` twice on one ``--checkpoint`` folder: both succeed, the second resumes
    (same output) and the folder holds chunk files."""
    size = ["--evenings", "20"] if argv[0] == "evening" else ["--trials", "300"]
    line = [*argv, *size, "--quiet", "--seed", "3", "--checkpoint", str(tmp_path / "cp")]
    outs = []
    for _ in range(2):
        with contextlib.suppress(SystemExit):
            main(line)
        out, err = capsys.readouterr()
        assert err.strip() == "", err
        outs.append(out)
    assert outs[0] == outs[1] and outs[0].strip()
    assert list((tmp_path / "cp").rglob("chunk-*.npz"))


@pytest.mark.parametrize("argv", SEVERAL_JOBS, ids=[" ".join(a) for a in SEVERAL_JOBS])
def test_commands_of_several_jobs_honour_checkpoint(argv, tmp_path, capsys):
    """``razz upcards`` and ``dead-cards`` once refused their own second scenario's chunks."""
    _twice_with_checkpoint(argv, tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv",
    [a for a in MC_COMMANDS if a != ["report"]],
    ids=[" ".join(a) for a in MC_COMMANDS if a != ["report"]],
)
def test_every_monte_carlo_command_honours_checkpoint(argv, tmp_path, capsys):
    if argv[:2] == ["diablo", "equity"]:
        argv = [*argv, "--keep", "As Ah 2d", "--keep", "Kh Jh 9h 7h"]
    _twice_with_checkpoint(argv, tmp_path, capsys)
