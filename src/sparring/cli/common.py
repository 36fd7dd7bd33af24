"""Pieces the match-running commands share: seeds, what an onlooker is shown and at what
pace, replays, saving, and how to find a saved match again.

The store (and with it SQLAlchemy, most of the command line's start-up cost) is imported
only when a match is saved."""

from __future__ import annotations

import io
import os
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.events import NOBODY, Event, event_json, visible_to
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


@dataclass(frozen=True)
class Shown:
    """One event line as an onlooker is shown it, with its style ("bold" for a headline,
    "dim" for a new turn, "" otherwise)."""

    kind: str
    text: str
    style: str


class Onlooker:
    """What someone watching a match at this terminal is told, event by event.

    While a person plays (`reveal` False) that is what a spectator may see: public events
    only, so the person learns nothing hidden from it. With no person playing it is
    everything: the game's narration reads every event (so it can name every hidden piece), and
    the lines show the public events plus what the game reveals to onlookers
    (`Display.revealed_events`, and with `Display.reveal_live` every seat's private
    events, one line for the copies each seat got)."""

    def __init__(self, spec: GameSpec, reveal: bool) -> None:
        self._display = spec.display
        self._reveal = reveal
        self._reveal_private = reveal and spec.display.reveal_live
        self._narrate = spec.narration(None)
        self._last_private: Event | None = None

    def read(self, state: Any, events: list[Event]) -> list[Shown]:
        """The lines for `events`, just applied to `state`, in order."""
        shown = []
        for event in events:
            if not (self._reveal or visible_to(event, None)):
                continue
            text = self._narrate(event_json(event), state)
            if self._shows(event):
                shown.append(Shown(event[0], text, self._style(event[0])))
        return shown

    def _shows(self, event: Event) -> bool:
        kind = event[0]
        if kind in self._display.quiet_events:
            return False
        if visible_to(event, None):
            return True
        if event[1] == NOBODY:
            return self._reveal and kind in self._display.revealed_events
        if not self._reveal_private or event[2:] == self._last_private:
            return False
        self._last_private = event[2:]
        return True

    def _style(self, kind: str) -> str:
        if kind in self._display.headline_events:
            return "bold"
        return "dim" if kind == self._display.turn_event else ""


class Pace:
    """How fast a match is shown: a pause of `delay` seconds after each decision that shows
    something, or with `step` a wait for Enter on `keys` instead (when `keys` ends, the
    match plays on without waiting). A terminal does not echo the Enter, so a board drawn
    in place stays where it is."""

    def __init__(
        self,
        delay: float = 0.0,
        step: bool = False,
        keys: TextIO | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.delay = delay
        self.step = step
        self._keys = keys if keys is not None else sys.stdin
        self._sleep = sleep

    def wait(self) -> None:
        if self.step:
            if not _read_line_unechoed(self._keys):
                self.step = False
        elif self.delay > 0:
            self._sleep(self.delay)


def _read_line_unechoed(keys: TextIO) -> str:
    """A line from `keys` (empty at its end), not echoed when `keys` is a terminal."""
    if not keys.isatty():
        return keys.readline()
    import termios  # POSIX terminals only, and only when stepping at one

    descriptor = keys.fileno()
    saved = termios.tcgetattr(descriptor)
    quiet = termios.tcgetattr(descriptor)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(descriptor, termios.TCSADRAIN, quiet)
    try:
        return keys.readline()
    finally:
        termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)


def live_printer(spec: GameSpec, console: Console, reveal: bool, pace: Pace | None = None) -> Any:
    """The `on_events` hook printing a match as scrolling lines as it is played: what an
    `Onlooker` is shown, and the game's status line before each new turn but the first;
    with `pace`, a pause after each decision that printed something."""

    onlooker = Onlooker(spec, reveal)
    turns_seen = [0]

    def show(state: Any, events: list[Event]) -> None:
        shown = onlooker.read(state, events)
        for line in shown:
            if line.kind == spec.display.turn_event:
                turns_seen[0] += 1
                status = _status(spec, state) if turns_seen[0] > 1 else None
                if status is not None:
                    console.print(status, style="cyan", markup=False)
            console.print(line.text, style=line.style, markup=False)
        if shown and pace is not None:
            pace.wait()

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


def save_match(
    replay_text: str, db: str | None, seat_notes: list[dict[str, Any] | None] | None = None
) -> tuple[int, str]:
    """Store a finished match from its replay, with the seats' own notes on it (in its
    row: saved together or not at all); returns its id and the store's URL."""
    from sparring.arena.store import MatchRecord, Store

    with Store(db) as store:
        record = MatchRecord.from_replay(replay_text, seat_notes=seat_notes)
        return store.save(record), store.url


def show_again(match_id: int, db: str | None) -> str:
    """The command that shows a saved match again, naming the store when the user chose
    one with ``--db`` (the default store and ``$SPARRING_DB`` need no flag)."""
    store = "" if db is None else f" --db {shlex.quote(db)}"
    return f"sparring matches show {match_id}{store}"


def saved_lines(match_id: int, url: str, db: str | None) -> list[str]:
    """What a command says after saving a match: where it went, and how to see it again."""
    return [
        f"Saved as match {match_id} in {url}",
        f"See it again with: {show_again(match_id, db)}",
    ]
