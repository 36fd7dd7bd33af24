"""Rule options for Aquawar: one frozen message struct, the rules text as the default.

Decoding (`AquawarOptions.from_json`, from `core.messages.OptionsStruct`) refuses unknown
keys, wrong types and a turn limit below 1, with msgspec's words prefixed by ``rule
options:``; `to_json` gives every option in full.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from sparring.core.messages import OptionsStruct

TURN_LIMIT = 64  # turns per round by the rules text, 32 per seat


class AquawarOptions(OptionsStruct, frozen=True):
    """``turn_limit``: turns per round (64 by the rules; the official engine stopped at 63).
    ``play_all_rounds``: play round 3 even after a 2-0. ``seat0_always_first``: seat 0 opens
    every round instead of the seeded draw and the loser-opens rule."""

    turn_limit: Annotated[int, msgspec.Meta(ge=1)] = TURN_LIMIT
    play_all_rounds: bool = False
    seat0_always_first: bool = False
