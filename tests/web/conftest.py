"""Fixtures of the web tests: an app over a throwaway store (for Starlette's TestClient),
a real server process on a free loopback port (`live_server`), and one headless Chromium
per session (`browser`, Debian's chromium driven by Playwright; nothing is downloaded).

The boards' harness tests get `base` (the static harness served) and `page` (a fresh
page) here too."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.boards_harness.harness import LAPTOP, chromium, static_server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """`sparring serve` in a process of its own, on `port`, over the store at `db`."""

    def __init__(self, db: str, port: int, config: Path | None = None, pace: float = 0.0) -> None:
        self.db, self.port, self.config, self.pace = db, port, config, pace
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        command = [
            sys.executable,
            "-c",
            "from sparring.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--pace",
            str(self.pace),
        ]
        if self.config is not None:
            command += ["--config", str(self.config)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=os.environ.copy()
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server ended at start: {error}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def store_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def live_server(store_url: str) -> Iterator[str]:
    """The base URL of a running server over a throwaway SQLite store."""
    server = ServerProcess(store_url, free_port()).start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session, shared by every browser test (Playwright's sync
    API allows one at a time in a process); skipped where the system has none."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The boards' static harness (tests/web/boards_harness/), served for one module."""
    with static_server() as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh laptop-sized page of the session's browser; a JavaScript error the page
    raised fails the test."""
    context = browser.new_context(viewport=LAPTOP)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors
