"""Hand evaluators and the deck sampler against their peers, on the same hands, in one run.

Every evaluator sees the same pre-generated random hands (converted once, outside the timing,
into each peer's own card format) and runs single-threaded on its fastest public path:

- simkit: ``simkit.evaluate(hands, family)`` on a whole array (input checks included);
- treys: ``Evaluator().evaluate(hand, board)`` per hand;
- phevaluator: ``evaluate_5cards`` / ``evaluate_7cards`` per hand (its C core);
- eval7: ``eval7.evaluate(cards)`` per hand (Cython);
- PokerKit: ``StandardHighHand`` / ``StandardLowHand`` / ``RegularLowHand`` /
  ``EightOrBetterLowHand`` per hand (5 cards: the constructor; 7: ``from_game``).

Peers are timed on a prefix of the hands for about ``--budget`` seconds each; simkit's figures
are the best (and the median) over ``--rounds`` rounds that time every case once each.  The sampler is
compared with numpy's vectorised partial shuffle (``argpartition`` of uniform keys).

Usage::

    python benchmarks/bench_hands.py [--hands 4000000] [--budget 1.5] [--rounds 5] [--out benchmarks/RESULTS_hands.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np

import simkit
from simkit.cards import format_cards
from simkit.hands import CARD_COUNTS, FAMILIES
from simkit.hands.tables import kernel_tables


def best_rate(func: Callable[[], object], n: int, repeats: int = 3) -> float:
    """Items per second of ``func`` (which handles ``n`` items), best of ``repeats``."""
    func()  # compile / warm caches
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - t)
    return n / best


def peer_rate(evaluate_one: Callable[[object], object], inputs: list, budget: float) -> float:
    """Hands per second of a per-hand peer evaluator, run for about ``budget`` seconds."""
    for x in inputs[:100]:
        evaluate_one(x)
    done = 0
    start = time.perf_counter()
    while done < len(inputs):
        for x in inputs[done : done + 1000]:
            evaluate_one(x)
        done = min(done + 1000, len(inputs))
        if time.perf_counter() - start > budget:
            break
    return done / (time.perf_counter() - start)


def peers_high(hands: np.ndarray, k: int, budget: float) -> dict[str, float]:
    """Per-hand rates of the high-hand peers on the first hands of ``hands``."""
    text = [format_cards(h).split() for h in hands[:200_000]]
    rates: dict[str, float] = {}
    try:
        from treys import Card as TCard
        from treys import Evaluator

        ev = Evaluator()
        tin = [[TCard.new(c) for c in h] for h in text]
        rates["treys"] = peer_rate(lambda h: ev.evaluate(h[:2], h[2:]), tin, budget)
    except ImportError:
        pass
    try:
        from phevaluator import Card as PCard
        from phevaluator import evaluate_5cards, evaluate_7cards

        pin = [[PCard(c).id_ for c in h] for h in text]
        fn = evaluate_5cards if k == 5 else evaluate_7cards
        rates["phevaluator"] = peer_rate(lambda h: fn(*h), pin, budget)
    except ImportError:
        pass
    try:
        import eval7

        ein = [[eval7.Card(c) for c in h] for h in text]
        rates["eval7"] = peer_rate(eval7.evaluate, ein, budget)
    except ImportError:
        pass
    rates.update(peers_pokerkit(text, "high", k, budget))
    return rates


def peers_pokerkit(text: list[list[str]], family: str, k: int, budget: float) -> dict[str, float]:
    """PokerKit's rate for the family it has a hand class for."""
    try:
        import pokerkit as pk
    except ImportError:
        return {}
    cls = {
        "high": pk.StandardHighHand,
        "deuce_to_seven": pk.StandardLowHand,
        "ace_to_five": pk.RegularLowHand,
        "eight_or_better": pk.EightOrBetterLowHand,
    }.get(family)
    if cls is None:
        return {}
    pin = ["".join(h) for h in text[:50_000]]

    def one(cards: str) -> object:
        try:
            return cls(cards) if k == 5 else cls.from_game(cards)
        except ValueError:  # no qualifying low, or not a valid five-card hand
            return None

    return {"PokerKit": peer_rate(one, pin, budget)}


def sampler_rates(n: int) -> dict[str, float]:
    """The peer of ``simkit.deal``: numpy's vectorised partial shuffle."""
    rng = np.random.default_rng(1)

    def numpy_deal() -> np.ndarray:
        keys = rng.random((n // 10, 52))
        return np.argpartition(keys, 5, axis=1)[:, :5]

    return {"numpy argpartition": best_rate(numpy_deal, n // 10)}


def per_hand_function(family: str, k: int):
    """The per-hand evaluator of ``family`` for ``k`` cards, by the per-family names
    :mod:`simkit.hands.kernels` gives the game kernels."""
    from simkit.hands import kernels

    if k == 7:
        return getattr(kernels, f"eval7_{family}")
    return kernels.eval5_deuces_wild if family == "deuces_wild" else getattr(kernels, f"_eval5_{family}")


def per_hand_loop(family: str, k: int) -> Callable[[np.ndarray, object, np.ndarray], None]:
    """A compiled loop over ``family``'s per-hand evaluator of ``k`` cards with no input check:
    what a game kernel runs, its cards already known to be valid."""
    import numba

    fn = per_hand_function(family, k)
    if k == 5:

        def run5(hands, T, out):
            for i in range(hands.shape[0]):
                out[i] = fn(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], T)

        return numba.njit(nogil=True, _nrt=False)(run5)

    def run7(hands, T, out):
        for i in range(hands.shape[0]):
            out[i] = fn(
                hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5], hands[i, 6], T
            )

    return numba.njit(nogil=True, _nrt=False)(run7)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import numba

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()}, numpy {np.__version__}, "
        f"numba {numba.__version__}; load average at start {load:.2f}"
    )


NOTES = """
How the evaluators get their speed, beside the fastest native ones (OMPEval, phevaluator's C
core, the Two Plus Two table):

- **Alike: rank keys with unique sums** (OMPEval's scheme).  Every rank has a key such that
  the sums over any five (seven) cards are all distinct, so five (seven) table loads and
  additions hash the rank multiset; no sorting.  Seven-card sums are folded by row
  displacement into a 178,645-entry `uint16` table (349 KiB, with 1,911 row offsets), as
  OMPEval folds its own; five-card sums index a 360,919-entry table (705 KiB) directly:
  compressed the same way to 9,059 entries it was slower here, since the row offset is one
  more dependent load and the table fits the 1 MiB L2 cache anyway.
- **Alike: the flush test rides in the key.**  The suit counts sit in 4-bit fields above bit
  32 of the same key; adding 3 to each sets its top bit exactly when a suit holds five, so the
  additions that hash the ranks also say whether there is a flush (OMPEval does the same).
- **Different: the flush path is out of the way.**  OMPEval keeps each suit's rank mask in
  its precombined hand object; simkit starts from card bytes, so it builds the flush suit's
  rank mask only when a suit holds five (0.2 % of five-card, 3 % of seven-card hands), in a
  function of its own for seven cards, so that the loop around the common case stays small.
  A deuce's wild key adds one to every suit's count, so the naturals share a suit exactly
  when some count is five (the same test), and one load picks the suited or plain table.
- **Different: A-6 seven-card flushes by one more load.**  In A-6 a flush is a bad hand, so
  with five or more of a suit the best five may be another one.  With exactly five of the
  suit (93 % of those hands) the answer depends only on the five suited ranks and the other
  two cards' ranks: a 117,117-entry table (229 KiB) built by trying the 21 fives of every
  such class, indexed through a 13-bit rank-mask numbering; six or seven of a suit (0.2 % of
  hands) try the 21 fives.  Before this table every such hand tried them or compared two
  candidates, and A-6 ran at 86-176 M/s against 137-240 M/s for A-5 in the same runs.
- **Different: input is checked in the same pass.**  A public call validates every hand: the
  cards' 64-bit card bits (from a 256-entry table, so a negative or too large byte has none)
  are OR'd and must count exactly five (seven) set bits, one `popcnt`; the native evaluators
  trust their input.
- **Different: what the compiler sees.**  One loop per family (a family test inside the loop
  halved the speed: the compiler does not move it out), and the batch loop is compiled
  without Numba's reference counting (`simkit.jit.lean`), which otherwise counts the table
  arrays on every hand where an evaluator has a branch (2x on seven cards).
- **Dealing** is a partial Fisher-Yates shuffle of four decks kept across the batch, four rows dealt side by side so that their swaps overlap (uniform
  whatever order the deck was left in), four 16-bit Lemire draws per 64-bit output with exact
  rejection, and the generator's state in local variables for the whole batch.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4_000_000)
    parser.add_argument("--budget", type=float, default=1.5, help="seconds per peer")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of simkit's timings")
    parser.add_argument("--out", default="benchmarks/RESULTS_hands.md")
    args = parser.parse_args(argv)

    hands = {k: simkit.deal(args.hands, k, seed=20261129) for k in (5, 7)}
    cases = [(family, k) for k in (5, 7) for family in FAMILIES if k in CARD_COUNTS[family]]
    ours: dict[object, list[float]] = {case: [] for case in [*cases, "deal"]}
    inner: dict[tuple[str, int], list[float]] = {case: [] for case in cases}
    loops = {(family, k): per_hand_loop(family, k) for family, k in cases}
    out = np.empty(args.hands, dtype=np.int32)
    for _ in range(args.rounds):  # every case once per round, so that a slow spell hits all alike
        for family, k in cases:
            ours[family, k].append(best_rate(lambda: simkit.evaluate(hands[k], family), args.hands))
            T = kernel_tables(family)
            loop = loops[family, k]
            inner[family, k].append(best_rate(lambda: loop(hands[k], T, out), args.hands))
        ours["deal"].append(best_rate(lambda: simkit.deal(10_000_000, 5, seed=1), 10_000_000))
    lines = [
        "## Hand evaluators and sampler",
        "",
        f"Machine: {machine()}.",
        f"Command: `python benchmarks/bench_hands.py --hands {args.hands} --budget {args.budget}"
        f" --rounds {args.rounds}` ({time.strftime('%Y-%m-%d')}). Single thread; hands per second,"
        " higher is better.  simkit: the best and the median over the rounds (every case timed"
        " once per round, best of 3 calls; this machine's speed drifts by up to 2x within"
        " seconds, and a slow spell only lowers a figure); each peer: one run of about"
        f" {args.budget} s, on the first of the same hands.",
        "",
        "| what | cards | simkit best (M/s) | simkit median | peer | peer (M/s) | simkit best / peer |",
        "| --- | --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for family, k in cases:
        best, median = max(ours[family, k]), float(np.median(ours[family, k]))
        if family == "high":
            peers = peers_high(hands[k], k, args.budget)
        else:
            text = [format_cards(h).split() for h in hands[k][:50_000]]
            peers = peers_pokerkit(text, family, k, args.budget)
        head = f"| {family} | {k} | {best / 1e6:.1f} | {median / 1e6:.1f}"
        if not peers:
            lines.append(f"{head} | (no peer) | | |")
        for name, rate in peers.items():
            lines.append(f"{head} | {name} | {rate / 1e6:.4f} | {best / rate:,.0f}× |")
        print(lines[-1], flush=True)
    rates = sampler_rates(10_000_000)
    peer = rates["numpy argpartition"]
    best, median = max(ours["deal"]), float(np.median(ours["deal"]))
    lines.append(
        f"| deal 5 of 52 | 5 | {best / 1e6:.1f} | {median / 1e6:.1f} | numpy argpartition | "
        f"{peer / 1e6:.2f} | {best / peer:,.1f}× |"
    )
    print(lines[-1])
    lines += [
        "",
        "The per-hand evaluators that the game kernels inline (`simkit.hands.kernels`), called "
        "in a compiled loop over the same hands, held as game kernels hold their cards (signed "
        "bytes, as `simkit.deal` returns them) and without the public call's input check (a "
        "game kernel's cards are valid by construction), against the public batch call above, in "
        "the same rounds (M hands/s):",
        "",
        "| family | cards | per-hand function | inlined best | inlined median | public best | inlined / public (medians) |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for family, k in cases:
        name = per_hand_function(family, k).py_func.__name__
        i_best, i_med = max(inner[family, k]), float(np.median(inner[family, k]))
        p_best, p_med = max(ours[family, k]), float(np.median(ours[family, k]))
        lines.append(
            f"| {family} | {k} | `{name}` | {i_best / 1e6:.1f} | {i_med / 1e6:.1f} | {p_best / 1e6:.1f} | "
            f"{i_med / p_med:.2f} |"
        )
    lines.append(NOTES)
    text = "\n".join(lines) + "\n"
    with open(args.out, "w") as f:
        f.write(text)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
