"""The original-contest seat behaves as the official contest engine did where that engine
departed from its own documents — one test (or group) per quirk, numbered as in
docs/saiblo.md, "The official engine's quirks":

1. a passive or buff share's ``deflect`` carries the 70 % the fish keeps;
2. the first Assert messages of rounds 2-3 re-send the previous round's infos;
3. the turn limit is checked before deaths (tests/aquawar/test_official_options.py);
4. target lists a skill does not take are forfeits (BAD).

Expected values are worked out by hand from the rules and the documents.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from sparring.core.events import PUBLIC
from sparring.core.verdicts import BAD
from sparring.games.aquawar.actions import Attack, Skill
from sparring.games.aquawar.events import TURN
from sparring.games.aquawar.options import OFFICIAL_ENGINE, AquawarOptions
from sparring.games.aquawar.saiblo import (
    NOTHING_CARRIED,
    Carried,
    SaibloSeat,
    assert_message,
    carry_over,
    finish_from_log,
)
from sparring.games.aquawar.views import OwnFish, PublicFish

from .helpers import ARCHER, EEL, GREATWHITE, OCTOPUS, PUFFER, of_kind, play, position, tune
from .saiblo_support import (
    EXAMPLE,
    SPEC,
    UNSANDBOXED,
    Json,
    asserted,
    attack,
    bad,
    bot,
    command,
    only_verdict,
    own,
    public,
    reply,
    round_end,
    skill,
    transcript,
    turn,
    view,
)
from .saiblo_support import play as play_match

OFFICIAL = AquawarOptions.from_json(dict(OFFICIAL_ENGINE))

# --------------------------------------------------------------------- 1. deflect


def test_quirk_1_deflect_carries_the_share_the_fish_keeps() -> None:
    # Seat 1's Electric Eel, under a Clownfish share buff, takes a 100 normal attack (ATK
    # 200). Its passive shares 100 — 10 to each teammate — and it keeps 70; the buff then
    # shares those 70 — 7 each — and it keeps 49. Our log records what was shared (100,
    # then 70, ruling 23); the official engine sent what the fish kept: 70, then 49.
    # (The Octopus and the Great White heal back to 400 after each share: +10, then +7.)
    state = position([ARCHER, PUFFER, OCTOPUS, GREATWHITE], [EEL, PUFFER, OCTOPUS, GREATWHITE])
    tune(state.teams[0][0], atk=200)
    tune(state.teams[1][0], share_buff=True)
    state.events.append((TURN, PUBLIC, 1, 1, 0))  # the round's first turn, as picks open it
    events = play(state, Attack(0, 0))
    logged = [e["value"] for e in of_kind(events, "passive") if e["type"] == "deflect"]
    assert logged == [100, 70]

    sent = assert_message(SPEC.view(state, 1))["EnemyAction"]
    assert sent["passive"] == [
        {"type": "deflect", "source": 0, "isEnemy": False, "value": 70, "time": 1},
        {"type": "heal", "source": 2, "isEnemy": False, "value": 10, "time": 4},
        {"type": "heal", "source": 3, "isEnemy": False, "value": 10, "time": 6},
        {"type": "deflect", "source": 0, "isEnemy": False, "value": 49, "time": 7},
        {"type": "heal", "source": 2, "isEnemy": False, "value": 7, "time": 10},
        {"type": "heal", "source": 3, "isEnemy": False, "value": 7, "time": 12},
    ]
    assert [(h["target"], h["value"]) for h in sent["hit"]] == [
        (1, 10),
        (2, 10),
        (3, 10),
        (1, 7),
        (2, 7),
        (3, 7),
        (0, 49),
    ]


# --------------------------------------------------------------------- 2. carried infos

# Round 1 as both seats saw it: seat 0 asserts wrongly and hits enemy 3; seat 1 passes and
# hits seat 0's fish 2; seat 0 asserts rightly, hits enemy 0 with its fish 3 and wins.
ROUND_1 = [
    turn(0, 1),
    *asserted(0, 2, 5, False),
    *attack(0, 1, 3),
    turn(1, 2),
    *attack(1, 0, 2),
    turn(0, 3),
    *asserted(0, 1, 4, True),
    *attack(0, 3, 0),
    round_end(0),
]
SEAT_0_LAST = {  # seat 0's last action of round 1, as seat 1 receives it
    "ActionFish": 3,
    "skill": {
        "targets": [{"pos": 0, "isEnemy": False, "value": 50}],
        "type": "normalattack",
        "isSkill": False,
    },
    "hit": [{"target": 0, "isEnemy": False, "value": 50, "traceable": True, "time": 1}],
    "passive": [],
}
SEAT_1_LAST = {  # seat 1's last action of round 1, as seat 1 receives it
    "ActionFish": 0,
    "skill": {
        "targets": [{"pos": 2, "isEnemy": True, "value": 50}],
        "type": "normalattack",
        "isSkill": False,
    },
    "hit": [{"target": 2, "isEnemy": True, "value": 50, "traceable": True, "time": 1}],
    "passive": [],
}
LAST_ASSERT = {"AssertPos": 1, "AssertContent": 4, "AssertResult": True}


def round_2(seat: int, log: list[Json]) -> Any:
    return view(seat, log, round=2, wins=[1, 0], first_mover=1)


def test_quirk_2_carry_over_keeps_the_last_assertion_and_each_seats_last_action() -> None:
    carried = carry_over(view(1, ROUND_1, phase="over"), NOTHING_CARRIED)
    assert carried == Carried(LAST_ASSERT, (SEAT_0_LAST, SEAT_1_LAST))


def test_quirk_2_the_first_movers_first_assert_resends_all_three() -> None:
    carried = carry_over(view(1, ROUND_1, phase="over"), NOTHING_CARRIED)
    message = assert_message(round_2(1, [turn(1, 1)]), carried)
    assert message["EnemyAssert"] == LAST_ASSERT
    assert message["EnemyAction"] == SEAT_0_LAST
    assert message["MyAction"] == SEAT_1_LAST


def test_quirk_2_the_second_movers_first_assert_resends_its_own_last_action() -> None:
    carried = carry_over(view(0, ROUND_1, phase="over"), NOTHING_CARRIED)
    log = [turn(1, 1), *asserted(1, 3, 9, False), *attack(1, 2, 1), turn(0, 2)]
    message = assert_message(round_2(0, log), carried)
    assert message["EnemyAssert"] == {"AssertPos": 3, "AssertContent": 9, "AssertResult": False}
    assert message["EnemyAction"]["ActionFish"] == 2  # this round's
    mine = message["MyAction"]  # round 1's turn 3, now seen from seat 0's side
    assert mine["ActionFish"] == 3
    assert mine["hit"] == [
        {"target": 0, "isEnemy": True, "value": 50, "traceable": True, "time": 1}
    ]


def test_quirk_2_from_the_third_assert_on_nothing_is_carried() -> None:
    carried = carry_over(view(1, ROUND_1, phase="over"), NOTHING_CARRIED)
    log = [turn(1, 1), *attack(1, 2, 1), turn(0, 2), *attack(0, 0, 3), turn(1, 3)]
    message = assert_message(round_2(1, log), carried)
    assert message["EnemyAssert"] is None  # seat 0 passed in turn 2
    assert message["EnemyAction"]["ActionFish"] == 0
    assert message["MyAction"]["ActionFish"] == 2


def test_quirk_2_the_carried_assertion_can_be_the_seats_own() -> None:
    # Seat 0 ends round 1 by a wrong assertion that costs it its last fish; as the loser it
    # opens round 2, and the last assertion the official engine held was its own.
    log = [
        turn(0, 1),
        *attack(0, 0, 0),
        turn(1, 2),
        *attack(1, 1, 1),
        turn(0, 3),
        *asserted(0, 2, 7, False),
        round_end(1),
    ]
    carried = carry_over(view(0, log, phase="over"), NOTHING_CARRIED)
    message = assert_message(view(0, [turn(0, 1)], round=2, wins=[0, 1]), carried)
    assert message["EnemyAssert"] == {"AssertPos": 2, "AssertContent": 7, "AssertResult": False}
    assert message["EnemyAction"]["ActionFish"] == 1
    assert message["MyAction"]["ActionFish"] == 0


def test_quirk_2_a_seat_that_did_not_act_keeps_what_it_carried() -> None:
    before = Carried(LAST_ASSERT, (SEAT_0_LAST, SEAT_1_LAST))
    log = [turn(1, 1), *attack(1, 3, 1), round_end(1)]
    after = carry_over(view(1, log, phase="over"), before)
    assert after.assertion is None  # seat 1 passed in that turn
    assert after.actions[0] == SEAT_0_LAST
    assert after.actions[1] is not None and after.actions[1]["ActionFish"] == 3


def test_quirk_2_a_finish_before_the_seat_acted_resends_its_carried_action() -> None:
    carried = carry_over(view(0, ROUND_1, phase="over"), NOTHING_CARRIED)
    log = [turn(1, 1), *attack(1, 0, 2), round_end(1)]
    message = finish_from_log(view(0, log, phase="over", round=2), carried)
    assert message["MyAction"] is not None and message["MyAction"]["ActionFish"] == 3
    assert message["EnemyAction"]["ActionFish"] == 0


def _rounds(messages: list[Json]) -> list[list[Json]]:
    """A transcript cut into rounds, each from its Pick to its Finish."""
    rounds: list[list[Json]] = []
    for message in messages:
        if message["Action"] == "Pick":
            rounds.append([])
        rounds[-1].append(message)
    return rounds


def _latest(messages: list[Json]) -> dict[str, Any]:
    """The last assertion and the last enemy and own actions a round's messages told of."""
    latest: dict[str, Any] = {}
    fields = {
        "EnemyAssert": "assert",
        "AssertReply": "assert",
        "MyAssert": "assert",
        "EnemyAction": "EnemyAction",
        "MyAction": "MyAction",
    }
    for message in messages:
        for key, slot in fields.items():
            if key in message and (key != "EnemyAction" or message[key] is not None):
                latest[slot] = message[key]
    return latest


# The example bot beats the random agent, so it moves second in later rounds, unless seat
# 0 opens every round; the official rules are played too.
MATCHES = {
    "second mover": (1, AquawarOptions()),
    "first mover": (0, AquawarOptions(seat0_always_first=True)),
    "official rules": (0, OFFICIAL),
}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("match", sorted(MATCHES))
def test_quirk_2_whole_matches_open_each_round_with_the_last_rounds_infos(
    tmp_path: Path, seed: int, match: str
) -> None:
    order, options = MATCHES[match]
    log = tmp_path / "received.jsonl"
    seat = SaibloSeat(
        command(EXAMPLE, "--assert-every", "2", "--transcript", str(log)), UNSANDBOXED
    )
    outcome = play_match(seat, order, seed, options=options)
    assert outcome.verdicts == []
    rounds = _rounds(transcript(log))
    assert len(rounds) >= 2
    for previous, current in pairwise(rounds):
        latest = _latest(previous)
        first = next(m for m in current if m["Action"] == "Assert")
        assert first["MyAction"] is not None and first["MyAction"] == latest["MyAction"]
        opens = current[0]["FirstMover"] == 1
        if match != "official rules":
            assert opens == (match == "first mover")
        if opens:
            assert first["EnemyAction"] is not None
            assert first["EnemyAction"] == latest["EnemyAction"]
            assert first["EnemyAssert"] == latest["assert"]


# --------------------------------------------------------------------- 4. target lists

ARCHER_ETC = [own(1), own(5), own(6), own(2)]  # Archerfish, Sea Wolf, Manta Ray, Pufferfish
SHARKS_ETC = [own(9), own(11), own(7, uses=3), own(12, acts_as=1)]  # + tired Turtle, Mimic
ENEMY_1_DEAD = [public(None), public(None, hp=0), public(None), public(None)]
LIVING = [0, 2, 3]

# Each forfeit: the reply, the team, and the reason's telling part.
FORFEITS: dict[str, tuple[Json, list[OwnFish], str]] = {
    "MyList on an area attack": (
        skill(0, [1], LIVING),
        ARCHER_ETC,
        "MyList must be empty: the Archerfish's skill takes no target there, got [1]",
    ),
    "MyList on a crit": (
        skill(1, [0], [2]),
        ARCHER_ETC,
        "MyList must be empty: the Sea Wolf's skill takes no target there, got [0]",
    ),
    "MyList on a shark crit": (
        skill(0, [1], [0]),
        SHARKS_ETC,
        "MyList must be empty: the Great White Shark's skill takes no target there",
    ),
    "MyList on a Mimic's area attack": (
        skill(3, [0], LIVING),
        SHARKS_ETC,
        "MyList must be empty: the Archerfish's skill (copied by the Mimic at 3)",
    ),
    "EnemyList on a reduction buff": (
        skill(2, [2], [0]),
        ARCHER_ETC,
        "EnemyList must be empty: the Manta Ray's skill takes no target there, got [0]",
    ),
    "EnemyList on an infight": (
        skill(3, [0], [3]),
        ARCHER_ETC,
        "EnemyList must be empty: the Pufferfish's skill takes no target there, got [3]",
    ),
    "EnemyList on a Sea Turtle after its third use": (
        skill(2, [0], [0]),
        SHARKS_ETC,
        "EnemyList must be empty: the Sea Turtle's skill takes no target there, got [0]",
    ),
    "an area attack's EnemyList naming a dead fish": (
        skill(0, [], [0, 1, 2, 3]),
        ARCHER_ETC,
        "EnemyList names dead enemy fish [1]: the Archerfish's skill is an area attack",
    ),
    "an area attack's EnemyList missing a living fish": (
        skill(0, [], [0, 3]),
        ARCHER_ETC,
        "EnemyList must be exactly the living enemies [0, 2, 3] for the Archerfish's skill",
    ),
    "an area attack without its EnemyList": (
        skill(0),
        ARCHER_ETC,
        "an area attack; got []",
    ),
    "a Clownfish's area attack naming a dead fish": (
        skill(1, [0], [0, 1, 2, 3]),
        SHARKS_ETC,
        "EnemyList names dead enemy fish [1]: the Clownfish's skill is an area attack",
    ),
}


@pytest.mark.parametrize("case", sorted(FORFEITS))
def test_quirk_4_a_target_list_the_skill_does_not_take_is_bad(case: str) -> None:
    message, team, reason = FORFEITS[case]
    assert reason in bad(message, "action", team, ENEMY_1_DEAD)


# The same skills with the lists the official engine accepted.
ACCEPTED: dict[str, tuple[Json, list[OwnFish], Skill]] = {
    "an area attack naming the living enemies, in any order": (
        skill(0, [], [3, 0, 2]),
        ARCHER_ETC,
        Skill(0),
    ),
    "a crit": (skill(1, [], [2]), ARCHER_ETC, Skill(1, None, 2)),
    "a reduction buff": (skill(2, [2], []), ARCHER_ETC, Skill(2, 2)),
    "an infight": (skill(3, [0]), ARCHER_ETC, Skill(3, 0)),
    "a shark crit": (skill(0, None, [2]), SHARKS_ETC, Skill(0, None, 2)),
    "a Clownfish's first uses": (skill(1, [0], LIVING), SHARKS_ETC, Skill(1, 0)),
    "a Sea Turtle after its third use": (skill(2, [0], []), SHARKS_ETC, Skill(2, 0)),
    "a Mimic's area attack": (skill(3, [], LIVING), SHARKS_ETC, Skill(3)),
}


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_quirk_4_the_lists_a_skill_takes_are_read(case: str) -> None:
    message, team, expected = ACCEPTED[case]
    assert reply(message, "action", team, ENEMY_1_DEAD) == expected


def test_quirk_4_a_clownfish_after_its_third_use_takes_no_enemy() -> None:
    tired: list[OwnFish] = [own(11, uses=3), own(1), own(2), own(3)]
    reason = bad(skill(0, [1], LIVING), "action", tired, ENEMY_1_DEAD)
    assert "EnemyList must be empty: the Clownfish's skill takes no target there" in reason
    assert reply(skill(0, [1], []), "action", tired, ENEMY_1_DEAD) == Skill(0, 1)


def test_quirk_4_a_target_the_skill_takes_but_the_rules_refuse_is_left_to_the_engine() -> None:
    # A crit at a dead enemy is a move our rules refuse: the seat reads it, the engine
    # makes it IA. Only the lists the engine never sees are the seat's to refuse (BAD).
    enemies: list[PublicFish] = ENEMY_1_DEAD
    assert reply(skill(1, [], [1]), "action", ARCHER_ETC, enemies) == Skill(1, None, 1)


def test_quirk_4_a_bot_sending_a_list_its_skill_does_not_take_loses_by_bad(
    tmp_path: Path,
) -> None:
    cmd = bot(
        tmp_path,
        "extra_list",
        """
for message in messages():
    if message["Action"] == "Action":  # fish 0 is the Archerfish: an area attack
        living = [p for p in range(4) if message["GameInfo"]["EnemyHP"][p] > 0]
        send({"Action": "Action", "Type": 1, "MyPos": 0, "MyList": [1], "EnemyList": living})
    else:
        send(simple(message))
""",
    )
    outcome = play_match(SaibloSeat(cmd), 0, 3)
    verdict = only_verdict(outcome, 0)
    assert verdict.verdict == BAD
    assert "MyList must be empty: the Archerfish's skill takes no target there" in verdict.detail
