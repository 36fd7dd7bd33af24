"""The LLM seat: ``--seat llm:MODEL`` or ``llm:MODEL?url=URL,retries=N,history=N,transcripts=DIR``.

At the start of a match the system prompt tells the model the game, its seat and the rules
summary (`rules.rules_summary`); each decision adds the seat's text (`text.decision_text`)
to one conversation kept for the whole match. A refused answer is told its reason and asked
again, up to ``retries`` more times; then the seat's verdict is BAD. Every request gets what
is left of the decision's clock as its HTTP timeout: a late answer is TLE, an endpoint that
fails is RE. The whole conversation, with the tokens the endpoint reported in ``usage``,
is the seat's `transcript`: its notes on the match (`arena.seats.SeatWithNotes`), which the
referee collects and the store keeps with the match; and, when asked (``transcripts=DIR``
or ``SPARRING_LLM_TRANSCRIPTS``), also one JSON file in that folder.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sparring.arena.process import BotFailure
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec, View
from sparring.core.verdicts import BAD, RE, TLE

from .client import DEFAULT_URL, ChatClient, ChatError, ChatTimeout, api_key
from .parse import parse_answer
from .rules import rules_summary
from .text import action_names, decision_text

DEFAULT_RETRIES = 3
#: How many of the latest decisions (each with its answers and retries) a request carries
#: after the system prompt: long games outgrow a model's context, and each view already
#: says what happened lately. 0 sends the whole conversation. The transcript keeps it all.
DEFAULT_HISTORY = 8
#: A folder every LLM seat also writes its transcript file to, unless its string names one.
TRANSCRIPTS_VARIABLE = "SPARRING_LLM_TRANSCRIPTS"


class LlmSeat:
    def __init__(
        self,
        model: str,
        url: str,
        retries: int = DEFAULT_RETRIES,
        transcripts: Path | None = None,
        key: str | None = None,
        history: int = DEFAULT_HISTORY,
    ) -> None:
        self.label = {"kind": "llm", "model": model, "url": url}
        self.client = ChatClient(model, url, key)
        self.retries = retries
        self.history = history
        self._decision_starts: list[int] = []
        self.transcripts = transcripts
        self.messages: list[dict[str, str]] = []
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.answers = 0
        self.refused = 0
        self.transcript_path: Path | None = None

    def start(self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> None:
        self._spec = spec
        self._seat = seat
        self.messages = [{"role": "system", "content": system_prompt(spec, seat, players)}]

    def decide(self, view: View, legal: Sequence[Any], seconds: float) -> Any:
        deadline = time.monotonic() + seconds
        names = action_names(legal)
        self._decision_starts.append(len(self.messages))
        self.messages.append({"role": "user", "content": decision_text(self._spec, view, legal)})
        reason = ""
        for _ in range(self.retries + 1):
            answer = self._ask(deadline - time.monotonic())
            chosen, reason = parse_answer(answer, legal, self._spec.action_from_json, names)
            if chosen is not None:
                return chosen
            self.refused += 1
            self.messages.append(
                {
                    "role": "user",
                    "content": f"Not accepted: {reason}. Answer again: the number of one "
                    f"action from 1 to {len(legal)}, or its name.",
                }
            )
        raise BotFailure(BAD, f"no legal answer in {self.retries + 1} tries; last: {reason}")

    def _ask(self, seconds: float) -> str:
        if seconds <= 0:
            raise BotFailure(TLE, "the decision's clock ran out before the model answered")
        try:
            reply = self.client.complete(self.sent(), seconds)
        except ChatTimeout as error:
            raise BotFailure(TLE, str(error)) from None
        except ChatError as error:
            raise BotFailure(RE, str(error)) from None
        self.answers += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        self.messages.append({"role": "assistant", "content": reply.text})
        return reply.text

    def sent(self) -> list[dict[str, str]]:
        """What a request carries: the system prompt and the latest `history` decisions."""
        if self.history <= 0 or len(self._decision_starts) <= self.history:
            return self.messages
        return self.messages[:1] + self.messages[self._decision_starts[-self.history] :]

    def finish(self, view: View, result: dict[str, Any]) -> None:
        self.messages.append(
            {"role": "user", "content": f"The match is over: {json.dumps(result)}"}
        )

    def notes(self) -> dict[str, Any] | None:
        """The transcript, stored with the match (none before the match started)."""
        return self.transcript() if self.messages else None

    def transcript(self) -> dict[str, Any]:
        """The whole conversation and what it cost."""
        return {
            **self.label,
            "seat": getattr(self, "_seat", None),
            "game": self._spec.name if hasattr(self, "_spec") else None,
            "answers": self.answers,
            "refused": self.refused,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "messages": self.messages,
        }

    def close(self) -> None:
        self.client.close()
        if self.transcripts is not None and self.messages:
            self.transcript_path = write_transcript(self.transcripts, self.transcript())


def write_transcript(folder: Path, transcript: dict[str, Any]) -> Path:
    """One transcript as JSON under `folder`, named by time, game and seat."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    path = folder / f"{stamp}-{transcript['game']}-seat{transcript['seat']}.json"
    path.write_text(json.dumps(transcript, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def system_prompt(spec: GameSpec, seat: int, players: int) -> str:
    return (
        f"You are playing {spec.title} as seat {seat} of {players}. Each turn you are shown "
        "what your seat can see and a numbered list of your legal actions. Answer with the "
        "number of the action you choose (or its exact name); nothing else is needed.\n\n"
        f"Rules summary:\n{rules_summary(spec)}"
    )


def make_llm_seat(
    argument: str, limits: Any = None, defaults: Mapping[str, str] | None = None
) -> LlmSeat:
    """``llm:MODEL`` with optional ``?url=URL,retries=N,history=N,transcripts=DIR``. A setting
    the string does not give comes from `defaults` (a command's ``--llm-url URL`` is
    ``{"url": URL}``); the address then from ``SPARRING_LLM_URL``, else a local server on
    port 8080."""
    model, _, query = argument.partition("?")
    model = model.strip()
    if not model:
        raise BadInput("llm: name the model, e.g. --seat llm:qwen2.5-7b-instruct")
    settings: dict[str, str] = {}
    for pair in filter(None, (part.strip() for part in query.split(","))):
        key, equals, value = pair.partition("=")
        if not equals or key.strip() not in {"url", "retries", "history", "transcripts"}:
            raise BadInput(
                f"llm seat: unknown setting {pair!r} (url=, retries=, history=, transcripts=)"
            )
        settings[key.strip()] = value.strip()
    settings = {**(defaults or {}), **settings}
    numbers = {"retries": DEFAULT_RETRIES, "history": DEFAULT_HISTORY}
    for name in numbers:
        given = settings.get(name, str(numbers[name]))
        if not given.isdigit():
            raise BadInput(f"llm seat: {name} must be a whole number, got {given!r}")
        numbers[name] = int(given)
    folder = settings.get("transcripts") or os.environ.get(TRANSCRIPTS_VARIABLE)
    return LlmSeat(
        model,
        settings.get("url") or os.environ.get("SPARRING_LLM_URL") or DEFAULT_URL,
        retries=numbers["retries"],
        history=numbers["history"],
        transcripts=Path(folder) if folder else None,
        key=api_key(),
    )
