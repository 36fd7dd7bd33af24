"""The bot side of the original contest's protocol (`saiblobot.py`): a built-in agent
entering an original contest judge sees the view it would see under our referee.

In process, a `Bridge` stands in for the bot process of our referee's contest seat
(`SaibloSeat`): the bytes that seat writes are read as a bot reads them and the view is
rebuilt from them alone, then compared with the view our referee made, at every decision
of whole matches. As real processes, `sparring bot run ... --protocol saiblo` plays whole
matches against our referee's contest seat with no verdict and the in-process agent's
decisions.
"""

from __future__ import annotations

import io
import shlex
import subprocess
import sys
from typing import Any

import msgspec
import pytest

from sparring.arena.process import Limits
from sparring.arena.referee import run_match
from sparring.arena.seats import make_seat
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.determinize import determinize
from sparring.games.aquawar.options import OFFICIAL_ENGINE, AquawarOptions
from sparring.games.aquawar.saiblo import SaibloSeat
from sparring.games.aquawar.saiblobot import ViewBuilder, frame, messages, reply
from tests.recorders import Decisions

SPEC = get_game("aquawar")
OFFICIAL = AquawarOptions.from_json(dict(OFFICIAL_ENGINE))


def differences(rebuilt: Any, truth: Any) -> dict[str, Any]:
    mine, theirs = msgspec.to_builtins(rebuilt), msgspec.to_builtins(truth)
    keys = set(mine) | set(theirs)
    return {k: (mine.get(k), theirs.get(k)) for k in keys if mine.get(k) != theirs.get(k)}


class Bridge:
    """The contest bot's end of the pipe, in process: rebuilds the view from the judge's
    bytes, checks it against our referee's, and answers with `agent`'s choice."""

    def __init__(self, me: int, agent: Any) -> None:
        self.me = me
        self.agent = agent
        self.builder = ViewBuilder(me, OFFICIAL)
        self.truth: Any = None
        self.checked = 0

    def _feed(self, payload: bytes) -> Any:
        view = None
        for message in messages(io.BytesIO(payload)):
            kind = message["Action"]
            if kind == "Finish":
                self.builder.finish(message)
            elif kind == "Pick":
                view = self.builder.pick_view(message)
            elif kind == "Assert":
                view = self.builder.assert_view(message)
            else:
                view = self.builder.action_view(message)
        return view

    def request_framed(self, payload: bytes, seconds: float, parse: Any) -> Any:
        view = self._feed(payload)
        assert view == self.truth, differences(view, self.truth)
        self.checked += 1
        legal = determinize(view, Rng(0)).legal_actions(self.me)
        action = self.agent.decide(view, legal, seconds)
        self.builder.chosen(action)
        return parse(frame(reply(action, view))[4:])

    def close_bytes(self, data: bytes | None) -> None:
        if data:
            self._feed(data)

    def close(self) -> None:
        return None


class BridgedSeat(SaibloSeat):
    def __init__(self, agent: Any) -> None:
        super().__init__("bridge")
        self.agent = agent

    def start(self, spec: Any, seat: int, players: int, options: Any, seconds: float) -> None:
        self._spec = spec
        self._seat = seat
        self.bridge = Bridge(seat, self.agent)
        self.process = self.bridge  # type: ignore[assignment]

    def decide(self, view: Any, legal: Any, seconds: float) -> Any:
        self.bridge.truth = view
        return super().decide(view, legal, seconds)


@pytest.mark.parametrize("seed", range(16))
def test_the_rebuilt_view_is_our_referees_view_at_every_decision(seed: int) -> None:
    me = seed % 2
    agent = make_seat("builtin:greedy" if seed % 3 else "builtin:random", SPEC, me, seed)
    bridged = BridgedSeat(agent)
    seats: list[Any] = [None, None]
    seats[me] = bridged
    seats[1 - me] = make_seat(
        "builtin:random" if seed % 4 else "builtin:greedy", SPEC, 1 - me, seed
    )
    outcome = run_match(SPEC, seats, seed, OFFICIAL)
    assert outcome.verdicts == []
    assert outcome.state.is_terminal()
    assert bridged.bridge.checked == outcome.decisions[me] > 0


def contest_bot(agent: str, seat: int, seed: int) -> str:
    words = ["bot", "run", f"builtin:{agent}", "--game", "aquawar", "--protocol", "saiblo"]
    return shlex.join(
        [sys.executable, "-m", "sparring", *words, "--seat", str(seat), "--seed", str(seed)]
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("agent", "me", "seed"), [("greedy", 0, 3), ("greedy", 1, 4), ("random", 1, 5)]
)
def test_a_bot_process_enters_our_contest_seat_and_plays_the_in_process_game(
    agent: str, me: int, seed: int
) -> None:
    """`sparring bot run --protocol saiblo` at our referee's contest seat against an
    in-process agent: a whole match, no verdict, the in-process agent's very decisions."""
    seats: list[Any] = [None, None]
    seats[me] = SaibloSeat(contest_bot(agent, me, seed), Limits(sandbox=False))
    seats[1 - me] = make_seat("builtin:greedy", SPEC, 1 - me, seed)
    as_bot = Decisions()
    outcome = run_match(SPEC, seats, seed, OFFICIAL, recorder=as_bot)
    assert outcome.verdicts == []
    assert outcome.state.is_terminal()
    seats = [make_seat(f"builtin:{agent}", SPEC, me, seed)] * 2
    seats[1 - me] = make_seat("builtin:greedy", SPEC, 1 - me, seed)
    in_process = Decisions()
    run_match(SPEC, seats, seed, OFFICIAL, recorder=in_process)
    assert as_bot.made == in_process.made


@pytest.mark.slow
def test_two_bot_processes_play_each_other_through_our_contest_seats() -> None:
    seats = [SaibloSeat(contest_bot("greedy", s, 8), Limits(sandbox=False)) for s in (0, 1)]
    outcome = run_match(SPEC, seats, 8, OFFICIAL)
    assert outcome.verdicts == []
    assert outcome.state.is_terminal()


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        (b"[1, 2]", "outside a JSON object"),
        (b'{"Action": "Pick"', "the input ended inside a message"),
        (b'{"Action": "Pick", "FirstMover": 1}', "has no 'RemainFishs'"),
        (b'{"Action": "Pick", "RemainFishs": [0, 99], "FirstMover": 1}', "fish ids 1-12"),
        (b'{"Action": "Hello"}', "unknown message Action 'Hello'"),
        (b'{"Action": "Assert", "GameInfo": 3}', "malformed"),
        (b'{"a": }', "is not JSON"),
    ],
)
def test_malformed_judge_input_gives_one_line_and_exit_2(stdin: bytes, words: str) -> None:
    done = subprocess.run(
        shlex.split(contest_bot("random", 0, 1)), input=stdin, capture_output=True, timeout=60
    )
    err = done.stderr.decode()
    assert done.returncode == 2
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err


def test_seat_must_be_0_or_1() -> None:
    done = subprocess.run(
        shlex.split(contest_bot("random", 2, 1)), input=b"", capture_output=True, timeout=60
    )
    assert done.returncode == 2 and b"--seat must be 0 or 1" in done.stderr
