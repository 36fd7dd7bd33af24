"""Our Aquawar agent against a bot of the original contest, argued from its play: the
results and, for every assertion our agent made, whether it was right and at which point
of the round it came (turn, enemy fish already revealed, identities the log had already
narrowed to one, the candidates left for the fish it named, the belief the agent's
sampler puts on the named identity for that view, and the HP it swung); and the
opponent's assertions, seen the same way from its side (what our inference would have
made of our fish there); the HP each side's assertions took and cost, by round (an
assertion moves HP on every living fish of one side, so in a round they can decide it
alone); the rounds won by number; and what each seat's actions gave away: how many of a
seat's actions by a fish not yet revealed used its skill, and how many pinned one of its
fish (left the other side's inference, `conceal.pinned`, one identity for it).

Run: ``python benchmarks/aquawar_contest.py --opponent 'saiblo:/path/to/ai' [--db URL]
[--ours builtin:ismcts] [--play N --seed S] [--samples K]``. The opponent's program is
named on the command line only, so nothing of it lives in this repository. With
``--play N`` the script first plays N games (paired seeds, seats swapped) through
``sparring compare`` at the game's own clock and stores them in the database; either way
it then reads every stored match between the two seats and prints one JSON object: per
match (seat, winner, rounds, verdicts, the assertions) and in total (score and assertion
rates with 95 % Wilson intervals, and the assertions by round, by turn, by enemy fish
revealed, by candidates left and by belief).

How the view is recovered: each stored replay is re-simulated through the engine
(`verify_replay`); before each of our seat's decisions in an assertion phase the script
takes that seat's view, exactly what the agent was handed, and reads it as the search's
memory of the match has it (`memory.recall`, fed every view of the seat in order; for
the opponent's side, what a player who remembers would know). The belief is the search's
own (`Sampler(view, weighted=True).belief`), which draws a pool of teams with the agent's
random source: the script averages it over ``--samples`` seeds, so it is the belief the
agent had up to the pool's sampling noise, not the very draw it made.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from sparring.arena.store import MatchRecord, Store
from sparring.core.events import event_json
from sparring.core.replay import Decision, parse_written_replay, verify_replay
from sparring.core.rng import Rng
from sparring.games.aquawar.conceal import pinned
from sparring.games.aquawar.determinize import Sampler
from sparring.games.aquawar.events import ASSERTION
from sparring.games.aquawar.knowledge import infer
from sparring.games.aquawar.memory import MatchMemory, recall
from sparring.games.aquawar.state import ACT, ASSERT, AquawarState
from sparring.games.aquawar.views import AquawarView, view
from sparring.tournament.stats import wilson_interval

GAME = "aquawar"
OURS = "builtin:ismcts"
#: Seeds the belief is averaged over (see the module docstring).
BELIEF_SAMPLES = 8
#: Upper bounds of the buckets the assertions are grouped by.
TURN_BUCKETS = (4, 8, 16)
BELIEF_BUCKETS = (0.6, 0.8)


@dataclass(frozen=True)
class Assertion:
    """One assertion of our seat and the point of the round it came at."""

    round: int
    turn: int
    pos: int
    guess: int
    right: bool
    #: Enemy fish whose identity an assertion had revealed before this one.
    revealed: int
    #: Other enemy fish, not yet revealed, whose identity the log had narrowed to one.
    inferred: int
    #: Identities the log still allowed for the fish named.
    candidates: int
    #: The belief in the named identity (the share of the weighted pool's teams).
    belief: float
    #: The HP the assertion moved: taken from the enemy's fish when right, from the
    #: asserting side's own when wrong.
    hp: int


@dataclass
class MatchReport:
    """Our seat's side of one stored match."""

    id: int
    seed: int
    seat: int
    won: bool
    rounds_won: int
    rounds_lost: int
    our_verdicts: list[str]
    their_verdicts: list[str]
    assertion_phases: int = 0
    assertions: list[Assertion] = field(default_factory=list)
    #: The opponent's assertions, described from its view as ours are (what our
    #: inference and belief would have made of our fish from where it stood).
    their_assertions: list[Assertion] = field(default_factory=list)
    #: The numbers of the rounds our seat won and lost.
    rounds_won_by_number: list[int] = field(default_factory=list)
    rounds_lost_by_number: list[int] = field(default_factory=list)
    #: Per seat, ours first: what its actions by fish not yet revealed gave away.
    giveaways: list[Giveaway] = field(default_factory=lambda: [Giveaway(), Giveaway()])


@dataclass
class Giveaway:
    """One seat's actions by fish the other side had not revealed by an assertion: how
    many, how many used the fish's skill, how many pinned at least one of its fish that the
    other side's inference had not pinned before, and how many fish they pinned."""

    actions: int = 0
    skills: int = 0
    pinning: int = 0
    pinned: int = 0


def seat_text(seat: dict[str, Any]) -> str:
    """A stored seat as it was named on the command line (`builtin:NAME`, `saiblo:CMD`)."""
    label = seat.get("label")
    if isinstance(label, str):
        return label
    if seat.get("kind") == "builtin":
        return f"builtin:{seat['name']}"
    return f"{seat.get('kind')}:{seat.get('command')}"


def our_seat(record: MatchRecord, ours: str, opponent: str) -> int | None:
    """Which seat is ours in a match between `ours` and `opponent`, or None for another
    match."""
    names = [seat_text(seat) for seat in record.seats]
    for seat in (0, 1):
        if names[seat] == ours and names[1 - seat] == opponent:
            return seat
    return None


def belief_in(seen: AquawarView, pos: int, guess: int, samples: int) -> float:
    """The search's belief that enemy fish `pos` is `guess`, averaged over `samples` pools."""
    total = 0.0
    for seed in range(samples):
        belief = Sampler(seen, weighted=True).belief(Rng(seed))
        total += belief.identity(pos).get(guess, 0.0)
    return total / samples


def describe(
    seen: AquawarView, pos: int, guess: int, right: bool, samples: int, hp: int
) -> Assertion:
    """The assertion `pos` is `guess`, made from the view `seen`, which moved `hp`."""
    knowledge = infer(seen)
    enemy = seen.enemy_team or []
    hidden = [e.pos for e in enemy if e.fish is None and e.pos != pos]
    return Assertion(
        round=seen.round,
        turn=seen.turn,
        pos=pos,
        guess=guess,
        right=right,
        revealed=sum(1 for e in enemy if e.fish is not None),
        inferred=sum(1 for p in hidden if knowledge.certain(p) is not None),
        candidates=len(knowledge.candidates[pos]),
        belief=round(belief_in(seen, pos, guess, samples), 3),
        hp=hp,
    )


def hp_moved(seen: AquawarView, after: AquawarView, right: bool) -> int:
    """The HP an assertion made from view `seen` moved, read from the asserting seat's
    view just after it, `after`: the enemy's fish lost it if the assertion was right, our
    own if not. An assertion that ends the round has left every fish of that side dead."""
    before_side = seen.enemy_team if right else seen.my_team
    after_side = after.enemy_team if right else after.my_team
    lost = sum(fish.hp for fish in before_side or [])
    if after.round == seen.round:
        lost -= sum(fish.hp for fish in after_side or [])
    return lost


def last_assertion(state: AquawarState) -> dict[str, Any]:
    """The latest assertion event of the match, as JSON."""
    for event in reversed(state.events):
        if event[0] == ASSERTION:
            return event_json(event)
    raise ValueError("no assertion in the log")


def analyse(record: MatchRecord, seat: int, samples: int) -> MatchReport:
    """Re-simulate one stored match and report our seat's play in it."""
    assert record.id is not None and record.replay is not None
    rounds = record.result.get("rounds", [])
    report = MatchReport(
        id=record.id,
        seed=record.seed,
        seat=seat,
        won=record.winner == seat,
        rounds_won=sum(1 for r in rounds if r.get("winner") == seat),
        rounds_lost=sum(1 for r in rounds if r.get("winner") == 1 - seat),
        our_verdicts=[v["verdict"] for v in record.verdicts if v["seat"] == seat],
        their_verdicts=[v["verdict"] for v in record.verdicts if v["seat"] != seat],
        rounds_won_by_number=[r["round"] for r in rounds if r.get("winner") == seat],
        rounds_lost_by_number=[r["round"] for r in rounds if r.get("winner") == 1 - seat],
    )
    before: list[AquawarView | None] = [None, None]
    acting: list[AquawarView | None] = [None, None]
    # Each side's memory of the match, as the search keeps it (`memory.recall`): the
    # inference and the belief an assertion is judged by are those of the view as
    # remembered (the contest AI keeps what it inferred in earlier rounds too).
    memories: list[MatchMemory | None] = [None, None]

    def after_decision(state: AquawarState, decision: Decision) -> None:
        action = decision.action or {}
        seen = before[decision.seat]
        if seen is not None:
            report.assertion_phases += decision.seat == seat
            if action.get("type") == "assert":
                event = last_assertion(state)
                right = event["success"]
                hp = hp_moved(seen, view(state, decision.seat), right)
                made = describe(seen, event["pos"], event["guess"], right, samples, hp)
                mine = decision.seat == seat
                (report.assertions if mine else report.their_assertions).append(made)
        shown = acting[decision.seat]
        if shown is not None and action.get("type") in ("attack", "skill"):
            tally = report.giveaways[0 if decision.seat == seat else 1]
            gave_away(tally, shown, view(state, decision.seat), action)
        going_on = not state.is_terminal()
        for side in (0, 1):
            moving = going_on and side in state.to_move()
            remembered = None
            if moving:
                memories[side], remembered = recall(memories[side], view(state, side))
            before[side] = remembered if moving and state.phase == ASSERT else None
            acting[side] = view(state, side) if moving and state.phase == ACT else None

    verification = verify_replay(parse_written_replay(record.replay), after_decision)
    if not verification.ok:
        raise SystemExit(f"match {record.id} does not re-simulate: {verification.problems[0]}")
    return report


def gave_away(side: Giveaway, shown: AquawarView, after: AquawarView, action: Any) -> None:
    """Count one action of the seat of `shown` (its view just before), if its actor was
    not revealed: a skill or not, and the fish it newly pinned (read from `after`, the
    seat's view just after; none once the round is over)."""
    actor = (shown.my_team or [])[action["actor"]]
    if actor.revealed:
        return
    side.actions += 1
    side.skills += action["type"] == "skill"
    newly = len(pinned(after) - pinned(shown)) if after.round == shown.round else 0
    side.pinning += newly > 0
    side.pinned += newly


def rate(right: int, made: int) -> dict[str, Any]:
    """`right` of `made` with its 95 % Wilson interval."""
    interval = wilson_interval(right, made)
    return {
        "made": made,
        "right": right,
        "rate": round(right / made, 3) if made else None,
        "interval": [round(interval.low, 3), round(interval.high, 3)],
    }


def bucket(value: float, bounds: Sequence[float]) -> int:
    """The index of the bucket `value` falls in: up to each bound, then above the last."""
    return next((i for i, bound in enumerate(bounds) if value <= bound), len(bounds))


def labels(bounds: Sequence[float]) -> list[str]:
    """The buckets' names, in order: "<=bound" for each bound, then ">last"."""
    return [f"<={bound}" for bound in bounds] + [f">{bounds[-1]}"]


def grouped(
    assertions: Iterable[Assertion], key: Any, names: Sequence[str] | None = None
) -> dict[str, dict[str, Any]]:
    """The assertions' right rate per value of `key(assertion)`, in order (named by
    `names[value]` when given)."""
    groups: dict[Any, list[bool]] = {}
    for assertion in assertions:
        groups.setdefault(key(assertion), []).append(assertion.right)
    return {
        str(value if names is None else names[value]): rate(sum(rights), len(rights))
        for value, rights in sorted(groups.items())
    }


def summary(reports: Sequence[MatchReport]) -> dict[str, Any]:
    """The totals over every match."""
    made = [a for r in reports for a in r.assertions]
    theirs = [a for r in reports for a in r.their_assertions]
    turns, beliefs = labels(TURN_BUCKETS), labels(BELIEF_BUCKETS)
    wins = sum(r.won for r in reports)
    numbers = sorted({n for r in reports for n in r.rounds_won_by_number + r.rounds_lost_by_number})
    games = len(reports)
    interval = wilson_interval(wins, games)
    return {
        "matches": games,
        "won": wins,
        "score": round(wins / games, 3) if games else None,
        "score_interval": [round(interval.low, 3), round(interval.high, 3)],
        "rounds_won": sum(r.rounds_won for r in reports),
        "rounds_lost": sum(r.rounds_lost for r in reports),
        "rounds_by_number": {
            str(n): {
                "won": sum(r.rounds_won_by_number.count(n) for r in reports),
                "played": sum(
                    (r.rounds_won_by_number + r.rounds_lost_by_number).count(n) for r in reports
                ),
            }
            for n in numbers
        },
        "our_giveaways": _giveaways(r.giveaways[0] for r in reports),
        "their_giveaways": _giveaways(r.giveaways[1] for r in reports),
        "our_verdicts": sorted(v for r in reports for v in r.our_verdicts),
        "their_verdicts": sorted(v for r in reports for v in r.their_verdicts),
        "assertion_phases": sum(r.assertion_phases for r in reports),
        "assertions": rate(sum(a.right for a in made), len(made)),
        "assertions_per_match": round(len(made) / games, 2) if games else None,
        "their_assertions": rate(sum(a.right for a in theirs), len(theirs)),
        "their_by_turn": grouped(theirs, lambda a: bucket(a.turn, TURN_BUCKETS), turns),
        "their_by_candidates": grouped(theirs, lambda a: min(a.candidates, 3)),
        "their_by_round": grouped(theirs, lambda a: a.round),
        "hp_by_round": hp_by_round(made, theirs, numbers),
        "by_round": grouped(made, lambda a: a.round),
        "by_turn": grouped(made, lambda a: bucket(a.turn, TURN_BUCKETS), turns),
        "by_revealed": grouped(made, lambda a: a.revealed),
        "by_candidates": grouped(made, lambda a: min(a.candidates, 3)),
        "by_belief": grouped(made, lambda a: bucket(a.belief, BELIEF_BUCKETS), beliefs),
        "mean_belief_right": _mean(a.belief for a in made if a.right),
        "mean_belief_wrong": _mean(a.belief for a in made if not a.right),
    }


def hp_by_round(
    made: Sequence[Assertion], theirs: Sequence[Assertion], numbers: Iterable[int]
) -> dict[str, dict[str, int]]:
    """Per round number, the HP each side's assertions took from the other (right ones)
    and cost itself (wrong ones), summed over the matches."""

    def moved(side: Sequence[Assertion], number: int, right: bool) -> int:
        return sum(a.hp for a in side if a.round == number and a.right == right)

    return {
        str(n): {
            "ours_took": moved(made, n, True),
            "ours_cost": moved(made, n, False),
            "theirs_took": moved(theirs, n, True),
            "theirs_cost": moved(theirs, n, False),
        }
        for n in numbers
    }


def _giveaways(sides: Iterable[Giveaway]) -> dict[str, Any]:
    """A seat's giveaways summed over the matches, with the skill and pinning rates."""
    total = Giveaway()
    for side in sides:
        total.actions += side.actions
        total.skills += side.skills
        total.pinning += side.pinning
        total.pinned += side.pinned
    return {
        **asdict(total),
        "skill_rate": rate(total.skills, total.actions),
        "pinning_rate": rate(total.pinning, total.actions),
    }


def _mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return round(sum(items) / len(items), 3) if items else None


def play(db: str, ours: str, opponent: str, games: int, seed: int) -> None:
    """Play `games` paired games of `ours` against `opponent` at the game's own clock and
    store them in `db` (`sparring compare`)."""
    command = [sys.executable, "-c", "from sparring.cli import main; main()", "compare", GAME]
    command += ["--a", ours, "--b", opponent, "--games", str(games), "--seed", str(seed)]
    subprocess.run([*command, "--db", db, "--quiet"], check=True, stdout=subprocess.DEVNULL)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", required=True, help="the contest bot's seat, saiblo:CMD")
    parser.add_argument("--ours", default=OURS, help=f"our seat (default {OURS})")
    parser.add_argument("--db", default="sqlite:///sparring.db", help="the match store")
    parser.add_argument("--play", type=int, default=0, help="first play this many games")
    parser.add_argument("--seed", type=int, default=16000, help="seed of the played pairs")
    parser.add_argument("--samples", type=int, default=BELIEF_SAMPLES, help="belief pools")
    args = parser.parse_args(argv)
    if args.play:
        play(args.db, args.ours, args.opponent, args.play, args.seed)
    reports: list[MatchReport] = []
    with Store(args.db) as store:
        for listed in sorted(store.list(game=GAME, limit=1_000_000), key=lambda r: r.id or 0):
            seat = our_seat(listed, args.ours, args.opponent)
            if seat is not None and listed.id is not None:
                reports.append(analyse(store.get(listed.id), seat, args.samples))
    output = {
        "ours": args.ours,
        "opponent": args.opponent,
        "matches": [asdict(r) for r in reports],
        "total": summary(reports),
    }
    print(json.dumps(output))


if __name__ == "__main__":
    main()
