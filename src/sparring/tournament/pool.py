"""Where tournament games are played: a pool of local worker processes, or a Ray cluster.

Both hand out a `concurrent.futures.Future` per chunk of games (`play_tasks`), so the
driver (`runner.py`) waits on either the same way, and both leave storing to it. One future
per chunk, not per game: the driver waits on every future out each time it waits, so a
future per game made it make, settle and wait on a few hundred where a dozen chunks were
out.

- `LocalPool`: one process per worker, started fresh (``spawn``: the driver's threads —
  its live display — are not copied into a forked child), each on a pipe of its own (see
  `_Crew`). A worker dies with the driver, by the kernel's hand, however the driver ends;
  a worker that dies mid-game breaks the pool, which `restart` replaces, and the runner
  plays its games again.
- `RayPool`: the same function as a Ray task on a cluster (``ray.init(address=...)``;
  ``auto`` finds a running one). Ray retries a task whose worker died. The package must be
  installed on every machine of the cluster, as it is here.
"""

from __future__ import annotations

import collections
import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from sparring.core.errors import BadInput

from .play import GameFailed, GameReport, GameTask, play_tasks

#: Ray retries a task this often when the process or machine running it dies.
RAY_RETRIES = 3
#: Chunks handed to a local worker before its first reply: one played, one waiting there.
CHUNKS_AHEAD = 2


class Pool(Protocol):
    """Plays chunks of games: `submit` hands `tasks` to one worker, to be played in a row,
    and returns the future of their reports, in order (failed whole when the worker died:
    `BrokenProcessPool`)."""

    workers: int

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]: ...

    def restart(self) -> None: ...

    def close(self) -> None: ...


def _serve(connection: Connection, driver: int) -> None:
    """A local worker's life: die with the driver (checking it is still there, as it may
    have died before this ran), leave Ctrl-C to the driver, which ends the workers itself,
    then play each chunk that arrives and send back its reports (or its error). Chunks are
    read as they arrive, while the one before is played (`_receive`), so a worker that
    finishes a chunk starts the next at once instead of waiting for the driver's thread."""
    from sparring.arena.process import die_with_parent

    die_with_parent()
    if os.getppid() != driver:
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    chunks: queue.SimpleQueue[Any] = queue.SimpleQueue()
    threading.Thread(target=_receive, args=(connection, chunks), daemon=True).start()
    while (tasks := chunks.get()) is not None:
        try:
            reply: tuple[bool, Any] = (True, play_tasks(tasks))
        except GameFailed as error:  # a bug where a game was played: the driver says which
            reply = (False, error)
        connection.send(reply)


def _receive(connection: Connection, chunks: queue.SimpleQueue[Any]) -> None:
    """Queue each chunk the driver sends; None once it has closed the pipe."""
    while True:
        try:
            chunks.put(connection.recv())
        except EOFError:  # the driver closed the pipe: nothing more to play
            chunks.put(None)
            return


#: A chunk waiting for a worker: its tasks and the future of its reports.
Job = tuple[tuple[GameTask, ...], Future[list[GameReport]]]


class _Crew:
    """One generation of local workers: a process each, on a pipe of its own, and a
    thread each in the driver that keeps it a chunk ahead and waits for the reports.

    A pipe per worker, not a queue shared by all (as `ProcessPoolExecutor` has), so a
    worker killed mid-reply breaks only its own pipe: the driver reads end-of-file there
    instead of waiting forever for the rest of a half-written message, and nothing left
    behind can hold the driver at exit (the threads are daemons). A worker's death breaks
    the crew: its chunk and every chunk still waiting fail with `BrokenProcessPool`, as
    does every later submit, until the pool replaces the crew."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")  # no copy of the driver's threads
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._broken = False
        self._processes: list[BaseProcess] = []
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, os.getpid()), daemon=True)
            process.start()
            theirs.close()  # the worker's end lives in the worker only: its death is EOF here
            self._processes.append(process)
            threading.Thread(target=self._feed, args=(ours,), daemon=True).start()

    def submit(self, job: Job) -> None:
        with self._lock:
            if not self._broken:
                self._jobs.put(job)
                return
        job[1].set_exception(BrokenProcessPool("a worker died"))

    def _feed(self, connection: Connection) -> None:
        """Keep this thread's worker `CHUNKS_AHEAD` chunks ahead — one played, the next
        waiting at the worker — until the crew stops or breaks (a None in the queue) or
        the worker dies; replies come back in the order the chunks went."""
        sent: collections.deque[Future[list[GameReport]]] = collections.deque()
        with connection:
            while True:
                while len(sent) < CHUNKS_AHEAD:
                    try:
                        job = self._jobs.get(block=not sent)
                    except queue.Empty:
                        break
                    if job is None:
                        _fail(sent)
                        return
                    tasks, future = job
                    if not future.set_running_or_notify_cancel():
                        continue
                    sent.append(future)
                    try:
                        connection.send(tasks)
                    except OSError:
                        self._lose(sent)
                        return
                try:
                    played, reply = connection.recv()
                except (EOFError, OSError):
                    self._lose(sent)
                    return
                future = sent.popleft()
                if played:
                    future.set_result(reply)
                else:
                    future.set_exception(reply)

    def _lose(self, sent: collections.deque[Future[list[GameReport]]]) -> None:
        """The worker died: its chunks fail, and the crew breaks."""
        _fail(sent)
        self._break()

    def _break(self) -> None:
        """Fail the chunks still waiting, refuse new ones, and send every idle thread home
        (one None each; a thread that meets none is gone already)."""
        with self._lock:
            self._broken = True
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    job[1].set_exception(BrokenProcessPool("a worker died"))
            for _ in self._processes:
                self._jobs.put(None)

    def pids(self) -> list[int]:
        return [process.pid or 0 for process in self._processes]

    def stop(self) -> None:
        """Kill the workers now, mid-game or not; their threads end as the pipes close."""
        self._break()
        for process in self._processes:
            process.kill()
        for process in self._processes:
            process.join()


def _fail(futures: collections.deque[Future[list[GameReport]]]) -> None:
    for future in futures:
        future.set_exception(BrokenProcessPool("a worker died"))


class LocalPool:
    """`workers` processes on this machine (see the module docstring)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise BadInput(f"--workers must be at least 1, got {workers}")
        self.workers = workers
        self._crew = _Crew(workers)

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        """The chunk's future; failed with `BrokenProcessPool` when a worker has died since
        the pool was (re)started, so the runner replaces the pool and hands these games
        out again with the games that were out."""
        chunk: Future[list[GameReport]] = Future()
        self._crew.submit((tuple(tasks), chunk))
        return chunk

    def worker_pids(self) -> list[int]:
        """The process ids of the workers now (the benchmark reads their CPU time)."""
        return self._crew.pids()

    def restart(self) -> None:
        """Replace a pool broken by a worker's death (or whose games out are no longer
        wanted) with a fresh one."""
        self._crew.stop()
        self._crew = _Crew(self.workers)

    def close(self) -> None:
        """Stop at once: games still being played are abandoned (they were never recorded,
        so a resumed tournament plays them again)."""
        self._crew.stop()


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

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        chunk: Future[list[GameReport]] = self._remote.remote(tuple(tasks)).future()
        return chunk

    def restart(self) -> None:
        """Ray replaces dead workers itself; nothing to do."""

    def close(self) -> None:
        self._ray.shutdown()


def open_pool(workers: int | None, ray_address: str | None) -> Pool:
    """The pool a tournament asked for: Ray when given an address, else local processes
    (one per core by default)."""
    if ray_address is not None:
        return RayPool(ray_address)
    return LocalPool(workers or os.cpu_count() or 1)
