"""The card pool: loading the data files, validating every card against the effect
vocabulary, and looking cards up by name.

Cards are immutable `CardDef`s; their effects are tuples of `Op`s. Validation happens
once, at load, so the engine can trust the data: an unknown keyword, trigger, operation,
target or card name, or a target that cannot exist where it is used (``attacker`` in an
on-play ability, a chosen target in a trap), is refused with the file and the card named.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from sparring.core.errors import BadInput

from .keywords import EDIBLE, FREE_PLAY, SCAVENGE, keyword_names, parse_keyword
from .vocabulary import (
    ABILITY_TRIGGERS,
    CATEGORIES,
    CHOSEN,
    CREATURES,
    FIELD_SPELL,
    FIELD_SPELL_TRIGGERS,
    FILTERS,
    FREE_SPELL,
    KINGDOMS,
    NEEDS_SELF,
    NEGATABLE,
    OPS,
    PREDATOR,
    PREY,
    SOURCES,
    STATUSES,
    TOKEN,
    TRAP,
    TRAP_TRIGGERS,
)

_ALWAYS_FIXED = frozenset({"you", "rival", "both_players"})


@dataclass(frozen=True, slots=True)
class Op:
    """One operation of an effect. Unused fields keep their defaults."""

    op: str
    target: str | None = None
    amount: int = 0
    atk: int = 0
    hp: int = 0
    keyword: int = 0
    strikes: int = 0
    status: str | None = None
    card: str | None = None
    source: str | None = None
    filter: str | None = None
    what: str | None = None
    options: tuple[tuple[str, tuple[Op, ...]], ...] = ()


def play_how(card_category: str, keywords: int) -> str:
    """How a play counts toward the one-card limit (see `plays`): ``free`` for a free
    spell or a Free Play card, else ``limit``."""
    if card_category == FREE_SPELL or keywords & FREE_PLAY:
        return "free"
    return "limit"


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """A card as printed. ``keywords`` is a bit set (see `keywords`); ``strikes`` is the
    number of attacks per combat phase (1, or N for Multi-Strike N). ``abilities`` maps a
    trigger to its operations; ``effect`` is a spell's or trap's ``do`` list."""

    name: str
    kingdom: str
    category: str
    atk: int = 0
    hp: int = 0
    nutrition: int = 0
    keywords: int = 0
    strikes: int = 1
    abilities: dict[str, tuple[Op, ...]] = field(default_factory=dict)
    effect: tuple[Op, ...] = ()
    trigger: str | None = None
    #: Facts of the printed card that legal lists ask of every card in hand at every
    #: decision, worked out once here: whether it is a creature, and how playing it
    #: counts toward the one-card limit (`play_how`).
    is_creature: bool = field(init=False, repr=False)
    how: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_creature", self.category in CREATURES)
        object.__setattr__(self, "how", play_how(self.category, self.keywords))

    @property
    def is_prey(self) -> bool:
        """Prey for eating and filters: printed prey and tokens."""
        return self.category == PREY or self.category == TOKEN

    def keyword_list(self) -> list[str]:
        return keyword_names(self.keywords, self.strikes)


@dataclass(frozen=True, eq=False)
class Pool:
    """Every card by lower-cased name, and each kingdom's cards in file order."""

    cards: dict[str, CardDef]
    kingdoms: dict[str, tuple[CardDef, ...]]
    tokens: tuple[CardDef, ...]

    def get(self, name: str) -> CardDef | None:
        return self.cards.get(name.strip().lower())

    def card(self, name: str) -> CardDef:
        """The card called `name` (any case), or a `BadInput` saying there is none."""
        found = self.get(name)
        if found is None:
            raise BadInput(f"unknown card {name!r} (see `sparring cards`)")
        return found


# --------------------------------------------------------------------- reading ops


class _Where:
    """Where an op sits, for error messages and for which targets may exist there."""

    def __init__(self, file: str, card: str, context: str, fixed: frozenset[str], category: str):
        self.file = file
        self.card = card
        self.context = context  # a trigger, a trap trigger, or "cast"
        self.fixed = fixed
        self.category = category

    def fail(self, message: str) -> BadInput:
        return BadInput(f"{self.file}: card {self.card!r} ({self.context}): {message}")


def _int(where: _Where, raw: dict[str, Any], key: str, default: int, low: int) -> int:
    if key not in raw and default < low:
        raise where.fail(f"{key} is missing")
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise where.fail(f"{key} must be an integer of at least {low}, got {value!r}")
    return value


def _op(where: _Where, raw: Any) -> Op:
    if not isinstance(raw, dict):
        raise where.fail(f"an operation must be a table, got {raw!r}")
    name = raw.get("op")
    if name not in OPS:
        raise where.fail(f"unknown op {name!r}; known: {', '.join(OPS)}")
    targets, required, optional = OPS[name]
    allowed = {"op", *required, *optional} | ({"target"} if targets is not None else set())
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise where.fail(f"op {name!r} does not take {', '.join(unknown)}")
    missing = [k for k in required if k not in raw]
    if targets is not None and "target" not in raw:
        missing.insert(0, "target")
    if missing:
        raise where.fail(f"op {name!r} needs {', '.join(missing)}")
    kwargs: dict[str, Any] = {"op": name}
    if targets is not None:
        target = raw["target"]
        if target not in targets:
            raise where.fail(
                f"op {name!r} cannot target {target!r}; it takes {', '.join(sorted(targets))}"
            )
        _check_target_exists(where, name, target)
        kwargs["target"] = target
    if name in NEEDS_SELF and "self" not in where.fixed:
        raise where.fail(f"op {name!r} needs a creature as its source")
    if "amount" in required or "amount" in optional:
        kwargs["amount"] = _int(where, raw, "amount", 1, 1)
    if name == "buff":
        atk, hp = raw.get("atk", 0), raw.get("hp", 0)
        if isinstance(atk, bool) or not isinstance(atk, int):
            raise where.fail(f"buff atk must be an integer, got {atk!r}")
        hp = _int(where, raw, "hp", 0, 0)
        if atk == 0 and hp == 0:
            raise where.fail("buff needs a non-zero atk or hp")
        kwargs.update(atk=atk, hp=hp)
    if "keyword" in required:
        try:
            kwargs["keyword"], kwargs["strikes"] = parse_keyword(str(raw["keyword"]))
        except ValueError as exc:
            raise where.fail(str(exc)) from None
    if "status" in required:
        if raw["status"] not in STATUSES:
            raise where.fail(f"unknown status {raw['status']!r}; known: {', '.join(STATUSES)}")
        kwargs["status"] = raw["status"]
    if "filter" in required:
        if raw["filter"] not in FILTERS:
            raise where.fail(f"unknown filter {raw['filter']!r}; known: {', '.join(FILTERS)}")
        kwargs["filter"] = raw["filter"]
    if "from" in required:
        if raw["from"] not in SOURCES:
            raise where.fail(f"play from {raw['from']!r}? known: {', '.join(SOURCES)}")
        if raw["filter"] not in ("prey", "predator", "creature"):
            raise where.fail("play takes a creature filter: prey, predator or creature")
        kwargs["source"] = raw["from"]
    if "card" in required:
        if not isinstance(raw["card"], str):
            raise where.fail(f"card must be a card name, got {raw['card']!r}")
        kwargs["card"] = raw["card"]
    if name == "negate":
        what = raw["what"]
        if what not in NEGATABLE:
            raise where.fail(f"negate what {what!r}? known: {', '.join(NEGATABLE)}")
        if where.context not in NEGATABLE[what]:
            raise where.fail(f"negate {what} only works in {', '.join(sorted(NEGATABLE[what]))}")
        kwargs["what"] = what
    if name == "choose":
        if where.category == TRAP:
            raise where.fail("traps choose nothing (rules §14): no `choose`")
        options = raw["options"]
        if not isinstance(options, list) or len(options) < 2:
            raise where.fail("choose needs a list of at least two options")
        parsed = []
        for index, option in enumerate(options):
            if not isinstance(option, dict) or set(option) != {"label", "do"}:
                raise where.fail(f"choose option {index} must be {{ label = ..., do = [...] }}")
            parsed.append((str(option["label"]), _ops(where, option["do"])))
        kwargs["options"] = tuple(parsed)
    return Op(**kwargs)


def _check_target_exists(where: _Where, name: str, target: str) -> None:
    if target in CHOSEN and where.category == TRAP:
        raise where.fail(f"traps choose nothing (rules §14): {name} cannot target {target!r}")
    if target in ("self", "attacker", "defender", "trigger") and target not in where.fixed:
        raise where.fail(f"there is no {target!r} when this fires")
    others = ("other_creatures", "other_friendly_creatures", "other_friendly_creature")
    if target in others and "self" not in where.fixed:
        raise where.fail(f"{target!r} needs a creature as the source")


def _ops(where: _Where, raw: Any) -> tuple[Op, ...]:
    if not isinstance(raw, list) or not raw:
        raise where.fail("`do` must be a non-empty list of operations")
    return tuple(_op(where, item) for item in raw)


# --------------------------------------------------------------------- reading cards

_CREATURE_KEYS = {"name", "category", "atk", "hp", "nutrition", "keywords", "ability"}
_SPELL_KEYS = {"name", "category", "do", "keywords"}
_TRAP_KEYS = {"name", "category", "trigger", "do"}
_FIELD_KEYS = {"name", "category", "ability", "keywords"}


def _card(file: str, kingdom: str, raw: Any) -> CardDef:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise BadInput(f"{file}: every [[card]] needs a name")
    name = raw["name"].strip()
    category = raw.get("category")
    base = _Where(file, name, "card", frozenset(), str(category))
    if category not in CATEGORIES:
        raise base.fail(f"unknown category {category!r}; known: {', '.join(CATEGORIES)}")
    if (category == TOKEN) != (kingdom == "Tokens"):
        raise base.fail("tokens live in tokens.toml, and only tokens do")
    keys = {
        PREY: _CREATURE_KEYS,
        PREDATOR: _CREATURE_KEYS - {"nutrition"},
        TOKEN: _CREATURE_KEYS,
        TRAP: _TRAP_KEYS,
        FIELD_SPELL: _FIELD_KEYS,
    }.get(category, _SPELL_KEYS)
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise base.fail(f"a {category} card does not take {', '.join(unknown)}")
    bits, strikes = 0, 1
    for text in raw.get("keywords", []):
        try:
            bit, count = parse_keyword(str(text))
        except ValueError as exc:
            raise base.fail(str(exc)) from None
        bits |= bit
        strikes = max(strikes, count)
    if bits & (EDIBLE | SCAVENGE) and category != PREDATOR:
        raise base.fail("Edible and Scavenge are predator keywords")
    fields: dict[str, Any] = {"name": name, "kingdom": kingdom, "category": category}
    fields.update(keywords=bits, strikes=strikes)
    if category in CREATURES:
        fields["atk"] = _int(base, raw, "atk", -1, 0)
        fields["hp"] = _int(base, raw, "hp", -1, 1)
        if category != PREDATOR:
            fields["nutrition"] = _int(base, raw, "nutrition", -1, 0)
    if category in CREATURES or category == FIELD_SPELL:
        abilities: dict[str, tuple[Op, ...]] = {}
        for item in raw.get("ability", []):
            if not isinstance(item, dict) or set(item) != {"when", "do"}:
                raise base.fail("an [[card.ability]] is exactly { when = ..., do = [...] }")
            when = item["when"]
            if when not in ABILITY_TRIGGERS:
                raise base.fail(f"unknown trigger {when!r}; known: {', '.join(ABILITY_TRIGGERS)}")
            if category == FIELD_SPELL and when not in FIELD_SPELL_TRIGGERS:
                raise base.fail(
                    f"a field spell's abilities fire only {', '.join(sorted(FIELD_SPELL_TRIGGERS))}"
                )
            if when in abilities:
                raise base.fail(f"two {when} abilities; put all their operations in one `do`")
            fixed = _ALWAYS_FIXED | ABILITY_TRIGGERS[when]
            if category != FIELD_SPELL:
                fixed |= {"self"}
            abilities[when] = _ops(_Where(file, name, when, fixed, category), item["do"])
        if category == FIELD_SPELL and not abilities:
            raise base.fail("a field spell needs at least one ability")
        fields["abilities"] = abilities
    elif category == TRAP:
        trigger = raw.get("trigger")
        if trigger not in TRAP_TRIGGERS:
            raise base.fail(f"unknown trap trigger {trigger!r}; known: {', '.join(TRAP_TRIGGERS)}")
        fixed = _ALWAYS_FIXED | TRAP_TRIGGERS[trigger]
        fields["trigger"] = trigger
        fields["effect"] = _ops(_Where(file, name, trigger, fixed, category), raw.get("do"))
    else:
        fields["effect"] = _ops(_Where(file, name, "cast", _ALWAYS_FIXED, category), raw.get("do"))
    return CardDef(**fields)


def _named_cards(card: CardDef) -> list[tuple[str, str]]:
    """``(op, card name)`` for every op of `card` that names another card."""
    found = []
    stack = [*card.effect, *(op for ops in card.abilities.values() for op in ops)]
    while stack:
        op = stack.pop()
        if op.card is not None:
            found.append((op.op, op.card))
        for _, ops in op.options:
            stack.extend(ops)
    return found


def _check_references(pool: dict[str, CardDef], files: dict[str, str]) -> None:
    for card in pool.values():
        for op, name in _named_cards(card):
            target = pool.get(name.lower())
            where = f"{files[card.name]}: card {card.name!r}"
            if target is None:
                raise BadInput(f"{where}: {op} names unknown card {name!r}")
            if op == "summon" and not target.is_prey:
                raise BadInput(
                    f"{where}: summon makes tokens or prey, not {target.category} {name!r}"
                )
            if op == "add_to_hand" and target.category == TOKEN:
                raise BadInput(f"{where}: add_to_hand cannot make token {name!r}")
            if op == "transform" and not target.is_creature:
                raise BadInput(f"{where}: transform needs a creature, not {name!r}")


def load_pool_from(texts: dict[str, str]) -> Pool:
    """A pool from TOML texts by file name (used by `load_pool` and by tests that feed
    broken data)."""
    cards: dict[str, CardDef] = {}
    files: dict[str, str] = {}
    kingdoms: dict[str, tuple[CardDef, ...]] = {}
    tokens: tuple[CardDef, ...] = ()
    for file, text in sorted(texts.items()):
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise BadInput(f"{file}: not valid TOML: {exc}") from None
        kingdom = doc.get("kingdom")
        if kingdom not in (*KINGDOMS, "Tokens"):
            raise BadInput(f"{file}: kingdom {kingdom!r}? known: {', '.join(KINGDOMS)}, Tokens")
        if kingdom in kingdoms or (kingdom == "Tokens" and tokens):
            raise BadInput(f"{file}: kingdom {kingdom} is defined twice")
        unknown = sorted(set(doc) - {"kingdom", "card"})
        if unknown:
            raise BadInput(f"{file}: unknown top-level key(s) {', '.join(unknown)}")
        parsed = []
        for raw in doc.get("card", []):
            card = _card(file, kingdom, raw)
            key = card.name.lower()
            if key in cards:
                raise BadInput(f"{file}: card {card.name!r} is also in {files[cards[key].name]}")
            cards[key] = card
            files[card.name] = file
            parsed.append(card)
        if kingdom == "Tokens":
            tokens = tuple(parsed)
        else:
            kingdoms[kingdom] = tuple(parsed)
    _check_references(cards, files)
    return Pool(cards=cards, kingdoms=kingdoms, tokens=tokens)


@functools.cache
def load_pool() -> Pool:
    """The shipped pool (cached: loaded and validated once per process)."""
    folder = resources.files("sparring.games.foodchain") / "cards"
    texts = {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    }
    pool = load_pool_from(texts)
    missing = [k for k in KINGDOMS if k not in pool.kingdoms]
    if missing:
        raise BadInput(f"card pool: no file for kingdom(s) {', '.join(missing)}")
    return pool
