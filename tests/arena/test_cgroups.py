"""The cgroup each sandboxed bot runs in (`cgroups.py`): a command launched into it is in
it from its first instruction, removing it kills whatever is left there, and the cgroups
of a referee that was killed are removed by the next one — only those. (The cap itself,
a fork bomb against it, and removal at the end of a match or of a killed referee are
tested with whole matches in `test_referee.py` and `test_lifetime.py`.)"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sparring.arena import cgroups


@pytest.fixture
def parent() -> Path:
    found = cgroups.folder()
    if found is None:
        pytest.skip("no writable pids controller here: bots run without a cgroup")
    return found


@pytest.fixture
def bot_cgroup(parent: Path) -> Iterator[cgroups.BotCgroup]:
    made = cgroups.BotCgroup.create(tasks=5)
    assert made is not None and made.path.parent == parent
    yield made
    made.remove()


def test_a_launched_command_is_in_the_cgroup_from_its_first_instruction(
    bot_cgroup: cgroups.BotCgroup,
) -> None:
    """The program itself reports its cgroup: it was placed before it was executed."""
    assert (bot_cgroup.path / "pids.max").read_text().strip() == "5"
    shown = subprocess.run(
        bot_cgroup.launch(["/bin/cat", "/proc/self/cgroup"]),
        capture_output=True,
        text=True,
        check=True,
        timeout=10,
    ).stdout
    assert any(
        line.endswith(f"/{bot_cgroup.path.name}") and ("pids" in line or line.startswith("0::"))
        for line in shown.splitlines()
    ), shown


def test_removing_a_cgroup_kills_what_is_left_in_it(bot_cgroup: cgroups.BotCgroup) -> None:
    sleeper = subprocess.Popen(bot_cgroup.launch(["/bin/sleep", "60"]))
    try:
        while bot_cgroup.members() != [sleeper.pid]:  # the launcher has placed itself
            assert sleeper.poll() is None
            time.sleep(0.01)
        bot_cgroup.remove()
        assert sleeper.wait(timeout=5) == -9
        assert not bot_cgroup.path.exists()
    finally:
        sleeper.kill()


def test_the_next_referee_removes_only_the_cgroups_of_referees_that_are_gone(
    parent: Path,
) -> None:
    ended = subprocess.Popen([sys.executable, "-c", ""])
    ended.wait()  # a referee that was killed: its process id is free now
    names = {
        "gone": f"{cgroups.owner_prefix(ended.pid)}0",
        "running": f"{cgroups.owner_prefix(os.getpid())}kept",
        "elsewhere": f"{cgroups.PREFIX}1-{ended.pid}-0",  # another PID namespace's referee
    }
    made = {role: parent / name for role, name in names.items()}
    try:
        for path in made.values():
            path.mkdir()
        cgroups.remove_stale(parent)
        assert {role: path.exists() for role, path in made.items()} == {
            "gone": False,
            "running": True,
            "elsewhere": True,
        }
    finally:
        for path in made.values():
            with contextlib.suppress(OSError):
                path.rmdir()


# What /proc/self/mountinfo says of the cgroup mounts (fields after the mount point elided).
V1_PIDS = "39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids"
V1_MEMORY = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory"
V2 = "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw"
V2_ALONE = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate"
V2_OF_A_CONTAINER = "30 23 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw"
V2_SPACED = r"30 23 0:26 / /mnt/c\040g rw - cgroup2 cgroup2 rw"


@pytest.mark.parametrize(
    ("cgroup", "mounts", "expected"),
    [
        # v1 and v2 side by side (this project's machines): the pids controller is in v1.
        ("8:pids:/\n4:memory:/job/7\n0::/", [V1_MEMORY, V1_PIDS, V2], "/sys/fs/cgroup/pids"),
        ("8:pids:/a/b\n0::/", [V2, V1_PIDS], "/sys/fs/cgroup/pids/a/b"),
        # v2 alone: the referee's own cgroup, wherever the hierarchy is mounted.
        ("0::/user.slice/session-1.scope", [V2_ALONE], "/sys/fs/cgroup/user.slice/session-1.scope"),
        ("0::/docker/abc/job", [V2_OF_A_CONTAINER], "/sys/fs/cgroup/job"),
        ("0::/", [V2_SPACED], "/mnt/c g"),
        # The referee's cgroup is outside what is mounted, or nothing is mounted.
        ("0::/elsewhere", [V2_OF_A_CONTAINER], None),
        ("8:pids:/\n0::/", [V1_MEMORY], None),
    ],
)
def test_the_referees_cgroup_is_found_in_the_hierarchy_holding_pids(
    cgroup: str, mounts: list[str], expected: str | None
) -> None:
    found = cgroups.own_folder(cgroup, "\n".join(mounts))
    assert found == (None if expected is None else Path(expected))
