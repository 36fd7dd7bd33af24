"""The rules summary a model is given: the game's own ``rules_summary.md``, shipped in the
game's package next to the module its registry entry names (the spec's), so an installed
game carries it — what wins, the turn, the actions, the numbers that matter, what is
hidden, in a few thousand characters. A game without one (a plug-in that ships none) gives
its title alone."""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path

from sparring.core.game import GameSpec
from sparring.core.registry import GROUP

#: The file a game's package ships its summary for a model in.
SUMMARY_FILE = "rules_summary.md"


def rules_summary(spec: GameSpec) -> str:
    path = summary_path(spec)
    if path is not None and path.is_file():
        return path.read_text(encoding="utf-8").strip()
    return f"{spec.title}: follow the legal actions you are offered."


def summary_path(spec: GameSpec) -> Path | None:
    """Where `spec`'s game keeps its summary: beside the module that defines the spec in its
    registry entry (``sparring.games``), or None for a spec registered nowhere."""
    for point in entry_points(group=GROUP):
        if point.name.strip().lower() == spec.name:
            module = sys.modules.get(point.module) or import_module(point.module)
            return Path(module.__file__).with_name(SUMMARY_FILE) if module.__file__ else None
    return None
