"""BotProcess details that whole matches don't isolate: stderr handling and EOF."""

from __future__ import annotations

import sys
import time

import pytest

from sparring.arena.process import BotFailure, BotProcess, Limits
from sparring.arena.verdicts import RE

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
