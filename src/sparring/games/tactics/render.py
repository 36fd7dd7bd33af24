"""Text for people and language models: the board as a grid, and one line per event."""

from __future__ import annotations

from typing import Any

LETTERS = {"hero": "H", "TANK": "T", "ARCHER": "A", "ASSASSIN": "S", "CLONE": "c"}


def describe_event(event: dict[str, Any], viewer: int | None) -> str:
    kind = event["kind"]
    if kind == "drafted":
        return f"P{event['seat'] + 1} has drafted"
    if kind in ("draft_pick", "draft_reveal"):
        minions = " + ".join(event["minions"])
        return f"P{event['seat'] + 1}: {event['hero']} ({event['skill']}) with {minions}"
    if kind == "round_begin":
        return f"— round {event['round']} (P{event['seat'] + 1} opens) —"
    if kind == "act":
        action = event["action"]
        where = f" ({action['x']},{action['y']})" if "x" in action else ""
        extra = f" → ({action['tx']},{action['ty']})" if "tx" in action else ""
        prepared = " [prepared]" if action.get("prepared") else ""
        return f"{event['unit']}: {action['type']}{where}{extra}{prepared}"
    if kind == "prepared":
        return f"{event['unit']} prepares {event['action']['type']} (SLOW)"
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
        return f"P{event['seat'] + 1} leaves a {spawn} where {event['unit']} fell"
    if kind == "unit_added":
        return f"{event['unit']} appears at ({event['x']},{event['y']})"
    if kind == "timeout":
        return f"P{event['seat'] + 1} ran out of time"
    if kind == "round_over":
        return f"end of round {event['round']}"
    if kind == "game_end":
        if event["winner"] is None:
            return f"draw: {event['reason']}"
        return f"P{event['winner'] + 1} wins: {event['reason']}"
    if kind == "forfeit":
        return f"P{event['seat'] + 1} forfeits: {event['reason']}"
    return str(event)


def render_view(view: dict[str, Any], log_lines: int = 10) -> str:
    lines = [
        f"5×5 Tactics · {view['phase']} · round {view['round']} · to move: "
        + ", ".join(f"P{s + 1}" for s in view["to_move"])
    ]
    if view["phase"] == "draft":
        lines.append(
            "Drafted: "
            + ", ".join(
                f"P{s + 1} {'yes' if done else 'no'}" for s, done in enumerate(view["drafted"])
            )
        )
        if "my_draft" in view:
            lines.append(f"Your draft: {view['my_draft']}")
    else:
        grid = [["." for _ in range(5)] for _ in range(5)]
        for ob in view["obstacles"]:
            grid[ob["y"]][ob["x"]] = "#"
        for tile in view["tiles"]:
            grid[tile["y"]][tile["x"]] = "+"
        for unit in view["units"]:
            letter = LETTERS.get(
                unit["category"] if unit["category"] == "hero" else unit["kind"], "?"
            )
            grid[unit["y"]][unit["x"]] = letter if unit["seat"] == 0 else letter.lower()
        lines.append("    " + " ".join(str(x) for x in range(5)))
        for y in range(4, -1, -1):
            lines.append(f" {y}  " + " ".join(grid[y]))
        for unit in view["units"]:
            buffs = ", ".join(f"{b} {r}" for b, r in unit["buffs"].items())
            skill = f" {unit['skill']} cd {unit['cooldown']}" if "skill" in unit else ""
            lines.append(
                f"  {unit['id']} ({unit['kind']}) at ({unit['x']},{unit['y']}) HP {unit['hp']} "
                f"ATK {unit['effective_atk']} actions {unit['actions_left']}{skill}"
                + (f" [{buffs}]" if buffs else "")
                + (f" shield {unit['shield']}" if unit["shield"] else "")
                + (" invisible" if unit["invisible"] else "")
            )
        for tile in view["tiles"]:
            lines.append(
                f"  tile ({tile['x']},{tile['y']}): {tile['buff']}, {tile['rounds']} rounds"
            )
        for ob in view["obstacles"]:
            lines.append(f"  obstacle ({ob['x']},{ob['y']}): {ob['hp']} HP")
        if "death_choice" in view:
            d = view["death_choice"]
            lines.append(
                f"Death choice for {d['unit']} at ({d['x']},{d['y']}): P{d['seat'] + 1} decides"
            )
    log = view.get("log", [])[-log_lines:]
    if log:
        lines.append("Recent:")
        lines.extend("  " + describe_event(e, view["seat"]) for e in log)
    if view.get("winner") is not None or view["phase"] == "over":
        lines.append(f"Game over: {view.get('end_reason')}")
    return "\n".join(lines)
