"""The original-contest seat's reply parser, fuzzed: whatever a bot writes, the seat reads
an action of the kind the decision asks for, passes the frame over (an acknowledgement or
an empty frame), or gives a verdict with a reason — never any other exception.

The parser (`read_reply`) gets arbitrary bytes, arbitrary JSON values and reply-shaped
objects with arbitrary field values, against views of every phase with varied teams; and
whole byte streams — length headers included — go through a real bot process and the
seat's framing.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.arena.process import BotFailure
from sparring.core.verdicts import BAD, OLE, RE
from sparring.games.aquawar.actions import Assert, Attack, Pass, Pick, Skill
from sparring.games.aquawar.saiblo import SaibloSeat, read_reply
from sparring.games.aquawar.views import AquawarView, OwnFish, PublicFish

from .saiblo_support import SPEC, command, own, public, turn, view

#: What a decision of each phase may be answered with.
EXPECTED = {"pick": (Pick,), "assert": (Pass, Assert), "action": (Attack, Skill)}
REASON_CAP = 400  # a reason names the problem; it does not echo a megabyte of reply

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
small_ints = st.integers(min_value=-2, max_value=14)
field_values = small_ints | st.lists(small_ints, max_size=5) | json_values
reply_objects = st.fixed_dictionaries(
    {"Action": st.sampled_from(["Pick", "Assert", "Null", "Action", "Finish"]) | json_values},
    optional={
        key: field_values
        for key in (
            "ChooseFishs",
            "ImitateFish",
            "Pos",
            "ID",
            "Type",
            "MyPos",
            "EnemyPos",
            "MyList",
            "EnemyList",
        )
    },
)


@st.composite
def own_fish(draw: st.DrawFn) -> OwnFish:
    fish = draw(st.integers(min_value=1, max_value=12))
    copied = draw(st.integers(min_value=1, max_value=11)) if fish == 12 else fish
    hp = draw(st.sampled_from([0, 1, 200, 400]))
    return own(fish, hp=hp, acts_as=copied, uses=draw(st.integers(min_value=0, max_value=5)))


@st.composite
def views(draw: st.DrawFn) -> AquawarView:
    """A view of seat 0 asked to decide, with any teams: some fish dead, Mimics, worn-out
    Sea Turtles and Clownfish."""
    mine = [draw(own_fish()) for _ in range(4)]
    theirs: list[PublicFish] = [public(None, draw(st.sampled_from([0, 150]))) for _ in range(4)]
    phase = draw(st.sampled_from(sorted(EXPECTED)))
    return view(0, [turn(0)], phase, my_team=mine, enemy_team=theirs)


def check(body: bytes, the_view: AquawarView) -> None:
    """The property: an action of the phase's kind, None, or BAD with a reason."""
    try:
        action = read_reply(body, the_view, SPEC)
    except BotFailure as failure:
        assert failure.verdict == BAD
        assert failure.detail.strip() and len(failure.detail) < REASON_CAP
        return
    assert action is None or isinstance(action, EXPECTED[the_view.phase])


FUZZ = settings(max_examples=150, deadline=None)


@FUZZ
@given(st.binary(max_size=300), views())
def test_any_bytes_in_a_frame_get_an_action_or_a_reason(body: bytes, the_view: AquawarView) -> None:
    check(body, the_view)


@FUZZ
@given(json_values, views())
def test_any_json_value_gets_an_action_or_a_reason(value: Any, the_view: AquawarView) -> None:
    check(json.dumps(value).encode(), the_view)


@FUZZ
@given(reply_objects, views())
def test_any_reply_shaped_object_gets_an_action_or_a_reason(
    message: dict[str, Any], the_view: AquawarView
) -> None:
    check(json.dumps(message).encode(), the_view)


@FUZZ
@given(reply_objects, st.binary(max_size=8), st.binary(max_size=8), views())
def test_a_reply_wrapped_in_stray_bytes_gets_an_action_or_a_reason(
    message: dict[str, Any], before: bytes, after: bytes, the_view: AquawarView
) -> None:
    check(before + json.dumps(message).encode() + after, the_view)


ACTION_VIEW = view(0, [turn(0)], "action")

# Replies that once tripped a JSON reader or a reason's quoting, each with its reason.
EDGES = {
    "nested too deeply": (b"[" * 100_000, "nests its JSON too deeply"),
    "a number too long": (b'{"Action": "Action", "Type": ' + b"9" * 5000 + b"}", "too long"),
    "a huge integer": (
        b'{"Action": "Action", "MyPos": 0, "Type": 1' + b"0" * 300 + b"}",
        "Type must be 0 (normal attack) or 1 (skill), got 1000",
    ),
    "a deep field value": (
        b'{"Action": "Action", "Type": ' + b"[" * 500 + b"]" * 500 + b"}",
        "'Type' must be an integer",
    ),
    "a megabyte string": (
        json.dumps({"Action": "x" * 1_000_000}).encode(),
        "expected a reply with Action 'Action'",
    ),
    "NaN positions": (b'{"Action": "Action", "Type": NaN, "MyPos": 0}', "'Type' must be"),
    "an unhashable Action": (b'{"Action": ["Action"]}', "expected a reply with Action"),
    "a lone surrogate": (b'{"Action": "\\ud800"}', "expected a reply with Action"),
    "invalid UTF-8": (b'{"Action": "\xff\xfe"}', "expected a reply with Action"),
    "a byte-order mark": (b'\xef\xbb\xbf{"Action": "Null"}', "not JSON"),
    "a list of lists": (b'{"Action": "Action", "Type": 1, "MyPos": 0, "MyList": [[1]]}', "list"),
    "a list of 300,000 zeros": (  # read in linear time, the referee is not stalled
        json.dumps({"Action": "Action", "Type": 1, "MyPos": 0, "MyList": [0] * 300_000}).encode(),
        "MyList names [0] more than once",
    ),
}


@pytest.mark.parametrize("case", sorted(EDGES))
def test_hard_replies_get_bad_with_a_short_reason(case: str) -> None:
    body, reason = EDGES[case]
    with pytest.raises(BotFailure) as caught:
        read_reply(body, ACTION_VIEW, SPEC)
    assert caught.value.verdict == BAD
    assert reason in caught.value.detail and len(caught.value.detail) < REASON_CAP


# --------------------------------------------------------------------- through a process

BLOB_BOT = """
import os, sys
blob = open(sys.argv[1], "rb").read()
os.read(0, 1 << 16)  # the seat's message
sys.stdout.buffer.write(blob)
sys.stdout.buffer.flush()
"""
NAMES = itertools.count()

frames = st.builds(
    lambda size, body: size.to_bytes(4, "big", signed=True) + body,
    st.integers(min_value=-(2**31), max_value=2**31 - 1) | st.integers(0, 40),
    st.binary(max_size=40) | reply_objects.map(lambda m: json.dumps(m).encode()),
)
honest_frames = reply_objects.map(lambda m: json.dumps(m).encode()).map(
    lambda body: len(body).to_bytes(4, "big") + body
)
streams = st.binary(max_size=64) | st.lists(frames | honest_frames, max_size=3).map(b"".join)


@pytest.fixture(scope="module")
def blob_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("blob_bot")
    (folder / "bot.py").write_text(BLOB_BOT)
    return folder


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams, views())
def test_any_byte_stream_from_a_bot_gets_an_action_or_a_verdict(
    blob_bot: Path, stream: bytes, the_view: AquawarView
) -> None:
    """The bot reads the seat's message, writes `stream` and exits: the seat answers with
    an action, or with a verdict — BAD, OLE for an announced length over the cap, RE for a
    bot that stopped mid-frame — and a reason."""
    blob = blob_bot / f"blob{next(NAMES)}"
    blob.write_bytes(stream)
    seat = SaibloSeat(command(blob_bot / "bot.py", str(blob)))
    # A clock long enough that a loaded machine never turns a parsing test into a TLE.
    seat.start(SPEC, 0, 2, SPEC.default_options(), 15.0)
    try:
        action = seat.decide(the_view, [], 15.0)
    except BotFailure as failure:
        assert failure.verdict in (BAD, OLE, RE), failure
        assert failure.detail.strip()
    else:
        assert isinstance(action, EXPECTED[the_view.phase])
    finally:
        seat.close()


def test_a_quoted_reply_of_many_long_keys_stays_short() -> None:
    """Found by the fuzzer: `reprlib` cuts each string, list and dict, but four keys of
    four keys of long strings, each cut to its 60 characters, still made a reason of 400
    characters. The quote is cut as a whole too."""
    wide = "\U000e6832" * 60
    inner = {f"{wide}{k}": wide for k in range(4)}
    message = {"Action": {f"{wide}{k}": dict(inner) for k in range(4)}}
    with pytest.raises(BotFailure) as caught:
        read_reply(json.dumps(message).encode(), view(0, [turn(0)], "assert"), SPEC)
    assert caught.value.verdict == BAD and len(caught.value.detail) < REASON_CAP
