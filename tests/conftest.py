"""Suite-wide fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_default_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands that save to the default store write to a throwaway database, never to a
    `sparring.db` in the checkout (subprocesses inherit the variable)."""
    monkeypatch.setenv("SPARRING_DB", f"sqlite:///{tmp_path / 'default-store.db'}")
