"""Where tournament games are played: a pool of local worker processes, or a Ray cluster.

Both hand out `concurrent.futures.Future` objects for `play_task`, so the driver
(`runner.py`) waits on either the same way, and both leave storing to it.

- `LocalPool`: one process per worker, started fresh (``spawn``: the driver's threads —
  its live display — are not copied into a forked child). A worker dies with the driver,
  by the kernel's hand, however the driver ends; a worker that dies mid-game breaks the
  pool, which `restart` replaces, and the runner plays its games again.
- `RayPool`: the same function as a Ray task on a cluster (``ray.init(address=...)``;
  ``auto`` finds a running one). Ray retries a task whose worker died. The package must be
  installed on every machine of the cluster, as it is here.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from sparring.core.errors import BadInput

from .play import GameReport, GameTask, play_tasks

#: Ray retries a task this often when the process or machine running it dies.
RAY_RETRIES = 3


class Pool(Protocol):
    """Plays chunks of games: `submit` hands `tasks` to one worker, to be played in a row,
    and returns one future per game."""

    workers: int

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[GameReport]]: ...

    def restart(self) -> None: ...

    def close(self) -> None: ...


def _start_worker(driver: int) -> None:
    """Runs first in each local worker: die with the driver (checking it is still there, as
    it may have died before this ran), and leave Ctrl-C to the driver, which ends the
    workers itself."""
    from sparring.arena.process import die_with_parent

    die_with_parent()
    if os.getppid() != driver:
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool:
    """`workers` processes on this machine (see the module docstring)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise BadInput(f"--workers must be at least 1, got {workers}")
        self.workers = workers
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[GameReport]]:
        """The games' futures; failed with `BrokenProcessPool` when a worker has died since
        the last chunk was handed out, as the futures then out fail, so the runner replaces
        the pool and hands these games out again like them."""
        try:
            chunk = self._executor.submit(play_tasks, tuple(tasks))
        except BrokenProcessPool as error:
            chunk = Future()
            chunk.set_exception(error)
        return split_chunk(chunk, len(tasks))

    def restart(self) -> None:
        """Replace a pool broken by a worker's death with a fresh one."""
        self._stop_workers()
        self._executor = self._new_executor()

    def close(self) -> None:
        """Stop at once: games still being played are abandoned (they were never recorded,
        so a resumed tournament plays them again)."""
        self._stop_workers()

    def _stop_workers(self) -> None:
        """Kill the workers now, mid-game or not. The executor does not name its processes,
        so this kills every child process `multiprocessing` started here: a driver runs one
        pool and nothing else of the kind."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.kill()
            child.join()


class RayPool:
    """Games as Ray tasks on the cluster at `address` (see the module docstring)."""

    def __init__(self, address: str) -> None:
        try:
            import ray
        except ImportError:
            raise BadInput(
                "--ray needs Ray: pip install 'sparring[ray]' (on every machine of the cluster)"
            ) from None
        self._ray = ray
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, ValueError, RuntimeError) as error:
            raise BadInput(f"cannot join the Ray cluster at {address}: {error}") from None
        self._remote: Any = ray.remote(max_retries=RAY_RETRIES, num_cpus=1)(play_tasks)
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[GameReport]]:
        chunk: Future[list[GameReport]] = self._remote.remote(tuple(tasks)).future()
        return split_chunk(chunk, len(tasks))

    def restart(self) -> None:
        """Ray replaces dead workers itself; nothing to do."""

    def close(self) -> None:
        self._ray.shutdown()


def split_chunk(chunk: Future[list[GameReport]], games: int) -> list[Future[GameReport]]:
    """One future per game of a chunk, settled when the chunk is: each with its game's
    report, or all with the chunk's error (a worker that died takes the chunk with it), or
    all cancelled with it."""
    parts: list[Future[GameReport]] = [Future() for _ in range(games)]

    def settle(done: Future[list[GameReport]]) -> None:
        if done.cancelled():  # a pool stopped before the chunk began: its games were dropped
            for part in parts:
                part.cancel()
            return
        error = done.exception()
        if error is not None:
            for part in parts:
                part.set_exception(error)
            return
        for part, report in zip(parts, done.result(), strict=True):
            part.set_result(report)

    chunk.add_done_callback(settle)
    return parts


def open_pool(workers: int | None, ray_address: str | None) -> Pool:
    """The pool a tournament asked for: Ray when given an address, else local processes
    (one per core by default)."""
    if ray_address is not None:
        return RayPool(ray_address)
    return LocalPool(workers or os.cpu_count() or 1)
