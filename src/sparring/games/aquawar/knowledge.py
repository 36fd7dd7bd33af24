"""What one seat can soundly infer about the hidden enemy fish, from its view alone.

A view never holds enemy identities or ATK, but the round's public log constrains them
hard: every fish's ATK, shields and skill-use counter follow from its *behaviour* (the
fish it acts as) and the public events, so each damage value, block, heal, share,
counter and explosion can be checked against each hypothesis. This module replays the
round's log once, tests the 11 behaviours of every enemy fish against what it did and
what happened to it, and keeps only those that explain everything. Identities follow:
a fish acting as X is X itself or the Mimic copying X.

Some observations involve several fish at once (the number of counter-attacks depends on
which teammates are Archerfish / Pufferfish; a heal, share or 70 % reduction a fish's
own behaviour cannot give needs a teammate that could have buffed it). They become
linear constraints "between lo and hi of these fish act as one of these", propagated by
bounds together with the all-different rule on identities. Every step only removes a
possibility that contradicts the log, so the true identity always stays a candidate;
the log covers the current round only, so all of this is per round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .combat import (
    BONUS_USES,
    BUFF_ATK_GAIN,
    FIXED_CRIT,
    INFIGHT_ATK_GAIN,
    LOW_HP,
    WOUND_ATK_GAIN,
    WOUND_STEP,
    aoe_damage,
    normal_attack_damage,
    shark_crit_damage,
)
from .fish import RAGE_ATK, RAGE_HP, SHIELDS
from .roster import ALL_FISH, BASE_ATK, MAX_HP, MIMIC
from .views import AquawarView

BEHAVIOURS: frozenset[int] = frozenset(f for f in ALL_FISH if f != MIMIC)

# Behaviours by the mechanics that give them away (ids as in fish.json).
ARCHER, PUFFER, EEL, SUNFISH, WOLF, MANTA, TURTLE, OCTOPUS, WHITE, HAMMER, CLOWN = range(1, 12)
TEAM_COUNTER = frozenset({ARCHER, PUFFER})
SHARERS = frozenset({EEL, SUNFISH})
DODGERS = frozenset({WOLF, MANTA, TURTLE})
HEALERS = frozenset({OCTOPUS, WHITE})
REDUCERS = frozenset({MANTA, OCTOPUS})
SHARKS = frozenset({WHITE, HAMMER})
INFIGHTERS = frozenset({PUFFER, SUNFISH})
AOE_ALWAYS = frozenset({ARCHER, EEL})

# Observation tags (first item of each observation tuple).
OBS_ATTACK, OBS_AOE, OBS_INFIGHT, OBS_CRIT, OBS_SUBTLE, OBS_HIT = range(6)


@dataclass(frozen=True, slots=True)
class Profile:
    """The exact hidden numbers of a fish *if* it acts as a given behaviour."""

    atk: int
    uses: int
    shields: int
    wound: int


@dataclass(frozen=True, slots=True)
class Constraint:
    """``lo <= #{pos : behaviour(pos) in kinds} <= hi`` over the listed (pos, kinds) terms."""

    terms: tuple[tuple[int, frozenset[int]], ...]
    lo: int
    hi: int

    def holds(self, behaviour: Sequence[int]) -> bool:
        count = sum(1 for pos, kinds in self.terms if behaviour[pos] in kinds)
        return self.lo <= count <= self.hi


@dataclass(frozen=True, slots=True)
class DirectHit:
    """A direct, unblocked hit on an enemy fish: what it showed (for buff bookkeeping)."""

    index: int
    reduced: bool
    heals: int
    deflects: int
    hp_after: int
    mates: int


@dataclass(frozen=True, slots=True)
class BuffAction:
    """An enemy skill use that may have put a delayed buff on a teammate."""

    index: int
    actor: int
    kind: str  # "aoe", "crit" or "subtle"
    alive: frozenset[int]


@dataclass(frozen=True)
class Knowledge:
    """Everything inferred about the enemy team of one view, per enemy position."""

    candidates: tuple[frozenset[int], ...]
    behaviours: tuple[frozenset[int], ...]
    profiles: tuple[dict[int, Profile], ...]
    constraints: tuple[Constraint, ...] = ()
    direct_hits: tuple[tuple[DirectHit, ...], ...] = ()
    buff_actions: tuple[BuffAction, ...] = ()
    excluded: frozenset[int] = field(default_factory=frozenset)

    def certain(self, pos: int) -> int | None:
        """The identity of enemy fish `pos` if only one is possible, else None."""
        options = self.candidates[pos]
        return next(iter(options)) if len(options) == 1 else None

    def atk_range(self, pos: int) -> tuple[int, int]:
        """Sound bounds on the current (base) ATK of enemy fish `pos`."""
        values = [self.profiles[pos][b].atk for b in self.behaviours[pos]]
        return (min(values), max(values)) if values else (BASE_ATK, BASE_ATK)


# --------------------------------------------------------------------- the log


class _Replay:
    """One pass over the round's log: HP and life of every fish over time, the
    observations about each enemy fish, and the multi-fish constraints."""

    def __init__(self, seat: int, log: list[dict[str, Any]]) -> None:
        self.me = seat
        self.foe = 1 - self.me
        self.hp = [[MAX_HP] * 4, [MAX_HP] * 4]
        self.alive = [[True] * 4, [True] * 4]
        self.obs: list[list[tuple[Any, ...]]] = [[] for _ in range(4)]
        self.failed: list[set[int]] = [set() for _ in range(4)]
        self.constraints: list[Constraint] = []
        self.direct_hits: list[list[DirectHit]] = [[] for _ in range(4)]
        self.buff_actions: list[BuffAction] = []
        self._blocked = [False] * 4
        self._reduced = [False] * 4
        self._deflects = [0] * 4
        self._run(log)

    # ------------------------------------------------------------- helpers

    def _alive_foes(self) -> frozenset[int]:
        return frozenset(p for p in range(4) if self.alive[self.foe][p])

    def _givers(self, kinds: Iterable[str], exclude: int | None) -> list[int]:
        return sorted(
            {b.actor for b in self.buff_actions if b.kind in kinds and b.actor != exclude}
        )

    def _need_giver(
        self,
        pos: int,
        own: frozenset[int],
        givers: list[int],
        need: int,
        giver_kinds: frozenset[int],
    ) -> None:
        """At least `need` of: `pos` acting as one of `own`, or a giver acting as one of
        `giver_kinds` (a buff explains what `pos`'s own behaviour does not)."""
        terms = [(g, giver_kinds) for g in givers]
        if own:
            terms.append((pos, own))
        self.constraints.append(Constraint(tuple(terms), need, len(terms)))

    # ------------------------------------------------------------- the pass

    def _run(self, log: list[dict[str, Any]]) -> None:
        me, foe = self.me, self.foe
        for index, event in enumerate(log):
            kind = event["kind"]
            if kind == "hit":
                self._hit(log, index, event)
            elif kind == "passive":
                seat, pos, ptype = event["seat"], event["pos"], event["type"]
                if ptype == "heal":
                    self.hp[seat][pos] = min(MAX_HP, self.hp[seat][pos] + event["value"])
                elif seat == foe:
                    if ptype == "reduce":
                        if event["value"] == 0:
                            self._blocked[pos] = True
                        else:
                            self._reduced[pos] = True
                    elif ptype == "deflect":
                        self._deflects[pos] += 1
            elif kind == "action":
                if event["seat"] == foe:
                    self._foe_action(index, event)
            elif kind == "assert_loss":
                seat = event["seat"]
                for pos in range(4):
                    if self.alive[seat][pos]:
                        self.hp[seat][pos] = max(0, self.hp[seat][pos] - event["amount"])
            elif kind == "dead":
                self.alive[event["seat"]][event["pos"]] = False
            elif kind == "assert" and event["seat"] == me and not event["success"]:
                self.failed[event["pos"]].add(event["guess"])

    def _foe_action(self, index: int, event: dict[str, Any]) -> None:
        actor, atype, targets = event["actor"], event["type"], event["targets"]
        hp_self = self.hp[self.foe][actor]
        record = self.obs[actor].append
        if atype == "normalattack":
            record((OBS_ATTACK, targets[0][2], hp_self))
        elif atype == "aoe":
            record((OBS_AOE, targets[0][2], hp_self))
        elif atype == "infight":
            record((OBS_INFIGHT,))
        elif atype == "crit":
            _, target, value = targets[0]
            mine = self.hp[self.me]
            living = [mine[p] for p in range(4) if self.alive[self.me][p]]
            weakest = mine[target] == min(living)
            record((OBS_CRIT, value, mine[target], weakest, hp_self))
        else:
            record((OBS_SUBTLE,))
        if atype in ("aoe", "crit", "subtle"):
            self.buff_actions.append(BuffAction(index, actor, atype, self._alive_foes()))

    def _hit(self, log: list[dict[str, Any]], index: int, event: dict[str, Any]) -> None:
        seat, pos, value, direct = event["seat"], event["pos"], event["value"], event["direct"]
        self.hp[seat][pos] = max(0, self.hp[seat][pos] - value)
        if seat != self.foe:
            return
        foe = self.foe
        blocked, reduced, deflects = self._blocked[pos], self._reduced[pos], self._deflects[pos]
        self._blocked[pos] = self._reduced[pos] = False
        self._deflects[pos] = 0
        hp_after = self.hp[foe][pos]
        mates = [m for m in range(4) if m != pos and self.alive[foe][m]]
        # What immediately follows: heals on this fish, then (after a direct attack) its
        # explosion and the counter-attacks attributed to it, interleaved with the damage
        # those deal to our side.
        heals = healed = 0
        j = index + 1
        while j < len(log) and _is(log[j], "passive", foe, pos) and log[j]["type"] == "heal":
            heals += 1
            healed += log[j]["value"]
            j += 1
        hp_final = min(MAX_HP, hp_after + healed)
        counters, explode = 0, False
        if direct:
            while j < len(log):
                nxt = log[j]
                if _is(nxt, "passive", foe, pos) and nxt["type"] in ("counter", "explode"):
                    counters += nxt["type"] == "counter"
                    explode = explode or nxt["type"] == "explode"
                elif not (nxt["kind"] in ("hit", "passive") and nxt["seat"] == self.me):
                    break
                j += 1
        self.obs[pos].append(
            (
                OBS_HIT,
                value,
                blocked,
                direct,
                hp_after,
                len(mates),
                deflects,
                heals,
                explode,
                counters,
                hp_final,
            )
        )
        if not direct:
            return
        if hp_final < LOW_HP:
            terms = [(m, TEAM_COUNTER) for m in mates]
            terms.append((pos, frozenset({CLOWN})))
            self.constraints.append(Constraint(tuple(terms), counters, counters))
        if blocked:
            return
        self.direct_hits[pos].append(
            DirectHit(index, reduced, heals, deflects, hp_after, len(mates))
        )
        if reduced:
            givers = self._givers(("subtle",), None)
            self._need_giver(pos, frozenset(), givers, 1, REDUCERS)
        if hp_after > 0 and heals:
            own = HEALERS if heals == 1 else frozenset()
            self._need_giver(
                pos, own, self._givers(("crit", "subtle"), pos), 1, frozenset({TURTLE})
            )
        if mates and deflects:
            own = SHARERS if deflects == 1 else frozenset()
            self._need_giver(pos, own, self._givers(("aoe", "subtle"), pos), 1, frozenset({CLOWN}))


def _is(event: dict[str, Any], kind: str, seat: int, pos: int) -> bool:
    return event["kind"] == kind and event.get("seat") == seat and event.get("pos") == pos


# ------------------------------------------------------------- one behaviour


def simulate(behaviour: int, observations: list[tuple[Any, ...]]) -> Profile | None:
    """Replay one fish's observations as if it acted as `behaviour`: its exact hidden
    numbers afterwards, or None if the hypothesis contradicts something seen."""
    b = behaviour
    atk, uses, wound = BASE_ATK, 0, 0
    shields = SHIELDS if b == TURTLE else 0
    for ob in observations:
        tag = ob[0]
        if tag == OBS_HIT:
            (
                _,
                value,
                blocked,
                direct,
                hp_after,
                mates,
                deflects,
                heals,
                explode,
                counters,
                hp_final,
            ) = ob
            if blocked:
                if shields:
                    shields -= 1
                elif b not in DODGERS:
                    return None
            else:
                if shields:
                    return None
                passive_share = 1 if (direct and mates and b in SHARERS) else 0
                buff_share = 1 if (direct and mates) else 0
                if not passive_share <= deflects <= passive_share + buff_share:
                    return None
                if b in SHARERS:
                    wound += value
                    if wound >= WOUND_STEP:
                        atk += WOUND_ATK_GAIN * (wound // WOUND_STEP)
                        wound %= WOUND_STEP
                passive_heal = 1 if (b in HEALERS and hp_after > 0) else 0
                buff_heal = 1 if (direct and hp_after > 0) else 0
                if not passive_heal <= heals <= passive_heal + buff_heal:
                    return None
            if direct:
                if b == CLOWN and hp_final < LOW_HP and counters < 1:
                    return None
                if explode != (b == HAMMER and hp_final <= 0):
                    return None
            continue
        if tag == OBS_ATTACK:
            _, value, hp_self = ob
            if normal_attack_damage(_power(b, atk, hp_self)) != value:
                return None
        elif tag == OBS_AOE:
            _, value, hp_self = ob
            if b == CLOWN and uses < BONUS_USES:
                uses += 1
            elif b not in AOE_ALWAYS:
                return None
            if aoe_damage(_power(b, atk, hp_self)) != value:
                return None
        elif tag == OBS_INFIGHT:
            if b not in INFIGHTERS:
                return None
            atk += INFIGHT_ATK_GAIN
        elif tag == OBS_CRIT:
            _, value, target_hp, weakest, hp_self = ob
            if b == WOLF or (b == TURTLE and uses < BONUS_USES):
                if value != FIXED_CRIT:
                    return None
                uses += b == TURTLE
            elif b in SHARKS:
                expected = shark_crit_damage(_power(b, atk, hp_self), target_hp)
                if not weakest or value != expected:
                    return None
            else:
                return None
        elif tag == OBS_SUBTLE:
            if b in REDUCERS:
                atk += BUFF_ATK_GAIN
            elif b in (TURTLE, CLOWN) and uses >= BONUS_USES:
                uses += 1
            else:
                return None
    return Profile(atk, uses, shields, wound)


def _power(b: int, atk: int, hp: int) -> int:
    return atk + RAGE_ATK if b == HAMMER and hp < RAGE_HP else atk


# ------------------------------------------------------------- propagation


def _identities(behaviours: frozenset[int], allowed: frozenset[int]) -> frozenset[int]:
    out = behaviours & allowed
    if behaviours and MIMIC in allowed:
        out |= {MIMIC}
    return frozenset(out)


def _sdr_supported(domains: list[frozenset[int]]) -> list[frozenset[int]]:
    """Keep in each domain only the values that appear in some all-different assignment."""

    def completes(order: list[int], taken: set[int]) -> bool:
        if not order:
            return True
        pos, rest = order[0], order[1:]
        for value in domains[pos]:
            if value not in taken:
                taken.add(value)
                ok = completes(rest, taken)
                taken.discard(value)
                if ok:
                    return True
        return False

    out = []
    for pos, domain in enumerate(domains):
        others = [p for p in range(len(domains)) if p != pos]
        out.append(frozenset(v for v in domain if completes(others, {v})))
    return out


def _propagate_constraint(c: Constraint, beh: list[frozenset[int]]) -> None:
    """Bounds reasoning on one constraint: if only `lo` terms can hold they all must; if
    `hi` terms surely hold no other may."""
    can = [i for i, (p, k) in enumerate(c.terms) if beh[p] & k]
    must = {i for i, (p, k) in enumerate(c.terms) if beh[p] and beh[p] <= k}
    if len(can) < c.lo or len(must) > c.hi:
        return  # contradiction: impossible for a sound log; never over-prune
    if len(can) == c.lo:
        for i in can:
            p, k = c.terms[i]
            beh[p] = beh[p] & k
    if len(must) == c.hi:
        for i, (p, k) in enumerate(c.terms):
            if i not in must:
                beh[p] = beh[p] - k


def infer(view: AquawarView) -> Knowledge:
    """The enemy fish identities, behaviours and hidden numbers `view` leaves possible."""
    seat = view.seat
    if seat is None:
        raise ValueError("knowledge is inferred from a seat's view, not a spectator's")
    excluded = frozenset(view.enemy_revealed_before or ())
    allowed_all = frozenset(ALL_FISH) - excluded
    enemy = view.enemy_team or []
    if not enemy:
        full = {b: Profile(BASE_ATK, 0, SHIELDS if b == TURTLE else 0, 0) for b in BEHAVIOURS}
        return Knowledge(
            candidates=(allowed_all,) * 4,
            behaviours=(BEHAVIOURS,) * 4,
            profiles=tuple(dict(full) for _ in range(4)),
            excluded=excluded,
        )
    replay = _Replay(seat, view.log)
    profiles: list[dict[int, Profile]] = []
    beh: list[frozenset[int]] = []
    allowed: list[frozenset[int]] = []
    for pos in range(4):
        found = {}
        for b in BEHAVIOURS:
            profile = simulate(b, replay.obs[pos])
            if profile is not None:
                found[b] = profile
        profiles.append(found)
        shown = enemy[pos].fish
        if shown is not None:
            allowed.append(frozenset({shown}))
            beh.append(frozenset(found) & ({shown} if shown != MIMIC else BEHAVIOURS))
        else:
            allowed.append(allowed_all - replay.failed[pos])
            beh.append(frozenset(found))
    cands = [_identities(beh[p], allowed[p]) for p in range(4)]
    for _ in range(20):
        before = (list(beh), list(cands))
        for c in replay.constraints:
            _propagate_constraint(c, beh)
        cands = [_identities(beh[p], allowed[p]) & cands[p] for p in range(4)]
        cands = _sdr_supported(cands)
        for p in range(4):
            if MIMIC not in cands[p]:
                beh[p] = beh[p] & cands[p]
        if (beh, cands) == before:
            break
    return Knowledge(
        candidates=tuple(cands),
        behaviours=tuple(beh),
        profiles=tuple(profiles),
        constraints=tuple(replay.constraints),
        direct_hits=tuple(tuple(h) for h in replay.direct_hits),
        buff_actions=tuple(replay.buff_actions),
        excluded=excluded,
    )
