"""Rule options for Aquawar: one frozen message struct, the rules text as the default.

Decoding (`AquawarOptions.from_json`, from `core.messages.OptionsStruct`) refuses unknown
keys, wrong types and a turn limit below 1, with msgspec's words prefixed by ``rule
options:``; `to_json` gives every option in full.

`OFFICIAL_ENGINE` names the options on which the official contest engine departed from the
rules text. A match that seats a bot of that contest (``--seat saiblo:...``) is played
under them (`spec.py` declares it, `sparring match` applies it and the replay's header
records it); every other match follows the rules text.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Final

import msgspec

from sparring.core.messages import OptionsStruct

TURN_LIMIT = 64  # turns per round by the rules text, 32 per seat
OFFICIAL_TURN_LIMIT = 63  # the official contest engine ended a round after 63 turns


class AquawarOptions(OptionsStruct, frozen=True):
    """``turn_limit``: turns per round (64 by the rules; the official engine stopped at 63).
    ``turn_limit_before_deaths``: after the last turn's action, decide the round by the
    turn-limit tiebreak even if a side was wiped out (the official engine's order; the rules
    text settles deaths first, ruling 18). ``play_all_rounds``: play round 3 even after a
    2-0. ``seat0_always_first``: seat 0 opens every round instead of the seeded draw and the
    loser-opens rule."""

    turn_limit: Annotated[int, msgspec.Meta(ge=1)] = TURN_LIMIT
    turn_limit_before_deaths: bool = False
    play_all_rounds: bool = False
    seat0_always_first: bool = False


#: The official contest engine's rules where they differ from the rules text, as option
#: entries (explicit ``--options`` entries override them).
OFFICIAL_ENGINE: Final[Mapping[str, Any]] = MappingProxyType(
    {"turn_limit": OFFICIAL_TURN_LIMIT, "turn_limit_before_deaths": True}
)
