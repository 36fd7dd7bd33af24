"""`sparring mcp` driven through its stdio with JSON-RPC 2.0 messages, as an MCP client
would: the handshake, the tools, refused answers, and a whole game played to its end."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from sparring.core.registry import game_names

GAMES = game_names()


class Client:
    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sparring", "mcp", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        assert self.process.stdout is not None
        reply: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert reply["id"] == self.next_id
        return reply

    def call(self, tool: str, **arguments: Any) -> tuple[str, bool]:
        result = self.request("tools/call", {"name": tool, "arguments": arguments})["result"]
        return result["content"][0]["text"], result["isError"]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_through_the_tools(game: str) -> None:
    client = Client("--game", game, "--seed", "5", "--options", SHORT.get(game, "{}"))
    hello = client.request("initialize", {"protocolVersion": "2025-03-26", "capabilities": {}})
    assert hello["result"]["protocolVersion"] == "2025-03-26"
    assert hello["result"]["capabilities"] == {"tools": {}}
    client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    tools = {tool["name"] for tool in client.request("tools/list")["result"]["tools"]}
    assert tools == {"view", "legal_actions", "act", "new_game"}
    moves = 0
    while True:
        view, _ = client.call("view")
        if "The game is over" in view:
            break
        menu, _ = client.call("legal_actions")
        assert menu.startswith("Legal actions") and "\n1. " in menu
        text, refused = client.call("act", action="1")
        assert not refused, text
        moves += 1
    assert moves > 0
    text, refused = client.call("act", action="1")
    assert refused and "The game is over" in text
    client.close()


SHORT = {"warfish": json.dumps({"round_cap": 2, "setup_placement": "random"})}


def test_a_refused_answer_says_why_and_changes_nothing() -> None:
    client = Client("--game", GAMES[0], "--seed", "3")
    client.request("initialize", {"protocolVersion": "2024-11-05"})
    before, _ = client.call("view")
    text, refused = client.call("act", action="banana")
    assert refused and text.startswith("Not accepted: no action found")
    assert client.call("view")[0] == before
    text, refused = client.call("act", action="999999")
    assert refused and "numbered 1 to" in text
    client.close()


def test_protocol_errors_are_json_rpc_errors() -> None:
    client = Client("--game", GAMES[0])
    assert client.request("no/such")["error"]["code"] == -32601
    assert client.request("tools/call", {"name": "fly"})["error"]["code"] == -32602
    assert client.request("tools/call", {"name": "act"})["error"]["code"] == -32602
    assert client.request("ping")["result"] == {}
    client.send({"jsonrpc": "2.0", "id": 99, "method": "initialize", "params": {}})
    assert client.process.stdout is not None
    first = json.loads(client.process.stdout.readline())
    assert first["result"]["protocolVersion"] == "2025-06-18"
    client.close()
