"""Every job of simkit implements the runner's Job protocol and has a snake_case name."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest

import simkit
from simkit.runner import Job, is_job_name
from simkit.runner.demo import UniformJob


def _job_classes() -> list[type]:
    found = {}
    for mod in pkgutil.walk_packages(simkit.__path__, "simkit."):
        module = importlib.import_module(mod.name)
        for obj in vars(module).values():
            if isinstance(obj, type) and callable(getattr(obj, "run_chunk", None)) and obj is not Job:
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


JOBS = _job_classes()


def test_every_game_has_jobs():
    modules = {cls.__module__ for cls in JOBS}
    for game in ("diablo", "triple_draw", "razz", "in_between"):
        assert any(f".{game}." in m for m in modules), game


@pytest.mark.parametrize("cls", JOBS, ids=lambda c: c.__qualname__ + "@" + c.__module__)
def test_job_class_follows_the_protocol(cls):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, "a frozen dataclass"
    assert callable(cls.params) and callable(cls.run_chunk)
    name = {f.name: f for f in dataclasses.fields(cls)}.get("name")
    default = name.default if name is not None else getattr(cls, "name", None)
    assert isinstance(default, str) and is_job_name(default), f"job name {default!r} is not snake_case"


def test_a_job_instance_is_a_job():
    assert isinstance(UniformJob(), Job)
    assert not isinstance(object(), Job)
