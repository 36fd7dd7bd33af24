"""Whether this install runs the engines compiled (mypyc, `make compiled`) or as pure Python.

The compiled build turns the hot modules listed under
``[tool.hatch.build.targets.wheel.hooks.mypyc]`` in ``pyproject.toml`` into extension
modules; `core.sharedlog` is always one of them, so its loader tells the two builds apart.
Benchmarks report it, so a figure never hides which build produced it.
"""

from __future__ import annotations

from importlib.machinery import ExtensionFileLoader

from . import sharedlog


def is_compiled() -> bool:
    """True when the engines' hot modules are mypyc-compiled extension modules."""
    return isinstance(sharedlog.__spec__.loader, ExtensionFileLoader)
