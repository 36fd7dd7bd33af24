"""The referee survives anything a bot does.

Each fixture in `bots/` fails in one way. For each, a whole Aquawar match is refereed
against a tiny in-test agent, in both seat orders, and the test checks what the platform
promises: the right verdict, a match that ends within the deadline (+1 s) of the failing
decision, the faulty seat losing (Aquawar: any verdict loses the match), a replay that
re-simulates with the verdict in it, and no process of the bot left alive. Then the
referee's other promises: bots are frozen while it is not their turn, well-behaved bots
(and the two example bots) finish cleanly, and nothing hidden about the opponent reaches a
bot, checked structurally and with sentinel values planted in the hidden fields.

Bots run in the sandbox, as by default. A sandboxed bot can write nowhere a test could
read and its process ids mean nothing outside its PID namespace, so the tests find a
bot's processes by a tag in their command lines and watch the bytes the referee sends.

Deadlines are 1 s so the whole file stays fast; Aquawar opens with the picks, so most
fixtures fail at their first decision.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import itertools
import json
import os
import shlex
import shutil
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from sparring.arena import cgroups
from sparring.arena.process import BotProcess, Limits, process_tree
from sparring.arena.referee import MatchOutcome, run_match
from sparring.arena.seats import BotSeat, BuiltinSeat, Seat
from sparring.core.game import GameSpec
from sparring.core.registry import get_game
from sparring.core.replay import Decision, ReplayWriter, read_replay, verify_replay
from sparring.core.rng import Rng
from sparring.games.aquawar.options import AquawarOptions

SPEC = get_game("aquawar")
BOTS = Path(__file__).parent / "bots"
EXAMPLES = Path(__file__).parents[2] / "examples" / "bots"
LIMIT = 1.0
LIMITS = Limits(memory_mib=200)
SEED = 11
SEATS = [0, 1]
# Fields only a fish's owner may see; none of them may appear for an enemy fish.
PRIVATE_FISH_FIELDS = {
    "acts_as",
    "atk",
    "shields",
    "reduce_buff",
    "heal_buff",
    "share_buff",
    "wound",
    "skill_uses",
}


class FirstLegal:
    """The simplest opponent: always the first legal action. Never the reason a match
    ends early, so whatever ends it is the bot's doing."""

    needs_view = False

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[0]


class Uniform:
    """A seeded uniformly random opponent, for matches that should wander (assertions,
    skills, deaths) rather than repeat the same line."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "opponent")]


@dataclasses.dataclass
class Played:
    """One refereed match and what the test needs to judge it."""

    outcome: MatchOutcome
    bot: BotSeat
    seat: int
    tag: str
    most: int  # the most processes of the fixture itself seen alive at once
    replay: Path
    failing_started: float
    ended: float


_serial = itertools.count()
# Processes around a sandboxed bot that are not the fixture's own.
WRAPPERS = {"bwrap", "bash", "prlimit"}
# How many times a match is looked at for the bot's processes (each look reads all of
# /proc): enough to see helpers started in the first decisions.
LOOKS = 8


def bot_command(script: str, tag: str, *args: str) -> str:
    return shlex.join([sys.executable, str(BOTS / script), tag, *args])


def tagged(tag: str) -> dict[int, str]:
    """The live processes whose command line holds `tag`, with their names: the fixture,
    its helpers and the sandbox's processes around them. (Zombies are dead: this
    machine's init does not reap orphans, so they linger.)"""
    needle = tag.encode()
    found: dict[int, str] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if needle not in Path(f"/proc/{name}/cmdline").read_bytes():
                continue
            comm = Path(f"/proc/{name}/comm").read_text().strip()
        except OSError:
            continue
        stat = _stat(int(name))
        if stat is not None and stat[0] != "Z":
            found[int(name)] = comm
    return found


def cgroups_of(referee: int) -> list[Path]:
    """The bot cgroups that referee process `referee` (of this PID namespace) has now."""
    parent = cgroups.folder()
    return [] if parent is None else sorted(parent.glob(f"{cgroups.owner_prefix(referee)}*"))


def fixtures_in(processes: dict[int, str]) -> int:
    return sum(name not in WRAPPERS for name in processes.values())


def play(
    tmp_path: Path,
    script: str,
    *args: str,
    seat: int,
    limits: Limits = LIMITS,
    opponent: Any = None,
    spec: GameSpec = SPEC,
    seconds: float = LIMIT,
) -> Played:
    """Referee one match of fixture `script` at `seat` against an in-test agent, writing
    a replay and timing the decision that ended the match."""
    name = f"{Path(script).stem}-{seat}-{next(_serial)}"
    tag = str(tmp_path / name)
    bot = BotSeat(bot_command(script, tag, *args), limits)
    other = BuiltinSeat("first", opponent if opponent is not None else FirstLegal())
    seats: list[Seat] = [bot, other] if seat == 0 else [other, bot]
    path = tmp_path / f"{name}.jsonl"
    writer = ReplayWriter(path, spec, SEED, None, [s.label for s in seats])
    # The referee publishes events after the seats start and after every decision; the
    # decision that ended the match began at the last publication before the end.
    stamps: list[tuple[float, bool]] = []
    looks: list[int] = []

    def published(state: Any, _events: Any) -> None:
        if len(looks) < LOOKS:
            looks.append(fixtures_in(tagged(tag)))
        stamps.append((time.monotonic(), state.is_terminal()))

    started = time.monotonic()
    outcome = run_match(spec, seats, SEED, seconds=seconds, recorder=writer, on_events=published)
    ended = time.monotonic()
    before_end = [when for when, over in stamps if not over]
    failing_started = before_end[-1] if before_end else started
    return Played(outcome, bot, seat, tag, max(looks), path, failing_started, ended)


def _stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rfind(")") + 2 :].split()


def survivors(tag: str, grace: float = 1.0) -> dict[int, str]:
    """The processes of the match tagged `tag` still alive after `grace` seconds. SIGKILL
    is asynchronous and a process with hundreds of MiB takes a moment to tear down, so
    allow a short grace."""
    deadline = time.monotonic() + grace
    while True:
        left = tagged(tag)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.02)


def assert_lost(played: Played, verdict: str, *, helpers: int = 0) -> str:
    """Everything a verdict must leave behind; returns the verdict's detail."""
    outcome, seat = played.outcome, played.seat
    assert [(v.seat, v.verdict) for v in outcome.verdicts] == [(seat, verdict)], outcome.verdicts
    state = outcome.state
    assert state.is_terminal()
    assert state.winner == 1 - seat
    took = played.ended - played.failing_started
    assert took <= LIMIT + 1.0, f"the failing decision took {took:.2f} s to settle"
    replay = read_replay(played.replay)
    report = verify_replay(replay)
    assert report.ok, report.problems
    assert report.state.winner == 1 - seat
    failed = [r for r in replay.records if isinstance(r, Decision) and r.verdict != "ok"]
    assert [(r.seat, r.verdict) for r in failed] == [(seat, verdict)]
    if helpers:
        assert played.most == 1 + helpers, f"saw {played.most} processes of the bot at most"
    left = survivors(played.tag)
    assert not left, f"bot processes still alive: {left}"
    return outcome.verdicts[0].detail


# ---------------------------------------------------------------------- one fault each


@pytest.mark.parametrize("seat", SEATS)
def test_bot_that_never_answers_gets_tle(tmp_path: Path, seat: int) -> None:
    played = play(tmp_path, "sleeper.py", seat=seat)
    assert "no reply within 1 s" in assert_lost(played, "TLE")
    assert played.outcome.verdicts[0].decision <= 2  # its own pick


@pytest.mark.parametrize("seat", SEATS)
def test_bot_crashing_at_start_gets_re_with_exit_code_and_stderr(tmp_path: Path, seat: int) -> None:
    detail = assert_lost(play(tmp_path, "crash_start.py", seat=seat), "RE")
    assert "exit code 3" in detail
    assert "cannot load my model file" in detail


@pytest.mark.parametrize("seat", SEATS)
def test_bot_crashing_mid_game_gets_re(tmp_path: Path, seat: int) -> None:
    played = play(tmp_path, "crash_mid.py", "4", seat=seat)
    detail = assert_lost(played, "RE")
    assert "exit code 1" in detail
    assert "crash_mid" in detail  # the traceback's tail
    assert played.outcome.decisions[seat] == 5  # four good answers, then the crash


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("pick", "pick 1 1 2 3: a pick is 4 different fish"),
        ("turn", "is not an assertion: assert a hidden enemy fish or pass first"),
    ],
)
def test_illegal_action_gets_ia_with_the_games_reason(
    tmp_path: Path, seat: int, mode: str, reason: str
) -> None:
    assert reason in assert_lost(play(tmp_path, "illegal.py", mode, seat=seat), "IA")


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("notjson", "reply is not JSON"),
        ("array", "reply must be a JSON object"),
        ("noaction", "the reply has neither an 'action' nor an 'index' field"),
        ("unknown", "Aquawar action: Invalid value 'teleport' - at `$.type`"),
        ("wrongtype", "expected a reply of type 'action', got 'hello'"),
    ],
)
def test_unreadable_reply_gets_bad_saying_what_was_wrong(
    tmp_path: Path, seat: int, mode: str, reason: str
) -> None:
    assert reason in assert_lost(play(tmp_path, "garbage.py", mode, seat=seat), "BAD")


@pytest.mark.parametrize("seat", SEATS)
def test_endless_line_on_stdout_gets_ole(tmp_path: Path, seat: int) -> None:
    detail = assert_lost(play(tmp_path, "flood.py", "endless", seat=seat), "OLE")
    assert "a reply over" in detail


@pytest.mark.parametrize("seat", SEATS)
def test_too_much_output_in_total_gets_ole(tmp_path: Path, seat: int) -> None:
    limits = dataclasses.replace(LIMITS, output_bytes=1 << 20)
    played = play(tmp_path, "flood.py", "padded", seat=seat, limits=limits)
    assert "wrote more than" in assert_lost(played, "OLE")
    assert played.outcome.decisions[seat] > 1  # each reply alone was acceptable


@pytest.mark.parametrize("seat", SEATS)
def test_unbounded_memory_gets_mle(tmp_path: Path, seat: int) -> None:
    assert "over the 200 MiB cap" in assert_lost(play(tmp_path, "memory.py", seat=seat), "MLE")


def test_memory_of_a_child_process_counts_too(tmp_path: Path) -> None:
    played = play(tmp_path, "memory.py", "child", seat=0)
    assert "over the 200 MiB cap" in assert_lost(played, "MLE")


@pytest.mark.parametrize("seat", SEATS)
def test_helper_ignoring_sigterm_in_its_own_session_dies_with_the_bot(
    tmp_path: Path, seat: int
) -> None:
    played = play(tmp_path, "orphan.py", seat=seat)
    assert_lost(played, "TLE", helpers=1)


@pytest.mark.parametrize("sandboxed", [True, False])
@pytest.mark.parametrize("mode", ["daemon", "unreaped"])
def test_double_forked_helper_dies_with_the_bot(tmp_path: Path, mode: str, sandboxed: bool) -> None:
    """The classic escape: the helper's parent exits at once, so the helper would be
    re-parented to init before the referee ever lists the bot's tree. In the sandbox it
    is re-parented to the bot's own PID namespace, which ends with the bot. Unsandboxed,
    the bot is a child subreaper, so it comes back to the bot instead — unless the bot
    clears that first (``unreaped``), the escape only the sandbox stops."""
    if not sandboxed and mode == "unreaped":
        pytest.skip("unsandboxed bots can escape this way: what --no-sandbox warns about")
    limits = dataclasses.replace(LIMITS, sandbox=sandboxed)
    played = play(tmp_path, "orphan.py", mode, seat=0, limits=limits)
    try:
        assert_lost(played, "TLE", helpers=1)
    finally:
        for pid in tagged(played.tag):  # should it escape after all, do not leave it running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_cpu_time_cap_gets_tle(tmp_path: Path) -> None:
    """Death by the CPU-time cap (SIGXCPU) is a time verdict, not a crash."""
    limits = dataclasses.replace(LIMITS, cpu_seconds=1)
    # A long clock: on a loaded machine one CPU-second can take several seconds of wall time.
    played = play(tmp_path, "spin.py", seat=0, limits=limits, seconds=20.0)
    assert played.outcome.verdicts[0].verdict == "TLE", played.outcome.verdicts
    assert "used up its CPU-time cap of 1 s" in played.outcome.verdicts[0].detail
    assert played.ended - played.failing_started < 20.0  # the CPU cap, not the clock


def test_closing_stdout_is_re_without_spinning_the_referee(tmp_path: Path) -> None:
    cpu = time.process_time()
    played = play(tmp_path, "close_stdout.py", seat=0)
    spent = time.process_time() - cpu
    assert_lost(played, "RE")
    assert spent < 0.5, f"the referee used {spent:.2f} s of CPU waiting on a closed pipe"


@pytest.mark.parametrize("seat", SEATS)
def test_answering_late_once_gets_tle(tmp_path: Path, seat: int) -> None:
    played = play(tmp_path, "late.py", "3", str(LIMIT + 1.5), seat=seat)
    assert "no reply within" in assert_lost(played, "TLE")
    assert played.outcome.decisions[seat] == 3


@pytest.mark.parametrize("seat", SEATS)
def test_huge_stderr_does_not_block_the_match(tmp_path: Path, seat: int) -> None:
    played = play(tmp_path, "loud_stderr.py", seat=seat, opponent=Uniform(4))
    assert played.outcome.verdicts == []
    assert played.outcome.state.is_terminal()
    assert played.outcome.max_seconds[seat] < LIMIT
    assert verify_replay(read_replay(played.replay)).ok
    assert not survivors(played.tag)


# ---------------------------------------------------------------------- the referee lives on


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_referee_keeps_refereeing_after_a_string_of_faulty_bots(tmp_path: Path) -> None:
    """Many failures in one process leave it able to referee a clean match, with no file
    descriptors or processes piling up."""
    gc.collect()
    fds = _open_fds()
    faults = [
        ("garbage.py", ("notjson",), "BAD"),
        ("crash_start.py", (), "RE"),
        ("illegal.py", ("pick",), "IA"),
        ("flood.py", ("endless",), "OLE"),
        ("sleeper.py", (), "TLE"),
        ("memory.py", (), "MLE"),
    ]
    for number, (script, args, verdict) in enumerate(faults):
        played = play(tmp_path, script, *args, seat=number % 2)
        assert [v.verdict for v in played.outcome.verdicts] == [verdict]
    clean = play(tmp_path, "good.py", seat=0, opponent=Uniform(3))
    assert clean.outcome.verdicts == []
    assert verify_replay(read_replay(clean.replay)).ok
    assert not survivors(str(tmp_path))  # every match's tag lies under it
    del played, clean
    gc.collect()
    assert _open_fds() <= fds


def test_a_failed_bots_pipes_are_closed_when_the_match_ends(tmp_path: Path) -> None:
    """A killed bot's pipes are closed by the referee, not left to the garbage collector
    (a long tournament would otherwise pile up descriptors while seats are referenced)."""
    gc.collect()
    fds = _open_fds()
    played = play(tmp_path, "garbage.py", "notjson", seat=0)
    assert played.outcome.verdicts[0].verdict == "BAD"
    assert _open_fds() <= fds  # the seat is still referenced: no help from the collector


# ---------------------------------------------------------------------- pausing


def _cpu_ticks(pids: Sequence[int]) -> int:
    total = 0
    for pid in pids:
        stat = _stat(pid)
        if stat is not None:
            total += int(stat[11]) + int(stat[12])  # utime + stime
    return total


class Watcher:
    """A slow opponent that, on its first turns, watches the bot: every process of the
    bot must be stopped, and its CPU time must not move while it waits."""

    needs_view = False

    def __init__(self, turns: int = 4, watch: float = 0.3) -> None:
        self.turns = turns
        self.watch = watch
        self.bot: BotSeat | None = None
        self.samples: list[tuple[int, int, set[str]]] = []

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        if len(self.samples) < self.turns and self.bot is not None and self.bot.process:
            time.sleep(0.05)  # let the stop signal land everywhere
            tree = list(process_tree(self.bot.process.pid))
            ticks = _cpu_ticks(tree)
            time.sleep(self.watch)
            states = {_stat(pid)[0] for pid in tree if _stat(pid) is not None}  # type: ignore[index]
            self.samples.append((ticks, _cpu_ticks(tree), states))
        return legal[0]


@pytest.mark.parametrize("seat", SEATS)
def test_bot_is_frozen_while_it_is_not_its_turn(tmp_path: Path, seat: int) -> None:
    watcher = Watcher()

    class Seated(BotSeat):
        """Hands the watcher the bot's process once it exists."""

        def start(self, *args: Any, **kwargs: Any) -> None:
            super().start(*args, **kwargs)
            watcher.bot = self

    tag = str(tmp_path / "frozen")
    bot = Seated(bot_command("good.py", tag, "--spin", "--think", "0.05"), LIMITS)
    other = BuiltinSeat("watcher", watcher)
    seats: list[Seat] = [bot, other] if seat == 0 else [other, bot]
    # Short rounds: the watch needs a few turns, not a whole match of 0.1 s thoughts.
    outcome = run_match(SPEC, seats, SEED, AquawarOptions(turn_limit=3), seconds=LIMIT)
    assert outcome.verdicts == []
    assert len(watcher.samples) == watcher.turns
    for ticks_before, ticks_after, states in watcher.samples:
        assert ticks_before == ticks_after, "the bot used CPU during the opponent's turn"
        assert states == {"T"}, f"bot processes not stopped: {states}"
    # ... and it did run on its own turns (else the check above would prove nothing).
    assert watcher.samples[-1][0] > watcher.samples[0][1]
    assert not survivors(tag)


# ---------------------------------------------------------------------- clean play


@pytest.mark.parametrize("seat", SEATS)
def test_good_fixture_plays_a_whole_match_cleanly(tmp_path: Path, seat: int) -> None:
    played = play(tmp_path, "good.py", "--random", "5", seat=seat, opponent=Uniform(6))
    assert played.outcome.verdicts == []
    assert played.outcome.state.winner in (0, 1)
    assert verify_replay(read_replay(played.replay)).ok
    assert not survivors(played.tag)


def _example(name: str) -> str:
    if name.endswith(".js"):
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed")
        return shlex.join([node, str(EXAMPLES / name)])
    return shlex.join([sys.executable, str(EXAMPLES / name)])


@pytest.mark.parametrize(
    ("pair", "options"),
    [
        (("aquawar_bot.py", "aquawar_bot.js"), None),
        # The other seat order, with short rounds to keep the file fast.
        (("aquawar_bot.js", "aquawar_bot.py"), AquawarOptions(turn_limit=12)),
    ],
)
def test_example_bots_play_each_other_without_verdicts(
    pair: tuple[str, str], options: AquawarOptions | None
) -> None:
    seats = [BotSeat(_example(name), LIMITS) for name in pair]
    outcome = run_match(SPEC, seats, SEED, options, seconds=2 * LIMIT)
    assert outcome.verdicts == []
    assert outcome.state.winner in (0, 1)
    assert min(outcome.decisions) > 4  # picks and real turns on both sides


# ---------------------------------------------------------------------- no leaks


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> bytearray:
    """Every byte the referee sends to bot processes during the test (one bot each)."""
    wire = bytearray()
    send = BotProcess.send_bytes

    def recording(process: BotProcess, data: bytes) -> None:
        wire.extend(data)
        send(process, data)

    monkeypatch.setattr(BotProcess, "send_bytes", recording)
    return wire


def _received(wire: bytearray) -> list[dict[str, Any]]:
    return [json.loads(line) for line in bytes(wire).splitlines() if line.strip()]


def _keys(node: Any) -> Iterator[str]:
    """Every key anywhere inside a JSON value."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from _keys(value)
    elif isinstance(node, list):
        for value in node:
            yield from _keys(value)


def _check_act_view(
    view: dict[str, Any], seat: int, teams: list[list[int]], before: list[int]
) -> int:
    """What one view may show of the enemy: per fish only pos, HP, life and an identity
    that this seat's own successful assertion revealed (this round, or listed as earlier
    revealed); no private fish field anywhere outside the seat's own team; no private
    event of the enemy, in this round's log or the previous round's."""
    enemy = 1 - seat
    hits = [e for e in view["log"] if e["kind"] == "assert" and e["seat"] == seat and e["success"]]
    revealed = {e["pos"] for e in hits}
    for fish in view["enemy_team"]:
        assert set(fish) == {"pos", "fish", "hp", "alive"}
        if fish["fish"] is not None:
            assert fish["pos"] in revealed, fish
            assert fish["fish"] == teams[view["round"] - 1][fish["pos"]]
    for event in view["log"] + view.get("previous_log", []):
        assert event["kind"] != "round_teams"
        if event["kind"] in ("team", "skill_detail"):
            assert event["seat"] != enemy, event
    assert view["enemy_revealed_before"] == before
    for result in view["rounds"]:
        assert set(result) == {"round", "winner", "reason", "first_mover", "turns"}
    rest = {key: value for key, value in view.items() if key != "my_team"}
    assert not PRIVATE_FISH_FIELDS & set(_keys(rest))
    return len(hits)


def _successful_guesses(state: Any, seat: int) -> list[tuple[int, int]]:
    """(round, fish id) of every assertion by `seat` that succeeded, in order."""
    out: list[tuple[int, int]] = []
    number = 0
    for event in state.events:
        if event[0] == "round_start":
            number = event[2]
        elif event[0] == "assert" and event[2] == seat and event[5]:
            out.append((number, event[4]))
    return out


@pytest.mark.parametrize("seat", SEATS)
def test_no_hidden_enemy_data_reaches_the_bot(tmp_path: Path, seat: int, sent: bytearray) -> None:
    played = play(tmp_path, "good.py", "--random", "7", seat=seat, opponent=Uniform(8))
    assert played.outcome.verdicts == []
    state = played.outcome.state
    enemy = 1 - seat
    teams = [result["teams"][enemy]["fish"] for result in state.round_results]
    messages = _received(sent)
    assert [m["type"] for m in messages[:2]] == ["start", "act"]
    assert messages[-1]["type"] == "end"
    guesses = _successful_guesses(state, seat)
    successes = 0
    for message in messages:
        if message["type"] == "start":
            continue
        view = message["view"]  # every `act`, and the final view in `end`
        before = [fish for number, fish in guesses if number < view["round"]]
        successes += _check_act_view(view, seat, teams, before)
    assert successes > 0, "pick another seed: no assertion succeeded, so reveals went untested"
    assert any("previous_log" in m["view"] for m in messages[1:]), "round 2 was never picked"


def test_the_end_message_reveals_no_hidden_enemy_team(tmp_path: Path, sent: bytearray) -> None:
    """The game's full summary names both teams of every round; the `end` message must
    carry only the result and the seat's own final view."""
    played = play(tmp_path, "good.py", "--random", "1", seat=0, opponent=Uniform(2))
    end = _received(sent)[-1]
    assert end["type"] == "end"
    assert played.outcome.verdicts == []
    assert "teams" not in set(_keys(end))
    assert set(end["result"]) == {"winner", "reason", "returns", "verdicts"}
    assert end["result"]["reason"] == "rules"


@pytest.mark.parametrize("seat", SEATS)
def test_planted_sentinels_never_reach_the_bot(tmp_path: Path, seat: int, sent: bytearray) -> None:
    """Every view sent to the bot is built from a copy of the state whose enemy hidden
    numbers (identities, Mimic copies, ATK, damage counters, skill uses, private events,
    the generator) were replaced by unique sentinels; none may appear in the bytes the
    bot received."""
    assert SPEC.secrecy is not None
    plant = SPEC.secrecy.plant_sentinels
    planted: set[int] = set()
    shown_to_owner = 0

    def sentinel_view(state: Any, viewer: int | None) -> dict[str, Any]:
        nonlocal shown_to_owner
        if viewer is None:
            return SPEC.view(state, None)
        twin, sentinels = plant(state, viewer)
        planted.update(sentinels)
        # Control: the enemy's own view of the same copy does show sentinels (once the
        # teams exist), so the scan below would find a leak if there were one.
        if twin.teams[1 - viewer]:
            owner = json.dumps(SPEC.view(twin, 1 - viewer).to_json())
            shown_to_owner += any(str(s) in owner for s in sentinels)
        return SPEC.view(twin, viewer)

    spec = dataclasses.replace(SPEC, view=sentinel_view)
    played = play(tmp_path, "good.py", "--random", "9", seat=seat, opponent=Uniform(10), spec=spec)
    assert played.outcome.verdicts == []
    assert planted and shown_to_owner > 0
    received = bytes(sent)
    assert received.count(b'"type":"act"') == played.outcome.decisions[seat]
    leaked = sorted(s for s in planted if str(s).encode() in received)
    assert not leaked, f"sentinels reached the bot: {leaked[:5]}"


# ---------------------------------------------------------------------- the kernel's caps


@pytest.mark.parametrize("seat", SEATS)
def test_memory_grown_between_fast_replies_gets_mle_at_the_cap(tmp_path: Path, seat: int) -> None:
    """30 MiB more per decision, each answered at once: the referee never waits long
    enough to look, so memory is checked after every reply."""
    played = play(tmp_path, "memory.py", "grow", seat=seat, opponent=Uniform(5))
    detail = assert_lost(played, "MLE")
    used = int(detail.split("used ")[1].split(" MiB")[0])
    assert 200 < used <= 200 + 30 + 30, detail  # at the first reply over the cap
    assert played.outcome.decisions[seat] >= 5  # it did answer while under it


@pytest.mark.parametrize("sandboxed", [True, False])
def test_the_kernel_refuses_memory_far_over_the_cap(tmp_path: Path, sandboxed: bool) -> None:
    """An allocation faster than any check: the kernel's address-space cap (the memory
    cap plus headroom) makes it fail inside the bot."""
    limits = dataclasses.replace(LIMITS, sandbox=sandboxed)
    played = play(tmp_path, "memory.py", "burst", "3000", seat=0, limits=limits)
    assert "burst: MemoryError" in assert_lost(played, "RE")


def test_the_process_count_is_capped(tmp_path: Path) -> None:
    """A bounded fork bomb gets exactly the cap: the bot and 19 children under a cap of
    20, by the pids controller of the bot's own cgroup, which binds for root too — and
    the cgroup is gone after the match. Where no pids controller is writable only
    RLIMIT_NPROC is left, counted in the bot's own user namespace (with the sandbox's
    init) and not applied by the kernel to root's processes."""
    parent = cgroups.folder()
    if parent is None and os.geteuid() == 0:
        pytest.skip("run as root with no writable pids controller: nothing caps processes")
    # Memory enough for 50 forks (resident sizes count shared pages in each process).
    limits = dataclasses.replace(LIMITS, processes=20, memory_mib=2048)
    played = play(tmp_path, "forks.py", "50", seat=0, limits=limits)
    detail = assert_lost(played, "RE")
    report = dict(item.split("=") for item in detail.split("forks: ")[1].split()[:2])
    assert report["cap"] == "20"  # RLIMIT_NPROC is set either way
    if parent is None:
        assert int(report["made"]) < 20
    else:
        assert report["made"] == "19"
        assert cgroups_of(os.getpid()) == []
