"""The simkit command: every command's output, one-line errors with exit status 2, Monte Carlo
options (seed, workers, checkpoint and resume after SIGINT/SIGKILL), python -m simkit."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import simkit
from simkit.cli import main as cli_main
from simkit.cli.main import main

ENV = dict(os.environ)  # NUMBA_CACHE_DIR is set by conftest.py
HIGH5 = {
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "one_pair": 1_098_240,
    "high_card": 1_302_540,
}  # published counts of 5-card hands


def cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status: int, err: str, *needles: str) -> None:
    assert status == 2, err
    assert err.count("\n") == 1 and err.startswith("simkit: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err


# --- errors: one line, exit 2, naming the bad value -----------------------------------------------


@pytest.mark.parametrize(
    "argv, needles",
    [
        ([], ["required: COMMAND"]),
        (["frobnicate"], ["'frobnicate'"]),
        (["sample", "high", "--bogus"], ["--bogus"]),
        (["sample", "high", "--cards", "6"], ["--cards", "'6'"]),
        (["sample", "nope"], ["'nope'", "high"]),
        (["sample", "deuces_wild", "--cards", "7"], ["'deuces_wild'", "not 7"]),
        (["sample", "high", "--trials", "lots"], ["--trials", "'lots'"]),
        (["sample", "high", "--trials", "0"], ["'0'"]),
        (["sample", "high", "--seed", "-3"], ["'-3'"]),
        (["sample", "high", "--workers", "two"], ["'two'"]),
        (["sample", "high", "--scheduler", "localhost"], ["'localhost'", "tcp://"]),
        (["sample", "high", "--threads", "1", "--workers", "1"], ["--threads"]),
        (["sample", "high", "--format", "xml"], ["'xml'"]),
        (["enumerate", "lowball"], ["'lowball'"]),
        (["enumerate", "high", "--cards", "9"], ["'9'"]),
        (["eval", "As", "Kd", "Xx", "Jc", "Ts"], ["'Xx'"]),
        (["eval", "As", "Kd", "Qh", "Jc"], ["5 or 7 cards", "4"]),
        (["eval", "As", "Kd", "Qh", "Jc", "Ts", "--family", "razzle"], ["'razzle'"]),
        (["report", "--scale", "-1"], ["'-1'"]),
        (["report", "--only", "no_such_analysis", "--quiet"], ["'no_such_analysis'"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, needles, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = cli(argv, capsys)
    one_line_error(status, err, *needles)
    assert out == ""


def test_help_and_version(capsys):
    status, out, _ = cli(["--help"], capsys)
    assert status == 0 and all(c in out for c in ("report", "enumerate", "eval", "sample"))
    status, out, _ = cli(["sample", "--help"], capsys)
    for option in (
        "--trials",
        "--seed",
        "--workers",
        "--scheduler",
        "--checkpoint",
        "--quiet",
        "--format",
        "--out",
    ):
        assert option in out
    status, out, _ = cli(["--version"], capsys)
    assert status == 0 and out.strip() == f"simkit {simkit.__version__}"


def test_game_commands_list_starts_empty_or_names_modules():
    assert isinstance(cli_main.GAME_COMMANDS, list)
    for name in cli_main.GAME_COMMANDS:
        assert (Path(cli_main.__file__).parent / f"{name}.py").is_file()


def test_python_m_simkit_and_the_console_script_report_errors_the_same_way():
    script = Path(sys.executable).parent / "simkit"  # the console-script entry point
    for cmd in [[sys.executable, "-m", "simkit"]] + ([[str(script)]] if script.exists() else []):
        p = subprocess.run(
            [*cmd, "eval", "Zz", "--family", "high"], env=ENV, capture_output=True, text=True, timeout=120
        )
        assert p.returncode == 2 and p.stdout == ""
        assert p.stderr.startswith("simkit: error: unknown card 'Zz'") and p.stderr.count("\n") == 1


# --- enumerate and eval ----------------------------------------------------------------------------


def test_enumerate_prints_the_exact_counts(capsys, tmp_path):
    status, out, _ = cli(["enumerate", "high", "--cards", "5", "--format", "csv"], capsys)
    assert status == 0
    df = pd.read_csv(io.StringIO(out))
    assert list(df.columns) == ["category", "count", "probability"]
    assert dict(zip(df.category, df["count"])) == HIGH5
    assert df["count"].sum() == 2_598_960
    status, out, _ = cli(["enumerate", "deuces_wild", "--format", "json"], capsys)
    records = json.loads(out)
    assert sum(r["count"] for r in records) == 2_598_960
    exact = simkit.category_counts("deuces_wild", 5)
    assert {r["category"]: r["count"] for r in records} == dict(zip(exact["category"], exact["count"]))
    assert records[0]["category"] == "five_of_a_kind" and records[0]["count"] == 672
    target = tmp_path / "table.txt"
    status, out, _ = cli(["enumerate", "ace_to_five", "--out", str(target)], capsys)
    assert status == 0 and out == ""
    lines = target.read_text().splitlines()
    assert lines[0].split() == ["category", "count", "probability"] and lines[1].split()[0] == "5-low"


def test_eval_gives_strength_category_description(capsys):
    status, out, _ = cli(
        ["eval", "As", "Ks", "Qs", "Js", "10s", "--family", "high", "--format", "json"], capsys
    )
    assert status == 0
    rec = json.loads(out)
    assert rec["cards"] == "As Ks Qs Js Ts" and rec["category"] == "straight_flush"
    assert rec["strength"] == int(simkit.evaluate(simkit.parse_cards("As Ks Qs Js Ts")[None], "high")[0])
    assert rec["description"]
    _, out2, _ = cli(["eval", "As Ks Qs Js 9s", "--family", "high", "--format", "json"], capsys)
    assert json.loads(out2)["category"] == "flush" and json.loads(out2)["strength"] < rec["strength"]
    status, out, _ = cli(["eval", "8c 6d 5h 4s 2c 2d Kh", "--family", "ace_to_five"], capsys)
    assert status == 0 and "description" in out and "7" not in out.split("cards")[0]


# --- sample: the reference Monte Carlo job ---------------------------------------------------------


def sample_csv(capsys, *extra: str) -> pd.DataFrame:
    status, out, err = cli(["sample", "high", "--cards", "5", "--format", "csv", "--quiet", *extra], capsys)
    assert status == 0, err
    return pd.read_csv(io.StringIO(out))


def test_sample_agrees_with_enumerate_within_three_standard_errors(capsys):
    df = sample_csv(capsys, "--trials", "300000", "--seed", "4")
    assert list(df.columns) == ["category", "count", "frequency", "se", "exact", "z"]
    assert df["count"].sum() == 300_000
    exact = {k: v / 2_598_960 for k, v in HIGH5.items()}
    for row in df.itertuples():
        assert row.exact == pytest.approx(exact[row.category])
        if row.se > 0:
            assert abs(row.frequency - row.exact) < 3 * row.se, row
            assert row.z == pytest.approx((row.frequency - row.exact) / row.se)
    assert df.set_index("category").loc["one_pair", "se"] == pytest.approx(
        (0.4226 * 0.5774 / 300_000) ** 0.5, rel=0.01
    )


def test_sample_same_seed_same_numbers_on_threads(capsys):
    a = sample_csv(capsys, "--trials", "40000", "--seed", "9", "--chunk-size", "10000", "--threads", "1")
    b = sample_csv(capsys, "--trials", "40000", "--seed", "9", "--chunk-size", "10000", "--threads", "2")
    c = sample_csv(capsys, "--trials", "40000", "--seed", "10", "--chunk-size", "10000")
    assert a.equals(b) and not a.equals(c)


def test_sample_on_a_dask_local_cluster_matches_the_embedded_run(capsys):
    pytest.importorskip("distributed")
    local = sample_csv(capsys, "--trials", "30000", "--seed", "3", "--chunk-size", "8000")
    dask = sample_csv(capsys, "--trials", "30000", "--seed", "3", "--chunk-size", "8000", "--workers", "2")
    assert local.equals(dask)


def test_checkpoint_of_other_parameters_is_refused_in_one_line(capsys, tmp_path):
    cp = str(tmp_path / "cp")
    sample_csv(capsys, "--trials", "20000", "--checkpoint", cp, "--chunk-size", "5000")
    status, out, err = cli(
        [
            "sample",
            "high",
            "--cards",
            "7",
            "--trials",
            "20000",
            "--quiet",
            "--checkpoint",
            cp,
            "--chunk-size",
            "5000",
        ],
        capsys,
    )
    one_line_error(status, err, cp, "params")
    status, out, err = cli(
        [
            "sample",
            "high",
            "--trials",
            "20000",
            "--seed",
            "1",
            "--quiet",
            "--checkpoint",
            cp,
            "--chunk-size",
            "5000",
        ],
        capsys,
    )
    one_line_error(status, err, "seed 0, not 1")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_interrupted_sample_resumes_to_the_uninterrupted_numbers(sig, tmp_path, capsys):
    cp = tmp_path / "cp"
    # 40 chunks of some 15 ms each: the signal lands well inside the run
    argv = [
        "sample",
        "high",
        "--cards",
        "7",
        "--trials",
        "20000000",
        "--chunk-size",
        "500000",
        "--threads",
        "1",
        "--seed",
        "12",
        "--format",
        "csv",
        "--quiet",
    ]
    # Ctrl-C as a terminal delivers it, even where this test runs with SIGINT ignored (a
    # background job): an ignored SIGINT is inherited, and Python then leaves it ignored.
    simkit_with_ctrl_c = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from simkit.cli.main import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", simkit_with_ctrl_c, *argv, "--checkpoint", str(cp)],
        env=ENV,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.time() + 120
    while not list(cp.glob("chunk-*.npz")) and time.time() < deadline and proc.poll() is None:
        time.sleep(0.01)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    done = len(list(cp.glob("chunk-*.npz")))
    assert 1 <= done < 40, "the run was not interrupted in the middle"
    if sig == signal.SIGINT:
        assert proc.returncode == 130 and out == ""
        assert err.strip() == f"simkit: interrupted; run the same command again to resume from {cp}"
    else:
        assert proc.returncode == -signal.SIGKILL
    # the same command again finishes the run ...
    status, resumed, err = cli([*argv, "--checkpoint", str(cp)], capsys)
    assert status == 0, err
    assert len(list(cp.glob("chunk-*.npz"))) == 40
    # ... with the numbers of a run never interrupted
    status, straight, _ = cli(argv, capsys)
    assert resumed == straight and "high_card" in straight


# --- report ---------------------------------------------------------------------------------------


def test_report_command_passes_its_options_to_the_analyses(capsys, tmp_path):
    from simkit.analysis.registry import ANALYSES, AnalysisResult, analysis
    from simkit.runner import run, stats
    from simkit.runner.demo import UniformJob

    seen = {}

    @analysis("test_cli_report", game="in_between")
    def _demo(ctx):
        seen["ctx"] = ctx
        t = run(
            UniformJob(p=0.25),
            ctx.trials(100_000),
            seed=ctx.seed,
            workers=ctx.workers,
            scheduler=ctx.scheduler,
            quiet=ctx.quiet,
        )
        p, se = stats.proportion(t["below"], t["trials"])
        return AnalysisResult({"test_cli_share": pd.DataFrame({"p": [p], "se": [se]})})

    out = tmp_path / "r"
    try:
        status, _, err = cli(
            [
                "report",
                "--only",
                "test_cli_report",
                "--out",
                str(out),
                "--quiet",
                "--trials",
                "20000",
                "--checkpoint",
                str(tmp_path / "cp"),
            ],
            capsys,
        )
        assert status == 0, err
        ctx = seen["ctx"]
        assert (ctx.scale, ctx.seed, ctx.quiet, ctx.workers) == (0.02, 20261129, True, None)
        assert ctx.trials(100_000) == 2_000
        assert len(list((tmp_path / "cp").glob("uniform-*/chunk-*.npz"))) == 1  # checkpointed
        assert {"REPORT.md", "tips.csv", "manifest.json", "test_cli_share.csv"} <= {
            p.name for p in out.iterdir()
        }
        status, _, err = cli(
            [
                "report",
                "--only",
                "test_cli_report",
                "--out",
                str(out),
                "--quiet",
                "--scale",
                "0.5",
                "--seed",
                "3",
            ],
            capsys,
        )
        assert status == 0 and (seen["ctx"].scale, seen["ctx"].seed) == (0.5, 3)
        status, _, err = cli(["report", "--scale", "1", "--trials", "10", "--quiet"], capsys)
        one_line_error(status, err, "--scale or --trials")
    finally:
        ANALYSES.pop("test_cli_report")


def _leaf_parsers(parser, prefix=()):
    """Every runnable (sub)command parser with its command words."""
    import argparse

    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix, parser
    for action in subs:
        for name, sub in action.choices.items():
            yield from _leaf_parsers(sub, (*prefix, name))


def test_each_command_is_registered_by_the_module_the_parser_builds_alone():
    """main builds only the module of the command typed (a quicker start): every module's
    commands are the ones COMMAND_MODULES gives it, and a parser built for one command holds
    its module's commands only, with the same options as the full parser's."""
    import importlib

    from simkit.cli.common import Parser

    full = cli_main.build_parser()
    assert set(cli_main.COMMAND_MODULES) == set(full._subparsers._group_actions[0].choices)
    for name in cli_main.CORE_COMMANDS + cli_main.GAME_COMMANDS:
        sub = Parser(prog="simkit").add_subparsers(dest="command")
        importlib.import_module(f"simkit.cli.{name}").register(sub)
        assert {c: name for c in sub.choices} == {
            c: m for c, m in cli_main.COMMAND_MODULES.items() if m == name
        }
    every = dict(_leaf_parsers(full))
    for command in cli_main.COMMAND_MODULES:
        alone = dict(_leaf_parsers(cli_main.build_parser(command)))
        module = cli_main.COMMAND_MODULES[command]
        assert {words[0] for words in alone} == {
            c for c, m in cli_main.COMMAND_MODULES.items() if m == module
        }
        for words, parser in alone.items():
            assert [a.option_strings for a in parser._actions] == [
                a.option_strings for a in every[words]._actions
            ], words


def test_help_lists_every_command_by_the_line_its_module_registers():
    """simkit --help and --version answer from the overview parser, which registers no module:
    it must list the same commands, in the same order and with the same help lines, as the
    parser that registers them all."""
    overview = cli_main.build_parser(overview=True)._subparsers._group_actions[0]
    full = cli_main.build_parser()._subparsers._group_actions[0]
    lines = [(a.dest, a.help) for a in full._choices_actions]
    assert [(a.dest, a.help) for a in overview._choices_actions] == lines
    assert [name for name, _ in lines] == list(cli_main.COMMAND_MODULES)
    assert all(line for _, line in lines)


def test_help_and_version_load_neither_numba_nor_pandas():
    """--help, --version and a mistyped command answer at once: in a fresh interpreter they
    import neither Numba nor pandas (a query command's start is most of a second of those)."""
    code = (
        "import sys\n"
        "from simkit.cli.main import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        "print(code, [m for m in ('numba', 'pandas') if m in sys.modules], file=sys.stderr)\n"
    )
    for argv, status in ((["--help"], 0), (["--version"], 0), (["bogus"], 2), ([], 2)):
        p = subprocess.run(
            [sys.executable, "-c", code, *argv], env=ENV, capture_output=True, text=True, timeout=120
        )
        assert p.stderr.splitlines()[-1] == f"{status} []", (argv, p.stderr)
    p = subprocess.run([sys.executable, "-c", "import simkit, sys; simkit.evaluate; print('numba' in sys.modules)"],
                       env=ENV, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.stdout.strip() == "True"  # a top-level name imports its module on first use


def test_every_command_keeps_the_option_contract():
    """Issue item 6: table commands take --format/--out; Monte Carlo commands take the runner's
    options (game command groups included)."""
    leaves = list(_leaf_parsers(cli_main.build_parser()))
    assert len(leaves) >= 4
    for words, parser in leaves:
        options = {s for a in parser._actions for s in a.option_strings}
        if "--format" in options or ("--out" in options and words != ("report",)):  # report: --out DIR
            assert {"--format", "--out"} <= options, words
            fmt = next(a for a in parser._actions if "--format" in a.option_strings)
            if fmt.choices is not None:
                assert {"table", "csv", "json"} <= set(fmt.choices), words
        if "--trials" in options:
            assert {"--seed", "--workers", "--scheduler", "--checkpoint", "--quiet"} <= options, words
