"""`sparring cards` and `sparring deck ...`: the commands Food Chain adds to the command
line (registered under the ``sparring.commands`` entry-point group), for its card pool and
decks.

``sparring cards [--kingdom K] [--json]`` lists the pool (name, category, stats, keywords
and the rules text generated from the card data). ``sparring deck check DECK`` checks a
deck file (or a prebuilt deck) against the deck rules, printing every broken rule by name
and exiting 2, or "legal deck" with its composition; ``sparring deck list`` lists the
prebuilt decks. The card pool is loaded by the commands that use it, so registering them costs
the command line nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sparring.core.errors import BadInput

from .vocabulary import CATEGORIES, CREATURES, KINGDOMS

if TYPE_CHECKING:
    from .cards import CardDef

TOKENS = "Tokens"
CATEGORY_WORDS = {
    "prey": ("prey", "prey"),
    "predator": ("predator", "predators"),
    "spell": ("spell", "spells"),
    "free_spell": ("free spell", "free spells"),
    "trap": ("trap", "traps"),
    "field_spell": ("field spell", "field spells"),
    "token": ("token", "tokens"),
}


def card_json(card: CardDef) -> dict[str, Any]:
    """A card as data for `--json`: the fields that apply to its category."""
    from .cardtext import card_text

    out: dict[str, Any] = {"name": card.name, "kingdom": card.kingdom, "category": card.category}
    if card.category in CREATURES:
        out.update(atk=card.atk, hp=card.hp)
        if card.is_prey:
            out["nutrition"] = card.nutrition
    out["keywords"] = card.keyword_list()
    out["text"] = card_text(card)
    return out


def _stats(card: CardDef) -> str:
    if card.category not in CREATURES:
        return ""
    food = f" · {card.nutrition} food" if card.is_prey else ""
    return f"{card.atk}/{card.hp}{food}"


def _kingdom(name: str | None) -> str | None:
    """The kingdom called `name` (any case), or a `BadInput` listing the kingdoms."""
    if name is None:
        return None
    known = (*KINGDOMS, TOKENS)
    for kingdom in known:
        if kingdom.lower() == name.strip().lower():
            return kingdom
    raise BadInput(f"unknown kingdom {name!r}; kingdoms: {', '.join(known)}")


def cards_command(
    kingdom: Annotated[
        str | None,
        typer.Option("--kingdom", "-k", help="Only this kingdom (Amphibians ... or Tokens)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the cards as one JSON list.")
    ] = False,
) -> None:
    """List Food Chain's card pool with each card's generated rules text."""
    from .cards import load_pool
    from .cardtext import card_text

    chosen = _kingdom(kingdom)
    pool = load_pool()
    groups = [(k, pool.kingdoms[k]) for k in KINGDOMS] + [(TOKENS, pool.tokens)]
    cards = [c for k, group in groups if chosen in (None, k) for c in group]
    if as_json:
        typer.echo(json.dumps([card_json(c) for c in cards], ensure_ascii=False))
        return
    table = Table(title=f"Food Chain cards — {chosen or 'all kingdoms'} ({len(cards)})")
    table.add_column("Name", style="bold", no_wrap=True)
    if chosen is None:
        table.add_column("Kingdom")
    table.add_column("Category")
    table.add_column("Stats", no_wrap=True)
    table.add_column("Keywords", max_width=18)
    table.add_column("Text", min_width=30, ratio=1)
    for card in cards:
        row = [card.name]
        if chosen is None:
            row.append(card.kingdom)
        row += [
            CATEGORY_WORDS[card.category][0],
            _stats(card),
            ", ".join(card.keyword_list()),
            card_text(card),
        ]
        table.add_row(*row)
    Console(highlight=False).print(table)


# ---------------------------------------------------------------- decks

deck_app = typer.Typer(help="Food Chain decks: check a deck file, list the prebuilt decks.")


@deck_app.callback()
def _deck_group() -> None:
    """Food Chain decks: check a deck file, list the prebuilt decks."""


def _read_deck(text: str) -> tuple[str, list[str]]:
    """A deck's label and card names: a deck file, else a prebuilt deck's name."""
    from .decks import parse_deck_text, prebuilt_decks

    path = Path(text)
    if path.is_file():
        try:
            body = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot read deck file {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise BadInput(f"deck file {path} is not UTF-8 text") from None
        return f"deck file {path}", parse_deck_text(body)
    decks = prebuilt_decks()
    found = decks.get(text.strip().lower())
    if found is None:
        raise BadInput(
            f"no deck file or prebuilt deck called {text!r}; prebuilt decks: {', '.join(decks)}"
        )
    return f"prebuilt deck {text.strip().lower()}", list(found)


def composition(cards: list[CardDef]) -> str:
    """ "Amphibians: 12 prey, 5 predators, 2 spells, 1 trap" for a deck's cards."""
    counts = {c: sum(card.category == c for card in cards) for c in CATEGORIES}
    parts = [f"{n} {CATEGORY_WORDS[c][0 if n == 1 else 1]}" for c, n in counts.items() if n]
    kingdoms = sorted({card.kingdom for card in cards})
    return f"{'/'.join(kingdoms)}: {', '.join(parts)}"


@deck_app.command("check")
def check_command(
    deck: Annotated[
        str, typer.Argument(help="A deck file (one card per line) or a prebuilt deck.")
    ],
) -> None:
    """Check a deck against the deck rules: every broken rule by name (exit 2), or
    "legal deck" with its composition."""
    from .cards import load_pool
    from .decks import deck_problems

    label, names = _read_deck(deck)
    pool = load_pool()
    problems = deck_problems(names, pool)
    if problems:
        rules = "rule" if len(problems) == 1 else "rules"
        typer.echo(f"{label} breaks {len(problems)} deck {rules}:")
        for problem in problems:
            typer.echo(f"  - {problem}")
        raise BadInput(f"{label} is not a legal deck")
    cards = [pool.card(n) for n in names]
    typer.echo(f"legal deck: {label} — {len(cards)} cards, {composition(cards)}")
    for category in CATEGORIES:
        members = [c.name for c in cards if c.category == category]
        if members:
            typer.echo(f"  {CATEGORY_WORDS[category][1]}: {', '.join(members)}")


@deck_app.command("list")
def list_command() -> None:
    """List the prebuilt decks with their composition."""
    from .cards import load_pool
    from .decks import prebuilt_decks

    pool = load_pool()
    for name, names in prebuilt_decks().items():
        typer.echo(f"{name}: {composition([pool.card(n) for n in names])}")


def register(app: typer.Typer) -> None:
    """Add `cards` and `deck` to `app`."""
    app.command("cards")(cards_command)
    app.add_typer(deck_app, name="deck")
