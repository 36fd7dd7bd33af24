"""Nothing a bot starts outlives the match, and nothing outlives the referee: killing
`sparring match` — SIGTERM, SIGINT or SIGKILL — while its bots run, one of them with a
helper that escaped its tree by double-forking after clearing PR_SET_CHILD_SUBREAPER,
leaves no process behind; nor, once the next referee has started, any bot cgroup."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sparring.arena import cgroups

from .test_referee import bot_command, cgroups_of, fixtures_in, survivors, tagged

# What the referee's process ends with: the code the CLI exits with, or death by SIGKILL.
ENDINGS = {signal.SIGTERM: 128 + signal.SIGTERM, signal.SIGINT: 130, signal.SIGKILL: -9}
# The next referee: a process that starts one sandboxed bot.
NEXT_REFEREE = "from sparring.arena.process import BotProcess; BotProcess(['true']).close()"


def _default_sigint() -> None:
    """Let the referee get Ctrl-C even where the test runner ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_processes(tag: str, referee: int, count: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = tagged(tag)
        found.pop(referee, None)  # its --seat options hold the tag too
        if fixtures_in(found) >= count:
            return
        time.sleep(0.05)
    pytest.fail(f"the bots never got going: {tagged(tag)}")


@pytest.mark.slow
@pytest.mark.parametrize("how", list(ENDINGS), ids=lambda how: how.name)
def test_killing_the_referee_leaves_no_bot_process(tmp_path: Path, how: signal.Signals) -> None:
    tag = str(tmp_path / "victim")
    escaper = bot_command("orphan.py", tag, "unreaped")  # answers once, then hangs
    player = bot_command("good.py", tag, "--think", "0.05")
    referee = subprocess.Popen(
        [
            sys.executable, "-m", "sparring", "match", "aquawar", "--seat", escaper,
            "--seat", player, "--time-limit", "60", "--seed", "5", "--quiet",
        ],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,
    )  # fmt: skip
    try:
        # The escaper, its helper and the other bot; the escaper then waits on its clock.
        wait_for_processes(tag, referee.pid, 3)
        time.sleep(0.3)
        if cgroups.folder() is not None:
            assert len(cgroups_of(referee.pid)) == 2  # one per bot
        referee.send_signal(how)
        _, errors = referee.communicate(timeout=30)
        assert referee.returncode == ENDINGS[how], errors
        assert b"Traceback" not in errors
        left = survivors(tag, grace=3.0)
        assert not left, f"still alive after the referee: {left}"
        if how != signal.SIGKILL:  # the referee removed its cgroups itself
            assert cgroups_of(referee.pid) == []
        # Against SIGKILL only the next referee can: at its first bot.
        subprocess.run([sys.executable, "-c", NEXT_REFEREE], check=True, timeout=30)
        assert cgroups_of(referee.pid) == []
    finally:
        referee.kill()
        for pid in tagged(tag):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
