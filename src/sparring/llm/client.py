"""A minimal client for any OpenAI-compatible ``/v1/chat/completions`` endpoint (a local
llama.cpp or vLLM server, or a hosted one): one request per call, the caller's deadline as
the HTTP timeout, the reply's text and its token ``usage``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import httpx

#: Where the key is read from, first found first used (docs/llm.md).
KEY_VARIABLES = ("SPARRING_LLM_KEY", "OPENAI_API_KEY")
#: The endpoint when none is given: a local server on llama.cpp's default port.
DEFAULT_URL = "http://127.0.0.1:8080"


class ChatTimeout(Exception):
    """The endpoint did not answer within the deadline."""


class ChatError(Exception):
    """The endpoint could not be reached or answered something that is not a completion."""


@dataclass(frozen=True)
class Reply:
    text: str
    prompt_tokens: int
    completion_tokens: int


def completions_url(url: str) -> str:
    """The chat-completions address for a server's base address, its ``/v1`` or the full
    path."""
    base = url.rstrip("/")
    if base.endswith("/chat/completions"):
        return base
    if base.endswith("/v1"):
        return f"{base}/chat/completions"
    return f"{base}/v1/chat/completions"


def api_key() -> str | None:
    for name in KEY_VARIABLES:
        value = os.environ.get(name)
        if value:
            return value
    return None


class ChatClient:
    """Asks one model, on one endpoint, for the next message of a conversation."""

    def __init__(self, model: str, url: str, key: str | None = None) -> None:
        self.model = model
        self.url = completions_url(url)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._http = httpx.Client(headers=headers)

    def complete(self, messages: list[dict[str, str]], seconds: float) -> Reply:
        """The model's next message, or `ChatTimeout` after `seconds`, or `ChatError`."""
        body = {"model": self.model, "messages": messages}
        try:
            response = self._http.post(self.url, json=body, timeout=max(seconds, 0.001))
        except httpx.TimeoutException:
            raise ChatTimeout(f"no answer from {self.url} within {seconds:.1f} s") from None
        except httpx.HTTPError as error:
            raise ChatError(f"{self.url}: {error}") from None
        if response.status_code != 200:
            raise ChatError(
                f"{self.url} answered HTTP {response.status_code}: {response.text[:200]}"
            )
        return _reply(response)

    def close(self) -> None:
        self._http.close()


def _reply(response: httpx.Response) -> Reply:
    try:
        data: Any = response.json()
        text = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise ChatError(f"not a chat completion: {response.text[:200]}") from None
    usage = data.get("usage") or {}
    return Reply(
        text=text if isinstance(text, str) else "",
        prompt_tokens=int(usage.get("prompt_tokens") or 0),
        completion_tokens=int(usage.get("completion_tokens") or 0),
    )
