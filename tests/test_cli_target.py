"""``--target-se`` and ``--max-trials`` on the command line (issue 16, item 4), and the Stud
Hi-Lo split columns of ``simkit razz equity`` (item 3)."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from simkit.cli.main import main

EQUITY = ["razz", "equity", "As 2d / 3c", "? ? / Kh", "--exact", "never", "--chunk-size", "2000"]


def _csv(argv, capsys) -> pd.DataFrame:
    assert main([*argv, "--format", "csv", "--quiet"]) == 0
    return pd.read_csv(io.StringIO(capsys.readouterr().out))


def test_target_se_gives_the_same_table_on_one_and_two_threads_and_a_local_cluster(capsys):
    pytest.importorskip("distributed")
    runs = [
        _csv([*EQUITY, "--target-se", "0.004", *extra], capsys)
        for extra in (["--threads", "1"], ["--threads", "2"], ["--workers", "2"])
    ]
    assert runs[0].equals(runs[1]) and runs[0].equals(runs[2])
    assert runs[0].se.max() <= 0.004 and runs[0].scoop_se.max() <= 0.004
    assert main([*EQUITY, "--target-se", "0.004", "--format", "json", "--quiet"]) == 0
    deals = int(pd.read_json(io.StringIO(capsys.readouterr().out), typ="series")["deals"])
    assert deals % 2000 == 0 and deals > 2000


@pytest.mark.parametrize(
    "extra, named",
    [
        (["--target-se", "0"], "'0'"),
        (["--target-se", "-0.5"], "'-0.5'"),
        (["--target-se", "nan"], "'nan'"),
        (["--target-se", "inf"], "'inf'"),
        (["--target-se", "0.01", "--max-trials", "1000"], "got 1000"),  # under one chunk of 2000
    ],
)
def test_bad_target_values_are_refused_naming_the_value(extra, named, capsys):
    with pytest.raises(SystemExit) as e:
        main([*EQUITY, *extra, "--quiet"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and named in err, err


def test_razz_equity_of_stud_hilo_shows_the_split_columns(capsys):
    df = _csv(
        ["razz", "equity", "As 2d 3c 4h", "Kc Kd Qs 5h", "--variant", "stud-hilo", "--trials", "4000"], capsys
    )
    for key in ("high_share", "low_share", "quartered"):
        assert key in df and key + "_se" in df
    assert (df.high_share + df.low_share - df.equity).abs().max() < 1e-9
