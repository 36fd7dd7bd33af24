"""Determinization: one full Aquawar state consistent with what a seat's view shows.

Search agents must never hold the true state, only samples of the states the seat cannot
tell apart from it. A sample keeps everything the view shows (own team exactly, enemy HP,
life and revealed identities, round, score, turn, phase, the public log) and draws the
rest with the agent's own `Rng`: enemy identities from `knowledge.infer`'s candidates
(all different, multi-fish constraints respected when a draw allows) and the Mimic's copy
among the behaviours the log leaves open (for the search, weighted by how likely the
enemy's choices were under each: `belief.Belief`), and the delayed buffs that the enemy's skill
uses may still have pending. ATK, shields, skill uses and damage counters then follow
exactly from the sampled behaviour and the log. The random source of the sample is
reseeded, so its future dodges are fresh draws too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any

import msgspec

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, Event, event_fields
from sparring.core.game import EndReason, Outcome, two_seat_returns
from sparring.core.rng import Rng
from sparring.core.sharedlog import fork

from .actions import Pick
from .belief import Belief, damage_rolls, draw_copy, enemy_choices
from .events import ASSERTION, FORFEIT, ROUND_START, SKILL_DETAIL, TEAM
from .fish import Fish
from .knowledge import (
    CLOWN,
    HEALERS,
    REDUCERS,
    SHARERS,
    TURTLE,
    Knowledge,
    infer,
)
from .picks import PickSpace
from .roster import ALL_FISH, MIMIC
from .state import PICK, AquawarState
from .views import AquawarView, OwnFish, RememberedView

LABEL = "determinize"
_PRIVATE = (TEAM, SKILL_DETAIL)
_TRIES = 64


def _events(view: AquawarView, seat: int) -> list[Event]:
    """The view's logs as engine events: a stand-in for the successful assertions of rounds
    the view no longer shows (all it keeps of them), the last round's log while it is still
    shown, then the current round's."""
    previous = view.previous_log or []
    recent = sum(
        1 for e in previous if e["kind"] == "assert" and e["success"] and e["seat"] == seat
    )
    older = view.enemy_revealed_before or []
    out: list[Event] = [
        (ASSERTION, PUBLIC, seat, 0, guess, True) for guess in older[: len(older) - recent]
    ]
    out.extend(_as_event(entry, seat) for entry in previous)
    if not view.log or view.log[0]["kind"] != ROUND_START:
        out.append((ROUND_START, PUBLIC, view.round, view.first_mover))
    out.extend(_as_event(entry, seat) for entry in view.log)
    return out


def _as_event(entry: dict[str, Any], seat: int) -> Event:
    kind = entry["kind"]
    audience = seat if kind in _PRIVATE else PUBLIC
    return (kind, audience) + _values_of(kind)(entry)  # noqa: RUF005 (twice as fast)


@cache
def _values_of(kind: str) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A function reading the values of a `kind` event's fields from its JSON form, in
    order, as a tuple (every sample of a decision starts from the whole round's log)."""
    fields = event_fields(kind)
    if len(fields) == 1:
        (name,) = fields
        return lambda entry: (entry[name],)
    if not fields:
        return lambda entry: ()
    getter: Callable[[dict[str, Any]], tuple[Any, ...]] = itemgetter(*fields)
    return getter


def _own_fish(entry: OwnFish) -> Fish:
    kind = entry.fish
    fish = Fish(kind, entry.acts_as if kind == MIMIC else None)
    fish.hp = entry.hp
    fish.alive = entry.alive
    fish.revealed = entry.revealed
    fish.atk = entry.atk - fish.rage()  # the view shows the ATK with the Hammerhead's rage
    fish.shields = entry.shields
    fish.reduce_buff = entry.reduce_buff
    fish.heal_buff = entry.heal_buff
    fish.share_buff = entry.share_buff
    fish.wound = entry.wound
    fish.uses = entry.skill_uses
    return fish


def _draw_identities(k: Knowledge, rng: Rng) -> list[int]:
    """All-different identities from the candidates, by random sequential choice with
    restarts (the candidates are already pruned to values some assignment supports)."""
    domains = [sorted(c) for c in k.candidates]
    for _ in range(_TRIES):
        order = list(range(4))
        for i in range(3, 0, -1):
            j = rng.below(i + 1, LABEL)
            order[i], order[j] = order[j], order[i]
        chosen = [0] * 4  # every position is filled unless the draw breaks off
        taken: set[int] = set()
        for pos in order:
            options = [v for v in domains[pos] if v not in taken]
            if not options:
                break
            identity = options[rng.below(len(options), LABEL)]
            chosen[pos] = identity
            taken.add(identity)
        else:
            return chosen
    return _first_assignment(domains)


def _first_assignment(domains: list[list[int]]) -> list[int]:
    def search(pos: int, taken: list[int]) -> list[int] | None:
        if pos == len(domains):
            return taken
        for v in domains[pos]:
            if v not in taken:
                found = search(pos + 1, [*taken, v])
                if found is not None:
                    return found
        return None

    found = search(0, [])
    if found is None:
        raise BadInput("the view admits no enemy team (inconsistent log)")
    return found


def _draw_team(
    k: Knowledge, rng: Rng, copy: Callable[[list[int], Rng], int] | None = None
) -> tuple[list[int], list[int]]:
    """Identities and behaviours of the enemy team; constraints are honoured if any of a
    bounded number of draws satisfies them all. A Mimic's copy is drawn alike among those
    the log allows, or by `copy` (given them, sorted)."""
    kinds: list[int] = []
    behaviour: list[int] = []
    for _ in range(_TRIES):
        kinds = _draw_identities(k, rng)
        behaviour = []
        for pos, kind in enumerate(kinds):
            if kind == MIMIC:
                options = sorted(k.behaviours[pos])
                if copy is None:
                    behaviour.append(options[rng.below(len(options), LABEL)])
                else:
                    behaviour.append(copy(options, rng))
            else:
                behaviour.append(kind)
        if all(c.holds(behaviour) for c in k.constraints):
            break
    return kinds, behaviour


def _draw_team_copying_as_players_do(k: Knowledge, rng: Rng) -> tuple[list[int], list[int]]:
    """`_draw_team` with a Mimic's copy drawn at the players' rates (the belief's pool:
    `belief.draw_copy`)."""
    return _draw_team(k, rng, draw_copy)


def _buff_of(kind: str, behaviour: int) -> str | None:
    if kind == "subtle" and behaviour in REDUCERS:
        return "reduce_buff"
    if behaviour == TURTLE and kind in ("crit", "subtle"):
        return "heal_buff"
    if behaviour == CLOWN and kind in ("aoe", "subtle"):
        return "share_buff"
    return None


def _shows(k: Knowledge, pos: int, buff: str, after: int, behaviour: int) -> bool | None:
    """Whether the first direct hit on `pos` after event `after` showed `buff` (None if
    no such hit yet: the buff may still be waiting)."""
    for hit in k.direct_hits[pos]:
        if hit.index <= after:
            continue
        if buff == "reduce_buff":
            return hit.reduced
        if buff == "heal_buff":
            passive = 1 if behaviour in HEALERS and hit.hp_after > 0 else 0
            return hit.heals > passive
        passive = 1 if behaviour in SHARERS and hit.mates else 0
        return hit.deflects > passive
    return None


def _pending_buffs(k: Knowledge, behaviour: list[int], rng: Rng) -> list[set[str]]:
    """Which enemy fish still carry a delayed buff: each buffing skill use picks a target
    among those whose next direct hit does not contradict it; a buff is pending if that
    target has not been directly hit since."""
    given: list[dict[str, int]] = [{} for _ in range(4)]
    for act in k.buff_actions:
        buff = _buff_of(act.kind, behaviour[act.actor])
        if buff is None:
            continue
        targets = sorted(act.alive if buff == "reduce_buff" else act.alive - {act.actor})
        fits = [t for t in targets if _shows(k, t, buff, act.index, behaviour[t]) is not False]
        if fits:
            given[fits[rng.below(len(fits), LABEL)]][buff] = act.index
    return [
        {buff for buff, index in mine.items() if _shows(k, pos, buff, index, 0) is None}
        for pos, mine in enumerate(given)
    ]


def _enemy_used(view: AquawarView, team: list[int], rng: Rng) -> frozenset[int]:
    """Fish the enemy has used: the earlier-round ones (those revealed, plus a random
    fill) and the current team once picks are done."""
    before = set(view.enemy_revealed_before or [])
    pool = [f for f in ALL_FISH if f not in before and f not in team]
    while len(before) < 4 * (view.round - 1) and pool:
        before.add(pool.pop(rng.below(len(pool), LABEL)))
    return frozenset(before | set(team))


def _outcome(view: AquawarView) -> Outcome | None:
    """A finished match's outcome as the view tells it (a forfeit is in its log)."""
    winner = view.winner
    if winner is None:
        return None
    forfeited = any(event["kind"] == FORFEIT for event in view.log)
    reason = EndReason.FORFEIT if forfeited else EndReason.RULES
    return Outcome(winner, two_seat_returns(winner), reason)


class Sampler:
    """Draws determinized states of one view; ``weighted`` draws the enemy team from the
    `belief` (the search's sampler, `weighted_sampler`), otherwise from the inference's
    candidates alike (`determinize`, the greedy agent). What the view fixes — the log as engine
    events, the round results, the own team, the inference — is worked out once, so a
    search taking several samples of one decision pays for it once; every sample shares
    the log (its own events go to a `SharedLog` tail) and gets fresh fish."""

    def __init__(
        self, view: AquawarView, knowledge: Knowledge | None = None, *, weighted: bool = False
    ) -> None:
        seat = view.seat
        if seat is None or seat not in (0, 1):
            raise BadInput("determinize needs a seat's view (0 or 1), not a spectator's")
        self.view = view
        self.seat = seat
        self._knowledge = knowledge
        self._belief: Belief | None = None
        self._weighted = weighted
        self._events = _events(view, seat)
        self._round_results = [msgspec.structs.asdict(r) for r in view.rounds]
        self._outcome = _outcome(view)
        self._own = [_own_fish(entry) for entry in view.my_team or []]

    def knowledge(self) -> Knowledge:
        """`infer(view)`, computed on first need (a sample during picks has none)."""
        if self._knowledge is None:
            self._knowledge = infer(self.view)
        return self._knowledge

    def belief(self, rng: Rng) -> Belief:
        """The weighted enemy teams of this view, drawn with `rng` on first need."""
        if self._belief is None:
            enemy = 1 - self.seat
            choices = enemy_choices(self.view.log, enemy)
            rolls = damage_rolls(self.view.log, enemy)
            before = self.view.enemy_before if isinstance(self.view, RememberedView) else ()
            self._belief = Belief(
                self.knowledge(), choices, rolls, _draw_team_copying_as_players_do, rng, before
            )
        return self._belief

    def sample(self, rng: Rng) -> AquawarState:
        """A full state that the view's seat cannot tell from the real one, drawn with
        `rng` (the same draws, in the same order, as `determinize`)."""
        view, seat = self.view, self.seat
        enemy_seat = 1 - seat
        state = AquawarState(None)
        state.options = view.options
        state.rng = Rng(rng.below(1 << 62, LABEL))
        state.events = fork(self._events)
        state.round = view.round
        state.wins = list(view.wins)
        state.round_results = list(self._round_results)
        state.winner = view.winner
        state.ended = self._outcome
        state.turn = view.turn - 1
        state.first_mover = view.first_mover
        state.phase = view.phase
        to_move = view.to_move
        state.seat = to_move[0] if to_move and state.phase != PICK else view.first_mover
        state._legal = None
        state.casualties = False
        used: list[frozenset[int]] = [frozenset(), frozenset()]
        used[seat] = frozenset(view.used or [])
        picks: list[Pick | None] = [None, None]
        picks[seat] = view.my_pick or None
        teams: list[list[Fish]] = [[], []]
        if state.phase == PICK or not view.enemy_team:
            used[enemy_seat] = _enemy_used(view, [], rng)
            if enemy_seat not in to_move and state.phase == PICK:
                space = PickSpace(frozenset(ALL_FISH) - used[enemy_seat])
                picks[enemy_seat] = space[rng.below(len(space), LABEL)]
        else:
            teams[seat] = [fish.copy() for fish in self._own]
            k = self.knowledge()
            if self._weighted:
                kinds, behaviour = self.belief(rng).draw(rng)
            else:
                kinds, behaviour = _draw_team(k, rng)
            buffs = _pending_buffs(k, behaviour, rng)
            enemy: list[Fish] = []
            for pos, entry in enumerate(view.enemy_team):
                fish = Fish(kinds[pos], behaviour[pos] if kinds[pos] == MIMIC else None)
                profile = k.profiles[pos][behaviour[pos]]
                fish.hp, fish.alive = entry.hp, entry.alive
                fish.revealed = entry.fish is not None
                fish.atk, fish.uses, fish.wound = profile.atk, profile.uses, profile.wound
                fish.shields = profile.shields
                for buff in buffs[pos]:
                    setattr(fish, buff, True)
                enemy.append(fish)
            teams[enemy_seat] = enemy
            copy = next((b for k_, b in zip(kinds, behaviour, strict=True) if k_ == MIMIC), None)
            picks[enemy_seat] = Pick(tuple(kinds), copy)
            used[enemy_seat] = _enemy_used(view, kinds, rng)
        state.used = used
        state.picks = picks
        state.teams = teams
        return state


def weighted_sampler(view: AquawarView) -> Sampler:
    """The search's sampler: enemy teams drawn in proportion to the belief."""
    return Sampler(view, weighted=True)


def determinize(view: AquawarView, rng: Rng, knowledge: Knowledge | None = None) -> AquawarState:
    """A full state that `view`'s seat cannot tell from the real one, drawn with `rng`.
    `knowledge` is `infer(view)` when the caller already has it; a caller taking several
    samples of one view uses a `Sampler` instead."""
    return Sampler(view, knowledge).sample(rng)
