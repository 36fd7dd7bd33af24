"""Pieces the match-running commands share: seeds, the live display, replays and saving.

The store (and with it SQLAlchemy, most of the command line's start-up cost) is imported
only when a match is saved."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.events import NOBODY, event_json, visible_to
from sparring.core.game import GameSpec

MAX_SEED = 2**63


def random_seed() -> int:
    """A fresh 63-bit seed from the operating system, for a match nobody gave one to."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def parse_seed(text: str | None) -> int:
    """The match seed from the command line (or a random one), as a clear error if bad."""
    if text is None:
        return random_seed()
    try:
        value = int(text.strip())
    except ValueError:
        raise BadInput(f"--seed must be an integer, got {text!r}") from None
    if not 0 <= value < MAX_SEED:
        raise BadInput(f"--seed must be between 0 and 2**63 - 1, got {value}")
    return value


def _status(spec: GameSpec, state: Any) -> str | None:
    """The game's one-line public summary (HP and the like), if it has one."""
    status_line = spec.display.status_line
    if status_line is None:
        return None
    return status_line(spec.view(state, None))


def live_printer(spec: GameSpec, console: Console, reveal: bool) -> Any:
    """The `on_events` hook drawing a match as it is played: each public event, and the
    game's status line before each new turn but the first. With `reveal` (no person is
    playing) it also shows what the game reveals to onlookers (`Display.revealed_events`,
    and with `Display.reveal_live` every seat's private events, once each)."""

    display = spec.display
    reveal_all = reveal and display.reveal_live
    last_private: list[Any] = [None]
    turns_seen = [0]

    def show(state: Any, events: list[Any]) -> None:
        for event in events:
            kind = event[0]
            if kind in display.quiet_events:
                continue
            if not visible_to(event, None):
                if event[1] == NOBODY:
                    if not (reveal and kind in display.revealed_events):
                        continue
                elif not reveal_all or event[2:] == last_private[0]:
                    continue  # revealed: one line for the copies each seat got of it
                else:
                    last_private[0] = event[2:]
            if kind == display.turn_event:
                turns_seen[0] += 1
                status = _status(spec, state) if turns_seen[0] > 1 else None
                if status is not None:
                    console.print(status, style="cyan", markup=False)
            line = spec.describe(event_json(event), None, state)
            headline = kind in display.headline_events
            style = "bold" if headline else ("dim" if kind == display.turn_event else "")
            console.print(line, style=style, markup=False)

    return show


class ReplaySink(io.StringIO):
    """Keeps a replay in memory for the store while streaming it to a file, if asked."""

    def __init__(self, path: Path | None) -> None:
        super().__init__()
        self._file = None
        if path is not None:
            try:
                self._file = open(path, "w", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise BadInput(f"cannot write replay {path}: {error.strerror}") from None

    def write(self, text: str) -> int:
        if self._file is not None:
            self._file.write(text)
        return super().write(text)

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    def close_file(self) -> None:
        if self._file is not None:
            self._file.close()


def check_store(db: str | None) -> None:
    """Show that a match can be saved in the store before one is played for it."""
    from sparring.arena.store import Store

    with Store(db) as store:
        store.check_writable()


def save_match(replay_text: str, db: str | None) -> tuple[int, str]:
    """Store a finished match from its replay; returns its id and the store's URL."""
    from sparring.arena.store import MatchRecord, Store

    with Store(db) as store:
        return store.save(MatchRecord.from_replay(replay_text)), store.url
