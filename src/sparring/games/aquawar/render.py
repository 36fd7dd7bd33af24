"""Plain-text rendering of an Aquawar view, for terminals, logs and language models.

It works from the view alone, so it can never show more than the seat may know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .roster import FISH
from .views import AquawarView, OwnFish, PublicFish


def fish_label(fish_id: int | None) -> str:
    return "?" if fish_id is None else FISH[fish_id].en


#: What a reader knows of which fish stands where in the current round:
#: (seat, position) -> fish id. A fish it does not know is named by its position.
Known = Mapping[tuple[int, int], int]


def _side(seat: int, viewer: int | None) -> str:
    if viewer is None:
        return f"seat {seat}"
    return "you" if seat == viewer else "enemy"


def _owner(seat: int, viewer: int | None) -> str:
    if viewer is None:
        return f"seat {seat}'s"
    return "your" if seat == viewer else "enemy"


def _fish(seat: int, pos: int, viewer: int | None, known: Known) -> str:
    """A fish as the reader may name it: "seat 1's Sunfish", "your Octopus", or by its
    position while its species is hidden from the reader ("enemy fish 2")."""
    owner = _owner(seat, viewer)
    fish = known.get((seat, pos))
    return f"{owner} {'fish ' + str(pos) if fish is None else fish_label(fish)}"


def _skill_targets(event: dict[str, Any], viewer: int | None, known: Known) -> str:
    seat = event["seat"]
    chosen = []
    if event["ally"] is not None:
        chosen.append(f"ally {_fish(seat, event['ally'], viewer, known)}")
    if event["enemy"] is not None:
        chosen.append(f"enemy {_fish(1 - seat, event['enemy'], viewer, known)}")
    return ", ".join(chosen) or "no targets"


_ACTION_VERBS = {
    "normalattack": "attacks",
    "aoe": "uses an area skill on",
    "infight": "hurts its teammate",
    "crit": "crits",
    "subtle": "uses a skill with no visible effect",
}
_PASSIVE_TEXT = {
    "reduce": "damage to {fish} reduced (x{value})",
    "deflect": "{fish} shares {value} damage with its teammates",
    "heal": "{fish} heals {value}",
    "counter": "a counter-attack triggers from {fish} being hit",
    "explode": "{fish} explodes",
}


def describe_event(event: dict[str, Any], viewer: int | None, known: Known | None = None) -> str:
    """One line for one event of a view's log. Fish are named by species where `known`
    (what the reader knows of the current round) says which fish stands there."""
    known = {} if known is None else known
    kind = event["kind"]
    if kind == "round_start":
        first = _side(event["first_mover"], viewer)
        return f"Round {event['round']} begins; {first} move{'' if first == 'you' else 's'} first."
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
        enemy = 1 - event["seat"]
        target = _fish(enemy, event["pos"], viewer, known)
        if not event["success"]:
            guess = f" is {fish_label(event['guess'])}: wrong."
        elif (enemy, event["pos"]) in known:
            guess = ": right."  # the reader knew the fish, so its name says what was asserted
        else:
            guess = f" is {fish_label(event['guess'])}: right."
        return f"{_side(event['seat'], viewer)} asserted {target}{guess}"
    if kind == "assert_loss":
        return f"all {_owner(event['seat'], viewer)} fish lose {event['amount']} HP."
    if kind == "action":
        who = _fish(event["seat"], event["actor"], viewer, known)
        targets = ", ".join(f"{_fish(s, p, viewer, known)} ({v})" for s, p, v in event["targets"])
        return f"{who} {_ACTION_VERBS[event['type']]} {targets}".rstrip() + "."
    if kind == "skill_detail":
        who = _fish(event["seat"], event["actor"], viewer, known)
        return f"  ({who}'s skill: {_skill_targets(event, viewer, known)})"
    if kind == "hit":
        how = "direct" if event["direct"] else "indirect"
        fish = _fish(event["seat"], event["pos"], viewer, known)
        return f"  {fish} takes {event['value']} ({how})."
    if kind == "passive":
        fish = _fish(event["seat"], event["pos"], viewer, known)
        return "  * " + _PASSIVE_TEXT[event["type"]].format(fish=fish, value=event["value"]) + "."
    if kind == "dead":
        return f"{_fish(event['seat'], event['pos'], viewer, known)} is dead."
    if kind == "round_end":
        return (
            f"Round {event['round']} won by {_side(event['winner'], viewer)} ({event['reason']})."
        )
    if kind == "match_end":
        return f"Match won by {_side(event['winner'], viewer)}."
    if kind == "forfeit":
        who = _side(event["seat"], viewer)
        return f"{who} forfeit{'' if who == 'you' else 's'}: {event['reason']}."
    return str(event)


class _Narration:
    """Aquawar's events read in order by one reader: each line names the fish the events
    so far have shown that reader — a seat's own team, every team when the reader is fed
    every seat's events (a full replay, or bots watched with nobody playing), and a fish
    unmasked by a right assertion — and by position otherwise. A new round forgets."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.known: dict[tuple[int, int], int] = {}

    def __call__(self, event: dict[str, Any], state: Any) -> str:
        line = describe_event(event, self.viewer, self.known)
        self._learn(event)  # after the line: an assertion names what was known before it
        return line

    def _learn(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind == "round_start":
            self.known.clear()
        elif kind == "team":
            self.known.update(((event["seat"], pos), f) for pos, f in enumerate(event["fish"]))
        elif kind == "assert" and event["success"]:
            self.known[(1 - event["seat"], event["pos"])] = event["guess"]


def narrator(viewer: int | None) -> _Narration:
    """`Display.narrator`: a reading of Aquawar's events in order for `viewer`."""
    return _Narration(viewer)


def known_fish(view: AquawarView) -> dict[tuple[int, int], int]:
    """Which fish stands where, as far as `view` tells its reader (the current round)."""
    if view.seat is None:
        return _revealed(enumerate(view.teams or []))
    known = _revealed([(1 - view.seat, view.enemy_team or [])])
    known.update(((view.seat, fish.pos), fish.fish) for fish in view.my_team or [])
    return known


def _revealed(teams: Iterable[tuple[int, list[PublicFish]]]) -> dict[tuple[int, int], int]:
    return {
        (seat, fish.pos): fish.fish
        for seat, team in teams
        for fish in team
        if fish.fish is not None
    }


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
        known = known_fish(view)
        lines.extend(describe_event(e, seat, known) for e in recent)
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
