"""Cards: one per territory, in three suits dealt by territory order, plus two wilds.

Card ids are 0..T−1 for the card of territory i (suit ``i % 3``) and T, T+1 for the wilds
(T = the map's territory count). A set is three of a suit, one of each suit, or any two
with a wild (companion, "Cards"). These helpers are pure: the state keeps the hands, the
deck and the trade count.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from .maps import SUITS, WarfishMap

WILD: Final = -1
WILDS: Final = 2
#: A hand this big always holds a set: without three alike or one of each it holds at
#: most two suits, two cards each.
SURE_SET: Final = 5


def deck_size(board: WarfishMap) -> int:
    return board.size + WILDS


def suit(board: WarfishMap, card: int) -> int:
    """The suit index of `card` (0..2), or `WILD`."""
    return board.suits[card] if card < board.size else WILD


def card_name(board: WarfishMap, card: int) -> str:
    """How people read a card: ``"Alaska (infantry)"`` or ``"wild"``."""
    if card >= board.size:
        return "wild"
    return f"{board.names[card]} ({SUITS[board.suits[card]]})"


def is_set(board: WarfishMap, cards: tuple[int, ...]) -> bool:
    """Whether three cards form a set: a wild with any two, three alike or three different."""
    if len(cards) != 3:
        return False
    size = board.size
    if cards[0] >= size or cards[1] >= size or cards[2] >= size:
        return True
    suits = board.suits
    kinds = {suits[cards[0]], suits[cards[1]], suits[cards[2]]}
    return len(kinds) != 2


def has_set(board: WarfishMap, hand: list[int]) -> bool:
    """Whether `hand` holds any set (five or more cards always do)."""
    if len(hand) < 3:
        return False
    if len(hand) >= SURE_SET:
        return True
    size = board.size
    if any(c >= size for c in hand):
        return True
    counts = [0, 0, 0]
    for card in hand:
        counts[board.suits[card]] += 1
    return max(counts) >= 3 or min(counts) >= 1


def sets_in(board: WarfishMap, hand: list[int]) -> list[tuple[int, int, int]]:
    """Every set in `hand`, as sorted card-id triples in a stable (lexicographic) order."""
    return [trio for trio in combinations(sorted(hand), 3) if is_set(board, trio)]
