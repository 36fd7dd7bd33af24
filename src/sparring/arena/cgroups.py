"""A cgroup per sandboxed bot, so the kernel's pids controller caps its process count.

The sandbox also sets RLIMIT_NPROC, but the kernel never applies that to root's
processes: under a referee running as root a fork bomb would be bounded by nothing but
memory. The pids controller binds everyone. So each sandboxed bot gets a cgroup of its
own whose ``pids.max`` caps its processes and threads together:

- **where**: a child of the referee's own cgroup in the hierarchy that holds the pids
  controller — cgroup v1's ``pids`` hierarchy, or else cgroup v2 when the referee's
  cgroup already hands ``pids`` to its children (``cgroup.subtree_control``; v2 allows
  that only for a cgroup with no processes of its own, so in practice only the root
  cgroup, as root). Nesting keeps every cap the referee itself is under. `folder` tries
  once per referee whether a child made there gets a ``pids.max``; where none does (no
  such controller, a read-only or foreign hierarchy), bots run without a cgroup and only
  RLIMIT_NPROC is left.
- **from the start**: the bot is launched by a shell that writes its own process id into
  the cgroup and only then executes the sandbox (`BotCgroup.launch`), so every process
  of the bot is counted from its first instruction, and one that could not be placed
  never starts.
- **removed** when the bot is killed (`BotCgroup.remove`). Against SIGKILL nothing of
  the referee's runs, so the names say whose each cgroup is —
  ``sparring-<PID namespace>-<referee pid>-<serial>`` — and the next referee, when it
  first looks for its folder, removes those of referees in its own PID namespace that
  are gone (`remove_stale`). Leftovers are empty folders that cost the kernel little;
  they cannot pile up over runs.

The bot cannot leave its cgroup: the cgroup file systems are not mounted in its sandbox,
and it has no capabilities.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import itertools
import os
import re
import signal
import time
from pathlib import Path

PREFIX = "sparring-"
LAUNCHER = "/bin/sh"
REMOVAL_SECONDS = 2.0  # how long `remove` waits for killed processes to leave the cgroup
_PLACE_THEN_RUN = 'echo $$ > "$0" && exec "$@"'  # $0: the cgroup's cgroup.procs
_serial = itertools.count()


def _namespace() -> str:
    """This process's PID namespace, by its inode: process ids mean something only in it."""
    return os.readlink("/proc/self/ns/pid").removeprefix("pid:[").removesuffix("]")


def owner_prefix(pid: int) -> str:
    """How the names of the cgroups that referee `pid` of this PID namespace makes begin."""
    return f"{PREFIX}{_namespace()}-{pid}-"


def _unescape(field: str) -> str:
    """A path as /proc/self/mountinfo writes it (space, tab, newline, backslash in octal)."""
    return re.sub(r"\\([0-7]{3})", lambda match: chr(int(match[1], 8)), field)


def own_folder(cgroup: str, mountinfo: str) -> Path | None:
    """A process's own cgroup folder in the hierarchy that holds the pids controller,
    from its ``/proc/self/cgroup`` and ``/proc/self/mountinfo``: cgroup v1's ``pids``
    hierarchy when it is mounted (the controller is then not in v2), else the cgroup v2
    hierarchy. None when neither is mounted where the process sees its cgroup."""
    own: dict[str, str] = {}  # controller ("" for cgroup v2) -> this process's cgroup
    for line in cgroup.splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(","):
            own[controller] = path
    found: dict[str, Path] = {}
    for line in mountinfo.splitlines():
        mount, _, filesystem = line.partition(" - ")
        fields, (kind, _, options) = mount.split(), filesystem.split(maxsplit=2)
        root, point = _unescape(fields[3]), _unescape(fields[4])
        if kind == "cgroup" and "pids" in options.split(","):
            key = "pids"
        elif kind == "cgroup2":
            key = ""
        else:
            continue
        mine = own.get(key)
        if mine is None or key in found:
            continue
        inside = os.path.relpath(mine, root)
        if not inside.startswith(".."):  # this process's cgroup is visible in the mount
            found[key] = Path(point, inside)
    return found.get("pids", found.get(""))


@functools.cache
def folder() -> Path | None:
    """The folder this referee makes its bots' cgroups in, or None where no pids
    controller is writable here. Tried once per process, by making a child and looking
    for its ``pids.max``; a referee that finds its folder first removes the cgroups of
    referees that were killed (`remove_stale`)."""
    try:
        cgroup = Path("/proc/self/cgroup").read_text()
        own = own_folder(cgroup, Path("/proc/self/mountinfo").read_text())
    except (OSError, ValueError):
        return None
    if own is None:
        return None
    trial = own / f"{owner_prefix(os.getpid())}trial{next(_serial)}"
    try:
        trial.mkdir()
    except OSError:
        return None
    try:
        usable = (trial / "pids.max").exists()
    finally:
        with contextlib.suppress(OSError):
            trial.rmdir()
    if not usable:
        return None
    remove_stale(own)
    return own


def remove_stale(parent: Path) -> None:
    """Remove the bot cgroups under `parent` left by referees of this PID namespace that
    no longer run (killed before they could remove them). One that still holds a process
    is kept (the kernel refuses to remove it)."""
    pattern = re.compile(re.escape(f"{PREFIX}{_namespace()}-") + r"(\d+)-\w+")
    for child in parent.iterdir():
        named = pattern.fullmatch(child.name)
        if named is not None and not Path(f"/proc/{named[1]}").exists():
            with contextlib.suppress(OSError):
                child.rmdir()


class BotCgroup:
    """One bot's cgroup: `launch` a command in it, `remove` it when the bot is gone."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls, tasks: int) -> BotCgroup | None:
        """A new cgroup that holds at most `tasks` processes and threads, or None where
        no pids controller is writable (see `folder`)."""
        parent = folder()
        if parent is None:
            return None
        path = parent / f"{owner_prefix(os.getpid())}{next(_serial)}"
        try:
            path.mkdir()
            (path / "pids.max").write_text(f"{tasks}\n")
        except OSError:
            with contextlib.suppress(OSError):
                path.rmdir()
            return None
        return cls(path)

    def launch(self, argv: list[str]) -> list[str]:
        """`argv` run by a shell that first moves itself into this cgroup."""
        return [LAUNCHER, "-c", _PLACE_THEN_RUN, str(self.path / "cgroup.procs"), *argv]

    def members(self) -> list[int]:
        """The processes in the cgroup now."""
        try:
            return [int(pid) for pid in (self.path / "cgroup.procs").read_text().split()]
        except OSError:
            return []

    def remove(self) -> None:
        """Remove the cgroup once its processes are gone, killing any still there. A
        killed process leaves its cgroup only as it finishes dying, so this waits up to
        `REMOVAL_SECONDS` for that."""
        deadline = time.monotonic() + REMOVAL_SECONDS
        while True:
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError as error:
                if error.errno != errno.EBUSY or time.monotonic() > deadline:
                    return
            for pid in self.members():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)
