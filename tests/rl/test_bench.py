"""`sparring bench GAME --rl`: the environment's decisions per second beside the engine's,
as one JSON line."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo")

from typer.testing import CliRunner

from sparring.cli import app


def test_bench_rl_prints_the_env_and_engine_rates_and_their_ratios() -> None:
    result = CliRunner().invoke(app, ["bench", "liarsdice", "--rl", "-n", "1", "--repeats", "1"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["game"] == "liarsdice"
    env, engine = figures["env_decisions_per_second"], figures["engine_decisions_per_second"]
    assert env > 0 and engine > 0
    assert figures["env_vs_engine"] == pytest.approx(env / engine, abs=2e-3)
    viewed = figures["engine_with_views_decisions_per_second"]
    assert figures["env_vs_engine_with_views"] == pytest.approx(env / viewed, abs=2e-3)
    assert figures["env_steps_per_second"] >= env  # a decision takes one step or more


def test_bench_rl_refuses_agents() -> None:
    result = CliRunner().invoke(app, ["bench", "liarsdice", "--rl", "--agents", "random"])
    assert result.exit_code != 0
