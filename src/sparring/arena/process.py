"""An untrusted bot as a child process, on the referee's clock.

By default the bot runs in a sandbox (`sandbox.py`: its own namespaces, a read-only view
of little more than the system, the kernel's caps on memory, CPU time and processes);
with ``sandbox=False`` it runs unisolated, as the referee's user in its folder, with
the same caps but for the process count. Either way it runs in its own session and
process group, so the referee can pause it between turns (SIGSTOP, so it cannot think on
the opponent's clock), resume it for its own turn, and kill it together with every
process it spawned. Every wait has a deadline the referee enforces itself, and so does
every write: the referee writes to the bot only when the pipe has room, on the bot's own
clock, so a bot that stops reading cannot stall it. Memory (resident size of the whole
process tree) is checked while the referee waits and after every reply, and output is
capped. Each failure raises `BotFailure` with a verdict:

- ``TLE`` no complete reply by the deadline, the message not read by then, or the
  CPU-time cap hit,
- ``RE`` the bot exited, crashed or closed its pipes,
- ``BAD`` the reply is not one JSON object on one line (or, for length-prefixed bots, the
  frame or its body cannot be read),
- ``OLE`` the bot wrote more than the output caps allow,
- ``MLE`` the process tree's memory went over the cap.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import select
import shlex
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

from sparring.core.errors import BadInput
from sparring.core.messages import json_default
from sparring.core.verdicts import BAD, MLE, OLE, RE, TLE

from . import cgroups, sandbox

_POLL_SECONDS = 0.02
_PAGE = os.sysconf("SC_PAGE_SIZE")
_TICKS = os.sysconf("SC_CLK_TCK")
_LIBC = ctypes.CDLL(None, use_errno=True)
_FRAME_HEADER = 4  # length-prefixed replies: a 4-byte big-endian signed length, then the body

T = TypeVar("T")
# Finds one complete reply at the start of the buffer: (reply, bytes used), or None for "not yet".
Take = Callable[[bytes], tuple[bytes, int] | None]


@dataclass(frozen=True)
class Limits:
    """Caps for one bot process, and whether it runs in the sandbox. Memory is resident
    memory of its whole process tree (each process's address space is also capped by the
    kernel, with headroom: `sandbox.ADDRESS_SPACE_HEADROOM_MIB`); `processes` counts
    processes and threads, and binds sandboxed bots only: through a cgroup of their own
    where a pids controller is writable (`cgroups.py`), else through RLIMIT_NPROC, which
    the kernel does not apply to root."""

    memory_mib: int = 1024
    cpu_seconds: int = 600
    processes: int = 256
    reply_bytes: int = 1 << 20
    output_bytes: int = 64 << 20
    stderr_bytes: int = 16 << 10
    sandbox: bool = True


class BotFailure(Exception):
    """A bot broke the rules of the referee; `verdict` is one of TLE, RE, BAD, OLE, MLE."""

    def __init__(self, verdict: str, detail: str) -> None:
        super().__init__(f"{verdict}: {detail}")
        self.verdict = verdict
        self.detail = detail


_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


def split_command(command: str | Sequence[str]) -> list[str]:
    """A bot's command line as words, split the way a shell would (no shell runs it); a
    `BadInput` in one line for one that cannot be split (an unbalanced quote) or is empty."""
    if isinstance(command, str):
        try:
            args = shlex.split(command)
        except ValueError as error:
            raise BadInput(f"cannot read the bot command {command!r}: {error}") from None
    else:
        args = list(command)
    if not args:
        raise BadInput("a bot command cannot be empty")
    return args


def _limit_resources(limits: Limits) -> None:
    """Runs in an unsandboxed bot before exec: the caps the sandbox sets with `prlimit`
    (CPU time: SIGXCPU, then SIGKILL; address space; no cores), death with the referee,
    and the bot becomes a child subreaper (kept across exec), so a helper it double-forks
    is re-parented to the bot instead of escaping to init — and stays in its tree."""
    cpu = limits.cpu_seconds
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + sandbox.CPU_GRACE_SECONDS))
    memory = (limits.memory_mib + sandbox.ADDRESS_SPACE_HEADROOM_MIB) << 20
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    die_with_parent()
    _LIBC.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def die_with_parent() -> None:
    """Have the kernel SIGKILL this process when the thread that started it ends: nothing
    a referee starts (a bot, a tournament's worker) outlives it, even a SIGKILLed one."""
    _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _proc_stat(pid: int) -> tuple[int, int, int, int] | None:
    """(parent pid, session, start time, CPU ticks used) of `pid`, or None if gone. (Read
    with bare system calls: listing the bot's processes reads every process's stat, a few
    times per decision.)"""
    try:
        handle = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
    except OSError:
        return None
    try:
        raw = os.read(handle, 4096)
    except OSError:
        return None
    finally:
        os.close(handle)
    fields = raw[raw.rfind(b")") + 2 :].split()
    return int(fields[1]), int(fields[3]), int(fields[19]), int(fields[11]) + int(fields[12])


def process_tree(root: int) -> dict[int, int]:
    """`root` and every live process in its session or descended from it — including
    children that moved to a session of their own — as {pid: start time}."""
    table: dict[int, tuple[int, int, int, int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _proc_stat(int(name))
            if stat is not None:
                table[int(name)] = stat
    found = {pid for pid, (_, session, _, _) in table.items() if session == root}
    if root in table:
        found.add(root)
    grew = True
    while grew:
        grew = False
        for pid, (parent, _, _, _) in table.items():
            if parent in found and pid not in found:
                found.add(pid)
                grew = True
    return {pid: table[pid][2] for pid in found}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _json_line(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":"), default=json_default) + "\n").encode()


def _resident_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm", "rb") as handle:
                total += int(handle.read().split()[1]) * _PAGE
        except (OSError, IndexError, ValueError):
            continue
    return total


class BotProcess:
    """One running bot. Use `request` for a reply within a deadline; `close` always."""

    def __init__(self, command: str | Sequence[str], limits: Limits | None = None) -> None:
        self.command = command
        self.limits = limits or Limits()
        args = split_command(command)
        # The bot's own pipes: inside the sandbox only the bot holds its ends (bwrap's
        # processes would otherwise keep its output open after the bot closed it).
        bot_reads, to_bot = os.pipe()
        from_bot, bot_writes = os.pipe()
        self._cgroup: cgroups.BotCgroup | None = None  # holds a sandboxed bot, if one can
        try:
            self._process = self._start(args, bot_reads, bot_writes)
        except BaseException:
            os.close(to_bot)
            os.close(from_bot)
            raise
        finally:
            os.close(bot_reads)
            os.close(bot_writes)
        self._stdin = open(to_bot, "wb", buffering=0)  # noqa: SIM115
        self._stdout = open(from_bot, "rb", buffering=0)  # noqa: SIM115
        assert self._process.stderr is not None
        self._stderr: IO[bytes] = self._process.stderr
        for pipe in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(pipe.fileno(), False)
        self._stderr_tail = b""  # only the last `limits.stderr_bytes` are kept
        self._cpu_seconds = 0.0  # the busiest process's CPU time when last looked at
        self._checked = 0.0  # when memory was last checked (monotonic)
        self._outbox = bytearray()  # bytes for the bot that its pipe has not taken yet
        self._buffer = b""
        self._written = 0
        self._paused = False
        self._late = 0  # replies owed for decisions that timed out (survivable time-outs)
        self._seen: dict[int, int] = {}
        self._killed = False
        self.closed = False

    def _start(self, args: list[str], stdin: int, stdout: int) -> subprocess.Popen[bytes]:
        """Start the bot — in the sandbox unless the limits say otherwise — reading `stdin`
        and writing `stdout` (file descriptors); its stderr is a pipe of ours."""
        path = sandbox.bot_path()
        if self.limits.sandbox:
            argv = sandbox.command(args, self.limits, Path.cwd(), path, (stdin, stdout))
            tasks = self.limits.processes + sandbox.BWRAP_PROCESSES
            self._cgroup = cgroups.BotCgroup.create(tasks)
            if self._cgroup is not None:
                argv = self._cgroup.launch(argv)
            try:
                return subprocess.Popen(
                    argv,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    pass_fds=(stdin, stdout),
                    start_new_session=True,
                    bufsize=0,
                )
            except BaseException:
                self._remove_cgroup()
                raise
        sandbox.find_program(args[0], path)
        try:
            return subprocess.Popen(
                args,
                stdin=stdin,
                stdout=stdout,
                stderr=subprocess.PIPE,
                start_new_session=True,
                preexec_fn=lambda: _limit_resources(self.limits),
                env={**os.environ, "PATH": path},
                bufsize=0,
            )
        except (FileNotFoundError, PermissionError) as error:
            raise BadInput(f"cannot start bot {args[0]!r}: {error.strerror}") from None

    @property
    def pid(self) -> int:
        return self._process.pid

    # ------------------------------------------------------------------ signals

    def _tree(self) -> dict[int, int]:
        """The bot's processes now, plus any seen before that still live (an orphan whose
        parent died is reparented away from the tree but is still the bot's)."""
        current = process_tree(self.pid)
        self._seen.update(current)
        for pid, started in list(self._seen.items()):
            stat = _proc_stat(pid)
            if stat is None or stat[2] != started:
                del self._seen[pid]
        return dict(self._seen)

    def _signal_tree(self, signum: int) -> dict[int, int]:
        """Signal every process of the bot; returns them. To stop or kill, the tree is
        listed again until no new process turns up: one that was running while the list
        was made may have started another (a stopped or dead one cannot)."""
        signalled: dict[int, int] = {}
        while True:
            tree = self._tree()  # before signalling: a killed parent orphans its children
            if not signalled:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.pid, signum)
            new = [pid for pid in tree if pid not in signalled]
            for pid in new:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signum)
            signalled.update(tree)
            if not new or signum == signal.SIGCONT:
                return signalled

    def pause(self) -> None:
        """Freeze the bot and its children while it is not its turn."""
        self._pause()

    def _pause(self) -> dict[int, int] | None:
        """`pause`, returning the processes it froze (None if there was nothing to do)."""
        if self._paused or self._process.poll() is not None:
            return None
        tree = self._signal_tree(signal.SIGSTOP)
        self._paused = True
        return tree

    def _settle(self) -> None:
        """After a reply: freeze the bot, then check its memory, however fast it answered
        (a bot that grows between replies is caught at the first reply over the cap)."""
        tree = self._pause()
        if tree is not None:
            self._check_memory(tree)

    def resume(self) -> None:
        if self._paused:
            self._signal_tree(signal.SIGCONT)
            self._paused = False

    def kill(self) -> None:
        """Kill the bot and every process it started, and reap it."""
        self._killed = True
        self._signal_tree(signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=1)
        self._remove_cgroup()

    def _remove_cgroup(self) -> None:
        if self._cgroup is not None:
            self._cgroup.remove()
            self._cgroup = None

    # ------------------------------------------------------------------ talking

    def send(self, message: dict[str, Any]) -> None:
        """Queue one JSON line for the bot (RE if it has gone); see `send_bytes`."""
        self.send_bytes(_json_line(message))

    def send_bytes(self, data: bytes) -> None:
        """Queue `data` for the bot as is (RE if it has gone), for any protocol. What its
        pipe takes now is written at once, never blocking; the rest goes out while the
        referee waits for the bot's next reply, on the bot's clock."""
        self._outbox += data
        self._write_some()

    def _write_some(self) -> None:
        """Write as much of the outbox as the pipe takes now, without blocking."""
        while self._outbox:
            try:
                sent = os.write(self._stdin.fileno(), self._outbox[: 1 << 16])
            except BlockingIOError:
                return
            except (OSError, ValueError):
                raise self._gone("stopped reading its input") from None
            del self._outbox[:sent]

    def request(
        self, message: dict[str, Any], seconds: float, survive_timeout: bool = False
    ) -> dict[str, Any]:
        """Send `message`, wait at most `seconds` for one JSON-object line, pause the bot.

        Raises `BotFailure` (the bot is killed) on any failure — except, with
        `survive_timeout`, a time-out of a bot that is still running: it is only paused,
        and the reply it owes is discarded when it comes (see `_read_reply`)."""
        self.resume()
        try:
            self.send(message)
            reply = self._read_reply(time.monotonic() + seconds, seconds, message.get("decision"))
            self._settle()
        except BotFailure as failure:
            if survive_timeout and failure.verdict == TLE and self._process.poll() is None:
                self._late += 1
                self.pause()
            else:
                self.kill()
            raise
        return reply

    def _read_reply(self, deadline: float, seconds: float, decision: Any) -> dict[str, Any]:
        """The reply to `decision`. A bot that timed out still owes its late replies, which
        come first: a reply naming another decision is passed over, and so is a reply
        naming none while replies are owed. Only with nothing owed is the buffer cleared
        (an extra line then is lost, as the protocol says)."""
        if not self._late:
            self._buffer = b""
        while True:
            reply = self._decode(self._read_until(deadline, seconds, self._take_line))
            answered = reply.get("decision")
            if answered is None and not self._late:
                return reply
            if answered is not None and answered == decision:
                self._late = 0
                return reply
            self._late = max(0, self._late - 1)

    def request_framed(
        self, payload: bytes, seconds: float, decode: Callable[[bytes], T | None]
    ) -> T:
        """Send `payload` as is, then read length-prefixed frames (a 4-byte big-endian length,
        then that many bytes) until `decode` accepts one, all within `seconds`; pause the bot.

        `decode` turns a frame's body into the reply, returns None to pass over a frame that
        is not a reply (an acknowledgement, an empty frame), or raises `BotFailure` (BAD) for
        one it cannot read. Bytes after the accepted frame are kept for the next request.
        Raises `BotFailure` (the bot is killed) on any failure."""
        self.resume()
        deadline = time.monotonic() + seconds
        try:
            self.send_bytes(payload)
            while True:
                reply = decode(self._read_until(deadline, seconds, self._take_frame))
                if reply is not None:
                    break
            self._settle()
        except BotFailure:
            self.kill()
            raise
        return reply

    def _read_until(self, deadline: float, seconds: float, take: Take) -> bytes:
        """Write what the bot has not taken yet and read its output until `take` finds a
        complete reply in it (consumed from the buffer), enforcing the deadline — for the
        writing too —, the output caps and the memory cap meanwhile."""
        stdin, stdout, stderr = self._stdin, self._stdout, self._stderr
        limits = self.limits
        while True:
            found = take(self._buffer)
            if found is not None:
                reply, used = found
                self._buffer = self._buffer[used:]
                return reply
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._check_memory(self._tree())  # a bot over its cap at the deadline: MLE
                if self._outbox:
                    raise BotFailure(TLE, f"did not read its input within {seconds:g} s")
                raise BotFailure(TLE, f"no reply within {seconds:g} s")
            streams = [stdout, stderr] if not stderr.closed else [stdout]
            writing = [stdin] if self._outbox else []
            ready, room, _ = select.select(streams, writing, [], min(remaining, _POLL_SECONDS))
            if room:
                self._write_some()
            if stderr in ready:
                self._drain_stderr()
            if stdout in ready:
                chunk = stdout.read(1 << 16)
                if chunk == b"":
                    raise self._gone("closed its output without replying")
                if chunk:
                    self._written += len(chunk)
                    if self._written > limits.output_bytes:
                        raise BotFailure(OLE, f"wrote more than {limits.output_bytes} bytes")
                    self._buffer += chunk
                    continue
            elif not ready and self._process.poll() is not None:
                raise self._gone("exited without replying")
            if time.monotonic() - self._checked >= _POLL_SECONDS:
                self._check_memory(self._tree())

    def _take_line(self, buffer: bytes) -> tuple[bytes, int] | None:
        """One reply of the JSON-lines protocol: everything up to the first newline."""
        cap = self.limits.reply_bytes
        newline = buffer.find(b"\n")
        if newline >= 0:
            if newline > cap:
                raise BotFailure(OLE, f"a reply over {cap} bytes")
            return buffer[:newline], newline + 1
        if len(buffer) > cap:
            raise BotFailure(OLE, f"a reply over {cap} bytes")
        return None

    def _take_frame(self, buffer: bytes) -> tuple[bytes, int] | None:
        """One length-prefixed frame. A header that reads as text means the bot forgot the
        length (BAD, said plainly) rather than announcing a gigantic reply (OLE)."""
        if len(buffer) < _FRAME_HEADER:
            return None
        header = buffer[:_FRAME_HEADER]
        size = int.from_bytes(header, "big", signed=True)
        cap = self.limits.reply_bytes
        if size < 0 or (size > cap and all(32 <= b < 127 or b in b"\t\r\n" for b in header)):
            shown = buffer[:60].decode("utf-8", errors="replace")
            raise BotFailure(
                BAD,
                "unreadable frame: a reply must start with its length as 4 bytes, big-endian, "
                f"then the JSON text; got {shown!r}",
            )
        if size > cap:
            raise BotFailure(OLE, f"a frame announcing {size} bytes, over the {cap}-byte cap")
        end = _FRAME_HEADER + size
        if len(buffer) < end:
            return None
        return buffer[_FRAME_HEADER:end], end

    def _drain_stderr(self) -> None:
        """Read what the bot wrote to stderr, keeping only the tail (a chatty bot can never
        block on a full pipe, nor fill a disk)."""
        stderr = self._stderr
        if stderr.closed:
            return
        with contextlib.suppress(OSError, ValueError):
            while chunk := stderr.read(1 << 16):
                self._stderr_tail = (self._stderr_tail + chunk)[-self.limits.stderr_bytes :]

    def _check_memory(self, tree: dict[int, int]) -> None:
        """MLE if the processes of `tree` together hold more than the cap; also notes the
        CPU time of the busiest one (the CPU cap is per process)."""
        self._checked = time.monotonic()
        stats = [_proc_stat(pid) for pid in tree]
        self._cpu_seconds = max([stat[3] / _TICKS for stat in stats if stat], default=0.0)
        used = _resident_bytes(list(tree))
        if used > self.limits.memory_mib << 20:
            mib = -(-used >> 20)  # rounded up: 200.3 MiB over a 200 MiB cap reads "201"
            raise BotFailure(MLE, f"used {mib} MiB, over the {self.limits.memory_mib} MiB cap")

    @staticmethod
    def _decode(line: bytes) -> dict[str, Any]:
        text = line.decode("utf-8", errors="replace").strip()
        try:
            reply = json.loads(text)
        except json.JSONDecodeError as error:
            raise BotFailure(BAD, f"reply is not JSON ({error.msg}): {text[:120]!r}") from None
        if not isinstance(reply, dict):
            raise BotFailure(BAD, f"reply must be a JSON object, got {text[:120]!r}")
        return reply

    def _gone(self, what: str) -> BotFailure:
        """The verdict for a bot that has gone: RE, except that death by the CPU-time cap
        (SIGXCPU at the soft limit, or SIGKILL at the hard one — told from the kernel's
        out-of-memory kill by the CPU time last seen) is TLE."""
        story = self._exit_story(what)
        killer = self._exit_signal()
        cap = self.limits.cpu_seconds
        hard_cap = killer == signal.SIGKILL and not self._killed and self._cpu_seconds >= cap - 1
        if killer == signal.SIGXCPU or hard_cap:
            return BotFailure(TLE, f"used up its CPU-time cap of {cap} s: {story}")
        return BotFailure(RE, story)

    def _exit_story(self, what: str) -> str:
        """Why the bot is gone: its exit status and the tail of what it wrote to stderr."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=0.5)
        code = self._process.returncode
        killer = self._exit_signal()
        if code is None:
            status = "still running"
        elif killer is not None:
            status = f"killed by {_signal_name(killer)}"
        else:
            status = f"exit code {code}"
        tail = self.stderr_tail()
        return f"{what} ({status})" + (f"; stderr: {tail}" if tail else "")

    def _exit_signal(self) -> int | None:
        """The signal that ended the bot, if one did. Through the sandbox a death by
        signal N arrives as bwrap's exit code 128 + N."""
        code = self._process.returncode
        if code is None:
            return None
        if code < 0:
            return -code
        if self.limits.sandbox and code > 128:
            return code - 128
        return None

    def stderr_tail(self) -> str:
        """The last lines the bot wrote to stderr, for failure reports."""
        self._drain_stderr()
        data = self._stderr_tail
        lines = data.decode("utf-8", errors="replace").strip().splitlines()
        return " | ".join(lines[-3:])[-300:]

    def _drain_outbox(self, ends: float) -> None:
        """Write the rest of the outbox while the bot reads it, until `ends` at most."""
        while self._outbox and (remaining := ends - time.monotonic()) > 0:
            _, room, _ = select.select([], [self._stdin], [], min(remaining, _POLL_SECONDS))
            if room:
                self._write_some()

    def close(self, farewell: dict[str, Any] | None = None, grace: float = 0.5) -> None:
        """Say goodbye (best effort), give the bot `grace` seconds, then kill what is left."""
        self.close_bytes(None if farewell is None else _json_line(farewell), grace)

    def close_bytes(self, farewell: bytes | None = None, grace: float = 0.5) -> None:
        """`close` with a farewell already encoded (for protocols other than ours)."""
        if self.closed:
            return
        self.closed = True
        if farewell is not None and self._process.poll() is None:
            ends = time.monotonic() + grace
            self.resume()
            with contextlib.suppress(BotFailure):
                self.send_bytes(farewell)
                self._drain_outbox(ends)
            with contextlib.suppress(BrokenPipeError, OSError, ValueError):
                self._stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=max(0.0, ends - time.monotonic()))
        self.kill()
        for pipe in (self._stdin, self._stdout, self._stderr):
            with contextlib.suppress(BrokenPipeError, OSError, ValueError):
                pipe.close()
