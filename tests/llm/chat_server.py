"""A tiny OpenAI-compatible chat-completions server for the tests, on 127.0.0.1: it
answers each request from a script — a reply's text, or a function of the conversation —
optionally after a delay, and keeps every request it was sent. Run on its own
(``python tests/llm/chat_server.py PORT``) it answers every decision with "1", for trying
the commands by hand (docs/llm.md)."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = str | Callable[[list[dict[str, str]]], str]


@dataclass
class Step:
    """One scripted reply: its text (or a function of the messages) and a delay first."""

    answer: Answer
    delay: float = 0.0


@dataclass
class Script:
    """Replies in order; the last one repeats once the script is used up."""

    steps: list[Step]
    requests: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next(self, body: dict[str, Any]) -> Step:
        with self.lock:
            self.requests.append(body)
            index = min(len(self.requests), len(self.steps)) - 1
            return self.steps[index]


def first_action(messages: list[dict[str, str]]) -> str:
    return "1"


def _handler(script: Script) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            if self.path != "/v1/chat/completions":
                self.send_error(404)
                return
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            step = script.next(body)
            time.sleep(step.delay)
            messages = body["messages"]
            text = step.answer if isinstance(step.answer, str) else step.answer(messages)
            prompt = sum(len(message["content"].split()) for message in messages)
            reply = {
                "id": f"chat-{len(script.requests)}",
                "object": "chat.completion",
                "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}}],
                "usage": {
                    "prompt_tokens": prompt,
                    "completion_tokens": len(text.split()),
                    "total_tokens": prompt + len(text.split()),
                },
            }
            data = json.dumps(reply).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (a slow answer)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    return Handler


@contextmanager
def chat_server(*steps: Step | str) -> Iterator[tuple[str, Script]]:
    """A server on a free local port answering from `steps`; yields its URL and script."""
    script = Script([step if isinstance(step, Step) else Step(step) for step in steps])
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(script))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", script
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    served = ThreadingHTTPServer(("127.0.0.1", port), _handler(Script([Step(first_action)])))
    print(f"answering every decision with 1 on http://127.0.0.1:{port}", flush=True)
    served.serve_forever()
