"""Game kernels of two commits, timed in alternation: did a change make a game slower?

Each commit is checked out into a temporary git worktree with its own Numba cache; for every
game and round a fresh Python process per tree times the game's job through the runner on one
thread (best of 3 CPU-second timings after an untimed compile / load run), the two trees
taking turns to go first.  On a machine whose speed drifts over minutes (shared cores), the
per-round ratios of the two trees are what to read, not the single rates.

The games and what one unit is (the same job as each game's own benchmark):

- ``diablo``: Diablo series, 5 players opening at trips (``SeriesJob``);
- ``razz``: complete 8-handed Razz hands, the benchmark's mixed table (``MatchJob``);
- ``td``: complete 6-handed 2-7 Triple Draw hands, six tight players (``MatchJob``);
- ``ib``: In-Between dealer's games, the benchmark's five stake policies (``DealerGameJob``);
- ``eval5``, ``eval7``: ``simkit.evaluate`` on 4,000,000 random five (seven) card hands, every
  family that evaluates them one after the other (hands per CPU-second over all of them);
- ``deal``: ``simkit.deal`` of 10,000,000 hands of 5 of 52;
- ``ib-evening`` (only when named in ``--games``): In-Between evenings of six seats (the five
  stake policies and one more half Kelly), every seat dealing 20 dealer's games, stacks so deep
  that nobody goes broke (``bench_evening.py``'s evening); the unit is an evening of 120
  dealer's games.

The child imports each job from where the commit has it: the packages were reshaped into the
same files per game after commit 6502ef9 (``diablo.play`` → ``diablo.jobs``, ``razz.engine`` →
``razz.jobs``, ``triple_draw.match`` → ``triple_draw.jobs``), so commits from before that
still run.

Command (the before/after of the reshape into one shape per game)::

    python benchmarks/ab_games.py 6502ef9 HEAD --rounds 4

**In one process** (``--same-process``, games ``td``, ``razz``, ``diablo``, ``ib`` and three
Monte Carlo jobs: ``razz-equity``, Razz's ``EquityJob`` on the benchmark's heads-up third-street
spot, unit a deal; ``td-equity``, 2-7's ``EquityJob`` of ``7s 5h 4d 3c Ks`` against
``8d 6c 4h 3s 2d``, both drawing by the table, unit a deal; ``diablo-showdown``, Diablo's
``ShowdownJob``, unit a deal of seven hands): the two
commits' ``simkit`` are copied side by side as the packages ``simkit_a`` and ``simkit_b`` (every
``simkit`` import renamed), both loaded into one process, and the game's job of each is timed in
turn, a third of the trials of a timing above per turn (``ib``: 2,000,000 dealer's games, about
a second), for ``--rounds`` pairs.  The pairs are seconds apart rather than a minute, so the
machine's drift mostly cancels in each pair's ratio: the median ratio and its quartiles are what
to read.  The best rate of each side is shown too: the machine's noise only ever slows a run, so
over many pairs the ratio of the bests is a second estimate.  ``B`` may be ``WORK``, the working
tree as it is.  Command (this session's betting and 2-7 changes)::

    python benchmarks/ab_games.py 102edc6 HEAD --same-process --rounds 21 --games td,razz,diablo
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
GAMES = ("diablo", "razz", "td", "ib", "eval5", "eval7", "deal")
#: Games timed only when named: the commits before the evenings cannot play them.
EXTRA = ("ib-evening",)
UNITS = {"diablo": "series", "razz": "hands", "td": "hands", "ib": "dealer's games"}
UNITS.update(eval5="hands", eval7="hands", deal="hands")
UNITS["ib-evening"] = "evenings"
UNITS.update({"razz-equity": "deals", "td-equity": "deals", "diablo-showdown": "deals"})
MIXED = ["tips", "tight", "loose-aggressive", "tips", "tight", "loose-aggressive", "check-call", "random"]
IB_POLICIES = ("half_kelly", "half_kelly", "kelly+count", "pot:0.5@8", "pay_twice:1@8")


def _job(game: str) -> tuple[object, int]:
    """The job of ``game`` in the commit on ``sys.path`` and the trials of one timing."""
    if game == "ib-evening":
        from simkit.evenings.jobs import make_job

        return make_job("in-between", [*IB_POLICIES, "half_kelly"], deals=20, stacks=10**6), 20_000
    if game == "diablo":
        try:
            from simkit.games.diablo.jobs import SeriesJob
        except ImportError:  # before the reshape
            from simkit.games.diablo.play import SeriesJob
        return SeriesJob(("trips",) * 5), 300_000
    if game == "razz":
        try:
            from simkit.games.razz.jobs import MatchJob
            from simkit.games.razz.strategies import specs_key
        except ImportError:
            from simkit.games.razz.engine import MatchJob
            from simkit.games.razz.engine import _specs_tuple as specs_key
        return MatchJob((specs_key(MIXED),), chunk_size=50_000), 200_000
    if game == "td":
        try:
            from simkit.games.triple_draw.jobs import MatchJob as TDMatch

            return TDMatch(("tight",) * 6), 300_000
        except ImportError:
            from simkit.games.triple_draw.match import MatchJob as TDMatchOld

            return TDMatchOld(6, ("tight",)), 300_000
    from simkit.games.in_between import DealerGameJob

    return DealerGameJob(IB_POLICIES), 1_000_000


def _hands_rate(game: str) -> float:
    """Hands per CPU-second of ``simkit.evaluate`` (every family of the card count in turn) or
    of ``simkit.deal``, best of 3 after an untimed run."""
    import simkit
    from simkit.hands import CARD_COUNTS, FAMILIES

    if game == "deal":
        n = 10_000_000

        def once() -> None:
            simkit.deal(n, 5, seed=1)

    else:
        k = 5 if game == "eval5" else 7
        hands = simkit.deal(4_000_000, k, seed=20261129)
        families = [f for f in FAMILIES if k in CARD_COUNTS[f]]
        n = len(hands) * len(families)

        def once() -> None:
            for family in families:
                simkit.evaluate(hands, family)

    once()
    best = float("inf")
    for _ in range(3):
        c0 = time.process_time()
        once()
        best = min(best, time.process_time() - c0)
    return n / best


def child(game: str) -> None:
    """Print the rate of ``game`` (units per CPU-second, one thread, best of 3)."""
    from simkit.runner import run

    if game in ("eval5", "eval7", "deal"):
        print(f"{_hands_rate(game):.0f}")
        return

    job, n = _job(game)
    run(job, 20_000, seed=0, quiet=True, threads=1)  # compile or load the kernels
    best = float("inf")
    for _ in range(3):
        c0 = time.process_time()
        run(job, n, seed=1, quiet=True, threads=1)
        best = min(best, time.process_time() - c0)
    print(f"{n / best:.0f}")


def _package_copy(rev: str, name: str, root: Path) -> None:
    """``simkit`` of ``rev`` (``WORK``: the working tree) as the package ``root/name``, every
    ``import simkit`` / ``from simkit`` in it renamed."""
    dst = root / name
    tmp = root / f"tmp_{name}"
    tmp.mkdir(parents=True)
    if rev == "WORK":
        shutil.copytree(REPO / "simkit", tmp / "simkit", ignore=shutil.ignore_patterns("__pycache__"))
    else:
        subprocess.run(f"git -C {REPO} archive {rev} simkit | tar -x -C {tmp}", shell=True, check=True)
    shutil.move(str(tmp / "simkit"), str(dst))
    tmp.rmdir()
    for path in dst.rglob("*.py"):
        text = path.read_text()
        renamed = re.sub(r"\b(from|import) simkit\b", rf"\1 {name}", text)
        if renamed != text:
            path.write_text(renamed)


def _package_job(pkg: str, game: str) -> tuple[object, int]:
    """:func:`_job` of the package ``pkg`` (a copy of :func:`_package_copy`), a third of the trials."""

    def mod(name: str):
        return importlib.import_module(pkg + name)

    if game == "td":
        return mod(".games.triple_draw.jobs").MatchJob(("tight",) * 6), 100_000
    if game == "razz":
        key = mod(".games.razz.strategies").specs_key(MIXED)
        return mod(".games.razz.jobs").MatchJob((key,), chunk_size=50_000), 60_000
    if game == "diablo":
        return mod(".games.diablo.jobs").SeriesJob(("trips",) * 5), 100_000
    if game == "razz-equity":
        equity = mod(".games.razz.equity")
        return equity.EquityJob(equity.prepare(["As 2d / 4c", "7h 8d / 9s"])), 4_000_000
    if game == "td-equity":
        hands = ["7s 5h 4d 3c Ks", "8d 6c 4h 3s 2d"]
        job = mod(".games.triple_draw.jobs").equity_job(hands, 2, strategy="table", family="deuce_to_seven")
        return job[0], 300_000
    if game == "diablo-showdown":
        return mod(".games.diablo.jobs").ShowdownJob(), 300_000
    return mod(".games.in_between").DealerGameJob(IB_POLICIES), 2_000_000  # about a second


#: The games of ``--same-process``.
SAME_PROCESS = ("td", "razz", "diablo", "ib", "razz-equity", "td-equity", "diablo-showdown")


def same_process(before: str, after: str, games: list[str], rounds: int) -> None:
    """Print the same-process A/B table (module docs)."""
    with tempfile.TemporaryDirectory(prefix="ab_games_") as tmp:
        root = Path(tmp)
        _package_copy(before, "simkit_a", root)
        _package_copy(after, "simkit_b", root)
        sys.path.insert(0, str(root))
        os.environ.setdefault("NUMBA_CACHE_DIR", str(root / "numba_cache"))
        print(f"A = {before}, B = {after}; one process, one thread, units per CPU-second, {rounds} pairs\n")
        print(
            "| game | unit | A median | B median | B/A - 1 median | quartiles | A best | B best | best B/A - 1 |"
        )
        print("| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
        for game in games:
            runs = {}
            for pkg in ("simkit_a", "simkit_b"):
                job, n = _package_job(pkg, game)
                run = importlib.import_module(pkg + ".runner").run
                run(job, 20_000, seed=0, quiet=True, threads=1)  # compile or load the kernels
                runs[pkg] = (run, job, n)
            rates: dict[str, list[float]] = {"simkit_a": [], "simkit_b": []}
            for r in range(rounds):
                for pkg in ("simkit_a", "simkit_b") if r % 2 == 0 else ("simkit_b", "simkit_a"):
                    run, job, n = runs[pkg]
                    c0 = time.process_time()
                    run(job, n, seed=r + 1, quiet=True, threads=1)
                    rates[pkg].append(n / (time.process_time() - c0))
            ratios = [b / a - 1 for a, b in zip(rates["simkit_a"], rates["simkit_b"], strict=True)]
            q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
            best_a, best_b = max(rates["simkit_a"]), max(rates["simkit_b"])
            print(
                f"| {game} | {UNITS[game]} | {statistics.median(rates['simkit_a']):,.0f} | "
                f"{statistics.median(rates['simkit_b']):,.0f} | {q[1]:+.1%} | {q[0]:+.1%} … {q[2]:+.1%} | "
                f"{best_a:,.0f} | {best_b:,.0f} | {best_b / best_a - 1:+.1%} |",
                flush=True,
            )


def _rate(tree: Path, game: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_CACHE_DIR=str(tree / ".numba_cache"))
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", game],
        env=env,
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", nargs="?", help="git revision timed first (A)")
    ap.add_argument("after", nargs="?", default="HEAD", help="git revision B (default HEAD)")
    ap.add_argument("--rounds", type=int, default=4, help="alternating rounds per game")
    ap.add_argument(
        "--games", default=",".join(GAMES), help=f"comma-separated, of {', '.join(GAMES + EXTRA)}"
    )
    ap.add_argument(
        "--same-process",
        action="store_true",
        help="both commits in one process (td, razz, diablo, ib, razz-equity, td-equity, diablo-showdown)",
    )
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child)
        return 0
    games = [g for g in args.games.split(",") if g]
    bad = [g for g in games if g not in GAMES + EXTRA + (SAME_PROCESS if args.same_process else ())]
    if args.before is None:
        ap.error("give BEFORE, the git revision to compare with")
    if bad:
        ap.error(f"unknown game {bad[0]!r}; choose from {', '.join(GAMES + EXTRA)}")
    if args.rounds < 1:
        ap.error(f"--rounds must be at least 1, got {args.rounds}")
    if args.same_process:
        other = [g for g in games if g not in SAME_PROCESS]
        if other:
            ap.error(f"--same-process times {', '.join(SAME_PROCESS)}, not {other[0]!r}")
        same_process(args.before, args.after, games, args.rounds)
        return 0
    with tempfile.TemporaryDirectory(prefix="ab_games_") as tmp:
        trees = []
        for name, rev in (("a", args.before), ("b", args.after)):
            tree = Path(tmp) / name
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "add", "--quiet", "--detach", str(tree), rev],
                check=True,
            )
            trees.append(tree)
        try:
            print(f"A = {args.before}, B = {args.after}; one thread, units per CPU-second, best of 3\n")
            print("| game | unit | round | A | B | B/A - 1 |\n| --- | --- | ---: | ---: | ---: | ---: |")
            summary = []
            for game in games:
                changes = []
                for r in range(args.rounds):
                    order = trees if r % 2 == 0 else trees[::-1]
                    rates = {tree: _rate(tree, game) for tree in order}
                    a, b = rates[trees[0]], rates[trees[1]]
                    changes.append(b / a - 1)
                    print(f"| {game} | {UNITS[game]} | {r + 1} | {a:,.0f} | {b:,.0f} | {b / a - 1:+.1%} |")
                summary.append((game, statistics.mean(changes), min(changes), max(changes)))
            print("\n| game | mean B/A - 1 | range |\n| --- | ---: | --- |")
            for game, mean, lo, hi in summary:
                print(f"| {game} | {mean:+.1%} | {lo:+.1%} … {hi:+.1%} |")
        finally:
            for tree in trees:
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=False
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
