"""A person at a terminal as a Food Chain agent.

It shows only its seat's view (through `render_view`), numbers the legal actions with
sentences naming the cards ("Play Cane Toad (#12)", "Attack the rival with Barn Owl
(#3)", "Eat Hellbender (#4) + Olm (#9)", "Target Cane Toad (#12) (rival's)"), and reads
answers until one is legal, saying why each refused answer was refused. Input and output
are injected functions, so tests can drive it with scripted lines.

Answers: a menu number, or a typed form — ``play cane toad``, ``attack owl rival``,
``attack owl toad``, ``activate puffin`` (or ``sacrifice``/``discard``), ``end``,
``eat hellbender olm`` / ``eat nothing``, ``target toad`` / ``target rival`` /
``target me``, ``take NAME`` (a card from a pile), ``choose 1`` or ``choose roar``,
``order toad``. Names may be shortened to the start of any word ("owl", "cane"), and a
card may be named by its id (``#12``).

``help`` (or ``?``) explains the decision at hand and every command; ``help CARD`` shows a
card's rules text, generated from the card data by `cardtext` (and, for a creature that
lost abilities, what it can still do); ``cards`` lists every card in view, zone by zone,
with its text; ``board`` shows the table again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from msgspec import UNSET, UnsetType

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import (
    Action,
    Activate,
    Attack,
    Choose,
    Eat,
    EndPhase,
    Order,
    Play,
    Target,
    card_of,
)
from .cards import CardDef, load_pool
from .cardtext import card_text
from .legality import FIELD_FULL
from .limits import FIELD_LIMIT, MAX_EATEN
from .render import render_view
from .viewtypes import CreatureView, FoodChainView, FullCard, PileCard

FILLER = frozenset({"with", "the", "on", "at", "to", "a", "an", "and", "+", "->", "→", "&"})
RIVAL_WORDS = frozenset({"rival", "face", "player", "opponent", "directly", "them", "enemy"})
SELF_WORDS = frozenset({"me", "myself", "self", "you", "yourself", "mine"})
END_WORDS = frozenset({"end", "done", "next", "pass", "skip"})
NOTHING_WORDS = frozenset({"nothing", "none", "dry", "no"})
PHASE_ENDS = {
    "main1": "End main phase 1 (go to combat)",
    "combat": "End combat (go to main phase 2)",
    "main2": "End the turn",
}
HELP = (
    "Type a number, or a command: play NAME, attack ATTACKER TARGET|rival, activate NAME, "
    "end, eat NAME... | eat nothing, target NAME|rival|me, take NAME, choose N|LABEL, "
    "order NAME. 'help' explains, 'help CARD' shows a card, 'cards' lists the cards in view."
)
HELP_WORDS = frozenset({"help", "?", "h"})
BOARD_WORDS = frozenset({"board", "show", "view", "table"})
CARDS_WORDS = frozenset({"cards", "list"})
REFUSED = "not accepted: "
COMMANDS = f"""Answer with the number in front of a choice, or a command. Cards are named
by the start of any word of their name ('owl', 'cane') or by id ('#12'):
  play NAME              play a card from your hand (a main phase; one card a turn, free
                         spells and Free Play cards aside)
  activate NAME          a discard ability of a card in hand, or a sacrifice ability of a
                         creature on your field (also 'sacrifice', 'discard')
  attack NAME TARGET     in combat: attack TARGET, a creature, or 'rival' to attack directly
  end                    end this phase: main phase 1, then combat, then main phase 2
  eat NAME... | nothing  what a predator being played eats (up to {MAX_EATEN} creatures;
                         nothing is a dry drop: it loses every keyword and ability)
  target NAME|rival|me   the target of an effect
  take NAME              a card from your deck or a pile, when an effect asks for one
  choose N|LABEL         a mode of a "choose one" effect
  order NAME             which of several effects due at once resolves first
'help CARD' shows a card's rules text, 'cards' every card in view with its text, 'board'
the table again. A field holds up to {FIELD_LIMIT} cards, creatures and a field spell together."""
PHASE_HELP = {
    "main1": "It is your main phase 1: play a card, use an ability, or 'end' to go to combat.",
    "combat": "It is your combat: attack with a creature that can, or 'end' to go to main phase 2.",
    "main2": "It is your main phase 2: play a card if you played none in main phase 1, use "
    "an ability, or 'end' to end your turn.",
}
DECISION_HELP = {
    "eat": "A predator is being played: choose what it eats ('eat NAME...', or 'eat "
    "nothing' for a dry drop).",
    "target": "An effect needs its target: 'target NAME', 'target rival' or 'target me'.",
    "tutor": "An effect takes a card from your deck: 'take NAME'.",
    "play": "An effect plays a card from a pile: 'take NAME' (or 'play NAME').",
    "choose": "An effect lets you choose one of its modes: 'choose N' or 'choose LABEL'.",
    "order": "Several of your effects are due at once: 'order NAME' resolves that one first.",
}


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat."""

    refusal_prefix = ""  # `parse` words its own refusals, and help is no refusal

    def prompt(self, view: FoodChainView, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        table = Table(view)
        shown = menu(table, legal)

        def parse(text: str) -> tuple[Action | None, str]:
            words = text.strip().lower().split()
            if words and words[0] in HELP_WORDS:
                if len(words) == 1:
                    return None, help_text(table)
                found, reason = card_help(words[1:], table)
                return None, found or REFUSED + reason
            if len(words) == 1 and words[0] in CARDS_WORDS:
                return None, cards_in_view(table)
            if len(words) == 1 and words[0] in BOARD_WORDS:
                return None, f"{render_view(view)}\n{shown}"
            action, reason = parse_answer(text, table, legal)
            return (action, "") if action is not None else (None, REFUSED + reason)

        return [render_view(view), shown], parse


# ---------------------------------------------------------------- what the view names


class Table:
    """Every card the view names, with where it is, for sentences and for typed names."""

    def __init__(self, view: FoodChainView) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.names: dict[int, str] = {}
        self.where: dict[int, str] = {}
        for event in view.log:
            if isinstance(event.get("card"), int) and event.get("name"):
                self.names[event["card"]] = event["name"]
        for player in view.players:
            mine = player.seat == seat
            whose = "yours" if mine else "rival's"
            pile_owner = "your" if mine else "the rival's"
            for pile, cards in (("carrion", player.carrion), ("exile", player.exile)):
                for c in cards:
                    self._add(c, f"in {pile_owner} {pile}")
            for creature in player.field:
                self._add(creature, whose)
            if player.field_spell is not None:
                self._add(player.field_spell, f"{whose} field spell")
        for shown in view.rival_known_hand or []:
            self._add(shown, "in the rival's hand")
        for shown in view.hand or []:
            self._add(shown, "in your hand")
        self.hand = {c.card: c for c in view.hand or []}
        self.field = {c.card: c for p in view.players for c in p.field}
        decision = view.decision
        self.kind = decision.kind if decision and decision.player == seat else None
        self.prompt = (decision.prompt if decision else "") or ""

    def _add(self, card: PileCard, where: str) -> None:
        self.names[card.card] = card.name
        self.where[card.card] = where

    def label(self, uid: int) -> str:
        name = self.names.get(uid)
        return f"{name} (#{uid})" if name else f"card #{uid}"

    def choose_labels(self) -> dict[int, str]:
        """The modes of a pending "choose one", from its prompt ("…: choose one — 0: A; 1: B")."""
        _, _, tail = self.prompt.partition(" — ")
        labels = {}
        for part in tail.split("; "):
            number, _, label = part.partition(": ")
            if number.strip().isdigit():
                labels[int(number)] = label.strip()
        return labels


# ---------------------------------------------------------------- sentences


def describe_action(action: Action, table: Table) -> str:
    """A sentence for a legal action, naming the cards."""
    label = table.label
    if isinstance(action, Play):
        card = table.hand.get(action.card)
        kind = f" — {card.category.replace('_', ' ')}" if card else ""
        stats = f" {card.atk}/{card.hp}" if card and card.atk is not UNSET else ""
        return f"Play {label(action.card)}{kind}{stats}"
    if isinstance(action, Activate):
        if action.card in table.field:
            return f"Sacrifice {label(action.card)} for its ability"
        return f"Discard {label(action.card)} for its ability"
    if isinstance(action, Attack):
        defender = action.defender
        if defender is None:
            return f"Attack the rival with {label(action.attacker)}"
        return f"Attack {label(defender)} with {label(action.attacker)}"
    if isinstance(action, EndPhase):
        return PHASE_ENDS.get(table.view.phase, "End the phase")
    if isinstance(action, Eat):
        if not action.cards:
            return "Eat nothing (dry drop: it loses every keyword and ability)"
        parts = []
        for uid in action.cards:
            where = table.where.get(uid, "")
            extra = ", from your carrion" if where.startswith("in your carrion") else ""
            parts.append(f"{table.names.get(uid, 'card')} (#{uid}{extra})")
        return "Eat " + " + ".join(parts)
    if isinstance(action, Target):
        if action.player is not None:
            return "Target yourself" if action.player == table.seat else "Target the rival"
        uid = card_of(action)
        place = table.where.get(uid)
        if table.kind == "tutor":
            return f"Take {label(uid)} from your deck"
        if table.kind == "play":
            origin = place or "from your deck"
            return f"Play {label(uid)} ({origin})"
        return f"Target {label(uid)}" + (f" ({place})" if place else "")
    if isinstance(action, Choose):
        text = table.choose_labels().get(action.option)
        return f"Choose: {text}" if text else f"Choose option {action.option}"
    if isinstance(action, Order):
        return f"Resolve {label(action.card)} first"
    return str(action)


def menu(table: Table, legal: Sequence[Any]) -> str:
    title = "Your move:" if table.kind is None else f"Decide: {table.prompt}"
    lines = [title]
    lines.extend(f"  {i}: {describe_action(a, table)}" for i, a in enumerate(legal))
    lines.append(HELP)
    return "\n".join(lines)


# ---------------------------------------------------------------- help and card texts


def help_text(table: Table) -> str:
    """What the decision at hand asks for, then every command."""
    if table.kind is not None:
        now = DECISION_HELP.get(table.kind, "An effect asks you to decide.")
        if table.prompt:
            now += f" ({table.prompt})"
    else:
        now = PHASE_HELP.get(table.view.phase, "")
    return f"{now}\n{COMMANDS}".strip()


def _shown_cards(table: Table) -> list[tuple[str, PileCard]]:
    """Every card the view shows, with the zone it is in, in the order `cards` lists them."""
    view, seat = table.view, table.seat
    zones: list[tuple[str, list[PileCard]]] = [("your hand", list(view.hand or []))]
    decision = view.decision
    if decision and decision.cards:
        zones.append(("to choose from", list(decision.cards)))
    zones.append(("known in the rival's hand", list(view.rival_known_hand or [])))
    for player in sorted(view.players, key=lambda p: p.seat != seat):
        whose = "your" if player.seat == seat else "the rival's"
        spell = [] if player.field_spell is None else [player.field_spell]
        zones.append((f"{whose} field", [*spell, *player.field]))
        zones.append((f"{whose} carrion", list(player.carrion)))
        zones.append((f"{whose} exile", list(player.exile)))
    return [(zone, card) for zone, cards in zones for card in cards]


def _numbers(card: PileCard | CardDef) -> str:
    """A creature's ATK/HP (now, for one in play) and a prey's nutrition."""
    food: int | UnsetType = UNSET
    if isinstance(card, CardDef):
        if not card.is_creature:
            return ""
        shown = f" {card.atk}/{card.hp}"
        food = card.nutrition if card.is_prey else UNSET
    elif isinstance(card, CreatureView):
        shown, food = f" {card.atk}/{card.hp} (max {card.max_hp})", card.nutrition
    elif isinstance(card, FullCard) and card.atk is not UNSET:
        shown, food = f" {card.atk}/{card.hp}", card.nutrition
    else:
        return ""
    return shown if food is UNSET else f"{shown}, nutrition {food}"


def _card_lines(card: PileCard | CardDef) -> list[str]:
    """A card's head line (category, numbers) and its rules text: the text the view shows
    for a card in hand or on offer, else the card data's (`card_text`); for a creature in
    play that lost keywords or abilities, also what it can still do."""
    printed = card if isinstance(card, CardDef) else load_pool().get(card.name)
    if isinstance(card, FullCard):
        text = card.text
    elif printed is not None:
        text = card_text(printed)
    elif isinstance(card, CreatureView):
        text = card.text
    else:
        text = "(its text is not in view)"
    lines = [f"{card.name} — {card.category.replace('_', ' ')}{_numbers(card)}"]
    lines.append(f"  {text or 'no rules text'}")
    if isinstance(card, CreatureView) and card.text != text:
        lines.append(f"  now: {card.text or 'no keyword or ability left'}")
    return lines


def card_help(tokens: list[str], table: Table) -> tuple[str, str]:
    """The text of the card `tokens` name — one in view (by name or id) first, else any
    card of the pool by name — or "" and why none is shown."""
    said = " ".join(tokens)
    shown = [(zone, c) for zone, c in _shown_cards(table) if names_card(tokens, c.card, c.name)]
    names = list(dict.fromkeys(c.name for _, c in shown))
    if len(names) == 1:
        zone, card = shown[0]
        lines = _card_lines(card)
        lines[0] += f" · #{card.card}, {zone}"
        others = [f"#{c.card}, {where}" for where, c in shown[1:]]
        if others:
            lines.append(f"  also: {'; '.join(others)}")
        return "\n".join(lines), ""
    if not names:
        pool = load_pool()
        exact = pool.get(said)
        found = (
            [exact] if exact else [c for c in pool.cards.values() if names_card(tokens, -1, c.name)]
        )
        names = [c.name for c in found]
        if len(found) == 1:
            return "\n".join(_card_lines(found[0])), ""
    if not names:
        return "", f"no card is called {said!r}"
    return "", f"{said!r} could be {', '.join(names[:8])}: say more of the name"


def cards_in_view(table: Table) -> str:
    """Every card in view, zone by zone, each with its rules text."""
    lines = ["Cards in view:"]
    zone_now = ""
    for zone, card in _shown_cards(table):
        if zone != zone_now:
            lines.append(f"{zone[0].upper()}{zone[1:]}:")
            zone_now = zone
        head, *text = _card_lines(card)
        lines.append(f"  #{card.card} {head}")
        lines.extend(f"  {line}" for line in text)
    return "\n".join(lines)


# ---------------------------------------------------------------- typed answers


def _words(text: str) -> list[str]:
    return re.findall(r"[#\w'’-]+|[+→]|->", text.lower())


def _name_words(name: str) -> list[str]:
    return [w.replace("'", "").replace("’", "") for w in re.findall(r"[\w'’-]+", name.lower())]


def names_card(tokens: list[str], uid: int, name: str | None) -> bool:
    """Whether every token names this card: its id (``#12`` or ``12``) or the start of a
    word of its name."""
    if not tokens:
        return False
    words = _name_words(name or "")
    parts = [p for w in words for p in w.split("-")]
    for token in tokens:
        bare = token.lstrip("#").replace("'", "").replace("’", "")
        if bare.isdigit():
            if int(bare) != uid:
                return False
        elif not any(w.startswith(bare) for w in (*words, *parts)):
            return False
    return True


def _attack_fits(tokens: list[str], action: Attack, table: Table) -> bool:
    attacker = table.names.get(action.attacker)
    defender = action.defender
    for cut in range(1, len(tokens) + 1):
        for first, second in ((tokens[:cut], tokens[cut:]), (tokens[cut:], tokens[:cut])):
            if not names_card(first, action.attacker, attacker):
                continue
            if not second:
                return True
            if defender is None:
                if set(second) <= RIVAL_WORDS:
                    return True
            elif names_card(second, defender, table.names.get(defender)):
                return True
    return False


def _eat_fits(tokens: list[str], action: Eat, table: Table) -> bool:
    if set(tokens) <= NOTHING_WORDS:
        return not action.cards
    if not action.cards:
        return False
    return _names_exactly(tokens, [(u, table.names.get(u)) for u in action.cards])


def _names_exactly(tokens: list[str], cards: list[tuple[int, str | None]]) -> bool:
    """Whether the tokens name exactly these cards: each card named by at least one token
    and each token naming one of them."""
    named = set()
    for token in tokens:
        hits = {uid for uid, name in cards if names_card([token], uid, name)}
        if not hits:
            return False
        named |= hits
    return named == {uid for uid, _ in cards}


def _target_fits(tokens: list[str], action: Target, table: Table) -> bool:
    if action.player is not None:
        pool = SELF_WORDS if action.player == table.seat else RIVAL_WORDS
        return set(tokens) <= pool
    if set(tokens) <= RIVAL_WORDS | SELF_WORDS:
        return False
    uid = card_of(action)
    return names_card(tokens, uid, table.names.get(uid))


VERBS: dict[str, tuple[type, ...]] = {
    "play": (Play, Target),
    "cast": (Play,),
    "activate": (Activate,),
    "sacrifice": (Activate,),
    "discard": (Activate,),
    "use": (Activate,),
    "attack": (Attack,),
    "eat": (Eat,),
    "target": (Target,),
    "take": (Target,),
    "pick": (Target,),
    "choose": (Choose,),
    "order": (Order,),
    "first": (Order,),
    "resolve": (Order,),
}


def _fits(verb: str, tokens: list[str], action: Action, table: Table) -> bool:
    if isinstance(action, Play | Activate):
        return names_card(tokens, action.card, table.names.get(action.card))
    if isinstance(action, Attack):
        return _attack_fits(tokens, action, table)
    if isinstance(action, Eat):
        return _eat_fits(tokens, action, table)
    if isinstance(action, Target):
        if verb == "play" and table.kind != "play":
            return False
        return _target_fits(tokens, action, table)
    if isinstance(action, Choose):
        if len(tokens) == 1 and tokens[0].isdigit():
            return int(tokens[0]) == action.option
        label = table.choose_labels().get(action.option, "")
        words = _name_words(label)
        return bool(tokens) and all(any(w.startswith(t) for w in words) for t in tokens)
    if isinstance(action, Order):
        return names_card(tokens, action.card, table.names.get(action.card))
    return False


def parse_answer(text: str, table: Table, legal: Sequence[Any]) -> tuple[Action | None, str]:
    """A legal action from `text` (a menu number or a typed form), or None with the reason
    it is not one."""
    raw = text.strip()
    if not raw:
        return None, "type a number from the menu or a command"
    if raw.isdigit():
        index = int(raw)
        if index < len(legal):
            return legal[index], ""
        return None, f"{index} is not on the menu (0-{len(legal) - 1})"
    words = [w for w in _words(raw) if w not in FILLER]
    if not words:
        return None, "type a number from the menu or a command"
    verb, tokens = words[0], words[1:]
    if verb in END_WORDS:
        for action in legal:
            if isinstance(action, EndPhase):
                return action, ""
        return None, _pending_reason(table) or "you cannot end the phase now"
    kinds = VERBS.get(verb)
    if kinds is None:
        return None, (
            f"unknown command {verb!r}: type a number from the menu, or play, attack, "
            "activate, end, eat, target, take, choose or order"
        )
    of_kind: list[Action] = [a for a in legal if type(a) in kinds]
    if not of_kind:
        return None, _no_such_action(verb, tokens, table)
    if not tokens:
        if len(of_kind) == 1:
            return of_kind[0], ""
        return None, f"{verb} what? say which card, e.g. '{verb} {_example(of_kind[0], table)}'"
    fits = [a for a in of_kind if _fits(verb, tokens, a, table)]
    if len(fits) == 1:
        return fits[0], ""
    if len(fits) > 1:
        exact = [a for a in fits if isinstance(a, Eat) and len(a.cards) == len(set(tokens))]
        if len(exact) == 1:
            return exact[0], ""
        shown = "; ".join(f"{legal.index(a)}: {describe_action(a, table)}" for a in fits[:6])
        return None, f"{raw!r} fits more than one action ({shown}): type its number"
    return None, _refusal(verb, tokens, table, of_kind)


def _example(action: Action, table: Table) -> str:
    card = getattr(action, "card", None) or getattr(action, "attacker", None)
    name = table.names.get(card) if isinstance(card, int) else None
    return name.lower() if name else "#" + str(card)


def _pending_reason(table: Table) -> str | None:
    if table.kind is not None:
        return f"a decision is pending ({table.prompt}): answer it first"
    return None


def _no_such_action(verb: str, tokens: list[str], table: Table) -> str:
    pending = _pending_reason(table)
    if pending:
        return pending
    phase = table.view.phase
    if verb in ("play", "cast", "activate", "sacrifice", "discard", "use"):
        if phase == "combat":
            return "cards are played and abilities used in a main phase; it is combat now"
        if verb in ("play", "cast") and tokens:
            found = [u for u in table.hand if names_card(tokens, u, table.names.get(u))]
            if found:
                return _why_not_play(found[0], table)
        return f"nothing can be {'played' if verb in ('play', 'cast') else 'activated'} now"
    if verb == "attack":
        if phase != "combat":
            return "attacks are declared in the combat phase (type 'end' to go there)"
        return "none of your creatures can attack now"
    return f"there is no {verb} decision now"


def _why_not_play(uid: int, table: Table) -> str:
    card = table.hand[uid]
    name = card.name
    view = table.view
    if card.category == "trap":
        return f"{name} is a trap: it fires by itself from your hand on the rival's turn"
    free = card.category == "free_spell" or "Free Play" in card.keywords
    if view.card_played and not free:
        return "you already played a card this turn (one per turn, Free Play and free spells aside)"
    assert table.seat is not None, "a hand is only in a seat's view"
    me = view.players[table.seat]
    used = len(me.field) + (me.field_spell is not None)
    if card.category in ("prey", "predator") and used >= FIELD_LIMIT:
        return FIELD_FULL
    return f"{name} cannot be played now (it has no legal target)"


def _refusal(verb: str, tokens: list[str], table: Table, of_kind: list[Action]) -> str:
    said = " ".join(tokens)
    if verb in ("play", "cast") and table.kind is None:
        found = [u for u in table.hand if names_card(tokens, u, table.names.get(u))]
        if not found:
            return f"no card in your hand matches {said!r}"
        return _why_not_play(found[0], table)
    if verb == "attack":
        mine = {a.attacker for a in of_kind if isinstance(a, Attack)}
        named = [
            c.card
            for p in table.view.players
            if p.seat == table.seat
            for c in p.field
            if names_card(tokens[:1], c.card, c.name)
        ]
        if not named:
            return f"none of your creatures is called {tokens[0]!r}"
        if not mine & set(named):
            return f"{table.label(named[0])} cannot attack now"
        options = ", ".join(
            "the rival" if a.defender is None else table.label(a.defender)
            for a in of_kind
            if isinstance(a, Attack) and a.attacker in named
        )
        return f"{table.label(named[0])} can attack: {options}"
    shown = "; ".join(describe_action(a, table) for a in of_kind[:8])
    return f"{said!r} does not match any option; the options are: {shown}"
