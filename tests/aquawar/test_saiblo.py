"""Bots of the original Aquawar contest (Saiblo wire protocol) under the referee.

Whole matches run the standalone example bot against a tiny in-test agent; the message
builders are checked against logs written by hand and expectations worked out by hand
from the Saiblo documents (never read back from the code); misbehaving bots get their
verdicts.
"""

from __future__ import annotations

import json
import time
from itertools import pairwise
from pathlib import Path

import pytest

from sparring.arena.process import BotFailure, BotProcess
from sparring.arena.seats import make_seat
from sparring.core.verdicts import BAD, IA, TLE
from sparring.games.aquawar.actions import Assert, Attack, Pass, Pick, Skill
from sparring.games.aquawar.saiblo import (
    SaibloSeat,
    action_info,
    action_message,
    assert_message,
    finish_from_log,
    game_info,
    pick_message,
    read_reply,
    split_turns,
)

from .saiblo_support import (
    EXAMPLE,
    PRELUDE,
    SPEC,
    UNSANDBOXED,
    Json,
    action,
    asserted,
    attack,
    bad,
    bot,
    command,
    gone,
    hit,
    only_verdict,
    own,
    passive,
    play,
    public,
    reply,
    round_end,
    skill,
    transcript,
    turn,
    view,
)

# --------------------------------------------------------------------- whole matches


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("order", [0, 1])
def test_example_bot_plays_whole_matches(tmp_path: Path, seed: int, order: int) -> None:
    log = tmp_path / "received.jsonl"
    seat = SaibloSeat(
        command(EXAMPLE, "--assert-every", "3", "--transcript", str(log)), UNSANDBOXED
    )
    outcome = play(seat, order, seed)
    state = outcome.state
    assert outcome.verdicts == []
    assert state.is_terminal() and state.winner in (0, 1)
    assert seat.process is not None and gone(seat.process.pid)

    messages = transcript(log)
    kinds = [m["Action"] for m in messages]
    rounds = state.round_results
    assert kinds.count("Pick") == kinds.count("Finish") == len(rounds)
    assert kinds[0] == "Pick" and kinds[-1] == "Finish"
    finishes = [m for m in messages if m["Action"] == "Finish"]
    for result, finish in zip(rounds, finishes, strict=True):
        assert finish["Result"] == ("Win" if result["winner"] == order else "Lose")
        assert finish["isStateLimitExceed"] == result["reason"].startswith("turn limit")
        _check_finish_complete(finish)
    _check_turn_order(kinds)
    _check_no_leak(messages)


FINISH_VARIANTS = (
    {"MyAssert"},
    {"MyAction"},
    {"EnemyAssert", "MyAction"},
    {"EnemyAssert", "EnemyAction", "MyAction"},
)


def _check_finish_complete(finish: Json) -> None:
    """Every round's Finish — between rounds too — is one of the documented variants with
    the final turn's details filled in (the pick view keeps the last round's log)."""
    ending = set(finish) - {"Action", "Result", "isStateLimitExceed"}
    assert ending in FINISH_VARIANTS, finish
    for key in ("MyAssert", "MyAction", "EnemyAction"):
        if key in finish:
            assert finish[key] is not None, finish


def _check_turn_order(kinds: list[str]) -> None:
    """Per round: Pick, then Assert/Action pairs (an assertion can end the round), Finish."""
    expected_next = {
        "Pick": {"Assert", "Finish"},
        "Assert": {"Action", "Finish"},
        "Action": {"Assert", "Finish"},
        "Finish": {"Pick"},
    }
    for before, after in pairwise(kinds):
        assert after in expected_next[before], (before, after)


def _check_no_leak(messages: list[Json]) -> None:
    """An enemy fish's id appears only after an assertion revealed it, in that round."""
    revealed: set[int] = set()
    for message in messages:
        if message["Action"] == "Pick":
            revealed = set()
        reply = message.get("AssertReply")
        if reply and reply["AssertResult"]:
            revealed.add(reply["AssertPos"])
        info = message.get("GameInfo")
        if info:
            shown = {pos for pos, fish in enumerate(info["EnemyFish"]) if fish != -1}
            assert shown <= revealed


def test_remaining_fish_shrink_round_by_round(tmp_path: Path) -> None:
    log = tmp_path / "received.jsonl"
    seat = SaibloSeat(command(EXAMPLE, "--transcript", str(log)), UNSANDBOXED)
    result = play(seat, 0, 5)
    picks = [m for m in transcript(log) if m["Action"] == "Pick"]
    assert picks[0]["RemainFishs"] == list(range(1, 13))
    own = result.state.round_results[0]["teams"][0]["fish"]
    assert picks[1]["RemainFishs"] == [f for f in range(1, 13) if f not in own]
    assert picks[0]["FirstMover"] == int(result.state.round_results[0]["first_mover"] == 0)


def test_make_seat_builds_a_saiblo_seat() -> None:
    seat = make_seat(f"saiblo:{command(EXAMPLE)}", SPEC, 0, 1)
    assert isinstance(seat, SaibloSeat)
    assert seat.label == {"kind": "saiblo", "command": command(EXAMPLE)}


# --------------------------------------------------------------------- hand-made views


def test_game_info_signs_and_zeroes() -> None:
    mine = [
        own(12, hp=300, revealed=True, acts_as=9),  # an asserted Mimic: -12
        own(10, hp=0, atk=115),  # dead: HP 0
        own(5, hp=90, atk=140),
        own(7, hp=400, revealed=True),
    ]
    theirs = [public(None, 250), public(5, 0), public(None, 0), public(12, 80)]
    info = game_info(view(0, [], my_team=mine, enemy_team=theirs))
    assert info == {
        "EnemyFish": [-1, 5, -1, 12],
        "EnemyHP": [250, 0, 0, 80],
        "MyFish": [-12, 10, 5, -7],
        "MyHP": [300, 0, 90, 400],
        "MyATK": [100, 115, 140, 100],
    }


# An enemy (seat 1) Archerfish AoE on seat 0, resolved as the engine records it: fish 0
# shares (deflect, logged with the 35 before the split) before its own hit of 24, fish 1
# takes a share, fish 0's counter hits back.
AOE_TURN = [
    turn(1, 2),
    action(1, 2, "aoe", [[0, 0, 35], [0, 1, 35]]),
    passive("deflect", 0, 0, 35),
    hit(0, 1, 5, direct=False),
    hit(0, 0, 24),
    passive("counter", 0, 0, 30),
    hit(1, 2, 30, direct=False),
    hit(0, 1, 35),
    passive("heal", 0, 1, 20),
    passive("reduce", 1, 3, 0),
]


def test_action_info_timestamps_and_is_enemy_for_the_victim() -> None:
    turns, _ = split_turns(AOE_TURN)
    assert action_info(turns[0], 0) == {
        "ActionFish": 2,
        "skill": {
            "targets": [
                {"pos": 0, "isEnemy": False, "value": 35},
                {"pos": 1, "isEnemy": False, "value": 35},
            ],
            "type": "aoe",
            "isSkill": True,
        },
        "hit": [
            {"target": 1, "isEnemy": False, "value": 5, "traceable": False, "time": 2},
            {"target": 0, "isEnemy": False, "value": 24, "traceable": True, "time": 3},
            {"target": 2, "isEnemy": True, "value": 30, "traceable": False, "time": 5},
            {"target": 1, "isEnemy": False, "value": 35, "traceable": True, "time": 6},
        ],
        "passive": [
            {"type": "deflect", "source": 0, "isEnemy": False, "value": 24, "time": 1},
            {"type": "counter", "source": 0, "isEnemy": False, "value": 30, "time": 4},
            {"type": "heal", "source": 1, "isEnemy": False, "value": 20, "time": 7},
            {"type": "reduce", "source": 3, "isEnemy": True, "value": 0, "time": 8},
        ],
    }


def test_action_info_is_enemy_flips_for_the_actor() -> None:
    turns, _ = split_turns(AOE_TURN)
    for_victim = action_info(turns[0], 0)
    for_actor = action_info(turns[0], 1)
    assert for_victim is not None and for_actor is not None
    assert [t["isEnemy"] for t in for_actor["skill"]["targets"]] == [True, True]
    assert [h["isEnemy"] for h in for_actor["hit"]] == [True, True, False, True]
    assert [p["isEnemy"] for p in for_actor["passive"]] == [True, True, True, False]
    assert [h["time"] for h in for_actor["hit"]] == [h["time"] for h in for_victim["hit"]]


def test_subtle_skill_and_normal_attack_flags() -> None:
    turns, _ = split_turns([turn(0), action(0, 3, "subtle", [])])
    info = action_info(turns[0], 1)
    assert info == {
        "ActionFish": 3,
        "skill": {"targets": [], "type": "subtle", "isSkill": True},
        "hit": [],
        "passive": [],
    }
    turns, _ = split_turns([turn(0), *attack(0, 1, 2)])
    info = action_info(turns[0], 0)
    assert info is not None and info["skill"]["isSkill"] is False


def test_private_skill_detail_is_not_reported() -> None:
    detail = {"kind": "skill_detail", "seat": 0, "actor": 1, "ally": 2, "enemy": None}
    turns, _ = split_turns([turn(0), detail, action(0, 1, "subtle", [])])
    assert action_info(turns[0], 0) == action_info(
        split_turns([turn(0), action(0, 1, "subtle", [])])[0][0], 0
    )


def test_first_assert_of_the_first_mover_has_nothing_to_report() -> None:
    log = [{"kind": "round_start", "round": 1, "first_mover": 0}, turn(0)]
    message = assert_message(view(0, log))
    assert message["EnemyAssert"] is None
    assert message["EnemyAction"] is None
    assert message["MyAction"] is None
    assert message["Action"] == "Assert" and "GameInfo" in message


def test_assert_message_reports_the_enemy_turn_and_our_previous_action() -> None:
    log = [
        turn(1, 1),
        *asserted(1, 2, 5, False),
        *attack(1, 0, 3),
        turn(0, 2),
        *attack(0, 1, 0),
        turn(1, 3),
        *asserted(1, 0, 9, True),
        *attack(1, 2, 1),
        turn(0, 4),
    ]
    message = assert_message(view(0, log))
    assert message["EnemyAssert"] == {"AssertPos": 0, "AssertContent": 9, "AssertResult": True}
    enemy = message["EnemyAction"]
    assert enemy["ActionFish"] == 2
    assert enemy["hit"] == [
        {"target": 1, "isEnemy": False, "value": 50, "traceable": True, "time": 1}
    ]
    mine = message["MyAction"]
    assert mine["ActionFish"] == 1
    assert mine["skill"]["targets"] == [{"pos": 0, "isEnemy": True, "value": 50}]


def test_action_message_carries_this_turns_assertion() -> None:
    log = [turn(0), *asserted(0, 3, 12, False)]
    message = action_message(view(0, log, phase="action"))
    assert message["AssertReply"] == {"AssertPos": 3, "AssertContent": 12, "AssertResult": False}
    assert action_message(view(0, [turn(0)], phase="action"))["AssertReply"] is None


def test_pick_message() -> None:
    message = pick_message(view(1, [], phase="pick", used=[1, 5, 9, 12], first_mover=1))
    assert message == {
        "Action": "Pick",
        "RemainFishs": [2, 3, 4, 6, 7, 8, 10, 11],
        "FirstMover": 1,
    }
    assert pick_message(view(0, [], phase="pick", first_mover=1))["FirstMover"] == 0


# --------------------------------------------------------------------- Finish variants


def test_finish_when_our_assertion_ends_the_round() -> None:
    log = [turn(1, 1), *attack(1, 0, 0), turn(0, 2), *asserted(0, 1, 4, True), round_end(0)]
    assert finish_from_log(view(0, log, phase="over")) == {
        "Action": "Finish",
        "Result": "Win",
        "isStateLimitExceed": False,
        "MyAssert": {"AssertPos": 1, "AssertContent": 4, "AssertResult": True},
    }


def test_finish_when_our_action_ends_the_round_at_the_turn_limit() -> None:
    log = [turn(1, 63), *attack(1, 0, 0), turn(0, 64), *attack(0, 2, 3)]
    log.append(round_end(1, "turn limit: more total HP"))
    message = finish_from_log(view(0, log, phase="over"))
    assert set(message) == {"Action", "Result", "isStateLimitExceed", "MyAction"}
    assert message["Result"] == "Lose" and message["isStateLimitExceed"] is True
    assert message["MyAction"]["ActionFish"] == 2


def test_finish_when_the_enemy_assertion_ends_the_round() -> None:
    log = [turn(0, 1), *attack(0, 3, 1), turn(1, 2), *asserted(1, 2, 6, False), round_end(0)]
    message = finish_from_log(view(0, log, phase="over"))
    assert set(message) == {"Action", "Result", "isStateLimitExceed", "EnemyAssert", "MyAction"}
    assert message["Result"] == "Win"
    assert message["EnemyAssert"] == {"AssertPos": 2, "AssertContent": 6, "AssertResult": False}
    assert message["MyAction"]["ActionFish"] == 3


def test_finish_when_the_enemy_action_ends_the_round() -> None:
    log = [turn(0, 1), *attack(0, 3, 1), turn(1, 2), *attack(1, 0, 2), round_end(1)]
    message = finish_from_log(view(0, log, phase="over"))
    assert list(message) == [
        "Action",
        "Result",
        "isStateLimitExceed",
        "EnemyAssert",
        "EnemyAction",
        "MyAction",
    ]
    assert message["Result"] == "Lose"
    assert message["EnemyAssert"] is None
    assert message["EnemyAction"]["ActionFish"] == 0
    assert message["MyAction"]["ActionFish"] == 3


def test_finish_when_the_enemy_ends_the_round_before_we_ever_acted() -> None:
    log = [turn(1, 1), *attack(1, 0, 2), round_end(1)]
    message = finish_from_log(view(0, log, phase="over"))
    assert message["MyAction"] is None and message["EnemyAction"]["ActionFish"] == 0


def test_finish_after_a_verdict_mid_turn() -> None:
    forfeit = {"kind": "forfeit", "seat": 1, "reason": "TLE: no reply within 3 s"}
    log = [turn(0, 1), *attack(0, 3, 1), turn(1, 2), forfeit]
    message = finish_from_log(view(0, log, phase="over", winner=0))
    assert message["Result"] == "Win" and message["isStateLimitExceed"] is False
    assert set(message) == {"Action", "Result", "isStateLimitExceed", "MyAction"}
    picks_only = [{"kind": "picked", "seat": 0}, {"kind": "forfeit", "seat": 0, "reason": "x"}]
    assert finish_from_log(view(0, picks_only, phase="over", winner=1)) == {
        "Action": "Finish",
        "Result": "Lose",
        "isStateLimitExceed": False,
    }


# --------------------------------------------------------------------- replies


def test_pick_replies() -> None:
    pick = {"Action": "Pick", "ChooseFishs": [1, 2, 3, 12], "ImitateFish": 4}
    assert reply(pick, "pick") == Pick((1, 2, 3, 12), 4)
    assert reply({"Action": "Pick", "ChooseFishs": [9, 1, 5, 3], "ImitateFish": 4}, "pick") == (
        Pick((9, 1, 5, 3))
    )
    assert "ImitateFish" in bad({"Action": "Pick", "ChooseFishs": [1, 2, 3, 12]}, "pick")
    assert "ImitateFish" in bad({"Action": "Pick", "ChooseFishs": [1, 2, 3, 16]}, "pick")
    assert "ChooseFishs" in bad({"Action": "Pick", "Fish": [1, 2, 3, 4]}, "pick")
    assert "ChooseFishs" in bad({"Action": "Pick", "ChooseFishs": [1, 2, "3", 4]}, "pick")
    assert "'Pick'" in bad({"Action": "Assert", "Pos": 0, "ID": 1}, "pick")


def test_assert_replies() -> None:
    assert reply({"Action": "Null"}, "assert") == Pass()
    assert reply({"Action": "Assert", "Pos": 2, "ID": 5}, "assert") == Assert(2, 5)
    assert "Pos" in bad({"Action": "Assert", "Pos": "2", "ID": 5}, "assert")
    assert "ID" in bad({"Action": "Assert", "Pos": 2}, "assert")
    assert "Expected `int` <= 3 - at `$.pos`" in bad(
        {"Action": "Assert", "Pos": 4, "ID": 5}, "assert"
    )
    assert "Pos" in bad({"Action": "Assert", "Pos": True, "ID": 5}, "assert")


TEAM = [own(7), own(11), own(1), own(12, acts_as=9)]  # Turtle, Clownfish, Archer, Mimic-shark


ONE_DEAD = (public(None), public(None, hp=0), public(None), public(None))  # enemy 1 is dead


def test_action_replies_map_lists_to_each_skills_targets() -> None:
    normal = {"Action": "Action", "Type": 0, "MyPos": 1, "EnemyPos": 3}
    assert reply(normal, "action", TEAM) == Attack(1, 3)
    assert reply(skill(0, [2], [0]), "action", TEAM) == Skill(0, 2, 0)  # turtle, use 1
    tired = [own(7, uses=3), *TEAM[1:]]
    assert reply(skill(0, [2], []), "action", tired) == Skill(0, 2, None)  # turtle, use 4
    clown = skill(1, [3], [0, 2, 3])  # the area attack of uses 1-3: every living enemy
    assert reply(clown, "action", TEAM, ONE_DEAD) == Skill(1, 3, None)
    archer = skill(2, [], [3, 0, 2])  # in any order
    assert reply(archer, "action", TEAM, ONE_DEAD) == Skill(2, None, None)
    assert reply(skill(3, None, [1]), "action", TEAM) == Skill(3, None, 1)  # Mimic as shark


def test_missing_and_null_target_lists_are_empty() -> None:
    """As in the official engine's reply check: an absent or null list is an empty one."""
    assert reply(skill(0, [1], None), "action", TEAM) == Skill(0, 1, None)
    message = {**skill(0, [1]), "EnemyList": None}
    assert reply(message, "action", TEAM) == Skill(0, 1, None)


def test_malformed_action_replies_are_bad() -> None:
    base = {"Action": "Action", "MyPos": 0}
    assert "Type" in bad({**base, "Type": 2}, "action", TEAM)
    assert "MyPos" in bad({**base, "Type": 0, "MyPos": 7, "EnemyPos": 1}, "action", TEAM)
    assert "EnemyPos" in bad({**base, "Type": 0}, "action", TEAM)
    assert "takes one" in bad({**base, "Type": 1, "MyList": [1, 2]}, "action", TEAM)
    assert "EnemyList" in bad({**base, "Type": 1, "EnemyList": "all"}, "action", TEAM)
    assert "Action" in bad({"Action": "Null"}, "action", TEAM)
    assert bad(skill(2, [], [0, 4, 2]), "action", TEAM) == "EnemyList holds [4]: positions are 0-3"
    assert bad(skill(1, [3, 3]), "action", TEAM) == "MyList names [3] more than once"


def test_acknowledgements_and_empty_frames_are_passed_over() -> None:
    assert reply({"Action": "Finish"}, "pick") is None
    assert read_reply(b"", view(0, [], phase="pick"), SPEC) is None
    with pytest.raises(BotFailure) as caught:
        read_reply(b"{not json", view(0, [], phase="pick"), SPEC)
    assert caught.value.verdict == BAD and "not JSON" in caught.value.detail
    with pytest.raises(BotFailure):
        read_reply(b"[1, 2]", view(0, [], phase="pick"), SPEC)


# --------------------------------------------------------------------- misbehaving bots


@pytest.mark.parametrize("order", [0, 1])
def test_a_bot_that_drips_its_frames_byte_by_byte_still_plays(tmp_path: Path, order: int) -> None:
    cmd = bot(
        tmp_path,
        "drip",
        """
for message in messages():
    data = frame(b"") + frame(json.dumps(simple(message)).encode())
    for i in range(len(data)):
        sys.stdout.buffer.write(data[i:i + 1])
        sys.stdout.buffer.flush()
""",
    )
    outcome = play(SaibloSeat(cmd), order, 11)
    assert outcome.verdicts == [] and outcome.state.is_terminal()


def test_a_reply_without_a_length_is_bad(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "no_length",
        """
for message in messages():
    sys.stdout.write(json.dumps(simple(message)) + "\\n")
    sys.stdout.flush()
""",
    )
    verdict = only_verdict(play(SaibloSeat(cmd), 0, 1), 0)
    assert verdict.verdict == BAD and "4 bytes, big-endian" in verdict.detail


def test_a_frame_that_is_not_json_is_bad(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "garbage",
        """
for message in messages():
    sys.stdout.buffer.write(frame(b"Pick 1 2 3 4"))
    sys.stdout.buffer.flush()
""",
    )
    verdict = only_verdict(play(SaibloSeat(cmd), 1, 1), 1)
    assert verdict.verdict == BAD and "not JSON" in verdict.detail


def test_a_negative_length_is_bad(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "negative",
        """
for message in messages():
    sys.stdout.buffer.write(b"\\xff\\xff\\xff\\xfe{}")
    sys.stdout.buffer.flush()
""",
    )
    verdict = only_verdict(play(SaibloSeat(cmd), 0, 1), 0)
    assert verdict.verdict == BAD and "unreadable frame" in verdict.detail


def test_a_reply_with_wrong_fields_is_bad(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "wrong_fields",
        """
for message in messages():
    send({"Action": "Pick", "Fishes": message["RemainFishs"][:4]})
""",
    )
    verdict = only_verdict(play(SaibloSeat(cmd), 0, 1), 0)
    assert verdict.verdict == BAD and "ChooseFishs" in verdict.detail


def test_an_illegal_but_well_formed_move_is_ia(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "illegal",
        """
for message in messages():
    send({"Action": "Pick", "ChooseFishs": [1, 1, 2, 3]})
""",
    )
    seat = SaibloSeat(cmd)
    verdict = only_verdict(play(seat, 1, 1), 1)
    assert verdict.verdict == IA and "4 different fish" in verdict.detail


def test_a_bot_that_never_answers_is_tle_within_the_deadline(tmp_path: Path) -> None:
    cmd = bot(
        tmp_path,
        "silent",
        """
for message in messages():
    time.sleep(1000)
""",
    )
    seat = SaibloSeat(cmd)
    started = time.monotonic()
    outcome = play(seat, 0, 1, seconds=1.0)
    verdict = only_verdict(outcome, 0)
    assert verdict.verdict == TLE
    assert outcome.max_seconds[0] < 2.0
    assert time.monotonic() - started < 2.0 + 1.0  # the whole match, closing included
    assert seat.process is not None and gone(seat.process.pid)


def test_an_acknowledged_finish_does_not_count_as_the_next_reply(tmp_path: Path) -> None:
    """The original SDK acknowledges each Finish; those frames must be skipped, not taken
    as the answer to the Pick that follows."""
    log = tmp_path / "sent.jsonl"
    cmd = bot(
        tmp_path,
        "acks",
        f"""
for message in messages():
    with open({str(log)!r}, "a") as out:
        out.write(json.dumps(message) + "\\n")
    send(simple(message))
""",
    )
    outcome = play(SaibloSeat(cmd, UNSANDBOXED), 0, 4)
    assert outcome.verdicts == []
    kinds = [m["Action"] for m in transcript(log)]
    assert kinds.count("Finish") == len(outcome.state.round_results) >= 2


# --------------------------------------------------------------------- the process layer


def test_request_framed_keeps_bytes_after_the_frame(tmp_path: Path) -> None:
    script = tmp_path / "two.py"
    script.write_text(
        PRELUDE
        + """
for message in messages():
    sys.stdout.buffer.write(frame(b'{"n":1}') + frame(b'{"n":2}'))
    sys.stdout.buffer.flush()
    break
time.sleep(30)
"""
    )
    process = BotProcess(command(script))
    try:
        first = process.request_framed(b"{}", 5.0, json.loads)
        second = process.request_framed(b"", 5.0, json.loads)
        assert (first, second) == ({"n": 1}, {"n": 2})
        pid = process.pid
    finally:
        process.close()
    assert gone(pid)


def test_request_framed_times_out_and_kills(tmp_path: Path) -> None:
    script = tmp_path / "mute.py"
    script.write_text("import time\ntime.sleep(30)\n")
    process = BotProcess(command(script))
    started = time.monotonic()
    with pytest.raises(BotFailure) as caught:
        process.request_framed(b"{}", 0.5, json.loads)
    assert caught.value.verdict == TLE
    assert time.monotonic() - started < 1.5
    assert gone(process.pid)
    process.close()
