"""`sparring llm bench`: N refereed matches of one LLM seat against a built-in agent, the
LLM taking each seat in turn, and what they show — the win rate with its 95 % Wilson
interval (a draw counts half), the illegal-answer rate (answers refused by the parser, of
all answers) and the tokens the endpoint reported. Each match is recorded and handed to
`save` (the CLI stores it with its transcript, as `sparring match` does)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sparring.arena.referee import run_match
from sparring.arena.seats import Seat, make_seat
from sparring.core.game import GameSpec
from sparring.core.replay import ReplayWriter
from sparring.tournament.stats import wilson_interval

from .seat import LlmSeat


@dataclass
class BenchResult:
    game: str
    model: str
    against: str
    matches: int = 0
    points: float = 0.0
    answers: int = 0
    refused: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    verdicts: dict[str, int] = field(default_factory=dict)
    transcripts: list[str] = field(default_factory=list)
    match_ids: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        interval = wilson_interval(self.points, self.matches)
        return {
            "game": self.game,
            "model": self.model,
            "against": self.against,
            "matches": self.matches,
            "points": self.points,
            "win_rate": self.points / self.matches if self.matches else 0.0,
            "win_rate_95": [round(interval.low, 4), round(interval.high, 4)],
            "answers": self.answers,
            "illegal_answers": self.refused,
            "illegal_rate": self.refused / self.answers if self.answers else 0.0,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "verdicts": dict(sorted(self.verdicts.items())),
            "transcripts": self.transcripts,
            "match_ids": self.match_ids,
        }


#: Stores one finished match: its replay's text and the seats' notes; returns its id.
SaveMatch = Callable[[str, list[dict[str, Any] | None]], int]


def run_bench(
    spec: GameSpec,
    llm_seat: str,
    against: str,
    matches: int,
    seed: int,
    options: Any,
    seconds: float,
    save: SaveMatch,
) -> BenchResult:
    """Play `matches` matches, the LLM (`llm_seat`, a ``llm:...`` seat string) in seat
    ``match % players``, every other seat `against`; each is saved as soon as it ends."""
    players = spec.new_game(seed, options).num_players
    result = BenchResult(spec.name, llm_seat.partition(":")[2].partition("?")[0], against)
    for number in range(matches):
        match_seed = seed + number
        mine = number % players
        seats: list[Seat] = [
            make_seat(llm_seat if index == mine else against, spec, index, match_seed + index)
            for index in range(players)
        ]
        llm = seats[mine]
        assert isinstance(llm, LlmSeat), f"{llm_seat!r} is not an llm: seat"
        replay = io.StringIO()
        recorder = ReplayWriter(replay, spec, match_seed, options, [s.label for s in seats])
        outcome = run_match(spec, seats, match_seed, options, seconds=seconds, recorder=recorder)
        result.match_ids.append(save(replay.getvalue(), outcome.notes))
        winner = outcome.state.outcome().winner
        result.matches += 1
        result.points += 1.0 if winner == mine else 0.5 if winner is None else 0.0
        result.answers += llm.answers
        result.refused += llm.refused
        result.prompt_tokens += llm.prompt_tokens
        result.completion_tokens += llm.completion_tokens
        for verdict in outcome.verdicts:
            if verdict.seat == mine:
                result.verdicts[verdict.verdict] = result.verdicts.get(verdict.verdict, 0) + 1
        if llm.transcript_path is not None:
            result.transcripts.append(str(Path(llm.transcript_path)))
    return result
