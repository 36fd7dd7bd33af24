"""The sandbox a bot process runs in: bubblewrap (`bwrap`), with the kernel's caps.

A bot is untrusted code, so by default each one runs under bubblewrap, a small tool made
for exactly this (Debian's ``bubblewrap``), in namespaces of its own:

- its own PID namespace: it sees only its own processes in a fresh ``/proc`` (not the
  referee, not the other bot), and when it ends — or the referee does, for any reason,
  even SIGKILL (``--die-with-parent``) — the kernel ends everything it started;
- no network (an empty network namespace), no System V IPC shared with the host, its own
  host name, a new terminal session;
- an unprivileged user (uid and gid 65534) in a user namespace of its own, with no
  capabilities and no way to make further user namespaces;
- a file system that is empty but for read-only views of what running a program needs
  (see `read_only_paths`), a private ``/tmp`` and ``/dev/shm`` (each at most the memory
  cap), and a minimal ``/dev``; the referee's working directory exists there as an empty
  folder (so relative paths in the command resolve), holding only the program's folder;
- a clean environment: only ``PATH`` (the referee's interpreter folder first), ``HOME``
  and ``TMPDIR`` (both ``/tmp``) and ``LANG``.

Inside, ``prlimit`` sets the kernel's caps before the bot starts: virtual memory per
process (RLIMIT_AS, the memory cap plus `ADDRESS_SPACE_HEADROOM_MIB`, since it counts
address space a runtime reserves but never touches), CPU seconds (RLIMIT_CPU), processes
and threads (RLIMIT_NPROC, counted inside the bot's own user namespace) and no core
files. The kernel does not apply RLIMIT_NPROC to root's processes, so wherever a pids
controller is writable the whole sandbox also runs in a cgroup of its own that caps its
processes and threads (`cgroups.py`) — binding for root too.

Where bubblewrap is missing or cannot make its namespaces, `check_available` says so in
one line naming the fix; ``--no-sandbox`` runs bots unisolated instead.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sparring.core.errors import BadInput

if TYPE_CHECKING:
    from .process import Limits

BWRAP = "bwrap"
PRLIMIT = "/usr/bin/prlimit"  # util-linux: on every Debian-like system, as bwrap's own
SHELL = "/bin/bash"  # moves the bot's pipes into place (dash takes only one-digit numbers)
SANDBOX_ID = 65534  # uid and gid of the bot inside ("nobody")
ADDRESS_SPACE_HEADROOM_MIB = 1024  # Node reserves ~0.7 GiB of address space it never uses
CPU_GRACE_SECONDS = 2  # SIGXCPU at the CPU cap, SIGKILL this much later
BWRAP_PROCESSES = 2  # bwrap's own: outside the bot's namespaces, and its init inside
SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# From /etc only what starting a program needs: the dynamic linker's configuration, the
# time zone, user and group names, and the alternatives that /usr/bin links point into.
ETC_ENTRIES = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/nsswitch.conf",
    "/etc/passwd",
    "/etc/group",
    "/etc/alternatives",
)
# The namespaces of every bot (`_probe` tries exactly these).
NAMESPACES = (
    "--unshare-user",
    "--uid",
    str(SANDBOX_ID),
    "--gid",
    str(SANDBOX_ID),
    "--disable-userns",
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--die-with-parent",
)
_FIX = "install bubblewrap (apt-get install bubblewrap) or run with --no-sandbox"


def bot_path() -> str:
    """PATH for bot commands: the referee's own interpreter folder first, so that
    ``python bot.py`` finds the Python that has sparring even without an activated venv."""
    own = str(Path(sys.executable).parent)
    rest = os.environ.get("PATH") or os.defpath
    return os.pathsep.join([own, *(part for part in rest.split(os.pathsep) if part != own)])


def find_program(name: str, path: str) -> Path:
    """The file `name` runs (looked up on `path` unless it is a path), or a `BadInput`
    that says why the bot cannot start."""
    found = shutil.which(name, path=path)
    if found is None:
        candidate = Path(name)
        if "/" in name and candidate.is_file():
            raise BadInput(f"cannot start bot {name!r}: Permission denied (not executable)")
        raise BadInput(f"cannot start bot {name!r}: No such file or directory")
    return Path(os.path.abspath(found))


def program_folder(args: Sequence[str], cwd: Path) -> Path | None:
    """The file whose folder the bot may read: the script — the first word after the
    program that is not an option (``-u``) and names an existing file — or else the
    program itself when it is given as a path (``./mybot``). None when there is neither
    (``python -m mod``, ``sh -c '...'``)."""
    script = next((word for word in args[1:] if not word.startswith("-")), None)
    if script is not None and (cwd / script).is_file():
        return Path(os.path.abspath(cwd / script))
    if "/" in args[0] and (cwd / args[0]).is_file():
        return Path(os.path.abspath(cwd / args[0]))
    return None


def _inside(path: Path, roots: Iterable[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def _visible(file: Path, folder: Path, cwd: Path) -> Path:
    """`folder`, unless it would show the referee's working directory (it is that
    directory or holds it): then only `file` itself."""
    return file if folder == cwd or folder in cwd.parents else folder


def read_only_paths(args: Sequence[str], cwd: Path, program: Path) -> list[Path]:
    """Everything the bot sees read-only besides the system folders and /etc basics: the
    Python installation running the referee (its venv and base prefix), the sparring
    package (for the Python SDK), the program's own installation when it lies outside
    those (``<prefix>/bin/node`` shows ``<prefix>``), and the program's folder
    (`program_folder`). A folder that is, or holds, the referee's working directory is
    never shown whole: only the file in question is."""
    import sparring

    shown: list[Path] = []

    def show(path: Path) -> None:
        for each in (path, path.resolve()):
            if each.exists() and not _inside(each, [*map(Path, SYSTEM_FOLDERS), *shown]):
                shown.append(each)

    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        show(_visible(Path(sys.executable), Path(prefix), cwd))
    show(Path(sparring.__file__).resolve().parent)
    for binary in (program, program.resolve()):
        folder = binary.parent.parent if binary.parent.name == "bin" else binary.parent
        show(_visible(binary, folder, cwd))
    own = program_folder(args, cwd)
    if own is not None:
        show(_visible(own, own.parent, cwd))
    return sorted(set(shown), key=lambda path: len(path.parts))


def command(
    args: Sequence[str], limits: Limits, cwd: Path, path: str, stdio: tuple[int, int]
) -> list[str]:
    """The bwrap command line that runs `args` in the sandbox with `limits`, its standard
    input and output being the inherited descriptors `stdio`. (bwrap's own processes keep
    their standard streams open for as long as they run, so the bot's are passed apart
    and moved into place by a shell just before the bot starts: a bot that closes its
    output is then seen to at once.)"""
    bwrap = check_available()
    program = find_program(args[0], path)
    scratch = str(limits.memory_mib << 20)
    argv = [bwrap, *NAMESPACES, "--hostname", "sparring", "--new-session"]
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):
            argv += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            argv += ["--ro-bind", folder, folder]
    for entry in ETC_ENTRIES:
        argv += ["--ro-bind-try", entry, entry]
    argv += ["--proc", "/proc", "--dev", "/dev", "--size", scratch, "--tmpfs", "/dev/shm"]
    argv += ["--size", scratch, "--tmpfs", "/tmp"]
    for shown in read_only_paths(args, cwd, program):
        argv += ["--ro-bind", str(shown), str(shown)]
    argv += ["--dir", str(cwd), "--chdir", str(cwd), "--remount-ro", "/dev", "--remount-ro", "/"]
    argv += ["--clearenv", "--setenv", "PATH", path, "--setenv", "HOME", "/tmp"]
    argv += ["--setenv", "TMPDIR", "/tmp", "--setenv", "LANG", os.environ.get("LANG", "C.UTF-8")]
    memory = (limits.memory_mib + ADDRESS_SPACE_HEADROOM_MIB) << 20
    cpu = f"{limits.cpu_seconds}:{limits.cpu_seconds + CPU_GRACE_SECONDS}"
    argv += ["--", PRLIMIT, f"--as={memory}", f"--cpu={cpu}", f"--nproc={limits.processes}"]
    reads, writes = stdio
    move = f'exec 0<&{reads} 1>&{writes} {reads}<&- {writes}>&- && exec "$@"'
    return [*argv, "--core=0", "--", SHELL, "-c", move, args[0], *args]


@functools.cache
def _probe(bwrap: str) -> str | None:
    """Why bubblewrap cannot make the sandbox's namespaces here, or None if it can."""
    trial = [bwrap, *NAMESPACES, "--ro-bind", "/", "/", "--", PRLIMIT, "true"]
    try:
        done = subprocess.run(trial, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if done.returncode == 0:
        return None
    lines = done.stderr.strip().splitlines()
    return lines[-1] if lines else f"exit code {done.returncode}"


def check_available() -> str:
    """The bwrap program to run; refuses, in one line naming the fix, when bots cannot be
    sandboxed here."""
    bwrap = shutil.which(BWRAP)
    if bwrap is None:
        raise BadInput(f"cannot sandbox bots: bubblewrap ({BWRAP}) is not installed; {_FIX}")
    if not os.access(PRLIMIT, os.X_OK):
        raise BadInput(f"cannot sandbox bots: {PRLIMIT} (util-linux) is missing; {_FIX}")
    problem = _probe(bwrap)
    if problem is not None:
        raise BadInput(
            f"cannot sandbox bots: bubblewrap cannot create namespaces here ({problem}); "
            "allow unprivileged user namespaces, or run with --no-sandbox"
        )
    return bwrap
