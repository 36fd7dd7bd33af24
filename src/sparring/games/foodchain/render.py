"""Text for people (and language models): a view as a table-top description, and one line
per event. Both read only the view, never the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from msgspec import UNSET

if TYPE_CHECKING:
    from .viewtypes import CreatureView, FoodChainView, FullCard, PileCard

PHASE_NAMES = {
    "start": "start",
    "main1": "main phase 1",
    "combat": "combat",
    "main2": "main phase 2",
    "end": "end",
    "over": "game over",
}


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "?"
    if viewer is None:
        return f"seat {seat}"
    return "you" if seat == viewer else "rival"


#: The card names a reader has learnt, by card id: a card is named wherever it is known.
Names = Mapping[int, str]


def _named(card: int, names: Names) -> str:
    """A card as "Cheetah #38", or "#38" while its name is unknown to the reader."""
    name = names.get(card)
    return f"{name} #{card}" if name else f"#{card}"


def _card_or_player(event: dict[str, Any], viewer: int | None, names: Names) -> str:
    """What an event with a ``card`` or a ``player`` field is about."""
    if event.get("card") is not None:
        return _named(event["card"], names)
    return _who(event.get("player"), viewer)


def _card(event: dict[str, Any], names: Names) -> str:
    """The card of an event that may carry its name (the event's name wins)."""
    name = event.get("name") or names.get(event["card"])
    return f"{name} #{event['card']}" if name else f"#{event['card']}"


def describe_event(event: dict[str, Any], viewer: int | None, names: Names | None = None) -> str:
    """One event as a short sentence from `viewer`'s side (None: a spectator), naming each
    card the reader knows (`names`) and giving the others by id."""
    names = {} if names is None else names
    kind = event["kind"]
    who = _who(event.get("seat"), viewer)
    if kind == "turn_begin":
        return f"— turn {event['turn']}: {who} —"
    if kind == "phase":
        return f"{PHASE_NAMES.get(event['phase'], event['phase'])}"
    if kind == "draws":
        return f"{who} draw{'s' if who != 'you' else ''} a card"
    if kind == "drew":
        return f"you drew {_card(event, names)}"
    if kind == "play":
        origin = "" if event["source"] == "hand" else f" from {event['source']}"
        return f"{who} play{'s' if who != 'you' else ''} {_card(event, names)}{origin}"
    if kind == "negated":
        card = event.get("card")
        return f"{event['what']} negated" + ("" if card is None else f" ({_named(card, names)})")
    if kind == "eat":
        eaten = ", ".join(_named(c, names) for c in event["eaten"]) or "nothing (dry drop)"
        predator = _named(event["predator"], names)
        return f"{predator} eats {eaten} (+{event['nutrition']} nutrition)"
    if kind == "enter":
        dry = " dry" if event.get("dry") else ""
        field = {"you": "your", "rival": "the rival's"}.get(who, f"{who}'s")
        return f"{_card(event, names)} enters {field} field{dry} ({event['atk']}/{event['hp']})"
    if kind == "trap":
        return f"{who} spring{'s' if who != 'you' else ''} trap {_card(event, names)}"
    if kind == "ability":
        return f"{_card(event, names)}: {event['trigger'].replace('_', ' ')} ability"
    if kind == "target":
        target = _card_or_player(event, viewer, names)
        return f"{_named(event['source'], names)} targets {target}"
    if kind == "attack":
        if event["target"] is None:
            defender = _who(1 - event["seat"], viewer)
            target = f"{'the rival' if defender == 'rival' else defender} directly"
        else:
            target = _named(event["target"], names)
        attacker = _named(event["attacker"], names)
        return f"{who} attack{'s' if who != 'you' else ''} with {attacker} → {target}"
    if kind == "damage":
        target = _card_or_player(event, viewer, names)
        return f"{target} take{'' if target == 'you' else 's'} {event['amount']} damage"
    if kind == "absorbed":
        return f"{_named(event['card'], names)}'s {event['why']} absorbs the damage"
    if kind == "heal":
        target = _card_or_player(event, viewer, names)
        return f"{target} heal{'' if target == 'you' else 's'} {event['amount']}"
    if kind == "status":
        now = "is now" if event["on"] else "is no longer"
        return f"{_named(event['card'], names)} {now} {event['status']}"
    if kind == "keyword":
        change = "gains" if event["gained"] else "loses"
        return f"{_named(event['card'], names)} {change} {event['keyword']}"
    if kind == "stats":
        return f"{_named(event['card'], names)} is now {event['atk']}/{event['hp']}"
    if kind == "dies":
        return f"{_card(event, names)} {'is slain' if event['slain'] else 'is destroyed'}"
    if kind == "move":
        return f"{_card(event, names)}: {event['origin']} → {event['to']}"
    if kind == "hidden_move":
        return f"{who}: a card {event['origin']} → {event['to']}"
    if kind == "reveal":
        cards = ", ".join(f"{name} #{uid}" for uid, name in event["cards"]) or "nothing"
        return f"rival's hand: {cards}"
    if kind == "transform":
        return f"{_named(event['card'], names)} becomes {event['name']}"
    if kind == "game_end":
        if event["winner"] is None:
            return f"draw: {event['reason']}"
        winner = _who(event["winner"], viewer)
        return f"{winner} win{'' if winner == 'you' else 's'}: {event['reason']}"
    if kind == "forfeit":
        return f"{who} forfeit{'s' if who != 'you' else ''}: {event['reason']}"
    return str(event)


def learn_names(event: dict[str, Any], names: dict[int, str]) -> None:
    """Record the card names `event` shows its reader: a card played, drawn, entering,
    moving or dying carries its name, a revealed hand lists its cards, and a card that
    transforms takes its new name."""
    kind = event["kind"]
    if kind == "reveal":
        names.update((uid, name) for uid, name in event["cards"])
    elif event.get("name") and event.get("card") is not None:
        names[event["card"]] = event["name"]


class _Narration:
    """Food Chain's events read in order by one reader, each card named once an event has
    shown the reader its name (so "#38 takes 5 damage" reads "Cheetah #38 takes 5
    damage")."""

    def __init__(self, viewer: int | None, names: dict[int, str] | None = None) -> None:
        self.viewer = viewer
        self.names: dict[int, str] = {} if names is None else names

    def __call__(self, event: dict[str, Any], state: Any) -> str:
        if event["kind"] == "transform":  # the line names the card as it was
            line = describe_event(event, self.viewer, self.names)
            learn_names(event, self.names)
            return line
        learn_names(event, self.names)
        return describe_event(event, self.viewer, self.names)


def narrator(viewer: int | None) -> _Narration:
    """`Display.narrator`: a reading of Food Chain's events in order for `viewer`."""
    return _Narration(viewer)


def card_names(view: FoodChainView) -> dict[int, str]:
    """The names of the cards `view` shows its reader now: on both sides, in the piles and
    in hand."""
    shown: list[PileCard] = []
    for player in view.players:
        shown += [*player.field, *player.carrion, *player.exile]
        if player.field_spell is not None:
            shown.append(player.field_spell)
    for hand in (view.hand, view.rival_known_hand):
        if isinstance(hand, list):
            shown += hand
    return {card.card: card.name for card in shown}


def _creature_line(c: CreatureView) -> str:
    flags = (
        ("exhausted", c.exhausted),
        ("frozen", c.frozen),
        ("paralyzed", c.paralyzed),
        ("dry", c.dry),
        ("token", c.token),
    )
    marks = [mark for mark, on in flags if on]
    keywords = ", ".join(c.keywords)
    extra = f" [{keywords}]" if keywords else ""
    shown = f" ({', '.join(marks)})" if marks else ""
    text = f" — {c.text}" if c.text else ""
    return f"  #{c.card} {c.name} {c.atk}/{c.hp} (max {c.max_hp}){extra}{shown}{text}"


def _hand_line(card: FullCard) -> str:
    stats = f" {card.atk}/{card.hp}" if card.atk is not UNSET else ""
    food = f" nutrition {card.nutrition}" if card.nutrition is not UNSET else ""
    text = f" — {card.text}" if card.text else ""
    return f"  #{card.card} {card.name} ({card.category}{stats}{food}){text}"


def _side(view: FoodChainView, seat: int) -> list[str]:
    player = view.players[seat]
    who = _who(seat, view.seat)
    lines = [
        f"{who.upper() if view.seat is not None else who}: HP {player.hp}"
        f" · hand {player.hand_count} · deck {player.deck_count}"
        f" · carrion {len(player.carrion)} · exile {len(player.exile)}"
    ]
    spell = player.field_spell
    if spell is not None:
        lines.append(f"  field spell: #{spell.card} {spell.name} — {spell.text}")
    lines.extend(_creature_line(c) for c in player.field)
    if not player.field and spell is None:
        lines.append("  (empty field)")
    return lines


def render_view(view: FoodChainView, log_lines: int = 12) -> str:
    """A view as text: both sides, the hand, the pending decision and the recent log."""
    seat = view.seat
    lines = [
        f"Food Chain · turn {view.turn} · {_who(view.active, seat)} to play · "
        f"{PHASE_NAMES.get(view.phase, view.phase)}"
        + (" · card played" if view.card_played else "")
    ]
    order = (1 - seat, seat) if seat is not None else (0, 1)
    for s in order:
        lines.extend(_side(view, s))
    if seat is not None:
        lines.append("Your hand:")
        hand = view.hand or []
        if hand:
            lines.extend(_hand_line(c) for c in hand)
        else:
            lines.append("  (empty)")
        known = view.rival_known_hand or []
        if known:
            lines.append(
                "Known cards in the rival's hand: "
                + ", ".join(f"{c.name} #{c.card}" for c in known)
            )
    decision = view.decision
    if decision and decision.prompt:
        lines.append(f"Decision: {decision.prompt}")
    log = view.log[-log_lines:]
    if log:
        lines.append("Recent:")
        narrate = _Narration(seat, card_names(view))
        lines.extend("  " + narrate(e, None) for e in log if e["kind"] not in ("phase", "draws"))
    if view.winner is not None or view.phase == "over":
        lines.append(f"Game over: {view.end_reason}")
    return "\n".join(lines)


def status_line(view: FoodChainView) -> str | None:
    """Both players' HP, hand, deck and field sizes on one line (for live displays)."""
    sides = []
    for player in view.players:
        sides.append(
            f"seat {player.seat}: HP {player.hp}, hand {player.hand_count}, "
            f"deck {player.deck_count}, field {len(player.field)}"
        )
    return "   " + "  |  ".join(sides)
