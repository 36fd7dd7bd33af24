"""The game's own seeded random source.

Every chance event of a game draws from the `Rng` carried by its state, never from the
global `random` module, so that the same seed and the same actions replay the same game bit
for bit on any machine. The generator is splitmix64: its whole state is one integer, which
makes cloning a state (for search) nearly free.

Draws are *labelled* (``"dodge"``, ``"first_mover"``...). Tests and scenarios can script the
outcome of the next draws of a label, and every draw is appended to `log` as
``(label, value)``, which replays record and verify.
"""

from __future__ import annotations

from collections import deque
from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """splitmix64's output function (inlined by hand in the draw methods for speed)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """Deterministic, cheaply clonable random source with scriptable, logged outcomes."""

    __slots__ = ("_scripted", "_state", "log")

    def __init__(self, seed: int) -> None:
        self._state = _mix(seed & _MASK)
        self._scripted: dict[str, deque[int]] | None = None
        self.log: list[tuple[str, int]] = []

    def clone(self, keep_log: bool = True) -> Rng:
        """A twin drawing the same outcomes from here on. With `keep_log` False its chance
        log starts empty: a search's clone needs no record of the draws before it, and
        copying the log made every clone cost as much as the game was long."""
        twin = Rng(0)  # then overwritten: a compiled class has no blank without __init__
        twin._state = self._state
        twin._scripted = (
            {label: deque(q) for label, q in self._scripted.items()} if self._scripted else None
        )
        twin.log = list(self.log) if keep_log else []
        return twin

    def reseed(self, seed: int) -> None:
        """Replace the future stream (used by determinization so a sample's future is fresh)."""
        self._state = _mix(seed & _MASK)

    def script(self, label: str, outcomes: list[int] | list[bool]) -> None:
        """Force the next draws of `label` to these outcomes, in order, before free draws resume."""
        if self._scripted is None:
            self._scripted = {}
        self._scripted.setdefault(label, deque()).extend(int(o) for o in outcomes)

    def scripting(self) -> bool:
        """Whether any outcome has ever been scripted (a cheap test before `scripted`)."""
        return self._scripted is not None

    def scripted(self, label: str) -> bool:
        """Whether the next draw of `label` is a scripted one."""
        scripted = self._scripted
        return bool(scripted and scripted.get(label))

    def below(self, n: int, label: str) -> int:
        """A uniform integer in ``[0, n)``."""
        scripted = self._scripted
        if scripted and scripted.get(label):
            value = scripted[label].popleft()
            if not 0 <= value < n:
                raise ValueError(f"scripted {label} outcome {value} is outside 0..{n - 1}")
        else:
            z = self._state = (self._state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = (z ^ (z >> 31)) % n
        self.log.append((label, value))
        return value

    def chance(self, percent: int, label: str) -> bool:
        """True with probability ``percent``/100 (one draw, scriptable as a bool)."""
        scripted = self._scripted
        if scripted and scripted.get(label):
            value = scripted[label].popleft()
            if value not in (0, 1):
                raise ValueError(f"scripted {label} outcome must be true or false, got {value}")
        else:
            z = self._state = (self._state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = 1 if (z ^ (z >> 31)) % 100 < percent else 0
        self.log.append((label, value))
        return value == 1
