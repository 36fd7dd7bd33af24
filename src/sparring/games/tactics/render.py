"""Text for people and language models: the board as a grid with coordinates on both
axes, every unit in full, and one line per event. Colour (ANSI) is only for terminals."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET

from .actions import BattleAction
from .data import DATA
from .viewtypes import TacticsView, UnitView, listed

LETTERS = {"hero": "H", "TANK": "T", "ARCHER": "A", "ASSASSIN": "S", "CLONE": "c"}
BUFF_CODES = {
    "POWER": "PO",
    "LIFE": "LI",
    "SPEED": "SP",
    "WEAKNESS": "WE",
    "BLEED": "BL",
    "SLOW": "SL",
}
GOOD_BUFFS = frozenset({"POWER", "LIFE", "SPEED"})
CELL = 5
STYLES = {
    "seat0": "1;36",
    "seat1": "1;31",
    "obstacle": "2",
    "good": "32",
    "bad": "33",
    "title": "1",
}
LEGEND = (
    "  H hero, T tank, A archer, S assassin, C clone + HP (seat 0 UPPER, seat 1 lower);"
    " * acting, ~ invisible",
    "  #N obstacle with N HP; PO LI SP WE BL SL buff tile + rounds left; @ Warp Beacon",
)


def describe_event(event: dict[str, Any], viewer: int | None) -> str:
    kind = event["kind"]
    if kind == "drafted":
        return f"seat {event['seat']} has drafted"
    if kind in ("draft_pick", "draft_reveal"):
        minions = " + ".join(event["minions"])
        return f"seat {event['seat']}: {event['hero']} ({event['skill']}) with {minions}"
    if kind == "round_begin":
        return f"— round {event['round']} (seat {event['seat']} opens) —"
    if kind == "act":
        action = event["action"]
        prepared = " [prepared]" if action.get("prepared") else ""
        return f"{event['unit']}: {describe_action_json(action)}{prepared}"
    if kind == "prepared":
        return f"{event['unit']} prepares {describe_action_json(event['action'])} (SLOW)"
    if kind == "moved":
        return f"{event['unit']} moves to ({event['x']},{event['y']})"
    if kind == "hurt":
        return f"{event['unit']} loses {event['amount']} HP ({event['cause']}) → {event['hp']}"
    if kind == "healed":
        return f"{event['unit']} gains {event['amount']} HP ({event['cause']}) → {event['hp']}"
    if kind == "shielded":
        return f"{event['unit']}'s shield: {event['shield']}"
    if kind == "guarded":
        return f"{event['by']} guards {event['unit']}"
    if kind == "missed":
        return f"{event['unit']}: {event['why']}"
    if kind == "buff":
        return f"{event['unit']} gains {event['buff']} ({event['rounds']} rounds)"
    if kind == "buff_end":
        return f"{event['unit']} loses {event['buff']}"
    if kind == "obstacle":
        state = "destroyed" if event["hp"] == 0 else f"{event['hp']} HP"
        return f"obstacle at ({event['x']},{event['y']}): {state}"
    if kind == "tile":
        state = "gone" if event["rounds"] == 0 else f"{event['rounds']} rounds"
        return f"{event['buff']} tile at ({event['x']},{event['y']}): {state}"
    if kind == "died":
        return f"{event['unit']} dies"
    if kind == "death_choice":
        spawn = event["spawn"].replace("_", " ")
        return f"seat {event['seat']} leaves a {spawn} where {event['unit']} fell"
    if kind == "unit_added":
        return f"{event['unit']} appears at ({event['x']},{event['y']})"
    if kind == "timeout":
        return f"seat {event['seat']} ran out of time"
    if kind == "round_over":
        return f"end of round {event['round']}"
    if kind == "game_end":
        if event["winner"] is None:
            return f"draw: {event['reason']}"
        return f"seat {event['winner']} wins: {event['reason']}"
    if kind == "forfeit":
        return f"seat {event['seat']} forfeits: {event['reason']}"
    return str(event)


def paint(text: str, style: str, color: bool) -> str:
    """`text` in an ANSI style when `color` is on (a terminal), else as it is."""
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if color and style in STYLES else text


def unit_letter(unit: UnitView) -> str:
    """The unit's board letter: uppercase for seat 0, lowercase for seat 1."""
    letter = LETTERS.get("hero" if unit.category == "hero" else unit.kind, "?").upper()
    return letter if unit.seat == 0 else letter.lower()


def skill_name(skill: str) -> str:
    entry = DATA.skills.get(skill)
    return entry["name"] if entry else skill


def _cell(view: TacticsView, x: int, y: int, color: bool) -> str:
    """One board cell, CELL characters wide: a unit (letter and HP; `*` marks the unit
    partway through SPEED, `~` an invisible one), an obstacle (`#` and HP), a buff tile
    (two letters and its rounds), a Warp Beacon (`@`) or an empty tile (`.`)."""
    units = listed(view.units)
    for unit in units:
        if (unit.x, unit.y) == (x, y):
            mark = "*" if unit.id == view.acting_unit else ""
            mark += "~" if unit.invisible else ""
            text = f"{mark}{unit_letter(unit)}{unit.hp}".ljust(CELL)
            return paint(text, f"seat{unit.seat}", color)
    for ob in listed(view.obstacles):
        if (ob.x, ob.y) == (x, y):
            return paint(f"#{ob.hp}".ljust(CELL), "obstacle", color)
    for tile in listed(view.tiles):
        if (tile.x, tile.y) == (x, y):
            text = f"{BUFF_CODES.get(tile.buff, tile.buff[:2])}{tile.rounds}".ljust(CELL)
            return paint(text, "good" if tile.buff in GOOD_BUFFS else "bad", color)
    for unit in units:
        if unit.beacon == (x, y):
            return paint("@".ljust(CELL), f"seat{unit.seat}", color)
    return ".".ljust(CELL)


def board_lines(view: TacticsView, color: bool = False) -> list[str]:
    """The 5×5 board, row 4 (seat 1's side) at the top, with x (column) and y (row) on both
    axes, so every tile reads as `x,y`."""
    size = DATA.board
    axis = "     " + "".join(str(x).ljust(CELL) for x in range(size))
    lines = [axis.rstrip()]
    for y in range(size - 1, -1, -1):
        cells = "".join(_cell(view, x, y, color) for x in range(size))
        lines.append(f"  {y}  {cells} {y}")
    lines.append(axis.rstrip())
    lines.extend(LEGEND)
    return lines


def unit_line(unit: UnitView, viewer: int | None) -> str:
    """A unit in full: where it is, HP, ATK, reach, actions left, skill and marks."""
    owner = f"seat {unit.seat}" + (" (you)" if unit.seat == viewer else "")
    parts = [
        f"{unit_letter(unit)} {unit.id} {unit.kind} [{owner}] at {unit.x},{unit.y}",
        f"HP {unit.hp}/{unit.max_hp}",
        f"ATK {unit.effective_atk}",
        f"move {unit.move} range {unit.range}",
        f"actions left {unit.actions_left}",
    ]
    if unit.skill is not UNSET:
        ready = "ready" if not unit.cooldown else f"cooldown {unit.cooldown}"
        parts.append(f"skill {skill_name(unit.skill)} ({ready})")
        if unit.beacon:
            bx, by = unit.beacon
            parts.append(f"beacon at {bx},{by}")
        if unit.charges:
            parts.append(f"Nature's Power charges {unit.charges}")
    if unit.buffs:
        parts.append(", ".join(f"{b} {r}" for b, r in unit.buffs.items()))
    if unit.shield:
        parts.append(f"shield {unit.shield}")
    if unit.invisible:
        parts.append("invisible")
    if unit.rounds_left:
        parts.append(f"{unit.rounds_left} round(s) left")
    for action in unit.prepared:
        parts.append(f"prepared: {describe_action(action)}")
    return " · ".join(parts)


def describe_action(action: BattleAction) -> str:
    """A battle action in words."""
    return describe_action_json(action.to_json())


def describe_action_json(action: dict[str, Any]) -> str:
    """An action's JSON form (as the log holds it) in words."""
    kind = action["type"]
    if kind == "move":
        return f"move to {action['x']},{action['y']}"
    if kind == "attack":
        return f"attack {action['x']},{action['y']}"
    if kind == "move_attack":
        return f"move to {action['x']},{action['y']} and attack {action['tx']},{action['ty']}"
    choice = f" ({action['choice']})" if action.get("choice") else ""
    if kind == "skill":
        return f"skill at {action['x']},{action['y']}{choice}"
    if kind == "move_skill":
        return (
            f"move to {action['x']},{action['y']} and use the skill at "
            f"{action['sx']},{action['sy']}{choice}"
        )
    if kind == "end_turn":
        return "end turn"
    return kind


def render_view(view: TacticsView, log_lines: int = 10, color: bool = False) -> str:
    """The whole view as text: the board, every unit, the map objects, the recent log."""
    lines = [
        f"5×5 Tactics · {view.phase} · round {view.round} · to move: "
        + ", ".join(f"seat {s}" for s in view.to_move)
    ]
    if view.seat is not None:
        side = "bottom, UPPERCASE" if view.seat == 0 else "top, lowercase"
        lines[0] += f" · you are seat {view.seat} ({side})"
    if view.phase == "draft":
        lines.append(
            "Drafted: "
            + ", ".join(
                f"seat {s} {'yes' if done else 'no'}" for s, done in enumerate(listed(view.drafted))
            )
        )
        pick = view.my_draft
        if pick is not UNSET:
            lines.append(
                f"Your draft: {pick.hero} with {skill_name(pick.skill)}, "
                + " + ".join(pick.minions)
            )
    else:
        lines.extend(board_lines(view, color))
        lines.append("Units:")
        lines.extend("  " + unit_line(u, view.seat) for u in listed(view.units))
        if view.fallen:
            lines.append("  fallen: " + ", ".join(view.fallen))
        for tile in listed(view.tiles):
            lines.append(f"  buff tile {tile.x},{tile.y}: {tile.buff}, {tile.rounds} round(s)")
        for ob in listed(view.obstacles):
            lines.append(f"  obstacle {ob.x},{ob.y}: {ob.hp} HP")
        death = view.death_choice
        if death is not UNSET:
            lines.append(
                f"Death choice for {death.unit} at {death.x},{death.y}: seat {death.seat} decides"
            )
    log = view.log[-log_lines:]
    if log:
        lines.append("Recent:")
        lines.extend("  " + describe_event(e, view.seat) for e in log)
    if view.winner is not None or view.phase == "over":
        lines.append(f"Game over: {view.end_reason}")
    return "\n".join(lines)


def live_board(view: TacticsView, seats: Any) -> str:
    """`Display.board`: the grid and every unit in full, in colour. The battle is public
    (only the draft is hidden, and it is revealed before the board fills), so the
    spectator's view shows all of it and the seats' views are not needed."""
    return render_view(msgspec.structs.replace(view, log=[]), color=True)
