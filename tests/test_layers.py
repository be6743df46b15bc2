"""Data flows one way: a lower layer never imports a higher one, and no game imports another.

Read from the source with ``ast`` (nothing is imported), so a new module or package must be
given its layer here on purpose.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SIMKIT = Path(__file__).resolve().parent.parent / "simkit"

#: Layer of each top-level module or package of simkit (``games.X`` per game).  The package
#: root re-exports cards, deck and hands, so it sits with hands.
LAYER = {
    "_compile_cache": 0,
    "memory": 0,
    "checks": 0,
    "disk_cache": 0,
    "jit": 0,
    "cards": 1,
    "rng": 2,
    "deck": 3,
    "hands": 4,
    "simkit": 4,
    "runner": 5,
    "poker": 6,
    "games": 7,
    "games.table": 7,
    "games.diablo": 7,
    "games.in_between": 7,
    "games.razz": 7,
    "games.triple_draw": 7,
    "games.evening": 7,
    "games.outcomes": 7,
    "evenings": 8,
    "analysis": 9,
    "report": 10,
    "report_sections": 10,
    "warmup": 10,
    "cli": 11,
    "__main__": 12,
}

#: The package root may hand out a higher layer's entry point lazily, from its module
#: ``__getattr__`` (``simkit.evening``), so that ``import simkit`` loads nothing above it.
LAZY = {("simkit", "evenings")}


#: The game packages: none imports another (``games.table`` is the interface they share).
GAMES = {"games.diablo", "games.in_between", "games.razz", "games.triple_draw"}


def _unit(module: str) -> str:
    """``simkit.games.razz.engine`` -> ``games.razz``; ``simkit.rng`` -> ``rng``."""
    parts = module.split(".")[1:]
    if not parts:
        return "simkit"
    if parts[0] == "games" and len(parts) > 1:
        return f"games.{parts[1]}"
    return parts[0]


def _module(path: Path) -> str:
    """``simkit/games/razz/__init__.py`` -> ``simkit.games.razz``."""
    parts = list(path.relative_to(SIMKIT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _submodule_or(package: str, name: str) -> str:
    """``package.name`` if that is a module of simkit, else ``package``."""
    where = SIMKIT.parent.joinpath(*package.split("."), name)
    return f"{package}.{name}" if where.is_dir() or where.with_suffix(".py").exists() else package


def _imports(path: Path) -> list[tuple[str, int]]:
    """simkit modules that ``path`` imports, with line numbers (relative imports resolved)."""
    module = _module(path).split(".")
    package = module if path.name == "__init__.py" else module[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:  # from . import x: a submodule, or a name of the package
                    found += [(_submodule_or(target, a.name), node.lineno) for a in node.names]
                    continue
            else:
                target = node.module or ""
            found.append((target, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
    return [(m, line) for m, line in found if m == "simkit" or m.startswith("simkit.")]


MODULES = sorted(SIMKIT.rglob("*.py"))


def test_every_module_has_a_layer():
    units = {_unit(_module(p)) for p in MODULES}
    assert units - LAYER.keys() == set()


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SIMKIT)))
def test_imports_flow_downward(path):
    here = _unit(_module(path))
    wrong = []
    for module, line in _imports(path):
        there = _unit(module)
        upward = LAYER[there] > LAYER[here] and (here, there) not in LAZY
        across_games = here != there and there in GAMES and here in GAMES
        if upward or across_games:
            wrong.append(
                f"line {line}: {here} (layer {LAYER[here]}) imports {module} ({there}, layer {LAYER[there]})"
            )
    assert not wrong, "\n".join(wrong)


def test_import_simkit_loads_no_evening_until_asked():
    import subprocess
    import sys

    code = (
        "import sys, simkit; assert 'simkit.evenings' not in sys.modules; "
        "f = simkit.evening; assert f.__module__ == 'simkit.evenings.jobs'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
