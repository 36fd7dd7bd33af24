"""The `greedy` Food Chain agent: the best immediate move, judged from the view alone.

It reads only its seat's view and the legal actions (never the state), plus the public
card pool (the printed cards every player knows), and scores every legal action with a
heuristic:

- **Lethal first.** When the direct attacks it has left add up to the rival's HP it
  attacks the rival; a spell or ability that deals the rival's last HP is worth more than
  anything else; in Main 1 with lethal on the board it goes straight to combat.
- **Combat** is simulated one attack at a time the way the engine resolves it (before-
  combat and on-defend abilities, both strikes, Ambush, Barrier, Toxic, Neurotoxic,
  Poisonous, after-combat damage): an attack on a creature is taken when what it kills is
  worth more than what it loses, so it does not attack into Poisonous without Ambush or
  spend its Toxic on a Barrier; otherwise it hits the rival.
- **Plays** develop the board: a predator is valued with its best meal (nutrition gained
  against the worth of what it eats, plus the keywords and abilities eating keeps), so it
  is not dry-dropped while it could eat; prey that would feed a predator in hand gets a
  bonus; spells are valued by their best targets (a kill on the best enemy creature, a
  heal when low); free cards go first so a predator can eat what they bring.
- **Decisions** in the middle of resolution (what to eat, a target, a mode, an order)
  take the option with the best value by the same measures.

Ties go to the first legal action, so the agent is deterministic: the same view and the
same legal actions always give the same choice.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from msgspec import UNSET

from .actions import Activate, Attack, Choose, Eat, EndPhase, Order, Play, Target
from .cards import CardDef, Op, load_pool
from .cardtext import TARGET_WORDS, abilities_text
from .keywords import (
    ACUITY,
    AMBUSH,
    BARRIER,
    EDIBLE,
    FREE_PLAY,
    HARMLESS,
    HASTE,
    HIDDEN,
    IMMUNE,
    INEDIBLE,
    INVISIBLE,
    LURE,
    MULTI_STRIKE,
    NEUROTOXIC,
    PASSIVE,
    POISONOUS,
    REGEN,
    SCAVENGE,
    TOXIC,
    parse_keyword,
)
from .limits import FIELD_LIMIT, MAX_EATEN
from .viewtypes import CreatureView, DecisionView, FoodChainView
from .vocabulary import FIELD_SPELL, FREE_SPELL, PREDATOR, SPELL

LETHAL = 1000.0

KEYWORD_WORTH = {
    TOXIC: 1.5,
    NEUROTOXIC: 1.5,
    POISONOUS: 1.2,
    BARRIER: 0.8,
    AMBUSH: 0.8,
    INVISIBLE: 0.8,
    HIDDEN: 0.6,
    IMMUNE: 0.5,
    REGEN: 0.5,
    LURE: 0.4,
    ACUITY: 0.2,
    HASTE: 0.2,
    INEDIBLE: 0.1,
}
LASTING_TRIGGERS = frozenset(
    {
        "start_of_turn",
        "end_of_turn",
        "on_defend",
        "before_combat",
        "after_combat",
        "on_slain",
        "sacrifice",
    }
)
HARMFUL = frozenset(
    {
        "damage",
        "kill",
        "destroy",
        "sacrifice",
        "return_to_hand",
        "steal",
        "apply_status",
        "remove_abilities",
        "remove_keyword",
        "transform",
    }
)
HOLD_SPELL = 1.0  # what keeping a spell in hand is worth: a spell must beat it to be cast
HOLD_FREE_SPELL = 0.6
FREE_FIRST = 0.3  # free cards go before the turn's play, so a predator can eat what they bring
WORDS_TARGET = {words: key for key, words in TARGET_WORDS.items()}


# ---------------------------------------------------------------------- cards and units


@functools.cache
def _card(name: str) -> CardDef | None:
    return load_pool().get(name)


@functools.cache
def _view_abilities(name: str, text: str, dry: bool, paralyzed: bool) -> dict[str, tuple[Op, ...]]:
    """A creature's abilities as far as the view shows them: the printed ones while its text
    still lists them; none after a dry drop; only on-slain under Paralysis."""
    card = _card(name)
    if card is None or dry:
        return {}
    if paralyzed:
        slain = card.abilities.get("on_slain")
        return {"on_slain": slain} if slain else {}
    if all(line in text for line in abilities_text(card.abilities)):
        return card.abilities
    return {}


@functools.cache
def _keyword_bits(names: tuple[str, ...]) -> tuple[int, int]:
    bits, strikes = 0, 1
    for name in names:
        bit, count = parse_keyword(name)
        bits |= bit
        if bit == MULTI_STRIKE:
            strikes = max(strikes, count)
    return bits, strikes


class Unit:
    """A creature as the agent models it: from the view (on the field) or from a card."""

    __slots__ = (
        "abilities",
        "atk",
        "attacks_left",
        "card",
        "exhausted",
        "frozen",
        "hp",
        "kw",
        "max_hp",
        "name",
        "nutrition",
        "paralyzed",
        "prey",
        "seat",
        "strikes",
        "token",
        "uid",
    )

    def __init__(self, uid: int, card: CardDef | None, name: str, seat: int) -> None:
        self.uid = uid
        self.card = card
        self.name = name
        self.seat = seat
        self.atk = self.hp = self.max_hp = self.nutrition = 0
        self.kw = 0
        self.strikes = 1
        self.attacks_left = 0
        self.abilities: dict[str, tuple[Op, ...]] = {}
        self.exhausted = True
        self.frozen = self.paralyzed = self.token = False
        self.prey = card is not None and card.is_prey

    @classmethod
    def from_view(cls, c: CreatureView, seat: int) -> Unit:
        unit = cls(c.card, _card(c.name), c.name, seat)
        unit.atk, unit.hp, unit.max_hp = c.atk, c.hp, c.max_hp
        unit.kw, unit.strikes = _keyword_bits(tuple(c.keywords))
        unit.attacks_left = c.attacks_left
        unit.exhausted, unit.frozen = c.exhausted, c.frozen
        unit.paralyzed, unit.token = c.paralyzed, c.token
        unit.nutrition = c.nutrition or 0
        unit.prey = c.category in ("prey", "token")
        unit.abilities = _view_abilities(c.name, c.text, c.dry, c.paralyzed)
        return unit

    @classmethod
    def from_card(
        cls, card: CardDef, uid: int, seat: int, bonus: int = 0, dry: bool = False
    ) -> Unit:
        unit = cls(uid, card, card.name, seat)
        unit.atk, unit.hp = card.atk + bonus, card.hp + bonus
        unit.max_hp = unit.hp
        unit.nutrition = card.nutrition
        if not dry:
            unit.kw, unit.strikes, unit.abilities = card.keywords, card.strikes, card.abilities
        unit.attacks_left = unit.strikes
        return unit

    def copy(self) -> Unit:
        twin = Unit.__new__(Unit)
        for name in Unit.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    def harmless(self) -> bool:
        return bool(self.kw & HARMLESS) or self.paralyzed


def worth(unit: Unit) -> float:
    """What a creature is worth on the field, roughly in HP of damage."""
    if unit.paralyzed:
        return 0.3  # it dies at the end of its controller's turn, harmless until then
    atk = 0 if unit.kw & HARMLESS else unit.atk
    reach = 0.4 if unit.kw & PASSIVE else 1.0 + 0.5 * (unit.strikes - 1)
    value = 1.0 + atk * reach + 0.5 * max(unit.hp, 0)
    kw = unit.kw
    for bit, bonus in KEYWORD_WORTH.items():
        if kw & bit:
            value += bonus
    value += 0.4 * sum(1 for when in unit.abilities if when in LASTING_TRIGGERS)
    if unit.token:
        value -= 0.3
    return max(value, 0.2)


def keyword_worth(bits: int) -> float:
    return sum(bonus for bit, bonus in KEYWORD_WORTH.items() if bits & bit)


# ---------------------------------------------------------------------- combat


class Fight:
    """One attack instance resolved on copies of the two units (companion ruling 6)."""

    __slots__ = ("a_dead", "attacker", "d_dead", "defender", "negated")

    def __init__(self, attacker: Unit, defender: Unit) -> None:
        a, d = attacker.copy(), defender.copy()
        self.attacker, self.defender = a, d
        self.negated = False
        for op in a.abilities.get("before_combat", ()):
            if op.op == "damage" and op.target == "defender":
                _hurt(d, op.amount)
            elif op.op == "buff" and op.target == "self":
                a.atk = max(0, a.atk + op.atk)
        if d.hp > 0:
            for op in d.abilities.get("on_defend", ()):
                if op.op == "negate":
                    self.negated = True
                    break
                if op.op == "damage" and op.target == "attacker":
                    _hurt(a, op.amount)
                elif op.op == "buff" and op.target == "self":
                    d.atk = max(0, d.atk + op.atk)
                    d.hp += op.hp
                elif op.op == "buff" and op.target == "attacker":
                    a.atk = max(0, a.atk + op.atk)
            if not self.negated and a.hp > 0:
                self._strikes(a, d)
                if a.hp > 0 and d.hp > 0:
                    for op in d.abilities.get("after_combat", ()):
                        if op.op == "damage" and op.target == "attacker":
                            _hurt(a, op.amount)
        self.a_dead = a.hp <= 0
        self.d_dead = d.hp <= 0

    @staticmethod
    def _strikes(a: Unit, d: Unit) -> None:
        a_kw, d_kw = a.kw, d.kw
        landed_d, absorbed_d = _strike(d, 0 if a.harmless() else a.atk)
        back = not a_kw & AMBUSH
        landed_a = absorbed_a = False
        if back:
            landed_a, absorbed_a = _strike(a, 0 if d.harmless() else d.atk)
        if a_kw & TOXIC and landed_d:
            d.hp = min(d.hp, 0)
        if back and d_kw & TOXIC and landed_a:
            a.hp = min(a.hp, 0)
        if a_kw & NEUROTOXIC and not absorbed_d:
            d.paralyzed = True
        if back and d_kw & NEUROTOXIC and not absorbed_a:
            a.paralyzed = True
        if back and d_kw & POISONOUS:
            a.hp = min(a.hp, 0)


def _strike(unit: Unit, amount: int) -> tuple[bool, bool]:
    if amount <= 0:
        return False, False
    if unit.kw & BARRIER:
        unit.kw &= ~BARRIER
        return False, True
    unit.hp -= amount
    return True, False


def _hurt(unit: Unit, amount: int) -> None:
    """Non-combat damage: Immune ignores it, a Barrier absorbs it."""
    if amount <= 0 or unit.kw & IMMUNE:
        return
    if unit.kw & BARRIER:
        unit.kw &= ~BARRIER
        return
    unit.hp -= amount


def _change(before: Unit, after: Unit, dead: bool, value: float) -> float:
    """How much of `value` a unit lost in a fight: all of it dead or paralyzed, a share of
    it for damage and a lost Barrier."""
    if dead or (after.paralyzed and not before.paralyzed):
        return value
    lost = 0.0
    if before.hp > 0 and after.hp < before.hp:
        lost += 0.3 * value * (before.hp - after.hp) / before.hp
    if before.kw & BARRIER and not after.kw & BARRIER:
        lost += 0.5
    if after.kw & (PASSIVE | HARMLESS) != before.kw & (PASSIVE | HARMLESS):
        lost += 0.2
    return lost


# ---------------------------------------------------------------------- the board


class Board:
    """The view, read once per decision into units and numbers."""

    def __init__(self, view: FoodChainView) -> None:
        self.view = view
        if view.seat is None:
            raise ValueError("the greedy agent plays a seat: a spectator's view has no hand")
        self.me = me = view.seat
        self.foe = foe = 1 - me
        players = view.players
        self.my_hp = players[me].hp
        self.rival_hp = players[foe].hp
        self.mine = [Unit.from_view(c, me) for c in players[me].field]
        self.theirs = [Unit.from_view(c, foe) for c in players[foe].field]
        self.units = {u.uid: u for u in (*self.mine, *self.theirs)}
        self.hand = {c.card: c for c in view.hand or []}
        self.my_carrion = [(c.card, c.name) for c in players[me].carrion]
        self.rival_carrion = [(c.card, c.name) for c in players[foe].carrion]
        self.slots = FIELD_LIMIT - len(self.mine) - (players[me].field_spell is not None)
        self.deck_count = players[me].deck_count
        self.rival_hand_count = players[foe].hand_count
        self.phase = view.phase
        self.face = 1.0 if self.rival_hp > 6 else 1.0 + 0.25 * (7 - self.rival_hp)
        self.pressure = 0.4 if self.my_hp <= 5 else 0.0
        self.predators_in_hand = [
            u for u, c in self.hand.items() if c.category == PREDATOR and _card(c.name)
        ]

    # -------------------------------------------------------------- worths

    def enemy_worth(self, unit: Unit) -> float:
        """An enemy creature is worth more the more it threatens a low-HP player."""
        base = worth(unit)
        if unit.paralyzed:
            return base
        return base + (0 if unit.harmless() else unit.atk) * self.pressure

    def source_unit(self, view: FoodChainView) -> Unit | None:
        """The creature on the field asking the pending decision, if it is one."""
        uid = _source(view)
        return None if uid is None else self.units.get(uid)

    def heal_weight(self) -> float:
        return 0.25 if self.my_hp >= 9 else (0.5 if self.my_hp >= 6 else 1.0)

    # -------------------------------------------------------------- effects

    def player_value(self, op: Op, seat: int) -> float:
        """What `op` on player `seat` is worth to this agent."""
        me = seat == self.me
        n = op.amount
        kind = op.op
        if kind == "damage":
            if me:
                return -LETHAL if n >= self.my_hp else -1.0 * n
            return LETHAL if n >= self.rival_hp else n * self.face
        if kind == "heal":
            return n * self.heal_weight() if me else -0.3 * n
        if kind == "draw":
            return 1.0 * min(n, self.deck_count) if me else -0.7 * n
        if kind == "discard":
            if me:
                return -1.0 * min(n, len(self.hand))
            return 0.8 * min(n, self.rival_hand_count)
        if kind == "reveal_hand":
            return 0.2
        return 0.0

    def creature_value(self, op: Op, unit: Unit, source: Unit | None = None) -> float:
        """What `op` on creature `unit` is worth to this agent (either side's creature)."""
        mine = unit.seat == self.me
        kind = op.op
        if kind in HARMFUL:
            value = self._harm(op, unit)
            return -value if mine else value
        gain = self._help(op, unit, source)
        return gain if mine else -gain

    def _harm(self, op: Op, unit: Unit) -> float:
        """How much `op` takes away from `unit` (a positive number)."""
        w = self.enemy_worth(unit) if unit.seat == self.foe else worth(unit)
        kind = op.op
        if unit.paralyzed and kind not in ("steal", "transform"):
            return 0.1
        if kind == "damage":
            if unit.kw & IMMUNE:
                return 0.0
            if unit.kw & BARRIER:
                return 0.5
            if op.amount >= unit.hp:
                return w
            return 0.3 * w * op.amount / unit.hp
        if kind in ("kill", "sacrifice"):
            return w
        if kind == "destroy":
            return w + 0.2
        if kind == "return_to_hand":
            return w if unit.token else 0.5 * w
        if kind == "steal":
            return 1.6 * w if self.slots > 0 or unit.seat == self.me else w * 0.3
        if kind == "apply_status":
            if op.status == "frozen":
                return 0.2 if unit.frozen else 0.3 + 0.5 * (0 if unit.harmless() else unit.atk)
            return 0.9 * w
        if kind == "remove_abilities":
            return keyword_worth(unit.kw) + 0.4 * len(unit.abilities)
        if kind == "remove_keyword":
            return keyword_worth(unit.kw & op.keyword) + (
                0.5 * unit.atk if op.keyword == MULTI_STRIKE and unit.strikes > 1 else 0.0
            )
        if kind == "transform":
            into = _card(op.card or "")
            return w - (worth(Unit.from_card(into, -1, unit.seat)) if into else 0.0)
        return 0.0

    def _help(self, op: Op, unit: Unit, source: Unit | None) -> float:
        """How much `op` adds to `unit` (a positive number, or less for a bad deal)."""
        kind = op.op
        if unit.paralyzed:
            return 0.0
        if kind == "heal":
            return 0.4 * min(op.amount, unit.max_hp - unit.hp)
        if kind == "regen":
            return 0.4 * (unit.max_hp - unit.hp)
        if kind == "buff":
            return op.atk * (1.0 + 0.5 * (unit.strikes - 1)) + 0.5 * op.hp
        if kind == "grant_keyword":
            bit = op.keyword
            if unit.kw & bit and bit != MULTI_STRIKE:
                return 0.0
            if bit == HASTE:
                return unit.atk * self.face if unit.exhausted and self.phase != "main2" else 0.1
            if bit == MULTI_STRIKE:
                return unit.atk * (op.strikes - unit.strikes) if op.strikes > unit.strikes else 0
            if bit in (TOXIC, NEUROTOXIC) and (unit.atk == 0 or unit.kw & (PASSIVE | HARMLESS)):
                return 0.3
            if bit == LURE:
                return 0.2 * unit.hp - 0.5
            return KEYWORD_WORTH.get(bit, 0.2)
        if kind == "copy_stats" and source is not None:
            return (unit.atk - source.atk) + 0.5 * (unit.hp - source.hp)
        if kind == "copy_abilities":
            return keyword_worth(unit.kw) + 0.4 * len(unit.abilities)
        if kind == "eat_enemy_prey":
            return 0.0
        return 0.0

    def carrion_value(self, op: Op, uid: int, name: str, source: Unit | None) -> float:
        card = _card(name)
        if card is None or not card.is_creature:
            return 0.0
        unit = Unit.from_card(card, uid, self.me)
        if op.op == "copy_stats" and source is not None:
            return (card.atk - source.atk) + 0.5 * (card.hp - source.hp)
        if op.op == "copy_abilities":
            return keyword_worth(card.keywords) + 0.4 * len(card.abilities)
        if op.op == "return_to_hand":
            return 0.8 * worth(unit) if self.me == self._carrion_owner(uid) else 0.0
        return 0.0

    def _carrion_owner(self, uid: int) -> int:
        return self.me if any(u == uid for u, _ in self.my_carrion) else self.foe

    def candidates(self, target: str, source: Unit | None) -> list[Any]:
        """The chosen-target candidates of `target`: units, ("player", seat) or
        ("carrion", uid, name), as the engine would offer them."""
        acuity = source is not None and bool(source.kw & ACUITY)
        lure = [u for u in self.theirs if u.kw & LURE]
        hostile = lure or [u for u in self.theirs if acuity or not u.kw & INVISIBLE]
        friendly = [u for u in self.mine if acuity or not u.kw & INVISIBLE]
        if target == "enemy_creature":
            return hostile
        if target == "enemy_prey":
            return [u for u in hostile if u.prey]
        if target == "friendly_creature":
            return friendly
        if target == "other_friendly_creature":
            return [u for u in friendly if source is None or u.uid != source.uid]
        if target == "any_creature":
            return friendly + hostile
        if target == "carrion_creature":
            return [("carrion", u, n) for u, n in self.my_carrion]
        if target == "any_carrion_creature":
            return [("carrion", u, n) for u, n in self.my_carrion + self.rival_carrion]
        players: list[Any] = []
        if target == "any_player_or_creature":
            players.append(("player", self.me))
        if not lure:
            players.append(("player", self.foe))
        return players + (friendly if target == "any_player_or_creature" else []) + hostile

    def candidate_value(self, op: Op, cand: Any, source: Unit | None) -> float:
        if isinstance(cand, Unit):
            if op.op == "eat_enemy_prey":
                return 1.5 * cand.nutrition + self._harm(Op("kill"), cand)
            return self.creature_value(op, cand, source)
        if cand[0] == "player":
            return self.player_value(op, cand[1])
        return self.carrion_value(op, cand[1], cand[2], source)

    def op_value(self, op: Op, source: Unit | None, playing: Unit | None = None) -> float:
        """The value of one operation with its best chosen target. `source` is the creature
        the effect belongs to; `playing` is a creature about to enter (its slot is used)."""
        target = op.target
        kind = op.op
        if target is None:
            return self._untargeted(op, source, playing)
        if target in ("you", "rival", "both_players"):
            seats = {"you": (self.me,), "rival": (self.foe,)}.get(target, (self.me, self.foe))
            return sum(self.player_value(op, s) for s in seats)
        if target == "self":
            unit = playing or source
            return self.creature_value(op, unit, source) if unit is not None else 0.0
        if target in ("attacker", "defender", "trigger"):
            return 0.0
        mass = {
            "all_creatures": self.mine + self.theirs,
            "enemy_creatures": self.theirs,
            "friendly_creatures": self.mine,
            "other_creatures": [u for u in self.mine + self.theirs if u is not source],
            "other_friendly_creatures": [u for u in self.mine if u is not source],
            "enemy_prey_all": [u for u in self.theirs if u.prey],
        }.get(target)
        if mass is not None:
            extra = [playing] if playing is not None and target in _REACHES_NEW else []
            return sum(self.creature_value(op, u, source) for u in mass + extra)
        options = self.candidates(target, source)
        if not options:
            return 0.0
        if kind in ("steal",) and self.slots - (playing is not None) <= 0:
            return 0.0
        return max(self.candidate_value(op, c, source) for c in options)

    def _untargeted(self, op: Op, source: Unit | None, playing: Unit | None) -> float:
        kind = op.op
        slots = self.slots - (playing is not None)
        if kind == "tutor":
            return 1.3 if self.deck_count else 0.0
        if kind == "add_to_hand":
            return 1.0 * op.amount
        if kind == "summon":
            card = _card(op.card or "")
            if card is None or slots <= 0:
                return 0.0
            food = 0.8 if self.predators_in_hand else 0.0
            return (worth(Unit.from_card(card, -1, self.me)) + food) * min(op.amount, slots)
        if kind == "play":
            if slots <= 0:
                return 0.0
            if op.source == "carrion":
                known = any(
                    (c := _card(n)) is not None and c.is_creature for _, n in self.my_carrion
                )
                return 3.0 if known else 0.0
            if op.source == "deck":
                return 2.5 if self.deck_count else 0.0
            return 2.5 if any(c.category in ("prey", "predator") for c in self.hand.values()) else 0
        if kind == "choose":
            return max(self.ops_value(ops, source, playing) for _, ops in op.options)
        if kind == "end_turn":
            return -1.0 - self.face * self.direct_potential() if self.phase == "main1" else -0.3
        return 0.0

    def ops_value(
        self, ops: Sequence[Op], source: Unit | None, playing: Unit | None = None
    ) -> float:
        total = 0.0
        for op in ops:
            value = self.op_value(op, source, playing)
            if value >= LETHAL:
                return LETHAL
            total += value
        return total

    # -------------------------------------------------------------- attacks

    def direct_potential(self) -> int:
        """Damage this seat's creatures could deal the rival directly in this combat."""
        if any(u.kw & LURE for u in self.theirs):
            return 0
        total = 0
        for unit in self.mine:
            if unit.kw & (PASSIVE | HARMLESS) or unit.frozen or unit.paralyzed:
                continue
            if unit.exhausted and not unit.kw & HASTE:
                continue
            total += unit.atk * unit.attacks_left
        return total

    def attack_value(self, attack: Attack) -> float:
        attacker = self.units.get(attack.attacker)
        if attacker is None:
            return 0.0
        uid = attack.defender
        if uid is None:
            damage = 0 if attacker.harmless() else attacker.atk
            if damage >= self.rival_hp:
                return LETHAL
            return damage * self.face
        defender = self.units.get(uid)
        if defender is None:
            return 0.0
        fight = Fight(attacker, defender)
        if fight.negated:
            return 0.1 * len(defender.abilities) - 0.05
        gain = _change(defender, fight.defender, fight.d_dead, self.enemy_worth(defender))
        loss = _change(attacker, fight.attacker, fight.a_dead, worth(attacker))
        return gain - loss

    # -------------------------------------------------------------- plays

    def eat_pool(self, scavenge: bool) -> list[tuple[int, float, float]]:
        """What a predator entering now may eat: ``(uid, nutrition, worth lost)``."""
        pool = [
            (u.uid, float(u.nutrition if u.prey else u.atk), worth(u))
            for u in self.mine
            if (u.prey or u.kw & EDIBLE) and not (u.kw & INEDIBLE or u.frozen)
        ]
        if scavenge:
            for uid, name in self.my_carrion:
                card = _card(name)
                if card is None or not (card.is_prey or card.keywords & EDIBLE):
                    continue
                if card.keywords & INEDIBLE:
                    continue
                food = card.nutrition if card.is_prey else card.atk
                pool.append((uid, float(food), 0.2))
        return pool

    def meal_value(self, card: CardDef, uid: int, eaten: tuple[int, ...]) -> float:
        """A predator entering after eating `eaten` (uids from `eat_pool`): its worth then,
        what its eating abilities bring, less what it ate."""
        pool = {p[0]: p for p in self.eat_pool(bool(card.keywords & SCAVENGE))}
        nutrition = sum(pool[e][1] for e in eaten if e in pool)
        cost = sum(pool[e][2] for e in eaten if e in pool)
        dry = not eaten
        unit = Unit.from_card(card, uid, self.me, bonus=int(nutrition), dry=dry)
        value = worth(unit) - cost
        if dry:
            return value - 1.0
        eaters = [e for e in eaten if e in self.units]
        saved = self.mine
        self.mine = [u for u in saved if u.uid not in eaters]
        self.slots += len(eaters)
        try:
            for when in ("on_play", "on_consume"):
                value += self.ops_value(card.abilities.get(when, ()), unit, unit)
        finally:
            self.mine = saved
            self.slots -= len(eaters)
        if unit.kw & HASTE and self.phase == "main1":
            value += 0.5 * unit.atk * self.face
        return value

    def best_meal(self, card: CardDef, uid: int) -> float:
        """The predator's value with its best meal; a dry drop only when it cannot eat."""
        pool = [p[0] for p in self.eat_pool(bool(card.keywords & SCAVENGE))]
        if not pool:
            return self.meal_value(card, uid, ())
        best = -LETHAL
        for size in range(1, min(MAX_EATEN, len(pool)) + 1):
            for chosen in combinations(pool, size):
                best = max(best, self.meal_value(card, uid, tuple(sorted(chosen))))
        return best

    def play_value(self, uid: int) -> float:
        info = self.hand.get(uid)
        card = _card(info.name) if info else None
        if card is None:
            return 0.0
        free = card.category == FREE_SPELL or bool(card.keywords & FREE_PLAY)
        if card.category == PREDATOR:
            value = self.best_meal(card, uid)
        elif card.is_creature:
            unit = Unit.from_card(card, uid, self.me)
            value = worth(unit) + self.ops_value(card.abilities.get("on_play", ()), unit, unit)
            if self.predators_in_hand and not self.eat_pool(False):
                value += 1.0  # food for the predator waiting in hand
            if unit.kw & HASTE and self.phase == "main1":
                value += 0.5 * unit.atk * self.face
            if free and self.slots == 1 and self._limit_creature_waiting():
                value -= 2.0  # the last slot is better kept for the turn's play
        elif card.category == FIELD_SPELL:
            value = self.field_spell_value(card)
        elif card.category in (SPELL, FREE_SPELL):
            value = self.ops_value(card.effect, None)
            value -= HOLD_FREE_SPELL if card.category == FREE_SPELL else HOLD_SPELL
        else:
            return 0.0
        if free and 0 < value < LETHAL:
            value += FREE_FIRST
        return value

    def _limit_creature_waiting(self) -> bool:
        if self.view.card_played:
            return False
        for info in self.hand.values():
            card = _card(info.name)
            if card is not None and card.is_creature and not card.keywords & FREE_PLAY:
                return True
        return False

    def field_spell_value(self, card: CardDef) -> float:
        current = self.view.players[self.me].field_spell
        value = 0.0
        for when in ("start_of_turn", "end_of_turn"):
            value += 2.0 * self.ops_value(card.abilities.get(when, ()), None)
        value += self.ops_value(card.abilities.get("on_play", ()), None)
        value -= 1.0  # it takes a field slot for good
        if current is not None:
            old = _card(current.name)
            if old is not None and old.name == card.name:
                return -1.0
            value -= 1.5
        return value

    def activate_value(self, uid: int) -> float:
        unit = self.units.get(uid)
        if unit is not None:
            ops = unit.abilities.get("sacrifice", ())
            saved = self.mine
            self.mine = [u for u in saved if u.uid != uid]
            self.slots += 1
            try:
                return self.ops_value(ops, unit) - worth(unit)
            finally:
                self.mine = saved
                self.slots -= 1
        info = self.hand.get(uid)
        card = _card(info.name) if info else None
        if card is None:
            return 0.0
        return self.ops_value(card.abilities.get("discard", ()), None) - 1.2


_REACHES_NEW = frozenset({"all_creatures", "friendly_creatures", "other_creatures"})


# ---------------------------------------------------------------------- prompts


def _decision(view: FoodChainView) -> DecisionView | None:
    return view.decision or None


def _prompt(view: FoodChainView) -> str:
    """The question of the decision this seat is asked ("" when there is none)."""
    decision = view.decision
    return (decision.prompt if decision else "") or ""


def _source(view: FoodChainView) -> int | None:
    """The card asking the decision this seat is asked, if it names one."""
    decision = view.decision
    if not decision or decision.source is UNSET:
        return None
    return decision.source


def source_card(view: FoodChainView) -> CardDef | None:
    """The card whose effect is asking (the decision's prompt starts with its name)."""
    name = _prompt(view).split(": ", 1)[0]
    return _card(name)


def _all_ops(card: CardDef) -> list[Op]:
    found: list[Op] = []
    stack = [*card.effect, *(op for ops in card.abilities.values() for op in ops)]
    while stack:
        op = stack.pop(0)
        found.append(op)
        for _, ops in op.options:
            stack.extend(ops)
    return found


def asked_op(view: FoodChainView) -> Op | None:
    """The operation a target decision is for, read from its prompt: "NAME: choose TARGET
    WORDS (op name)"."""
    prompt = _prompt(view)
    card = source_card(view)
    if card is None or " (" not in prompt:
        return None
    head, _, tail = prompt.rpartition(" (")
    kind = tail.rstrip(")").replace(" ", "_")
    words = head.split(": choose ", 1)[-1]
    target = WORDS_TARGET.get(words)
    for op in _all_ops(card):
        if op.op == kind and (target is None or op.target == target):
            return op
    return None


# ---------------------------------------------------------------------- the agent


class GreedyAgent:
    """One ply from the view: lethal, then the best trade, the best play, the best target
    (module doc)."""

    needs_view = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed

    def act(self, view: FoodChainView | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the greedy agent needs its view")
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view, legal)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]

    def scores(self, view: FoodChainView, legal: Sequence[Any]) -> list[float]:
        """A score per legal action (the highest is played)."""
        board = Board(view)
        first = legal[0]
        decision = _decision(view)
        if isinstance(first, Eat):
            return self._eat_scores(board, view, legal)
        if isinstance(first, Choose):
            return self._choose_scores(board, view, legal)
        if isinstance(first, Order):
            return self._order_scores(view, legal)
        if isinstance(first, Target):
            if decision is not None and decision.kind in ("tutor", "play"):
                return self._pick_card_scores(board, legal)
            return self._target_scores(board, view, legal)
        if board.phase == "combat":
            return self._combat_scores(board, legal)
        return self._main_scores(board, legal)

    # -------------------------------------------------------------- free choices

    def _combat_scores(self, board: Board, legal: Sequence[Any]) -> list[float]:
        direct = [a for a in legal if isinstance(a, Attack) and a.defender is None]
        reach = sum(
            board.units[a.attacker].atk * board.units[a.attacker].attacks_left
            for a in direct
            if a.attacker in board.units and not board.units[a.attacker].harmless()
        )
        lethal = reach >= board.rival_hp
        out = []
        for action in legal:
            if isinstance(action, Attack):
                value = board.attack_value(action)
                if lethal and action.defender is None:
                    value = max(value, LETHAL / 2 + board.units[action.attacker].atk)
                out.append(value)
            else:
                out.append(0.0)
        return out

    def _main_scores(self, board: Board, legal: Sequence[Any]) -> list[float]:
        out = []
        lethal_now = board.phase == "main1" and board.direct_potential() >= board.rival_hp
        for action in legal:
            if isinstance(action, Play):
                out.append(board.play_value(action.card))
            elif isinstance(action, Activate):
                out.append(board.activate_value(action.card))
            elif isinstance(action, EndPhase):
                out.append(LETHAL / 2 if lethal_now else 0.0)
            else:
                out.append(0.0)
        return out

    # -------------------------------------------------------------- decisions

    def _eat_scores(self, board: Board, view: FoodChainView, legal: Sequence[Any]) -> list[float]:
        card = source_card(view)
        uid = _source(view)
        if card is None:
            return [len(a.cards) for a in legal]
        # never a dry drop while something can be eaten: it would lose every keyword and ability
        return [
            board.meal_value(card, uid if uid is not None else -1, a.cards)
            if a.cards
            else -LETHAL / 4
            for a in legal
        ]

    def _choose_scores(
        self, board: Board, view: FoodChainView, legal: Sequence[Any]
    ) -> list[float]:
        card = source_card(view)
        modal = next((op for op in _all_ops(card) if op.op == "choose"), None) if card else None
        if modal is None:
            return [0.0] * len(legal)
        source = board.source_unit(view)
        out = []
        for action in legal:
            ops = modal.options[action.option][1] if action.option < len(modal.options) else ()
            out.append(board.ops_value(ops, source))
        return out

    def _order_scores(self, view: FoodChainView, legal: Sequence[Any]) -> list[float]:
        """Harm to the rival first (it may remove a creature before the rest resolves),
        then the rest in the order offered."""
        names = card_names(view)
        out = []
        for action in legal:
            card = _card(names.get(action.card, ""))
            ops = _all_ops(card) if card is not None else []
            out.append(1.0 if any(op.op in HARMFUL for op in ops) else 0.0)
        return out

    def _target_scores(
        self, board: Board, view: FoodChainView, legal: Sequence[Any]
    ) -> list[float]:
        op = asked_op(view) or Op("damage", "enemy_creature", amount=1)
        source = board.source_unit(view)
        carrion = dict(board.my_carrion + board.rival_carrion)
        out = []
        for action in legal:
            if action.player is not None:
                out.append(board.player_value(op, action.player))
            elif action.card in board.units:
                cand = board.units[action.card]
                out.append(board.candidate_value(op, cand, source))
            elif action.card in carrion:
                out.append(board.carrion_value(op, action.card, carrion[action.card], source))
            else:
                out.append(0.0)
        return out

    def _pick_card_scores(self, board: Board, legal: Sequence[Any]) -> list[float]:
        """A card to take or play from a pile: the best creature by worth when the view
        names it (hand, carrion); cards of the deck are not named in the view."""
        names = dict(board.my_carrion)
        names.update({u: c.name for u, c in board.hand.items()})
        out = []
        for action in legal:
            card = _card(names.get(action.card, ""))
            if card is None:
                out.append(0.0)
            elif card.is_creature:
                out.append(worth(Unit.from_card(card, action.card, board.me)))
            else:
                out.append(1.0)
        return out


def card_names(view: FoodChainView) -> dict[int, str]:
    """Every card the view names, by instance id."""
    names: dict[int, str] = {}
    for event in view.log:
        if "card" in event and "name" in event and isinstance(event["card"], int):
            names[event["card"]] = event["name"]
    for player in view.players:
        for c in (*player.field, *player.carrion, *player.exile):
            names[c.card] = c.name
        if player.field_spell is not None:
            names[player.field_spell.card] = player.field_spell.name
    for c in (*(view.hand or []), *(view.rival_known_hand or [])):
        names[c.card] = c.name
    return names
