"""A throwaway PostgreSQL server for the store's PostgreSQL test.

`SPARRING_TEST_POSTGRES_URL` names an existing scratch database; otherwise, when the
PostgreSQL server programs are installed (they are on this project's machines), a private
cluster is started on a Unix socket in a temporary folder — as `nobody` when running as
root, since PostgreSQL refuses root — and stopped at the end of the session.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PORT = 54329


def _as_server_user(args: list[str]) -> list[str]:
    return ["runuser", "-u", "nobody", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    given = os.environ.get("SPARRING_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    if not (shutil.which("initdb") and shutil.which("pg_ctl")):
        pytest.skip("no PostgreSQL server programs here; set SPARRING_TEST_POSTGRES_URL")
    # Directly under /tmp: pytest's own temporary folders are private to their owner, and
    # the server runs as another user.
    base = Path(tempfile.mkdtemp(prefix="sparring-pg-"))
    base.chmod(0o777)
    data = base / "data"
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(
        _as_server_user(["initdb", "-D", str(data), "-A", "trust", "-U", "postgres"]), **run
    )
    options = f"-k {base} -p {PORT} -c listen_addresses=''"
    log = base / "server.log"
    subprocess.run(
        _as_server_user(["pg_ctl", "-D", str(data), "-o", options, "-l", str(log), "-w", "start"]),
        **run,
    )
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={base}&port={PORT}"
    finally:
        subprocess.run(
            _as_server_user(["pg_ctl", "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)
