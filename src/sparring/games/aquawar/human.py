"""A person at a terminal as an Aquawar agent.

It shows only its seat's view (through `render_view`), then the decision's menu, and reads
answers until one is legal, saying why each refused answer was refused. Input and output
are injected functions, so tests can drive it with scripted lines.

- **pick**: the fish still free, each with its two skills named; the answer is four fish
  as ids or names plus ``mimic=FISH`` when the Mimic is picked, e.g. ``1 5 7 12 mimic=9``
  or ``sea wolf, manta ray, octopus, mimic, mimic=great white``.
- **assertion**: ``0`` passes; another number chooses a hidden enemy fish, then the guess
  is asked as a fish id or name (``back`` returns); both fit on one line (``1 5``), and
  ``assert POS FISH`` / ``assert POS`` / ``pass`` work too.
- **action**: the choices grouped by own fish — its attack targets on one line, its
  skill's targets on the next (one line per ally for a skill taking an ally and an enemy)
  — each choice numbered; or ``attack ACTOR TARGET``, ``skill ACTOR [ally=N] [enemy=N]``.

Anywhere: ``help`` (or ``?``) explains the decision and its commands, ``help FISH`` shows
a fish's passive and active skill, ``board`` shows the board again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import (
    ASSERTS,
    ATTACKS,
    PASS,
    SKILLS,
    Assert,
    Attack,
    Pass,
    Pick,
    Skill,
    TurnAction,
)
from .combat import BONUS_USES
from .render import render_view
from .roster import ALL_FISH, BASE_ATK, FISH, MAX_HP, MIMIC, fish_by_name, fish_name
from .scenario import USE_COUNTED
from .skilltext import fish_help, skill_summary
from .state import ASSERT_HP_LOSS
from .views import AquawarView, OwnFish

HELP_WORDS = frozenset({"help", "?", "h"})
BOARD_WORDS = frozenset({"board", "show", "view"})
BACK_WORDS = frozenset({"back", "cancel", "undo"})
WIDTH = 100  # a menu line wraps before this many characters
REFUSED = "not accepted: "
COMMON_HELP = "'help FISH' shows a fish's skills (FISH an id 1-12 or a name); 'board' the board."
PICK_HELP = (
    "Pick: choose 4 fish for this round, in position order (positions 0-3), as ids or "
    "names; a fish you used in an earlier round cannot be picked again. With the Mimic add "
    "mimic=FISH, the fish whose skills it copies. Examples: '1 5 7 12 mimic=9', 'sea wolf, "
    f"octopus, mimic, eel, mimic=great white'. Every fish starts with {MAX_HP} HP and "
    f"{BASE_ATK} ATK; the menu names each one's passive / active skill."
)
ASSERT_HELP = (
    "Assertion: before acting you may guess what one hidden, living enemy fish is. Right: "
    f"it is revealed and every enemy fish loses {ASSERT_HP_LOSS} HP; wrong: every fish of "
    f"yours loses {ASSERT_HP_LOSS} HP (neither is damage: no skill reacts to it). A Mimic "
    f"must be guessed as {fish_name(MIMIC)}. Type 0 (or 'pass') to pass, or an enemy "
    "fish's menu number and then the guess (an id or a name; both on one line works: "
    "'1 5'), or 'assert POS FISH' with POS its position 0-3. 'back' returns from the guess."
)
ACTION_HELP = (
    "Action: one of your living fish attacks or uses its active skill. The menu groups the "
    "choices by your fish: 'attack' lists the enemy fish it can hit (a normal attack deals "
    "half its ATK), 'skill' its skill's targets (a skill with an ally and an enemy has one "
    "line per ally). Type the number in front of a choice, or 'attack A T' (your fish A "
    "hits enemy T), 'skill A', 'skill A ally=M', 'skill A enemy=E' or "
    "'skill A ally=M enemy=E' (positions 0-3)."
)


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat."""

    refusal_prefix = ""  # the dialogs word their own refusals, and help is no refusal

    def prompt(self, view: AquawarView, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        """The board and the menu for this decision."""
        if isinstance(legal[0], Pick):
            menu = pick_menu(view)
            parse = _with_commands(
                view, lambda: menu, PICK_HELP, lambda text: _refused(parse_pick(text, legal))
            )
            return [render_view(view), menu], parse
        if legal[0] is PASS:
            dialog = AssertDialog(view, legal)
            parse = _with_commands(view, dialog.question, ASSERT_HELP, dialog.feed)
            return [render_view(view), dialog.question()], parse
        menu, choices = action_menu(view, legal)
        parse = _with_commands(
            view,
            lambda: menu,
            ACTION_HELP,
            lambda text: _refused(parse_turn(text, view, legal, choices)),
        )
        return [render_view(view), menu], parse


def _refused(result: tuple[Any | None, str]) -> tuple[Any | None, str]:
    choice, reason = result
    return (choice, "") if choice is not None else (None, REFUSED + reason)


def _with_commands(
    view: AquawarView,
    menu: Callable[[], str],
    help_text: str,
    answer: Callable[[str], tuple[Any | None, str]],
) -> Parse:
    """`answer` behind the commands every decision takes: help, help FISH and board."""

    def parse(text: str) -> tuple[Any | None, str]:
        words = text.strip().lower().split()
        if words and words[0] in HELP_WORDS:
            if len(words) == 1:
                return None, f"{help_text}\n{COMMON_HELP}"
            name = " ".join(words[1:])
            fish = lookup_fish(name)
            if fish is None:
                return None, f"{REFUSED}no fish is called {name!r} (an id 1-12 or a name)"
            return None, fish_help(fish)
        if len(words) == 1 and words[0] in BOARD_WORDS:
            return None, f"{render_view(view)}\n{menu()}"
        return answer(text)

    return parse


# ---------------------------------------------------------------- names


def lookup_fish(name: str) -> int | None:
    """A fish by id, key or name, or by an unambiguous start of one ("great white",
    "hammer"), since people rarely type a full name. Numbers stand alone: "0 5" names no
    fish."""
    words = name.split()
    if len(words) > 1 and any(word.isdigit() for word in words):
        return None
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


def _own_label(fish: OwnFish) -> str:
    copied = f" (as {fish_name(fish.acts_as)})" if fish.fish != fish.acts_as else ""
    return f"your {fish.pos} {fish_name(fish.fish)}{copied}"


def _ally_label(fish: OwnFish) -> str:
    return f"your {fish.pos} {fish_name(fish.fish)}"


def _enemy_label(view: AquawarView, pos: int) -> str:
    shown = (view.enemy_team or [])[pos].fish
    return f"enemy {pos}" + ("" if shown is None else f" {fish_name(shown)}")


def _row(title: str, items: list[str]) -> list[str]:
    """`title` then the items, wrapped under one another before `WIDTH`."""
    lines = [title]
    for item in items:
        if len(lines[-1]) + 2 + len(item) > WIDTH and lines[-1].strip():
            lines.append(" " * len(title))
        lines[-1] += "  " + item
    return lines


# ---------------------------------------------------------------- pick


def pick_menu(view: AquawarView) -> str:
    """The fish still free to pick, each with its skills named, and how to answer."""
    used = set(view.used or [])
    lines = [f"Pick 4 fish for round {view.round}, in position order (positions 0-3):"]
    lines.extend(
        f"  {f:>2} {fish_name(f):<18} {skill_summary(f)}" for f in ALL_FISH if f not in used
    )
    if used:
        lines.append("  (used in earlier rounds: " + ", ".join(map(fish_name, sorted(used))) + ")")
    lines.append(
        "Type ids or names, e.g. '1 5 7 12 mimic=9' (with names, separate by commas: "
        "'sea wolf, mimic, octopus, eel, mimic=great white'); 'help' explains, "
        "'help FISH' shows a fish's skills."
    )
    return "\n".join(lines)


def parse_pick(text: str, legal: Sequence[Any]) -> tuple[Pick | None, str]:
    """A legal pick from `text`, or None with the reason it is not one."""
    raw = text.strip()
    if not raw:
        return None, "type four fish (ids or names), or 'help'"
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


# ---------------------------------------------------------------- assertion


class AssertDialog:
    """The assertion in two steps: which hidden enemy fish (or pass), then which fish it
    is. `enemy` is the position chosen in the first step, None before it."""

    def __init__(self, view: AquawarView, legal: Sequence[Any]) -> None:
        self.view = view
        self.legal = legal
        self.hidden = sorted({a.pos for a in legal if isinstance(a, Assert)})
        self.enemy: int | None = None

    def question(self) -> str:
        if self.enemy is None:
            return self._enemy_question()
        return self._guess_question(self.enemy)

    def _enemy_question(self) -> str:
        enemies = self.view.enemy_team or []
        lines = ["Assertion phase: guess what a hidden enemy fish is, or pass.", "  0: pass"]
        lines.extend(
            f"  {n}: enemy {pos} (hidden, {enemies[pos].hp} HP)"
            for n, pos in enumerate(self.hidden, 1)
        )
        lines.append("(a number, then the fish; 'assert POS FISH'; 'help' explains)")
        return "\n".join(lines)

    def _guess_question(self, pos: int) -> str:
        revealed = {
            f.fish: f.pos for f in self.view.enemy_team or [] if f.fish is not None and f.pos != pos
        }
        items = [
            f"{f} {fish_name(f)}" + (f" (is enemy {revealed[f]})" if f in revealed else "")
            for f in ALL_FISH
        ]
        title = f"Enemy {pos} is which fish? (an id or a name; 'back' to choose another)"
        return "\n".join([title, *_row(" ", items)])

    def feed(self, text: str) -> tuple[TurnAction | None, str]:
        """Take one line: the action it completes, or what to say (a refusal starts with
        "not accepted", the next question does not)."""
        words = text.strip().lower().split()
        if not words:
            return None, f"{REFUSED}type a number from the menu, or 'help'"
        if len(words) == 1 and words[0] in BACK_WORDS:
            if self.enemy is None:
                return None, f"{REFUSED}nothing to go back from\n{self.question()}"
            self.enemy = None
            return None, self.question()
        if words[0] in ("pass", "assert", "attack", "skill"):
            return self._typed(words)
        if self.enemy is None:
            return self._choose_enemy(words)
        return self._guess(self.enemy, " ".join(words))

    def _choose_enemy(self, words: list[str]) -> tuple[TurnAction | None, str]:
        first = words[0]
        if not first.isdigit():
            return None, (
                f"{REFUSED}unknown command {first!r}: type a number from the menu, "
                "'assert POS FISH' or 'pass'"
            )
        number = int(first)
        if number == 0:
            if len(words) > 1:
                return None, f"{REFUSED}0 passes: nothing may follow it"
            return PASS, ""
        if number > len(self.hidden):
            return None, f"{REFUSED}{number} is not on the menu (0-{len(self.hidden)})"
        self.enemy = self.hidden[number - 1]
        if len(words) == 1:
            return None, self.question()
        return self._guess(self.enemy, " ".join(words[1:]))

    def _guess(self, pos: int, name: str) -> tuple[TurnAction | None, str]:
        guess = lookup_fish(name)
        if guess is None:
            return None, (
                f"{REFUSED}no fish is called {name!r} (an id 1-12 or a name; 'back' to "
                "choose another enemy fish)"
            )
        return ASSERTS[pos, guess], ""

    def _typed(self, words: list[str]) -> tuple[TurnAction | None, str]:
        if words[0] == "assert" and len(words) == 2:
            try:
                pos = _position(words[1], "the enemy fish")
            except ValueError as error:
                return None, f"{REFUSED}{error}"
            if pos not in self.hidden:
                return None, REFUSED + _why_not_asserted(pos, self.view)
            self.enemy = pos
            return None, self.question()
        action, reason = parse_turn(" ".join(words), self.view, self.legal, [])
        return (action, "") if action is not None else (None, REFUSED + reason)


def _why_not_asserted(pos: int, view: AquawarView) -> str:
    fish = (view.enemy_team or [])[pos]
    if not fish.alive:
        return f"enemy fish {pos} is dead"
    return f"enemy fish {pos} is already revealed"


# ---------------------------------------------------------------- action


def action_menu(view: AquawarView, legal: Sequence[Any]) -> tuple[str, list[TurnAction]]:
    """The turn's choices grouped by own fish, and the choices in the order numbered."""
    mine = view.my_team or []
    by_actor: dict[int, list[TurnAction]] = {}
    for action in legal:
        by_actor.setdefault(action.actor, []).append(action)
    choices: list[TurnAction] = []

    def numbered(action: TurnAction, label: str) -> str:
        choices.append(action)
        return f"{len(choices) - 1}: {label}"

    lines = ["Your move: a number, 'attack A T' or 'skill A [ally=M] [enemy=E]' ('help' explains)"]
    for actor, actions in by_actor.items():
        fish = mine[actor]
        lines.append(
            f"  {_own_label(fish)} — HP {fish.hp}, ATK {fish.atk}; "
            f"{skill_summary(fish.acts_as)}{_uses_left(fish)}"
        )
        attacks = [a for a in actions if isinstance(a, Attack)]
        if attacks:
            items = [numbered(a, _enemy_label(view, a.target)) for a in attacks]
            lines.extend(_row("     attack", items))
        skills = [a for a in actions if isinstance(a, Skill)]
        lines.extend(_skill_rows(view, skills, numbered))
    return "\n".join(lines), choices


def _uses_left(fish: OwnFish) -> str:
    """How many bonus uses a Sea Turtle's or Clownfish's skill has left, where it wears out."""
    if FISH[fish.acts_as].active not in USE_COUNTED:
        return ""
    left = max(BONUS_USES - fish.skill_uses, 0)
    return f" ({left} bonus use(s) left)"


def _skill_rows(
    view: AquawarView, skills: list[Skill], numbered: Callable[[TurnAction, str], str]
) -> list[str]:
    """One row for a skill's targets; a skill aimed at an ally and an enemy has one row per
    ally, listing the enemies."""
    mine = view.my_team or []
    if not skills:
        return []
    if all(s.enemy is None for s in skills):
        items = [
            numbered(
                s, "every living enemy" if s.ally is None else f"on {_ally_label(mine[s.ally])}"
            )
            for s in skills
        ]
        return _row("     skill ", items)
    rows: list[str] = []
    allies = list(dict.fromkeys(s.ally for s in skills))
    for ally in allies:
        title = "     skill " if ally is None else f"     skill on {_ally_label(mine[ally])}, then"
        items = [
            numbered(s, _enemy_label(view, s.enemy))
            for s in skills
            if s.ally == ally and s.enemy is not None
        ]
        rows.extend(_row(title, items))
    return rows


# ---------------------------------------------------------------- typed turns


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
    raise ValueError(f"unknown command {verb!r}: use a number, attack, skill, help or board")


def parse_turn(
    text: str, view: AquawarView, legal: Sequence[Any], choices: Sequence[TurnAction]
) -> tuple[TurnAction | None, str]:
    """A legal assertion or turn action from `text` (a number from `choices`, the menu's
    numbering, or a typed command), or None with the reason."""
    words = text.strip().lower().split()
    if not words:
        return None, "type a number from the menu or a command, or 'help'"
    if len(words) == 1 and words[0].isdigit():
        index = int(words[0])
        if index < len(choices):
            return choices[index], ""
        return None, f"{index} is not on the menu (0-{len(choices) - 1})"
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
        return _why_not_asserted(action.pos, view)
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
