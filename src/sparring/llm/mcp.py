"""`sparring mcp`: a seat of a game offered as tools over the Model Context Protocol, so any
MCP-capable agent can play. Transport: stdio, one JSON-RPC 2.0 message per line, as the
MCP specification's stdio transport says; methods: ``initialize``, ``ping``,
``tools/list``, ``tools/call`` (and the ``notifications/initialized`` notification).

The tools: ``view`` (the seat's view in words and whose turn it is), ``legal_actions``
(the numbered menu), ``act`` (an answer by number, name or JSON: a refused one is an
error result with the reason, and the game is unchanged) and ``new_game``.

The protocol is written out here rather than taken from the ``mcp`` SDK: it is these
few messages, and the SDK's server API changed between its major versions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

from .table import TextTable

#: Protocol versions this server speaks (the first is offered when the client's is not).
PROTOCOL_VERSIONS = ("2025-06-18", "2025-03-26", "2024-11-05")
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602

_NO_ARGUMENTS: dict[str, Any] = {"type": "object", "properties": {}}
TOOLS = [
    {
        "name": "view",
        "description": "What your seat sees now, in words, and whose turn it is.",
        "inputSchema": _NO_ARGUMENTS,
    },
    {
        "name": "legal_actions",
        "description": "Your legal actions now, numbered from 1, each with its name.",
        "inputSchema": _NO_ARGUMENTS,
    },
    {
        "name": "act",
        "description": "Play one legal action: its number, its name, or its JSON.",
        "inputSchema": {
            "type": "object",
            "properties": {"action": {"type": "string", "description": "number or name"}},
            "required": ["action"],
        },
    },
    {
        "name": "new_game",
        "description": "Start a new game (the next seed), same seat and opponents.",
        "inputSchema": _NO_ARGUMENTS,
    },
]


class McpServer:
    def __init__(self, open_table: Callable[[int], TextTable], seed: int, version: str) -> None:
        self._open_table = open_table
        self._seed = seed
        self._version = version
        self.table = open_table(seed)

    def serve(self, source: IO[str], sink: IO[str]) -> None:
        """Answer each message from `source` until it ends."""
        for line in source:
            if not line.strip():
                continue
            reply = self.handle_line(line)
            if reply is not None:
                sink.write(json.dumps(reply) + "\n")
                sink.flush()

    def handle_line(self, line: str) -> dict[str, Any] | None:
        try:
            message = json.loads(line)
        except ValueError as error:
            return _error(None, PARSE_ERROR, f"not JSON: {error}")
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return _error(None, INVALID_REQUEST, "not a JSON-RPC 2.0 message")
        if "id" not in message:
            return None  # a notification (notifications/initialized, cancelled): no reply
        ident, method = message["id"], message.get("method")
        params = message.get("params") or {}
        if method == "initialize":
            return _result(ident, self._initialize(params))
        if method == "ping":
            return _result(ident, {})
        if method == "tools/list":
            return _result(ident, {"tools": TOOLS})
        if method == "tools/call":
            return self._call(ident, params)
        return _error(ident, METHOD_NOT_FOUND, f"unknown method {method!r}")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        asked = params.get("protocolVersion")
        version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
        return {
            "protocolVersion": version,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "sparring", "version": self._version},
            "instructions": (
                f"You play seat {self.table.seat} of {self.table.spec.title}. Call view, "
                "then legal_actions, then act with a number; repeat until the game is over."
            ),
        }

    def _call(self, ident: Any, params: dict[str, Any]) -> dict[str, Any]:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        if name == "view":
            return _tool(ident, self.table.view())
        if name == "legal_actions":
            return _tool(ident, self.table.legal_text())
        if name == "act":
            answer = arguments.get("action")
            if not isinstance(answer, str | int):
                return _error(ident, INVALID_PARAMS, "act needs an 'action': a number or a name")
            played, text = self.table.act(str(answer))
            return _tool(ident, text, error=not played)
        if name == "new_game":
            self._seed += 1
            self.table = self._open_table(self._seed)
            return _tool(ident, self.table.view())
        return _error(ident, INVALID_PARAMS, f"unknown tool {name!r}")


def _result(ident: Any, result: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "result": result}


def _tool(ident: Any, text: str, error: bool = False) -> dict[str, Any]:
    return _result(ident, {"content": [{"type": "text", "text": text}], "isError": error})


def _error(ident: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}
