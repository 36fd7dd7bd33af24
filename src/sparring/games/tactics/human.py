"""A person at a terminal as a 5×5 Tactics agent.

It shows its seat's view (the board with coordinates on both axes, every unit, the map
objects, the recent log) and builds each decision in small steps, each a numbered menu:

- **battle**: a unit, then what it does (move, attack, move+attack, its skill, move+skill,
  end turn), then the tile (a move+attack asks for the landing tile, then the enemy to hit;
  a move+skill the landing tile, then the skill's aim; Elemental Strike asks for the
  debuff). A step with a single possible answer that needs no thought
  (the unit partway through SPEED, a self skill's own tile, the only enemy in reach after
  a landing) is taken without asking.
- **draft**: a hero class, one of its skills (with its text), then two minions in slot
  order (minion 1 starts on the left, x = 0; minion 2 on the right, x = 4).
- **death choice**: an obstacle or a buff tile.

Answers: a menu number, a name (`hero`, `m1`, `tank`, `p1_minion_2`, `attack`, `ma`,
`trinity`, `bleed`, `obstacle`; an unambiguous start of a word is enough), or a tile as
**`x,y`** — column then row, both from 0, as on the board's axes and in the log (`2,3`,
`(2, 3)`; a line of just two numbers at a tile step is a tile too). Several answers may
share a line (`hero attack 2,3`, `m1 move 0,1`, `cleric trinity tank archer`). `back`
undoes the last answer, `cancel` starts the decision over, `board` shows the view again,
`?` or `help` explains the step. Anything else is refused with the reason, and asked again.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from msgspec import UNSET

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import (
    Action,
    Attack,
    BattleAction,
    DeathChoice,
    Draft,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
)
from .data import DATA
from .render import render_view, skill_name, unit_letter
from .viewtypes import TacticsView, UnitView, listed

KINDS = ("move", "attack", "move_attack", "skill", "move_skill", "end_turn")
KIND_TYPES = {
    "move": Move,
    "attack": Attack,
    "move_attack": MoveAttack,
    "skill": Skill,
    "move_skill": MoveSkill,
}
KIND_WORDS = {
    "move": ("move", "m", "mv", "go"),
    "attack": ("attack", "a", "atk", "hit"),
    "move_attack": ("move_attack", "move+attack", "moveattack", "ma", "charge"),
    "skill": ("skill", "s", "sk", "use"),
    "move_skill": ("move_skill", "move+skill", "moveskill", "ms"),
    "end_turn": ("end_turn", "end", "e", "pass", "done", "wait"),
}
SPAWN_WORDS = {
    "obstacle": ("obstacle", "o", "#", "rock", "wall"),
    "buff_tile": ("buff_tile", "buff tile", "buff", "tile", "b"),
}
BACK = frozenset({"back", "undo"})
CANCEL = frozenset({"cancel", "restart", "reset"})
BOARD = frozenset({"board", "show", "view"})
HELP = frozenset({"?", "help"})
COMMANDS = (
    "Type a menu number, a name, or a tile as x,y (column, row; both 0-4, as on the board's "
    "axes). Several answers can share a line, e.g. 'hero attack 2,3'. 'back' undoes the last "
    "answer, 'cancel' starts over, 'board' shows the board again, '?' shows this help."
)
TILE = re.compile(r"^([0-9]+),([0-9]+)$")
NUMBER = re.compile(r"^[0-9]+$")

Tile = tuple[int, int]


@dataclass
class Option:
    """One answer of a step: what it shows, the value it stands for, the words naming it."""

    label: str
    value: Any
    words: tuple[str, ...] = ()


@dataclass
class Step:
    title: str
    options: list[Option]
    help: str
    tiles: bool = False  # answers are tiles: two bare numbers on a line make one tile
    auto: bool = False  # a single option is taken without asking


@dataclass
class Reply:
    """What one line of input did: the finished action, or text to show, and whether to
    show the (new) step's question again."""

    action: Action | None = None
    text: str = ""
    ask_again: bool = False


@dataclass
class Dialog:
    """The steps of one decision, built from the legal actions and the view: `picks` holds
    the answers so far, each with whether it was taken without asking."""

    view: TacticsView
    legal: Sequence[Action]
    color: bool = False
    picks: list[tuple[Any, bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._autofill()

    # -------------------------------------------------------------- steps

    def step(self) -> Step | None:
        """The current step, or None when the picks make an action."""
        first = self.legal[0]
        if isinstance(first, Draft):
            return self._draft_step()
        if isinstance(first, DeathChoice):
            return None if self.picks else self._spawn_step()
        return self._battle_step()

    def action(self) -> Action:
        values = [value for value, _ in self.picks]
        first = self.legal[0]
        if isinstance(first, DeathChoice):
            return DeathChoice(values[0])
        if isinstance(first, Draft):
            return Draft(values[0], values[1], (values[2], values[3]))
        return next(a for a in self._matching() if _fits(a, values))

    def question(self) -> str:
        step = self.step()
        if step is None:
            return ""
        lines = [step.title]
        lines.extend(f"  {i}. {o.label}" for i, o in enumerate(step.options, 1))
        hint = "a number, a name" + (" or a tile x,y" if step.tiles else "")
        where = "" if not self.picks or all(auto for _, auto in self.picks) else "; back"
        lines.append(f"({hint}{where}; ? for help)")
        return "\n".join(lines)

    # -------------------------------------------------------------- input

    def feed(self, text: str) -> Reply:
        """Take one line: every answer on it in turn, up to a finished action or the first
        refused answer (the answers before it stay)."""
        tokens = _tokens(text)
        if not tokens:
            return Reply(text="not accepted: empty answer; type ? for help")
        word = tokens[0]
        if len(tokens) == 1 and word in HELP:
            step = self.step()
            return Reply(text=f"{step.help if step else ''}\n{COMMANDS}".strip())
        if len(tokens) == 1 and word in BACK:
            return self._back()
        if len(tokens) == 1 and word in CANCEL:
            self.picks.clear()
            self._autofill()
            return Reply(text="starting over", ask_again=True)
        if len(tokens) == 1 and word in BOARD:
            return Reply(text=render_view(self.view, color=self.color), ask_again=True)
        before = list(self.picks)
        moved = False
        while tokens:
            step = self.step()
            if step is None:
                break
            if step.tiles and len(tokens) == 2 and all(NUMBER.match(t) for t in tokens):
                tokens = [f"{tokens[0]},{tokens[1]}"]
            option, used = _match(step, tokens)
            if option is None:
                reason = self._refusal(step, tokens[0])
                return Reply(text=f"not accepted: {reason}", ask_again=moved)
            tokens = tokens[used:]
            self.picks.append((option.value, False))
            self._autofill()
            moved = True
        if self.step() is None:
            if tokens:  # never act on a line with words left over
                self.picks = before
                extra = " ".join(tokens)
                return Reply(text=f"not accepted: {extra!r} is more than this decision needs")
            return Reply(action=self.action())
        return Reply(ask_again=True)

    def _refusal(self, step: Step, word: str) -> str:
        """Why `word` answers nothing in `step`, as precisely as the view allows."""
        count = len(step.options)
        if NUMBER.match(word):
            return f"{word} is not on the menu (1-{count})"
        tile = TILE.match(word)
        if tile:
            x, y = int(tile.group(1)), int(tile.group(2))
            if not (0 <= x < DATA.board and 0 <= y < DATA.board):
                return f"{word} is off the board (x and y go from 0 to {DATA.board - 1})"
            return f"{word} is not one of the choices here"
        values = [value for value, _ in self.picks]
        if len(values) == 1 and not isinstance(self.legal[0], Draft | DeathChoice):
            kind = next((k for k, words in KIND_WORDS.items() if word in words), None)
            if kind is not None:
                return f"{values[0]} cannot {kind.replace('_', '+')} now"
        return f"{word!r} is not one of the choices; type a number from 1 to {count} or ? for help"

    def _back(self) -> Reply:
        while self.picks and self.picks[-1][1]:
            self.picks.pop()
        if not self.picks:
            self._autofill()
            return Reply(text="nothing to undo", ask_again=True)
        self.picks.pop()
        while self.picks and self.picks[-1][1]:
            self.picks.pop()
        self._autofill()
        return Reply(ask_again=True)

    def _autofill(self) -> None:
        """Take every step that has one option and needs no thought."""
        while True:
            step = self.step()
            if step is None or not step.auto or len(step.options) != 1:
                return
            self.picks.append((step.options[0].value, True))

    # -------------------------------------------------------------- battle

    def _matching(self) -> list[BattleAction]:
        return [a for a in self.legal if not isinstance(a, Draft | DeathChoice)]

    def _battle_step(self) -> Step | None:
        values = [value for value, _ in self.picks]
        actions = [a for a in self._matching() if _fits(a, values)]
        if not values:
            return self._unit_step(actions)
        if len(values) == 1:
            return self._kind_step(values[0], actions)
        kind, rest = values[1], values[2:]
        unit = self._unit(values[0])
        strike = unit.skill == "duelist_elemental_strike"
        if kind in ("move", "attack"):
            return None if rest else self._tile_step(kind, values[0], actions)
        if kind == "move_attack":
            if not rest:
                return self._landing_step(actions, "hit", lambda a: (a.tx, a.ty))
            return None if len(rest) == 2 else self._hit_step(actions)
        if kind == "skill":
            if not rest:
                return self._skill_step(unit, (unit.x, unit.y), actions, lambda a: (a.x, a.y))
            return self._choice_step(actions) if strike and len(rest) == 1 else None
        if kind == "move_skill":
            if not rest:
                return self._landing_step(actions, "aim at", lambda a: (a.sx, a.sy))
            if len(rest) == 1:
                return self._skill_step(unit, rest[0], actions, lambda a: (a.sx, a.sy))
            return self._choice_step(actions) if strike and len(rest) == 2 else None
        return None

    def _unit(self, uid: str) -> UnitView:
        return next(u for u in listed(self.view.units) if u.id == uid)

    def _unit_step(self, actions: list[BattleAction]) -> Step:
        ids = list(dict.fromkeys(a.unit for a in actions))
        units = [self._unit(uid) for uid in ids]
        kinds = [u.kind.lower() for u in units]
        options = []
        for unit in units:
            words = [unit.id, f"{unit.x},{unit.y}"]
            if unit.category == "hero":
                words += ["hero", unit.kind.lower()]
            elif unit.category == "minion":
                slot = unit.id.rsplit("_", 1)[1]
                words += [f"m{slot}", f"minion{slot}", f"minion_{slot}"]
            if kinds.count(unit.kind.lower()) == 1 and unit.category != "hero":
                words.append(unit.kind.lower())
            label = (
                f"{unit_letter(unit)} {unit.id} {unit.kind} at {unit.x},{unit.y} "
                f"HP {unit.hp}, actions left {unit.actions_left}"
            )
            options.append(Option(label, unit.id, tuple(words)))
        acting = self.view.acting_unit
        title = "Which unit acts?"
        if acting:
            title = f"{acting} takes its second (SPEED) action."
        return Step(
            title,
            options,
            "Choose the unit that acts now: its menu number, its id (p1_hero), 'hero', "
            "'m1'/'m2' for your minions, its type (tank) or its tile x,y.",
            auto=True,
        )

    def _kind_step(self, uid: str, actions: list[BattleAction]) -> Step:
        unit = self._unit(uid)
        options = []
        for kind in KINDS:
            mine = [a for a in actions if _kind(a) == kind]
            if not mine:
                continue
            words = KIND_WORDS[kind]
            if kind == "move":
                label = f"move ({len(mine)} tile(s), up to {unit.move} in a straight line)"
            elif kind == "attack":
                label = f"attack ({len(mine)} target(s) within {unit.range})"
            elif kind == "move_attack":
                label = "move+attack (move, then hit an adjacent enemy)"
            elif kind == "skill":
                skill = _skill(unit)
                name = skill_name(skill)
                label = f"skill: {name} — {DATA.skills[skill]['text']}"
                words = (*words, skill, name.lower(), *name.lower().split())
            elif kind == "move_skill":
                label = f"move+skill (move, then {skill_name(_skill(unit))} from the new tile)"
            else:
                label = "end turn (this unit passes)"
            options.append(Option(label, kind, words))
        return Step(
            f"What does {uid} do?",
            options,
            "Choose an action type: move, attack, move+attack (ma), skill, move+skill (ms), "
            "or end (pass).",
        )

    def _describe_tile(self, tile: Tile) -> str:
        seat = self.view.seat
        for unit in listed(self.view.units):
            if (unit.x, unit.y) == tile:
                side = "your" if unit.seat == seat else "enemy"
                return f"{side} {unit.id} {unit.kind} HP {unit.hp}"
        for ob in listed(self.view.obstacles):
            if (ob.x, ob.y) == tile:
                return f"obstacle, {ob.hp} HP"
        for t in listed(self.view.tiles):
            if (t.x, t.y) == tile:
                return f"{t.buff} buff tile ({t.rounds} round(s) left)"
        return "empty"

    def _tile_options(self, tiles: list[Tile]) -> list[Option]:
        return [
            Option(f"{x},{y} — {self._describe_tile((x, y))}", (x, y), (f"{x},{y}",))
            for x, y in tiles
        ]

    def _tile_step(self, kind: str, uid: str, actions: list[BattleAction]) -> Step:
        tiles = list(dict.fromkeys((a.x, a.y) for a in actions if isinstance(a, Move | Attack)))
        verb = "move to" if kind == "move" else "attack"
        return Step(
            f"Which tile does {uid} {verb}?",
            self._tile_options(tiles),
            f"Choose the tile to {verb}, as x,y (column, row) or its menu number.",
            tiles=True,
        )

    def _landing_step(
        self, actions: list[BattleAction], then: str, aim: Callable[[Any], Tile]
    ) -> Step:
        moving = [a for a in actions if isinstance(a, MoveAttack | MoveSkill)]
        tiles = list(dict.fromkeys((a.x, a.y) for a in moving))
        options = []
        for x, y in tiles:
            aims = dict.fromkeys(aim(a) for a in moving if (a.x, a.y) == (x, y))
            where = " or ".join(f"{ax},{ay}" for ax, ay in aims)
            options.append(Option(f"{x},{y} (then {then} {where})", (x, y), (f"{x},{y}",)))
        return Step(
            "Move to which tile first?",
            options,
            f"Choose the landing tile of the move, as x,y; where to {then} comes next.",
            tiles=True,
        )

    def _hit_step(self, actions: list[BattleAction]) -> Step:
        tiles = list(dict.fromkeys((a.tx, a.ty) for a in actions if isinstance(a, MoveAttack)))
        return Step(
            "Then hit which enemy?",
            self._tile_options(tiles),
            "Choose the enemy to hit after the move, as x,y.",
            tiles=True,
            auto=True,
        )

    def _skill_step(
        self,
        unit: UnitView,
        own: Tile,
        actions: list[BattleAction],
        aim: Callable[[Any], Tile],
    ) -> Step:
        """Where the skill is aimed; `own` is the hero's tile when it casts (after the move
        of a move+skill), which a self skill aims at without asking."""
        tiles = list(dict.fromkeys(aim(a) for a in actions))
        options = self._tile_options(tiles)
        for option in options:
            if option.value == own:
                option.label = f"{own[0]},{own[1]} — yourself (the skill's own tile)"
        skill = _skill(unit)
        name = skill_name(skill)
        return Step(
            f"Aim {name} at which tile?",
            options,
            f"{name}: {DATA.skills[skill]['text']} Choose its tile as x,y.",
            tiles=True,
            auto=tiles == [own],
        )

    def _choice_step(self, actions: list[BattleAction]) -> Step:
        choices = list(
            dict.fromkeys(
                a.choice for a in actions if isinstance(a, Skill | MoveSkill) and a.choice
            )
        )
        options = [
            Option(f"{c} — {DATA.buffs[c]['text']}", c, (c.lower(), c[0].lower())) for c in choices
        ]
        return Step(
            "Which debuff does Elemental Strike give?",
            options,
            "Choose the debuff the struck unit gains: bleed, slow or weakness.",
        )

    # -------------------------------------------------------------- draft and death

    def _draft_step(self) -> Step | None:
        values = [value for value, _ in self.picks]
        if not values:
            options = [
                Option(
                    f"{hero} — skills: " + ", ".join(skill_name(s) for s in skills),
                    hero,
                    (hero.lower(),),
                )
                for hero, skills in DATA.classes.items()
            ]
            hero = DATA.hero_stats
            return Step(
                "Draft: choose your hero's class.",
                options,
                f"Every hero has {hero['hp']} HP, {hero['atk']} ATK, move {hero['move']}, "
                f"range {hero['range']} and one skill of its class.",
            )
        if len(values) == 1:
            options = []
            for skill in DATA.classes[values[0]]:
                name = skill_name(skill)
                entry = DATA.skills[skill]
                label = f"{name} (range {entry['range']}) — {entry['text']}"
                options.append(Option(label, skill, (skill, name.lower(), *name.lower().split())))
            cooldown = max(DATA.skills[skill]["cooldown"] for skill in DATA.classes[values[0]])
            return Step(
                f"Draft: choose your {values[0]}'s skill.",
                options,
                "The skill is your hero's only special action; every use starts a cooldown "
                f"of {cooldown} (usable again {cooldown} rounds later).",
            )
        if len(values) in (2, 3):
            slot = len(values) - 1
            side = "left" if slot == 1 else "right"
            where = f"{side}, x = {DATA.minion_x[slot - 1]}"
            picked = tuple(values[2:])
            offered = [
                d.minions[slot - 1]
                for d in self.legal
                if isinstance(d, Draft)
                and (d.hero, d.skill) == (values[0], values[1])
                and d.minions[: slot - 1] == picked
            ]
            archer, assassin = DATA.minions["ARCHER"], DATA.minions["ASSASSIN"]
            options = []
            for kind in dict.fromkeys(offered):
                stats = DATA.minions[kind]
                label = (
                    f"{kind} — HP {stats['hp']}, ATK {stats['atk']}, move {stats['move']}, "
                    f"range {stats['range']}"
                )
                options.append(Option(label, kind, (kind.lower(), kind[0].lower())))
            return Step(
                f"Draft: choose minion {slot} (it starts on the {where}).",
                options,
                "TANK guards adjacent friends (takes their damage); ARCHER shoots "
                f"{archer['range']} tiles in a line; ASSASSIN moves {assassin['move']} and "
                f"hits for {assassin['atk']}. Every minion loses 1 HP per round.",
            )
        return None

    def _spawn_step(self) -> Step:
        death = self.view.death_choice
        where = f" at {death.x},{death.y}" if death is not UNSET else ""
        died = death.unit if death is not UNSET else "A minion"
        options = [
            Option(
                f"obstacle — {DATA.obstacle_hp} HP; blocks moves and shots until destroyed",
                "obstacle",
                SPAWN_WORDS["obstacle"],
            ),
            Option(
                f"buff tile — a random buff (drawn now, shown to both) for {DATA.tile_rounds} "
                "rounds; the first unit to end a move on it takes it",
                "buff_tile",
                SPAWN_WORDS["buff_tile"],
            ),
        ]
        return Step(
            f"{died} died{where}: what does it leave there?",
            options,
            "Choose what the dead minion leaves on its tile: obstacle (o) or buff tile (b).",
        )


def _skill(unit: UnitView) -> str:
    """The skill of a hero: only a hero is offered a skill, so only a hero's is asked for."""
    assert unit.skill is not UNSET, f"{unit.id} has no skill"
    return unit.skill


def _kind(action: BattleAction) -> str:
    for kind, cls in KIND_TYPES.items():
        if isinstance(action, cls):
            return kind
    return "end_turn"


def _fits(action: BattleAction, values: list[Any]) -> bool:
    """Whether a battle action agrees with the answers so far (unit, kind, tiles, choice)."""
    if not values:
        return True
    if action.unit != values[0]:
        return False
    if len(values) == 1:
        return True
    if _kind(action) != values[1]:
        return False
    parts: list[Any] = []
    if isinstance(action, Move | Attack):
        parts = [(action.x, action.y)]
    elif isinstance(action, MoveAttack):
        parts = [(action.x, action.y), (action.tx, action.ty)]
    elif isinstance(action, Skill):
        parts = [(action.x, action.y), action.choice]
    elif isinstance(action, MoveSkill):
        parts = [(action.x, action.y), (action.sx, action.sy), action.choice]
    return all(p == v for p, v in zip(parts, values[2:], strict=False))


def _tokens(text: str) -> list[str]:
    """Lower-case words, with tiles written `2, 3` or `(2,3)` made `2,3`."""
    flat = text.strip().lower().replace("(", " ").replace(")", " ")
    flat = re.sub(r"\s*,\s*", ",", flat)
    return flat.split()


def _match(step: Step, tokens: list[str]) -> tuple[Option | None, int]:
    """The option the first words name (longest phrase first), and how many words it used."""
    first = tokens[0]
    if NUMBER.match(first):
        number = int(first)
        if 1 <= number <= len(step.options):
            return step.options[number - 1], 1
        return None, 0
    for count in range(min(3, len(tokens)), 0, -1):
        phrase = " ".join(tokens[:count])
        found = [o for o in step.options if phrase in o.words]
        if len(found) == 1:
            return found[0], count
    if len(first) >= 2 and not TILE.match(first):
        found = [o for o in step.options if any(w.startswith(first) for w in o.words)]
        if len(found) == 1:
            return found[0], 1
    return None, 0


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat, step by step."""

    refusal_prefix = ""  # the dialog words its own refusals and asks the next step

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        color: bool | None = None,
    ) -> None:
        super().__init__(seat, seed, ask, say)
        self.color = color if color is not None else (say is print and sys.stdout.isatty())

    def prompt(self, view: TacticsView, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        dialog = Dialog(view, legal, self.color)

        def parse(text: str) -> tuple[Any | None, str]:
            reply = dialog.feed(text)
            if reply.action is not None:
                return reply.action, ""
            lines = [reply.text] if reply.text else []
            if reply.ask_again:
                lines.append(dialog.question())
            return None, "\n".join(lines)

        return [render_view(view, color=self.color), dialog.question()], parse
