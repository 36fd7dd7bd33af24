"""Plain-text rendering of an Aquawar view, for terminals, logs and language models.

It works from the view alone, so it can never show more than the seat may know.
"""

from __future__ import annotations

from typing import Any

from .roster import FISH
from .views import AquawarView, OwnFish, PublicFish


def fish_label(fish_id: int | None) -> str:
    return "?" if fish_id is None else FISH[fish_id].en


def _side(seat: int, viewer: int | None) -> str:
    if viewer is None:
        return f"seat {seat}"
    return "you" if seat == viewer else "enemy"


def describe_event(event: dict[str, Any], viewer: int | None) -> str:
    """One line for one event of a view's log."""
    kind = event["kind"]
    if kind == "round_start":
        return f"Round {event['round']} begins; {_side(event['first_mover'], viewer)} moves first."
    if kind == "picked":
        return f"{_side(event['seat'], viewer)} picked a team."
    if kind == "team":
        team = ", ".join(fish_label(f) for f in event["fish"])
        mimic = f" (Mimic copies {fish_label(event['mimic'])})" if event["mimic"] else ""
        owner = "Your" if viewer == event["seat"] else f"Seat {event['seat']}'s"
        return f"{owner} team: {team}{mimic}."
    if kind == "round_teams":
        return (
            "Teams: "
            + "; ".join(
                f"seat {s}: "
                + ", ".join(fish_label(f) for f in team["fish"])
                + (f" (Mimic as {fish_label(team['mimic'])})" if team["mimic"] else "")
                for s, team in enumerate(event["teams"])
            )
            + "."
        )
    if kind == "turn":
        return f"-- turn {event['turn']}: {_side(event['seat'], viewer)} --"
    if kind == "assert":
        target = f"{_side(1 - event['seat'], viewer)} fish {event['pos']}"
        verdict = "right" if event["success"] else "wrong"
        return (
            f"{_side(event['seat'], viewer)} asserted {target} is "
            f"{fish_label(event['guess'])}: {verdict}."
        )
    if kind == "assert_loss":
        return f"all {_side(event['seat'], viewer)} fish lose {event['amount']} HP."
    if kind == "action":
        who = f"{_side(event['seat'], viewer)} fish {event['actor']}"
        targets = ", ".join(f"{_side(s, viewer)} {p} ({v})" for s, p, v in event["targets"])
        label = {
            "normalattack": "attacks",
            "aoe": "uses an area skill on",
            "infight": "hurts its teammate",
            "crit": "crits",
            "subtle": "uses a skill with no visible effect",
        }[event["type"]]
        return f"{who} {label} {targets}".rstrip() + "."
    if kind == "skill_detail":
        owner = "your" if viewer == event["seat"] else f"seat {event['seat']}"
        detail = f"ally {event['ally']}, enemy {event['enemy']}"
        return f"  ({owner} fish {event['actor']}'s skill: {detail})"
    if kind == "hit":
        how = "direct" if event["direct"] else "indirect"
        return (
            f"  {_side(event['seat'], viewer)} fish {event['pos']} takes {event['value']} ({how})."
        )
    if kind == "passive":
        owner = f"{_side(event['seat'], viewer)} fish {event['pos']}"
        text = {
            "reduce": f"damage to {owner} reduced (x{event['value']})",
            "deflect": f"{owner} shares {event['value']} damage with its teammates",
            "heal": f"{owner} heals {event['value']}",
            "counter": f"a counter-attack triggers from {owner} being hit",
            "explode": f"{owner} explodes",
        }[event["type"]]
        return f"  * {text}."
    if kind == "dead":
        return f"{_side(event['seat'], viewer)} fish {event['pos']} is dead."
    if kind == "round_end":
        return (
            f"Round {event['round']} won by {_side(event['winner'], viewer)} ({event['reason']})."
        )
    if kind == "match_end":
        return f"Match won by {_side(event['winner'], viewer)}."
    if kind == "forfeit":
        return f"{_side(event['seat'], viewer)} forfeits: {event['reason']}."
    return str(event)


def _public_row(fish: PublicFish) -> str:
    status = "alive" if fish.alive else "dead "
    return f"  [{fish.pos}] {fish_label(fish.fish):<18} HP {fish.hp:>3}  {status}"


def _own_row(fish: OwnFish) -> str:
    status = "alive" if fish.alive else "dead "
    extras = []
    if fish.fish != fish.acts_as:
        extras.append(f"as {fish_label(fish.acts_as)}")
    if fish.shields:
        extras.append(f"shields {fish.shields}")
    for buff, on in (
        ("reduce buff", fish.reduce_buff),
        ("heal buff", fish.heal_buff),
        ("share buff", fish.share_buff),
    ):
        if on:
            extras.append(buff)
    if fish.revealed:
        extras.append("revealed")
    tail = f"  ({', '.join(extras)})" if extras else ""
    return (
        f"  [{fish.pos}] {fish_label(fish.fish):<18} HP {fish.hp:>3}  "
        f"ATK {fish.atk:>3}  {status}{tail}"
    )


def render_view(view: AquawarView, log_lines: int = 12) -> str:
    """A compact multi-line picture of the view: score, both teams, the latest events."""
    seat = view.seat
    lines = [
        f"Aquawar — round {view.round}, turn {view.turn}/{view.turn_limit}, "
        f"rounds won {view.wins[0]}-{view.wins[1]}, phase {view.phase}"
    ]
    if seat is None:
        for s, team in enumerate(view.teams or []):
            lines.append(f"Seat {s}:")
            lines.extend(_public_row(f) for f in team)
    else:
        lines.append(f"You are seat {seat}. Your fish:")
        lines.extend(_own_row(f) for f in view.my_team or [])
        lines.append("Enemy fish:")
        lines.extend(_public_row(f) for f in view.enemy_team or [])
    recent = view.log[-log_lines:] if log_lines else view.log
    if recent:
        lines.append("Recent events:")
        lines.extend(describe_event(e, seat) for e in recent)
    return "\n".join(lines)


def status_line(view: AquawarView) -> str | None:
    """Both teams' public HP on one line (for live displays), once the teams are out."""
    teams = view.teams
    if not teams or not all(teams):
        return None
    sides = []
    for seat, team in enumerate(teams):
        cells = " ".join(str(f.hp) if f.alive else "x" for f in team)
        sides.append(f"seat {seat}: {cells}")
    return "   HP  " + "  |  ".join(sides)
