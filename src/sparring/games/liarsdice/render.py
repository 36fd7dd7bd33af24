"""Liar's Dice in words, for people (and language models): a view as a short table, each
event as one line, and the one-line dice count shown between rounds. Everything is drawn
from a view or a visible event, so it shows exactly what that viewer may know."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import FACE_NAMES, say_bid
from .records import CHALLENGE_CALL, RoundResult
from .views import as_table


def who(seat: int, viewer: int | None) -> str:
    """A seat by its number, marked when it is the viewer's own."""
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def hand_text(hand: list[int]) -> str:
    return " ".join(map(str, hand)) if hand else "-"


def describe_result(result: RoundResult, viewer: int | None) -> str:
    """One line for a round's call and what it cost."""
    call = "challenged" if result.call == CHALLENGE_CALL else "called spot on"
    losers = ", ".join(who(s, viewer) for s in result.losers)
    return (
        f"round {result.round}: {who(result.caller, viewer)} {call} "
        f"{who(result.bidder, viewer)}'s {say_bid(result.quantity, result.face)}; "
        f"there were {result.count} — a die lost by {losers}"
    )


def render_view(view: Any) -> str:
    """The table as `view`'s seat sees it."""
    seen = as_table(view)
    options = seen.options
    rules = "ones wild" if options.wild_ones else "ones not wild"
    if options.spot_on:
        rules += ", spot on"
    lines = [f"Liar's Dice — round {seen.round} ({rules}), opened by {who(seen.opener, seen.seat)}"]
    counts = " · ".join(
        f"{who(seat, seen.seat)} {count if count else 'out'}"
        for seat, count in enumerate(seen.dice)
    )
    lines.append(f"Dice: {counts} — {sum(seen.dice)} in play")
    if seen.seat is not None:
        lines.append(f"Your dice: {hand_text(seen.my_dice)}")
    if seen.bids:
        bids = ", ".join(
            f"{who(b.seat, seen.seat)} {say_bid(b.quantity, b.face)}" for b in seen.bids
        )
        lines.append(f"Bids this round: {bids}")
    if seen.results:
        lines.append(f"Last call: {describe_result(seen.results[-1], seen.seat)}")
    if seen.winner is not None:
        lines.append(f"Winner: {who(seen.winner, seen.seat)}")
    elif seen.to_move:
        lines.append(f"To move: {who(seen.to_move[0], seen.seat)}")
    return "\n".join(lines)


def status_line(view: Any) -> str | None:
    """Every seat's dice count, e.g. ``dice: seat 0 5 · seat 1 3 · seat 2 out``."""
    seen = as_table(view)
    return "dice: " + " · ".join(
        f"seat {seat} {count if count else 'out'}" for seat, count in enumerate(seen.dice)
    )


def _hands(hands: list[list[int]], viewer: int | None) -> str:
    return "; ".join(
        f"{who(seat, viewer)} {hand_text(hand)}" for seat, hand in enumerate(hands) if hand
    )


_DESCRIBE: dict[str, Callable[[dict[str, Any], int | None], str]] = {
    "ld_round": lambda e, v: (
        f"— round {e['round']}, opened by {who(e['opener'], v)}; dice: "
        + ", ".join(f"{who(s, v)} {n}" for s, n in enumerate(e["dice"]) if n)
        + " —"
    ),
    "ld_roll": lambda e, v: f"{who(e['seat'], v)} rolled {hand_text(e['hand'])}",
    "ld_bid": lambda e, v: f"{who(e['seat'], v)} bids {say_bid(e['quantity'], e['face'])}",
    "ld_call": lambda e, v: (
        f"{who(e['seat'], v)} "
        + ("challenges" if e["call"] == CHALLENGE_CALL else "calls spot on")
        + f" {who(e['bidder'], v)}'s {say_bid(e['quantity'], e['face'])}"
    ),
    "ld_reveal": lambda e, v: (
        f"revealed: {_hands(e['hands'], v)} — {e['count']} "
        f"{'die counts' if e['count'] == 1 else 'dice count'} as {FACE_NAMES[e['face']]}"
    ),
    "ld_lose": lambda e, v: f"{who(e['seat'], v)} loses a die ({e['dice']} left)",
    "ld_out": lambda e, v: f"{who(e['seat'], v)} is out",
    "ld_void": lambda e, v: f"round {e['round']} is void after {who(e['seat'], v)} forfeited",
    "ld_forfeit": lambda e, v: f"{who(e['seat'], v)} forfeits: {e['reason']}",
    "ld_game_end": lambda e, v: f"{who(e['winner'], v)} wins: {e['reason']}",
}


def describe_event(event: dict[str, Any], viewer: int | None) -> str:
    """One line for one event, as `viewer` (None: a spectator) reads it."""
    describe = _DESCRIBE.get(event["kind"])
    return str(event) if describe is None else describe(event, viewer)
