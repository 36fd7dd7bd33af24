"""The server's configuration file (TOML): the bots a table may seat, and how they run.

```toml
[bots]
mybot = "python bots/mine/bot.py"      # a seat as `sparring match --seat` takes it
strong = "builtin:ismcts?think=1"

[sandbox]
enabled = true                          # bots run in bubblewrap (docs/protocol.md)
memory_mib = 1024
```

A browser names a bot only by its name here: no command ever comes from a client.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sparring.core.errors import BadInput


@dataclass(frozen=True)
class ServerConfig:
    """`bots` maps a name to a seat description; `sandbox` and `memory_mib` are the
    limits bot processes run under."""

    bots: dict[str, str] = field(default_factory=dict)
    sandbox: bool = True
    memory_mib: int = 1024


def load_config(path: Path | None) -> ServerConfig:
    """The configuration in `path` (none: no bots, sandboxed), or a `BadInput` naming
    what is wrong."""
    if path is None:
        return ServerConfig()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadInput(f"cannot read config {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"config {path} is not valid TOML: {error}") from None
    return config_from_data(data, str(path))


def config_from_data(data: dict[str, Any], source: str = "config") -> ServerConfig:
    unknown = set(data) - {"bots", "sandbox"}
    if unknown:
        raise BadInput(f"{source}: unknown sections {sorted(unknown)} (known: bots, sandbox)")
    bots = data.get("bots", {})
    if not isinstance(bots, dict) or not all(
        isinstance(name, str) and isinstance(seat, str) and seat.strip()
        for name, seat in bots.items()
    ):
        raise BadInput(f"{source}: [bots] maps names to seat descriptions (strings)")
    sandbox = data.get("sandbox", {})
    if not isinstance(sandbox, dict):
        raise BadInput(f"{source}: [sandbox] is a table")
    enabled = sandbox.get("enabled", True)
    memory = sandbox.get("memory_mib", 1024)
    if not isinstance(enabled, bool):
        raise BadInput(f"{source}: sandbox.enabled is true or false")
    if isinstance(memory, bool) or not isinstance(memory, int) or memory < 16:
        raise BadInput(f"{source}: sandbox.memory_mib is a whole number of MiB, at least 16")
    return ServerConfig(bots=dict(bots), sandbox=enabled, memory_mib=memory)
