"""BotProcess details that whole matches don't isolate: stderr handling, EOF, and writing
messages larger than a pipe holds."""

from __future__ import annotations

import json
import sys
import time

import pytest

from sparring.arena.process import BotFailure, BotProcess, Limits
from sparring.core.verdicts import RE, TLE

CHATTY_CRASH = (
    "import sys\n"
    "for i in range(20000): sys.stderr.write(f'noise {i} ' + 'x' * 200 + '\\n')\n"
    "sys.stderr.write('the real reason\\n')\n"
    "raise SystemExit(4)\n"
)


def test_stderr_floods_keep_only_a_bounded_tail_that_explains_the_crash() -> None:
    bot = BotProcess([sys.executable, "-c", CHATTY_CRASH], Limits(stderr_bytes=4096))
    try:
        with pytest.raises(BotFailure) as failure:
            bot.request({"type": "act"}, 10.0)
        assert failure.value.verdict == RE
        assert "exit code 4" in failure.value.detail
        assert "the real reason" in failure.value.detail
        assert len(bot._stderr_tail) <= 4096
    finally:
        bot.close()


def test_closed_stdout_is_re_at_once() -> None:
    script = "import os, time\nos.close(1)\ntime.sleep(30)\n"
    bot = BotProcess([sys.executable, "-c", script])
    started = time.monotonic()
    try:
        with pytest.raises(BotFailure) as failure:
            bot.request({"type": "act"}, 5.0)
        assert failure.value.verdict == RE
        assert "closed its output" in failure.value.detail
        assert time.monotonic() - started < 2.5
    finally:
        bot.close()


def test_a_message_the_bot_does_not_read_is_tle_at_its_deadline() -> None:
    """Over 64 KiB (the pipe's buffer) to a bot that never reads: the write is on the
    bot's clock, so the referee is free at the deadline."""
    bot = BotProcess([sys.executable, "-c", "import time\ntime.sleep(60)\n"])
    started = time.monotonic()
    try:
        with pytest.raises(BotFailure) as failure:
            bot.request({"type": "act", "pad": "x" * (1 << 20)}, 1.0)
        assert failure.value.verdict == TLE
        assert "did not read its input within 1 s" in failure.value.detail
        assert time.monotonic() - started < 2.0
    finally:
        bot.close()


def test_a_large_message_arrives_whole() -> None:
    script = (
        "import json, sys, time\n"
        "line = sys.stdin.readline()\n"
        "tail = json.loads(line)['pad'][-3:]\n"
        "print(json.dumps({'length': len(line), 'pad': tail}), flush=True)\n"
        "time.sleep(60)\n"
    )
    bot = BotProcess([sys.executable, "-c", script])
    message = {"type": "act", "pad": "x" * (3 << 20) + "end"}
    try:
        reply = bot.request(message, 10.0)
    finally:
        bot.close()
    assert reply == {"length": len(json.dumps(message, separators=(",", ":"))) + 1, "pad": "end"}
