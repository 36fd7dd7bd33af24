"""The game's own seeded random source.

Every chance event of a game draws from the `Rng` carried by its state, never from the
global `random` module, so that the same seed and the same actions replay the same game bit
for bit on any machine. The generator is splitmix64: its whole state is one integer, which
makes cloning a state (for search) nearly free.

Draws are *labelled* (``"dodge"``, ``"first_mover"``...). Tests and scenarios can script the
outcome of the next draws of a label, and every draw is appended to `log` as
``(label, value)``, which replays record and verify.

**Machine integers when compiled.** Compiled (mypyc), a draw's arithmetic runs in `i64`
machine words (`_draw`), whose additions, multiplications and left shifts wrap around
modulo 2**64, exactly splitmix64's unsigned arithmetic: a draw then allocates nothing for
its arithmetic (on Python integers each 64-bit product is an arbitrary-precision object,
which made a draw cost as much compiled as interpreted). `_draw` is exact on Python's unbounded
integers too, because it only asks what both agree on: (1) additions and multiplications
agree modulo 2**64, and splitmix64 needs no more; (2) every right shift is masked to the
bits a 64-bit logical shift keeps (``(z >> 30) & _LOW34``), so bits above the 64th (pure)
or a sign (compiled) never enter; (3) the stored state and the output are brought back to
64 bits by the wrap step ``(z & _LOW63) | (((z >> 63) & 1) << 63)``, which leaves a
machine word as it is and reduces an unbounded integer to ``[0, 2**64)``; (4) an output
with the top bit set reads as negative compiled, so its remainder is taken of its
unsigned value. Interpreted, though, those extra steps cost half as much again as masking
each step to 64 bits, so the interpreted build draws that way instead (`_UNBOUNDED`,
inlined in `below` and `chance`); both ways are tested against a plain splitmix64.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Final

from .compiled import is_compiled

if TYPE_CHECKING:  # a native integer type to mypyc; a plain int to the interpreter
    from mypy_extensions import i64

#: Whether draws take Python's unbounded integers masked at each step (the interpreted
#: build) rather than `_draw`'s machine words (module docstring).
_UNBOUNDED: Final = not is_compiled()
_MASK: Final = (1 << 64) - 1
#: splitmix64's increment and multipliers, as signed 64-bit values (module docstring).
_GOLDEN: Final[i64] = -0x61C8864680B583EB  # 0x9E3779B97F4A7C15
_MIX1: Final[i64] = -0x40A7B892E31B1A47  # 0xBF58476D1CE4E5B9
_MIX2: Final[i64] = -0x6B2FB644ECCEEE15  # 0x94D049BB133111EB
#: Bits 0..62 of a word, and what a logical right shift by 30, 27 and 31 keeps of one.
_LOW63: Final[i64] = (1 << 63) - 1
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW33: Final[i64] = (1 << 33) - 1


def _mix(z: int) -> int:
    """splitmix64's output function on an unsigned 64-bit value (the draw methods inline
    it, in one of two ways: see the module docstring)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _word(value: int) -> i64:
    """An unsigned 64-bit value as the signed machine word with the same bits."""
    return value - (1 << 64) if value >> 63 else value


class Rng:
    """Deterministic, cheaply clonable random source with scriptable, logged outcomes."""

    __slots__ = ("_scripted", "_state", "log")

    def __init__(self, seed: int) -> None:
        self._state: i64 = _word(_mix(seed & _MASK))
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
        self._state = _word(_mix(seed & _MASK))

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
        """A uniform integer in ``[0, n)`` (``0 < n < 2**63``)."""
        scripted = self._scripted
        if scripted and scripted.get(label):
            value = scripted[label].popleft()
            if not 0 <= value < n:
                raise ValueError(f"scripted {label} outcome {value} is outside 0..{n - 1}")
        elif _UNBOUNDED:
            state: int = self._state
            z = (state + 0x9E3779B97F4A7C15) & _MASK
            self._state = z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = (z ^ (z >> 31)) % n
        else:
            value = self._draw(n)
        self.log.append((label, value))
        return value

    def chance(self, percent: int, label: str) -> bool:
        """True with probability ``percent``/100 (one draw, scriptable as a bool)."""
        scripted = self._scripted
        if scripted and scripted.get(label):
            value = scripted[label].popleft()
            if value not in (0, 1):
                raise ValueError(f"scripted {label} outcome must be true or false, got {value}")
        elif _UNBOUNDED:
            state: int = self._state
            z = (state + 0x9E3779B97F4A7C15) & _MASK
            self._state = z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = 1 if (z ^ (z >> 31)) % 100 < percent else 0
        else:
            value = 1 if self._draw(100) < percent else 0
        self.log.append((label, value))
        return value == 1

    def _draw(self, n: i64) -> i64:
        """The next splitmix64 output modulo `n`, in machine words when compiled (the
        module docstring says why the same code is exact on Python integers too)."""
        z: i64 = self._state + _GOLDEN
        z = (z & _LOW63) | (((z >> 63) & 1) << 63)  # the wrap step
        self._state = z
        z = (z ^ ((z >> 30) & _LOW34)) * _MIX1
        z = (z ^ ((z >> 27) & _LOW37)) * _MIX2
        z = z ^ ((z >> 31) & _LOW33)
        z = (z & _LOW63) | (((z >> 63) & 1) << 63)  # the wrap step
        if z >= 0:
            return z % n
        # compiled, with the top bit set: the unsigned value is (z & _LOW63) + 2**63
        return ((z & _LOW63) % n + _LOW63 % n + 1) % n
