"""The Aquawar rules engine: match flow (picks, turns, rounds) and the legality of actions.

The state sees everything; nothing here knows of processes, clocks or screens. Damage
resolution lives in `combat.py`. Phases: ``pick`` (both seats choose, in any order, neither
seeing the other), then per turn ``assert`` and ``action`` by the seat to move, until a
round ends; ``over`` when the match is decided.

`apply` is `core.engine.Engine`'s: the match is not over, the seat is one to move, the
action is offered (in the cached turn menu if there is one, else by the rules' own check)
or else the rules' reason refuses it (`refusal`: the pick space's `why_not`, or
`why_illegal`), then the handler for the action's type runs (`HANDLERS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from sparring.core.engine import Engine
from sparring.core.events import NOBODY, PUBLIC
from sparring.core.game import EndReason, Outcome, TwoSeatOutcome, two_seat_returns
from sparring.core.rng import Rng
from sparring.core.sharedlog import EventLog, fork

from . import combat
from .actions import (
    ASSERTS,
    ATTACKS,
    PASS,
    POSITIONS,
    SKILLS,
    Action,
    Assert,
    Attack,
    Pass,
    Pick,
    Skill,
)
from .combat import BONUS_USES
from .events import (
    ACTION,
    ASSERT_LOSS,
    ASSERTION,
    DEATH,
    FORFEIT,
    MATCH_END,
    PICKED,
    ROUND_END,
    ROUND_START,
    ROUND_TEAMS,
    SKILL_DETAIL,
    TEAM,
    TURN,
)
from .fish import Fish
from .options import AquawarOptions
from .picks import PickSpace
from .roster import ALL_FISH

#: The phases of a match, by the names the views and the protocol use.
Phase = Literal["pick", "assert", "action", "over"]
PICK: Final = "pick"
ASSERT: Final = "assert"
ACT: Final = "action"
OVER: Final = "over"
ASSERT_HP_LOSS = 50
ROUNDS = 3  # best of three ...
ROUNDS_TO_WIN = 2  # ... decided at two round wins

_ASSERT_MENUS: tuple[tuple[Action, ...], ...] = tuple(
    (PASS, *(ASSERTS[pos, g] for pos in range(4) if mask >> pos & 1 for g in ALL_FISH))
    for mask in range(16)
)
_ACTOR_MENUS: dict[int, tuple[Action, ...]] = {}
_NO_HP = 1 << 30  # above any fish's HP: a dead enemy is never the lowest


def _actor_menu(mine: list[Fish], theirs: list[Fish], actor: int) -> tuple[Action, ...]:
    """Every legal turn action of one living fish: normal attacks, then skill uses."""
    attacks = [ATTACKS[actor, t] for t, f in enumerate(theirs) if f.alive]
    skills = [SKILLS[actor, a, e] for a, e in combat.skill_targets(mine, theirs, actor)]
    return (*attacks, *skills)


class AquawarState(Engine, TwoSeatOutcome):
    """A whole best-of-three match. Seats are 0 and 1."""

    num_players = 2

    __slots__ = (
        "_legal",
        "casualties",
        "ended",
        "events",
        "first_mover",
        "options",
        "phase",
        "picks",
        "rng",
        "round",
        "round_results",
        "seat",
        "teams",
        "turn",
        "used",
        "winner",
        "wins",
    )

    def __init__(self, seed: int | None, options: AquawarOptions | None = None) -> None:
        """A new match from `seed`; with `seed` None, an empty shell whose every field the
        caller sets (`clone` and determinization: the compiled build cannot make an object
        without running its constructor, and a whole new match would cost more than the
        copy)."""
        if seed is None:
            return
        self.options = options or AquawarOptions()
        self.rng = Rng(seed)
        self.events: EventLog = []
        self.round = 0
        self.wins = [0, 0]
        self.used: list[frozenset[int]] = [frozenset(), frozenset()]
        self.round_results: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.ended: Outcome | None = None
        self.teams: list[list[Fish]] = [[], []]
        self.picks: list[Pick | None] = [None, None]
        self.turn = 0
        self.seat = 0
        self.first_mover = 0
        self.phase: Phase = PICK
        self._legal: Sequence[Action] | None = None
        self.casualties = False  # set by combat when a fish reaches 0 HP in this action
        first = 0 if self.options.seat0_always_first else self.rng.below(2, "first_mover")
        self._start_round(first)

    # ----------------------------------------------------------------- contract

    def clone(self) -> AquawarState:
        """An independent copy for search, at a cost that does not grow with the match:
        the event log is shared up to now (`SharedLog`), and the twin's chance log holds
        only the draws made after cloning (`Rng.clone(keep_log=False)`)."""
        twin = AquawarState(None)
        twin.options = self.options
        twin.rng = self.rng.clone(keep_log=False)
        twin.events = fork(self.events)
        twin.round = self.round
        twin.wins = list(self.wins)
        twin.used = list(self.used)
        twin.round_results = list(self.round_results)
        twin.winner = self.winner
        twin.ended = self.ended
        mine, theirs = self.teams
        twin.teams = [[f.copy() for f in mine], [f.copy() for f in theirs]]
        twin.picks = list(self.picks)
        twin.turn = self.turn
        twin.seat = self.seat
        twin.first_mover = self.first_mover
        twin.phase = self.phase
        twin._legal = self._legal
        twin.casualties = self.casualties
        return twin

    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now: both during picks (until each has picked)."""
        if self.phase == PICK:
            return tuple(s for s in (0, 1) if self.picks[s] is None)
        if self.phase == OVER:
            return ()
        return (self.seat,)

    def outcome(self) -> Outcome | None:
        """How the match ended (None while it goes on)."""
        return self.ended

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Legal actions of `player` (default: the current player), in a stable order."""
        if self.phase == PICK:
            seat = self.current_player if player is None else player
            if seat not in (0, 1) or self.picks[seat] is not None:
                return ()
            return self._pick_space(seat)
        if self.phase == OVER or (player is not None and player != self.seat):
            return ()
        if self._legal is None:
            self._legal = self._assert_actions() if self.phase == ASSERT else self._turn_actions()
        return self._legal

    # ----------------------------------------------------------------- apply's steps

    def not_to_move(self, seat: int, movers: tuple[int, ...]) -> str:
        if seat not in (0, 1):
            return f"there is no seat {seat}"
        if self.phase == PICK:
            return f"seat {seat} has already picked this round"
        return super().not_to_move(seat, movers)

    def play(self, action: Any, seat: int) -> None:
        """`Engine.play`, with a short way for an action of the cached menu (what the match
        loop and search play): it is offered, so the menu is dropped and its handler runs,
        as `Engine.play` would do; anything else takes `Engine.play`'s way."""
        menu = self._legal
        if menu is not None and action in menu:
            self._legal = None
            AquawarState.HANDLERS[type(action)](self, action, seat)
        else:
            super().play(action, seat)

    def offers(self, action: Any, seat: int) -> bool:
        """The cheap test: membership in the cached turn menu when there is one (interned
        actions, so the action played is usually found by identity), else the rules' own
        check, so that no menu is built just to play one action (search plays each
        candidate on a fresh clone)."""
        menu = self._legal
        if menu is not None:
            return action in menu
        return self.refusal(action, seat) is None

    def refusal(self, action: Any, seat: int) -> str | None:
        if self.phase == PICK:
            if not isinstance(action, Pick):
                return f"{action} is not a pick: both seats pick 4 fish first"
            return self._pick_space(seat).why_not(action)
        return self.why_illegal(action)

    def changing(self) -> None:
        self._legal = None

    def forfeit(self, seat: int, reason: str) -> None:
        """End the match against `seat` (a referee verdict: the rules make any illegal move,
        crash or time-out lose the whole match)."""
        if self.phase == OVER:
            return
        self.events.append((FORFEIT, PUBLIC, seat, reason))
        self._end_match(1 - seat, EndReason.FORFEIT, f"seat {seat} forfeited: {reason}")

    # ------------------------------------------------------------------ legality

    def why_illegal(self, action: Action) -> str | None:
        """The reason `action` is illegal for the seat to move, or None if it is legal."""
        if self.phase == ASSERT:
            if isinstance(action, Pass):
                return None
            if not isinstance(action, Assert):
                return f"{action} is not an assertion: assert a hidden enemy fish or pass first"
            if action.pos not in POSITIONS:
                return f"there is no enemy fish {action.pos}: positions are 0-3"
            target = self.teams[1 - self.seat][action.pos]
            if not target.alive:
                return f"enemy fish {action.pos} is dead and cannot be asserted"
            if target.revealed:
                return f"enemy fish {action.pos} is already revealed"
            return None
        if self.phase != ACT:
            return f"no turn action is possible during the {self.phase} phase"
        if not isinstance(action, Attack | Skill):
            return f"{action} is not a turn action: attack or use a skill"
        mine, theirs = self.teams[self.seat], self.teams[1 - self.seat]
        if action.actor not in POSITIONS:
            return f"there is no own fish {action.actor}: positions are 0-3"
        if not mine[action.actor].alive:
            return f"own fish {action.actor} is dead and cannot act"
        if isinstance(action, Attack):
            if action.target not in POSITIONS:
                return f"there is no enemy fish {action.target}: positions are 0-3"
            if not theirs[action.target].alive:
                return f"enemy fish {action.target} is dead"
            return None
        return combat.skill_problem(mine, theirs, action)

    def _assert_actions(self) -> tuple[Action, ...]:
        e0, e1, e2, e3 = self.teams[1 - self.seat]
        return _ASSERT_MENUS[
            (e0.alive and not e0.revealed)
            | (e1.alive and not e1.revealed) << 1
            | (e2.alive and not e2.revealed) << 2
            | (e3.alive and not e3.revealed) << 3
        ]

    def _turn_actions(self) -> tuple[Action, ...]:
        """The action-phase menu, assembled from per-fish menus memoised on everything they
        depend on: the fish's position and skill (and whether a Turtle still has bonus
        uses), who is alive on both sides, and which enemies are tied for the lowest HP
        (the sharks' targets)."""
        mine, theirs = self.teams[self.seat], self.teams[1 - self.seat]
        e0, e1, e2, e3 = theirs
        low = min(
            e0.hp if e0.alive else _NO_HP,
            e1.hp if e1.alive else _NO_HP,
            e2.hp if e2.alive else _NO_HP,
            e3.hp if e3.alive else _NO_HP,
        )
        context = (
            (e0.alive + (e0.alive and e0.hp == low)) << 14
            | (e1.alive + (e1.alive and e1.hp == low)) << 12
            | (e2.alive + (e2.alive and e2.hp == low)) << 10
            | (e3.alive + (e3.alive and e3.hp == low)) << 8
            | mine[0].alive << 3
            | mine[1].alive << 2
            | mine[2].alive << 1
            | mine[3].alive
        )
        menu: tuple[Action, ...] = ()
        cache = _ACTOR_MENUS
        for pos in range(4):
            fish = mine[pos]
            if fish.alive:
                key = ((pos * 16 + fish.menu * 2 + (fish.uses >= BONUS_USES)) << 16) | context
                part = cache.get(key)
                if part is None:
                    part = cache[key] = _actor_menu(mine, theirs, pos)
                menu += part
        return menu

    # ------------------------------------------------------------------ picking

    def _pick_space(self, seat: int) -> PickSpace:
        """Every pick `seat` may make this round: any fish it has not fielded before."""
        return PickSpace(frozenset(ALL_FISH) - self.used[seat])

    def _pick(self, action: Pick, seat: int) -> None:
        self.picks[seat] = action
        self.events.append((PICKED, PUBLIC, seat))
        self.events.append((TEAM, seat, seat, list(action.fish), action.mimic))
        if self.picks[1 - seat] is None:
            return
        for s in (0, 1):
            pick = self.picks[s]
            assert pick is not None
            self.teams[s] = [Fish(kind, pick.mimic) for kind in pick.fish]
            self.used[s] = self.used[s] | frozenset(pick.fish)
        self.phase = ASSERT
        self.seat = self.first_mover
        self.turn = 0
        self._legal = None
        self.events.append((TURN, PUBLIC, self.round, 1, self.seat))

    def _start_round(self, first: int) -> None:
        self.round += 1
        self.first_mover = first
        self.picks = [None, None]
        self.teams = [[], []]
        self.phase = PICK
        self._legal = None
        self.events.append((ROUND_START, PUBLIC, self.round, first))

    # ------------------------------------------------------------------ turns

    def _resolve_assertion(self, action: Pass | Assert, seat: int) -> None:
        if isinstance(action, Assert):
            target = self.teams[1 - seat][action.pos]
            success = target.kind == action.guess
            self.events.append((ASSERTION, PUBLIC, seat, action.pos, action.guess, success))
            if success:
                target.revealed = True
            losing = 1 - seat if success else seat
            self.events.append((ASSERT_LOSS, PUBLIC, losing, ASSERT_HP_LOSS))
            for fish in self.teams[losing]:
                if fish.alive:
                    fish.hp = max(0, fish.hp - ASSERT_HP_LOSS)
            self._bury_dead()
            if not any(f.alive for f in self.teams[losing]):
                self._end_round(1 - losing, "elimination")
                return
        self.phase = ACT

    def _resolve_action(self, action: Attack | Skill, seat: int) -> None:
        mine, theirs = self.teams[seat], self.teams[1 - seat]
        events = self.events
        if isinstance(action, Skill):
            events.append((SKILL_DETAIL, seat, seat, action.actor, action.ally, action.enemy))
            combat.use_skill(self, seat, action)
        else:
            actor = mine[action.actor]
            damage = combat.normal_attack_damage(actor.attack_power())
            targets = [[1 - seat, action.target, damage]]
            events.append((ACTION, PUBLIC, seat, action.actor, "normalattack", targets))
            combat.damage(self, 1 - seat, action.target, damage, seat, action.actor)
        if self.casualties:
            self._bury_dead()
        options = self.options
        last_turn = self.turn + 1 >= options.turn_limit
        # The rules settle deaths before the turn limit (ruling 18); the official engine, on
        # the last turn, went to the tiebreak even over a wipe-out.
        deaths_first = not (last_turn and options.turn_limit_before_deaths)
        enemy_left = theirs[0].alive or theirs[1].alive or theirs[2].alive or theirs[3].alive
        mine_left = mine[0].alive or mine[1].alive or mine[2].alive or mine[3].alive
        if deaths_first and not enemy_left:
            self._end_round(seat, "mutual destruction" if not mine_left else "elimination")
        elif deaths_first and not mine_left:
            self._end_round(1 - seat, "elimination")
        else:
            self.turn += 1
            if last_turn:
                self._end_round(*self._tiebreak())
            else:
                self.seat = 1 - seat
                self.phase = ASSERT
                events.append((TURN, PUBLIC, self.round, self.turn + 1, self.seat))

    def _bury_dead(self) -> None:
        """Deaths are settled only after a whole assertion or action (survival lock-in)."""
        self.casualties = False
        for seat in (0, 1):
            team = self.teams[seat]
            for pos in range(4):
                fish = team[pos]
                if fish.alive and fish.hp <= 0:
                    fish.alive = False
                    self.events.append((DEATH, PUBLIC, seat, pos))

    def _tiebreak(self) -> tuple[int, str]:
        """The turn-limit winner: more fish, then more total HP, then the highest single
        HP, then the seat that moved second. A wiped-out side (only under
        `turn_limit_before_deaths`) has no fish, 0 total HP and 0 as its highest HP, as in
        the official engine."""

        def alive_hp(seat: int) -> list[int]:
            return [f.hp for f in self.teams[seat] if f.alive]

        hp0, hp1 = alive_hp(0), alive_hp(1)
        for label, a, b in (
            ("more fish", len(hp0), len(hp1)),
            ("more total HP", sum(hp0), sum(hp1)),
            ("highest single HP", max(hp0, default=0), max(hp1, default=0)),
        ):
            if a != b:
                return (0 if a > b else 1), f"turn limit: {label}"
        return 1 - self.first_mover, "turn limit: second mover"

    # ------------------------------------------------------------------ rounds

    def _end_round(self, winner: int, reason: str) -> None:
        self.wins[winner] += 1
        teams = []
        for pick in self.picks:
            assert pick is not None, "a round ends only once both seats have picked"
            teams.append({"fish": list(pick.fish), "mimic": pick.mimic})
        result = {
            "round": self.round,
            "winner": winner,
            "reason": reason,
            "first_mover": self.first_mover,
            "turns": self.turn + (0 if reason.startswith("turn limit") else 1),
            "teams": teams,
        }
        self.round_results.append(result)
        self.events.append((ROUND_END, PUBLIC, self.round, winner, reason))
        self.events.append((ROUND_TEAMS, NOBODY, self.round, result["teams"]))
        decided = max(self.wins) >= ROUNDS_TO_WIN and not self.options.play_all_rounds
        if decided or self.round == ROUNDS:
            best = 0 if self.wins[0] > self.wins[1] else 1
            score = f"{self.wins[best]}-{self.wins[1 - best]}"
            self._end_match(best, EndReason.RULES, f"seat {best} won the match {score}")
            return
        next_first = 0 if self.options.seat0_always_first else 1 - winner
        self._start_round(next_first)

    def _end_match(self, winner: int, reason: EndReason, detail: str) -> None:
        self.winner = winner
        self.ended = Outcome(winner, two_seat_returns(winner), reason, detail)
        self.phase = OVER
        self._legal = ()
        self.events.append((MATCH_END, PUBLIC, winner, [r["winner"] for r in self.round_results]))


AquawarState.HANDLERS = {
    Pick: AquawarState._pick,
    Pass: AquawarState._resolve_assertion,
    Assert: AquawarState._resolve_assertion,
    Attack: AquawarState._resolve_action,
    Skill: AquawarState._resolve_action,
}


def new_game(seed: int, options: AquawarOptions | None = None) -> AquawarState:
    return AquawarState(seed, options)


def summarize(state: AquawarState) -> dict[str, Any]:
    """The match in brief, for results, replays and stores: round by round and who won."""
    return {"winner": state.winner, "wins": list(state.wins), "rounds": list(state.round_results)}
