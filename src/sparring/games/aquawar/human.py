"""A person at a terminal as an Aquawar agent.

It shows only its seat's view (through `render_view`), numbers the legal actions, and
reads answers until one is legal, saying why each refused answer was refused. Input and
output are injected functions, so tests can drive it with scripted lines.

Answers: a menu number; ``pass``; ``assert POS FISH`` (FISH as id or name);
``attack ACTOR TARGET``; ``skill ACTOR [ally=N] [enemy=N]``; and for picks four fish as
ids or names plus ``mimic=FISH`` when the Mimic is picked, e.g. ``1 5 7 12 mimic=9`` or
``sea wolf, manta ray, octopus, mimic, mimic=great white``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import (
    ASSERTS,
    ATTACKS,
    PASS,
    SKILLS,
    Action,
    Assert,
    Attack,
    Pass,
    Pick,
    Skill,
    TurnAction,
)
from .render import fish_label, render_view
from .roster import ALL_FISH, FISH, MIMIC, fish_by_name
from .views import AquawarView


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat."""

    def prompt(self, view: AquawarView, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        """The board and the menu for this decision."""
        if isinstance(legal[0], Pick):
            return [render_view(view), _pick_menu(view)], lambda text: parse_pick(text, legal)
        return [render_view(view), _menu(view, legal)], lambda text: parse_turn(text, view, legal)


# ---------------------------------------------------------------- menus


def describe_action(action: Action, view: AquawarView) -> str:
    """A sentence for a turn action, naming the seat's own fish."""
    mine = view.my_team or []

    def own(pos: int) -> str:
        return f"your {pos} ({fish_label(mine[pos].fish)})" if pos < len(mine) else str(pos)

    if isinstance(action, Pass):
        return "pass (no assertion)"
    if isinstance(action, Assert):
        return f"assert enemy {action.pos} is {fish_label(action.guess)}"
    if isinstance(action, Attack):
        return f"{own(action.actor)} attacks enemy {action.target}"
    if isinstance(action, Skill):
        parts = [f"{own(action.actor)} uses its skill"]
        if action.ally is not None:
            parts.append(f"on {own(action.ally)}")
        if action.enemy is not None:
            parts.append(f"against enemy {action.enemy}")
        return " ".join(parts)
    return str(action)


def _menu(view: AquawarView, legal: Sequence[Any]) -> str:
    if legal[0] is PASS:
        hidden = sorted({a.pos for a in legal[1:]})
        lines = ["Assertion phase:", "  0: pass"]
        if hidden:
            lines.append(
                "  or type: assert POS FISH (hidden living enemy fish: "
                f"{', '.join(map(str, hidden))}; FISH is an id 1-12 or a name)"
            )
        return "\n".join(lines)
    lines = ["Your move:"]
    lines.extend(f"  {i}: {describe_action(a, view)}   [{a}]" for i, a in enumerate(legal))
    return "\n".join(lines)


def _pick_menu(view: AquawarView) -> str:
    used = set(view.used or [])
    fish = ", ".join(f"{f} {fish_label(f)}" for f in ALL_FISH if f not in used)
    return (
        f"Pick 4 fish for round {view.round} (in position order), from: {fish}.\n"
        "Type ids or names, e.g. '1 5 7 12 mimic=9' "
        "(with names, separate by commas: 'sea wolf, mimic, octopus, eel, mimic=great white')."
    )


# ---------------------------------------------------------------- parsing


def lookup_fish(name: str) -> int | None:
    """A fish by id, key or name, or by an unambiguous start of one ("great white",
    "hammer"), since people rarely type a full name."""
    exact = fish_by_name(name)
    if exact is not None:
        return exact
    short = "".join(name.lower().split()).replace("-", "")
    if not short:
        return None
    found = {
        f.id
        for f in FISH.values()
        if f.key.startswith(short) or "".join(f.en.lower().split()).startswith(short)
    }
    return found.pop() if len(found) == 1 else None


def parse_pick(text: str, legal: Sequence[Any]) -> tuple[Pick | None, str]:
    """A legal pick from `text`, or None with the reason it is not one."""
    raw = text.strip()
    if not raw:
        return None, "type four fish (ids or names)"
    tokens = [t.strip() for t in raw.split(",")] if "," in raw else raw.split()
    fish: list[int] = []
    mimic: int | None = None
    for token in tokens:
        if not token:
            continue
        if token.lower().startswith("mimic="):
            name = token.split("=", 1)[1]
            found = lookup_fish(name)
            if found is None:
                return None, f"unknown fish {name!r} for the Mimic to copy"
            mimic = found
            continue
        found = lookup_fish(token)
        if found is None:
            return None, f"unknown fish {token!r} (use an id 1-12 or a name)"
        fish.append(found)
    if len(fish) != 4:
        return None, f"a pick is 4 fish, got {len(fish)}"
    if MIMIC in fish and mimic is None:
        return None, "you picked the Mimic: add mimic=FISH for the fish it copies"
    pick = Pick(tuple(fish), mimic)
    why_not = getattr(legal, "why_not", None)
    reason = why_not(pick) if why_not is not None else (None if pick in legal else "illegal")
    if reason is not None:
        return None, reason
    return pick, ""


def _position(word: str, what: str) -> int:
    if not word.isdigit() or int(word) > 3:
        raise ValueError(f"{what} must be a position 0-3, got {word!r}")
    return int(word)


def _parse_words(words: list[str]) -> TurnAction:
    verb = words[0]
    if verb == "pass":
        return PASS
    if verb == "assert":
        if len(words) < 3:
            raise ValueError("assert needs a position and a fish, e.g. 'assert 2 sea wolf'")
        guess = lookup_fish(" ".join(words[2:]))
        if guess is None:
            raise ValueError(f"unknown fish {' '.join(words[2:])!r}")
        return ASSERTS[_position(words[1], "the enemy fish"), guess]
    if verb == "attack":
        if len(words) != 3:
            raise ValueError("attack needs your fish and an enemy fish, e.g. 'attack 0 2'")
        return ATTACKS[_position(words[1], "your fish"), _position(words[2], "the target")]
    if verb == "skill":
        if len(words) < 2:
            raise ValueError("skill needs your fish, e.g. 'skill 1 ally=2 enemy=0'")
        ally = enemy = None
        for word in words[2:]:
            key, _, value = word.partition("=")
            if key == "ally":
                ally = _position(value, "ally")
            elif key == "enemy":
                enemy = _position(value, "enemy")
            else:
                raise ValueError(f"unexpected {word!r}: use ally=N and/or enemy=N")
        return SKILLS[_position(words[1], "your fish"), ally, enemy]
    raise ValueError(f"unknown command {verb!r}: use a number, pass, assert, attack or skill")


def parse_turn(text: str, view: AquawarView, legal: Sequence[Any]) -> tuple[Action | None, str]:
    """A legal assertion or turn action from `text`, or None with the reason."""
    words = text.strip().lower().split()
    if not words:
        return None, "type a number from the menu or a command"
    if len(words) == 1 and words[0].isdigit():
        index = int(words[0])
        if index < len(legal) and (legal[0] is not PASS or index == 0):
            return legal[index], ""
        return None, f"{index} is not on the menu"
    try:
        action = _parse_words(words)
    except ValueError as error:
        return None, str(error)
    if action in legal:
        return action, ""
    return None, _why_illegal(action, view, legal)


def _why_illegal(action: TurnAction, view: AquawarView, legal: Sequence[Any]) -> str:
    if legal[0] is PASS:
        if not isinstance(action, Assert):
            return "this is the assertion phase: pass or assert POS FISH"
        fish = (view.enemy_team or [])[action.pos]
        if not fish.alive:
            return f"enemy fish {action.pos} is dead"
        return f"enemy fish {action.pos} is already revealed"
    if isinstance(action, Pass | Assert):
        return "the assertion phase is over: attack or use a skill"
    mine = view.my_team or []
    if not mine[action.actor].alive:
        return f"your fish {action.actor} is dead"
    if isinstance(action, Attack):
        return f"enemy fish {action.target} is dead"
    forms = [str(a) for a in legal if isinstance(a, Skill) and a.actor == action.actor]
    if not forms:
        return f"your fish {action.actor}'s skill has no legal target now"
    return f"your fish {action.actor}'s skill can be used as: {', '.join(forms)}"
