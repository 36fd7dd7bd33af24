"""`sparring tournament --ray ADDRESS` on a real Ray cluster, one this test starts on the
machine (a head node of two CPUs) and stops again: every game is played on the cluster,
once, and the tournament ends exactly as the same tournament on the local process pool.

Ray's own ``ray stop`` ends every Ray process of the machine, other people's clusters too;
the teardown ends only this cluster's: ``ray start`` runs in a session of its own, so the
cluster is one process group, which its processes' environment marker identifies.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_cli_tournament import (
    GAME,
    entrant_flags,
    leaderboard_json,
    one_json_line,
    sparring,
    store_url,
    without_identity,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("ray") is None,
        reason="Ray is not installed (pip install 'sparring[ray]')",
    ),
]

ENTRANTS = ("r=builtin:random", "g1=builtin:greedy", "g2=builtin:greedy")
SETTINGS = (GAME, *entrant_flags(ENTRANTS), "--players", "2", "--games", "8", "--seed", "9")
TOTAL = 3 * 8
MARK = "SPARRING_E2E_RAY_MARK"
#: The ports of a head node that would otherwise be fixed defaults (6379, 52365, ...),
#: each given a free one so the test cluster never meets another on this machine.
PORT_FLAGS = (
    "--port",
    "--node-manager-port",
    "--object-manager-port",
    "--dashboard-agent-listen-port",
    "--dashboard-agent-grpc-port",
    "--runtime-env-agent-port",
    "--metrics-export-port",
)
STOP_SECONDS = 3.0


def free_ports(count: int) -> list[int]:
    """`count` distinct ports nothing listens on now."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for each in sockets:
            each.bind(("127.0.0.1", 0))
        return [each.getsockname()[1] for each in sockets]
    finally:
        for each in sockets:
            each.close()


def live_processes() -> Iterator[tuple[int, int, bytes]]:
    """(pid, process group, environment) of every live process (zombies are dead)."""
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
            environment = Path(f"/proc/{name}/environ").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if fields[0] != "Z":
            yield int(name), int(fields[2]), environment


def cluster_processes(marker: str, groups: set[int]) -> list[int]:
    """The cluster's live processes: those with `marker` in their environment, and the rest
    of their process groups (Ray's agents and workers overwrite their environment when
    they retitle themselves ``ray::...``, marker and all)."""
    needle = f"{MARK}={marker}".encode()
    return [
        pid
        for pid, group, environment in live_processes()
        if group in groups or needle in environment.split(b"\0")
    ]


def cluster_groups(marker: str) -> set[int]:
    """The process groups of the marked processes, never the test's own."""
    needle = f"{MARK}={marker}".encode()
    found = {
        group for _, group, environment in live_processes() if needle in environment.split(b"\0")
    }
    return found - {os.getpgrp()}


def stop_cluster(marker: str, groups: set[int]) -> None:
    """End this cluster's processes: politely, then, after `STOP_SECONDS`, by force."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        for pid in cluster_processes(marker, groups):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)
        deadline = time.monotonic() + STOP_SECONDS
        while cluster_processes(marker, groups) and time.monotonic() < deadline:
            time.sleep(0.1)


def tasks_run(folder: Path) -> int:
    """How many `play_tasks` tasks (chunks of games) the cluster's workers started (each
    says so in its log)."""
    logs = folder.glob("session_latest/logs/worker-*.out")
    return sum(log.read_text().count(":task_name:play_tasks") for log in logs)


@pytest.fixture
def ray_cluster() -> Iterator[tuple[str, Path]]:
    """A running single-node cluster of two CPUs: its address and its temp folder (short,
    under /tmp: Ray's socket paths must fit in 107 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="sray-", dir="/tmp"))
    marker = uuid.uuid4().hex
    env = {**os.environ, MARK: marker, "RAY_USAGE_STATS_ENABLED": "0"}
    groups: set[int] = set()
    ports = free_ports(len(PORT_FLAGS))
    command = [
        str(Path(sys.executable).parent / "ray"), "start", "--head",
        "--node-ip-address=127.0.0.1", "--num-cpus=2", "--include-dashboard=false",
        "--disable-usage-stats", f"--temp-dir={folder}", "--object-store-memory=100000000",
        *(f"{flag}={port}" for flag, port in zip(PORT_FLAGS, ports, strict=True)),
    ]  # fmt: skip
    try:
        started = subprocess.run(  # in a session of its own: the cluster is one process group
            command, capture_output=True, text=True, env=env, timeout=180, start_new_session=True
        )
        if started.returncode != 0:
            pytest.fail(f"ray start failed (exit {started.returncode}):\n{started.stderr[-3000:]}")
        groups = cluster_groups(marker)
        assert groups, "ray start left no process of the cluster running"
        yield f"127.0.0.1:{ports[0]}", folder
    finally:
        groups |= cluster_groups(marker)
        stop_cluster(marker, groups)
        shutil.rmtree(folder, ignore_errors=True)
        assert not cluster_processes(marker, groups)


def test_a_tournament_on_a_ray_cluster_ends_as_on_the_local_pool(
    tmp_path: Path, ray_cluster: tuple[str, Path]
) -> None:
    address, folder = ray_cluster
    db = store_url(tmp_path / "t.db")
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    local = sparring(tmp_path, "tournament", *SETTINGS, "--workers", "2", "--name", "local",
                     "--db", db, "--quiet", env=env)  # fmt: skip
    assert local.returncode == 0, local.stderr
    on_ray = sparring(tmp_path, "tournament", *SETTINGS, "--ray", address, "--name", "ray",
                      "--db", db, "--quiet", env=env, timeout=300)  # fmt: skip
    assert on_ray.returncode == 0, on_ray.stderr
    line = one_json_line(on_ray.stdout)
    assert line["tournament"] == "ray" and line["games_played"] == TOTAL
    reference = leaderboard_json(tmp_path, "local", db)
    assert without_identity(leaderboard_json(tmp_path, "ray", db)) == without_identity(reference)
    assert without_identity(line) == without_identity(reference)
    # The games went to the cluster in chunks (the driver starts no worker of its own with
    # --ray): its workers' logs show them, at most one chunk per game.
    deadline = time.monotonic() + 10  # the workers' logs are written as they go
    while tasks_run(folder) == 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert 1 <= tasks_run(folder) <= TOTAL
