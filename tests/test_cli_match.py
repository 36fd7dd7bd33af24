"""`sparring match` as a user runs it: seats, the store, the replay file, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sparring.arena.store import Store
from sparring.core.replay import read_replay, verify_replay

ROOT = Path(__file__).resolve().parents[1]
PY_BOT = f"{sys.executable} {ROOT / 'examples/bots/aquawar_bot.py'}"
NODE_BOT = f"node {ROOT / 'examples/bots/aquawar_bot.js'}"


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )


def quiet_match(tmp_path: Path, seat0: str, seed: int) -> dict:
    """Run `sparring match --quiet` with `seat0` against builtin:random; its JSON line."""
    result = run(
        tmp_path,
        "match",
        "aquawar",
        "--seat",
        seat0,
        "--seat",
        "builtin:random",
        "--seed",
        str(seed),
        "--quiet",
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_bot_vs_builtin_is_saved_to_the_default_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPARRING_DB")
    line = quiet_match(tmp_path, PY_BOT, 11)
    assert line["seed"] == 11 and line["winner"] in (0, 1) and line["verdicts"] == []
    stored = Store(f"sqlite:///{tmp_path / 'sparring.db'}").get(line["match"])  # cwd
    assert stored.seed == 11 and stored.winner == line["winner"]
    assert stored.seats[0] == {"kind": "bot", "command": PY_BOT}
    assert stored.seats[1] == {"kind": "builtin", "name": "random"}
    assert stored.replay.startswith('{"type":"header"')


def test_node_bot_plays_and_replay_file_verifies(tmp_path: Path) -> None:
    replay = tmp_path / "m.jsonl"
    db = f"sqlite:///{tmp_path / 'other.db'}"
    result = run(
        tmp_path,
        "match",
        "aquawar",
        "--seat",
        "builtin:greedy",
        "--seat",
        NODE_BOT,
        "--seed",
        "5",
        "--replay",
        str(replay),
        "--db",
        db,
    )
    assert result.returncode == 0, result.stderr
    assert "Saved as match 1 in" in result.stdout
    report = verify_replay(read_replay(replay))
    assert report.ok, report.problems
    assert Store(db).get(1).replay == replay.read_text()


def test_a_failing_bot_gets_a_verdict_and_the_match_is_still_saved(tmp_path: Path) -> None:
    crasher = f'{sys.executable} -c "raise SystemExit(3)"'
    line = quiet_match(tmp_path, crasher, 1)
    assert line["winner"] == 1
    assert line["verdicts"][0]["verdict"] == "RE" and line["verdicts"][0]["seat"] == 0
    assert Store().get(line["match"]).winner == 1  # the suite's private default store


def test_bad_usage_is_one_line_exit_2(tmp_path: Path) -> None:
    cases = [
        (
            ("match", "chess", "--seat", "builtin:random", "--seat", "builtin:random"),
            "unknown game",
        ),
        (("match", "aquawar", "--seat", "builtin:random"), "needs 2 --seat"),
        (
            ("match", "aquawar", "--seat", "builtin:nope", "--seat", "builtin:random"),
            "unknown aquawar agent 'nope'",
        ),
        (
            (
                "match",
                "aquawar",
                "--seat",
                "builtin:random",
                "--seat",
                "builtin:random",
                "--options",
                "{bad",
            ),
            "not valid JSON",
        ),
        (
            (
                "match",
                "aquawar",
                "--seat",
                "builtin:random",
                "--seat",
                "builtin:random",
                "--options",
                '{"turn_limit": -1}',
            ),
            "turn_limit",
        ),
        (
            (
                "match",
                "aquawar",
                "--seat",
                "builtin:random",
                "--seat",
                "builtin:random",
                "--time-limit",
                "0",
            ),
            "--time-limit",
        ),
    ]
    for args, message in cases:
        result = run(tmp_path, *args)
        assert result.returncode == 2, (args, result.stderr)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr
