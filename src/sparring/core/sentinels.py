"""Unique sentinel numbers for the no-leak property (DESIGN.md, "No leaks, provably"): a
game's `plant_sentinels` writes them into hidden fields, and the conformance kit scans
everything a seat is sent for them."""

from __future__ import annotations


class Sentinels:
    """Hands out distinct large numbers, spaced by a prime so no two share a substring
    position by accident, and remembers them."""

    __slots__ = ("base", "values")

    def __init__(self, base: int) -> None:
        self.base = base
        self.values: list[int] = []

    def fresh(self) -> int:
        self.values.append(self.base + len(self.values) * 7919)
        return self.values[-1]
