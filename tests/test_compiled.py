"""The compiled build (mypyc, `make compiled`): never made in place, and really tested.

`make test` runs this file against the editable, pure-Python install; `make test-compiled`
runs it (with the engines' tests) against the wheel installed in ``.venv-compiled`` with
``SPARRING_EXPECT_COMPILED=1``, which makes it insist that every module the build hook
lists is an extension module imported from outside this checkout — so a compiled run can
never quietly test ``src/`` instead.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader
from pathlib import Path

import pytest

import sparring
from sparring.core.bench import bench_matches
from sparring.core.compiled import is_compiled
from sparring.core.registry import get_game

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
EXPECT_COMPILED = os.environ.get("SPARRING_EXPECT_COMPILED") == "1"


def hook() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mypyc: dict[str, object] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
        "mypyc"
    ]
    return mypyc


def compiled_modules() -> list[str]:
    """The modules the build hook compiles, by dotted name."""
    include = hook()["include"]
    assert isinstance(include, list)
    return [".".join(Path(path).relative_to("src").with_suffix("").parts) for path in include]


def test_no_compiled_extension_sits_under_src() -> None:
    """An extension module beside its source would be imported instead of the source (the
    import system prefers it), so an edit would silently not run. The compiled build is
    made from a scratch copy; nothing may ever leave one under src/."""
    found = [
        path.relative_to(ROOT)
        for path in SOURCE.rglob("*")
        if any(path.name.endswith(suffix) for suffix in EXTENSION_SUFFIXES)
    ]
    assert found == []


def test_the_hook_is_off_unless_asked_for_and_names_existing_modules() -> None:
    """`pip install .` must stay pure Python (no compiler needed); every listed module must
    exist, so a renamed module fails here instead of silently leaving the compiled set."""
    assert hook()["enable-by-default"] is False
    for name in compiled_modules():
        assert (SOURCE / Path(*name.split("."))).with_suffix(".py").is_file(), name


@pytest.mark.skipif(not EXPECT_COMPILED, reason="runs under make test-compiled")
def test_the_compiled_build_is_what_runs() -> None:
    assert not Path(sparring.__file__).resolve().is_relative_to(SOURCE)
    pure = [
        name
        for name in compiled_modules()
        if not isinstance(importlib.import_module(name).__spec__.loader, ExtensionFileLoader)
    ]
    assert pure == []
    assert is_compiled()


@pytest.mark.skipif(EXPECT_COMPILED, reason="runs under make test")
def test_the_pure_build_is_what_runs() -> None:
    """The editable install runs the sources themselves."""
    assert Path(sparring.__file__).resolve().is_relative_to(SOURCE)
    assert not is_compiled()


def test_bench_says_which_build_it_ran() -> None:
    result = bench_matches(get_game("tactics"), 1)
    assert result["compiled"] is EXPECT_COMPILED
