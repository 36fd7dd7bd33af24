"""Keywords as bit flags: creatures carry one integer, so checks are a mask test, and
"loses every keyword" (dry drop, Paralysis) is one assignment."""

from __future__ import annotations

HASTE = 1 << 0
AMBUSH = 1 << 1
PASSIVE = 1 << 2
HARMLESS = 1 << 3
LURE = 1 << 4
ACUITY = 1 << 5
MULTI_STRIKE = 1 << 6
BARRIER = 1 << 7
IMMUNE = 1 << 8
HIDDEN = 1 << 9
INVISIBLE = 1 << 10
INEDIBLE = 1 << 11
EDIBLE = 1 << 12
SCAVENGE = 1 << 13
NEUROTOXIC = 1 << 14
TOXIC = 1 << 15
POISONOUS = 1 << 16
FREE_PLAY = 1 << 17
REGEN = 1 << 18

# Display names in the order cards list them; "Multi-Strike" carries its N separately.
KEYWORD_BITS: dict[str, int] = {
    "Haste": HASTE,
    "Ambush": AMBUSH,
    "Passive": PASSIVE,
    "Harmless": HARMLESS,
    "Lure": LURE,
    "Acuity": ACUITY,
    "Multi-Strike": MULTI_STRIKE,
    "Barrier": BARRIER,
    "Immune": IMMUNE,
    "Hidden": HIDDEN,
    "Invisible": INVISIBLE,
    "Inedible": INEDIBLE,
    "Edible": EDIBLE,
    "Scavenge": SCAVENGE,
    "Neurotoxic": NEUROTOXIC,
    "Toxic": TOXIC,
    "Poisonous": POISONOUS,
    "Free Play": FREE_PLAY,
    "Regen": REGEN,
}
_BY_LOWER = {name.lower(): bit for name, bit in KEYWORD_BITS.items()}


def parse_keyword(text: str) -> tuple[int, int]:
    """``(bit, strikes)`` for a keyword as written in data or by a user ("Multi-Strike 3"
    gives strikes 3; every other keyword gives strikes 0). Raises ValueError naming the
    known keywords."""
    words = text.strip()
    lower = words.lower()
    if lower.startswith("multi-strike"):
        count = lower[len("multi-strike") :].strip()
        if not count.isdigit() or int(count) < 2:
            raise ValueError(f"keyword {text!r}: write Multi-Strike with a count of 2 or more")
        return MULTI_STRIKE, int(count)
    bit = _BY_LOWER.get(lower)
    if bit is None:
        raise ValueError(
            f"unknown keyword {text!r}; known: {', '.join(KEYWORD_BITS)} (Multi-Strike N)"
        )
    return bit, 0


def keyword_names(bits: int, strikes: int = 1) -> list[str]:
    """The display names of the keywords in `bits`, in the canonical order."""
    names = []
    for name, bit in KEYWORD_BITS.items():
        if bits & bit:
            names.append(f"Multi-Strike {strikes}" if bit == MULTI_STRIKE else name)
    return names
