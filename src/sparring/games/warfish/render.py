"""Text for people and language models: the territories as a table, the players, the hand,
the decision at hand and the recent events, one line each. Everything is drawn from a view,
so it shows exactly what that seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from msgspec import UNSET

if TYPE_CHECKING:
    from .maps import MapView
    from .views import View


def _who(owner: int | None) -> str:
    if owner is None:
        return "?"
    return "neutral" if owner < 0 else f"seat {owner}"


def _card(board: MapView, card: int) -> str:
    if card >= len(board.territories):
        return "wild"
    return f"{board.territories[card]} ({board.suits[card]})"


def describe_event(
    event: dict[str, Any], viewer: int | None, names: Sequence[str] | None = None
) -> str:
    """One line for one event. Territories are named when `names` (the map's territory
    names) is given, else shown as ``#index``."""
    text = _DESCRIBE.get(event["kind"])
    if text is None:
        return str(event)
    if names is None:
        return text(event, lambda t: f"#{t}")
    return text(event, lambda t: names[t])


_DESCRIBE: dict[str, Any] = {
    "wf_dealt": lambda e, at: f"territories dealt ({len(e['territories'])} shown)",
    "wf_setup_done": lambda e, at: f"setup placement done ({e['placement']})",
    "wf_turn": lambda e, at: f"— round {e['round']}: seat {e['seat']}'s turn —",
    "wf_income": lambda e, at: (
        f"seat {e['seat']} receives {e['total']} units ({e['territories']} territories → "
        f"{e['base']}, continents +{e['continents']})"
    ),
    "wf_trade": lambda e, at: f"seat {e['seat']} trades cards {e['cards']} for {e['value']} units",
    "wf_card_bonus": lambda e, at: (
        f"seat {e['seat']} gets +{e['count']} on {at(e['territory'])} for its card → {e['units']}"
    ),
    "wf_placed": lambda e, at: (
        f"seat {e['seat']} places {e['count']} on {at(e['territory'])} → {e['units']}"
    ),
    "wf_units_wasted": lambda e, at: (
        f"seat {e['seat']} loses {e['count']} unplaceable units ({e['why']})"
    ),
    "wf_attack": lambda e, at: (
        f"seat {e['seat']} attacks {at(e['target'])} from {at(e['source'])}: "
        f"{tuple(e['attack_dice'])} v {tuple(e['defend_dice'])} → attacker −{e['attacker_losses']}"
        f" ({e['source_units']} left), defender −{e['defender_losses']} ({e['target_units']} left)"
    ),
    "wf_captured": lambda e, at: (
        f"seat {e['seat']} captures {at(e['target'])}"
        + ("" if e["previous_owner"] is None else f" from seat {e['previous_owner']}")
    ),
    "wf_move_in": lambda e, at: (
        f"seat {e['seat']} moves {e['count']} from {at(e['source'])} into {at(e['target'])}"
    ),
    "wf_transfer": lambda e, at: (
        f"seat {e['seat']} transfers {e['count']} from {at(e['source'])} to {at(e['target'])}"
    ),
    "wf_card_drawn": lambda e, at: f"seat {e['seat']} draws card {e['card']}",
    "wf_card_awarded": lambda e, at: f"seat {e['seat']} earns a card ({e['hand_size']} in hand)",
    "wf_eliminated": lambda e, at: (
        f"seat {e['seat']} is eliminated by seat {e['by']} ({e['cards']} cards)"
    ),
    "wf_cards_taken": lambda e, at: f"seat {e['seat']} takes cards {e['cards']}",
    "game_end": lambda e, at: (
        f"draw: {e['reason']}" if e["winner"] is None else f"seat {e['winner']} wins: {e['reason']}"
    ),
    "forfeit": lambda e, at: f"seat {e['seat']} forfeits: {e['reason']}",
}


def render_view(view: View, log_lines: int = 12) -> str:
    board = view.map
    names = board.territories
    continent_of = {}
    for continent in board.continents:
        for t in continent.territories:
            continent_of[t] = continent.name
    turn = view.turn
    lines = [
        f"Warfish · {board.name} · round {view.round} · phase {view.phase}"
        + ("" if turn is None else f" · seat {turn} to move")
    ]
    width = max(len(n) for n in names)
    lines.append(f"  {'#':>3}  {'territory':<{width}}  {'owner':<7} {'units':>5}  continent")
    for t, name in enumerate(names):
        units = view.units[t]
        lines.append(
            f"  {t:>3}  {name:<{width}}  {_who(view.owner[t]):<7} "
            f"{'?' if units is None else units:>5}  {continent_of[t]}"
        )
    for player in view.players:
        extra = ""
        if player.territories is not UNSET:
            extra = f", {player.territories} territories, {player.units} units"
        state = "" if player.alive else " (out)"
        lines.append(f"seat {player.seat}{state}: {player.cards} cards{extra}")
    lines.append(
        f"Cards: next set worth {view.next_trade_value}, deck {view.deck_size}, "
        f"discard {len(view.discard)}"
    )
    if view.hand is not UNSET:
        hand = ", ".join(f"{c}: {_card(board, c)}" for c in view.hand) or "none"
        lines.append(f"Your hand: {hand}")
    if view.to_place is not UNSET:
        lines.append(
            f"Turn: {view.to_place} to place, transfers left {view.transfers_left}"
            + ("" if view.attacks_left is None else f", attacks left {view.attacks_left}")
            + (", captured this turn" if view.captured else "")
        )
    move = view.move_in
    if move is not UNSET:
        lines.append(
            f"Move in {move.low}-{move.high} units from {names[move.source]} "
            f"into {names[move.target]}"
        )
    if view.setup_left is not UNSET:
        lines.append(f"Setup units left: {view.setup_left}")
    log = view.log[-log_lines:]
    if log:
        lines.append("Recent:")
        lines.extend("  " + describe_event(e, view.seat, names) for e in log)
    if view.phase == "over":
        lines.append(f"Game over: {view.end_reason}")
    return "\n".join(lines)


def status_line(spectator_view: View) -> str | None:
    """Before each turn: the round and, without fog, each player's territories and units."""
    players = spectator_view.players
    if not players or players[0].territories is UNSET:
        return f"round {spectator_view.round}"
    return f"round {spectator_view.round} · " + " · ".join(
        f"seat {p.seat} {p.territories}t/{p.units}u" for p in players if p.alive
    )
