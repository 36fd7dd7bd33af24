"""The RL example's shortest form, as CI runs it: a numpy policy trained on Aquawar
through the environment beats random, clearly better than untrained (fixed seeds)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).parents[2] / "examples" / "rl" / "aquawar_numpy.py"


def test_the_numpy_example_learns_to_beat_random() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"untrained ([\d.]+), trained ([\d.]+)", done.stdout)
    assert found is not None, done.stdout
    before, after = map(float, found.groups())
    assert after > 0.5
    assert after >= before + 0.15
