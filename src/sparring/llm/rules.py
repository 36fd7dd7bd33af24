"""The rules summary a model is given: a game's own ``rules_summary`` where its spec has
one, else the opening of its page in the source tree's docs/games/ (what the game is and
how a turn goes), else the game's title alone."""

from __future__ import annotations

from pathlib import Path

from sparring.core.game import GameSpec

#: Characters of a game's doc page the prompt carries at most.
SUMMARY_CHARACTERS = 6000
DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"


def rules_summary(spec: GameSpec, docs: Path = DOCS) -> str:
    own = getattr(spec, "rules_summary", None)
    if isinstance(own, str) and own.strip():
        return own.strip()
    page = docs / f"{spec.name}.md"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        return text[:SUMMARY_CHARACTERS].rstrip()
    return f"{spec.title}: follow the legal actions you are offered."
