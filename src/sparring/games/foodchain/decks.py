"""Decks: reading deck files, checking them against the deck rules, and the prebuilt
decks shipped with the pool.

A deck is a list of card names. Companion ruling 1: one kingdom, exactly 20 cards, no card
twice, no tokens, strictly more prey than predators. Every broken rule is reported by name,
all at once, so a deck builder fixes a file in one pass.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from sparring.core.errors import BadInput

from .cards import CardDef, Pool, load_pool
from .limits import DECK_SIZE
from .vocabulary import PREDATOR, PREY, TOKEN


def parse_deck_text(text: str) -> list[str]:
    """The card names of a deck file: one per line, blank lines and ``#`` comments skipped."""
    names = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            names.append(line)
    return names


def deck_problems(names: list[str], pool: Pool) -> list[str]:
    """Every deck rule `names` breaks, as sentences naming the rule (empty when legal)."""
    problems = []
    cards: list[CardDef] = []
    unknown = [n for n in names if pool.get(n) is None]
    if unknown:
        problems.append(f"unknown card(s): {', '.join(repr(n) for n in unknown)}")
    cards = [c for n in names if (c := pool.get(n)) is not None]
    if len(names) != DECK_SIZE:
        problems.append(
            f"deck size: a deck has exactly {DECK_SIZE} cards, this one has {len(names)}"
        )
    seen: dict[str, int] = {}
    for card in cards:
        seen[card.name] = seen.get(card.name, 0) + 1
    twice = sorted(name for name, count in seen.items() if count > 1)
    if twice:
        problems.append(f"singleton: each card at most once; repeated: {', '.join(twice)}")
    tokens = sorted({c.name for c in cards if c.category == TOKEN})
    if tokens:
        problems.append(f"no tokens: tokens are never deck cards: {', '.join(tokens)}")
    kingdoms = sorted({c.kingdom for c in cards if c.category != TOKEN})
    if len(kingdoms) > 1:
        problems.append(f"one kingdom: cards come from {', '.join(kingdoms)}")
    prey = sum(1 for c in cards if c.category == PREY)
    predators = sum(1 for c in cards if c.category == PREDATOR)
    if cards and prey <= predators:
        problems.append(
            f"more prey than predators: {prey} prey and {predators} predators "
            "(a deck needs strictly more prey)"
        )
    return problems


def check_deck(names: list[str], where: str, pool: Pool | None = None) -> list[CardDef]:
    """The cards of a legal deck, or a `BadInput` listing every rule `names` breaks."""
    pool = pool or load_pool()
    problems = deck_problems(names, pool)
    if problems:
        raise BadInput(f"{where} is not a legal deck: " + "; ".join(problems))
    return [pool.card(n) for n in names]


def read_deck_file(path: str | Path) -> list[str]:
    """A deck file's card names (checked), with errors naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise BadInput(f"cannot read deck file {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise BadInput(f"deck file {path} is not UTF-8 text") from None
    names = parse_deck_text(text)
    cards = check_deck(names, f"deck file {path}")
    return [c.name for c in cards]


@functools.cache
def prebuilt_decks() -> dict[str, tuple[str, ...]]:
    """The shipped decks by name (file name without ``.txt``), each checked."""
    folder = resources.files("sparring.games.foodchain") / "decks"
    decks = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            name = entry.name[: -len(".txt")]
            names = parse_deck_text(entry.read_text(encoding="utf-8"))
            decks[name] = tuple(c.name for c in check_deck(names, f"prebuilt deck {name}"))
    return decks


@functools.cache
def deck_cards(names: tuple[str, ...]) -> tuple[CardDef, ...]:
    """The cards of a checked deck list (see `resolve_deck`), in its order; looked up once
    per list, since every game deals its decks again."""
    pool = load_pool()
    return tuple(pool.card(name) for name in names)


def resolve_deck(spec: str | list[str], where: str) -> tuple[str, ...]:
    """A deck given as a prebuilt deck's name or as a list of card names, checked."""
    if isinstance(spec, str):
        decks = prebuilt_decks()
        found = decks.get(spec.strip().lower())
        if found is None:
            raise BadInput(f"{where}: unknown prebuilt deck {spec!r}; known: {', '.join(decks)}")
        return found
    return tuple(c.name for c in check_deck(list(spec), where))
