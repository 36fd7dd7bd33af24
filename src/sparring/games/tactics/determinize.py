"""Determinization: a full Tactics state consistent with what one seat's view shows.

A search agent holds only such samples, never the true state. What a seat cannot see in
Tactics is small (docs/games/tactics.md, "What a seat sees"): during the draft, the rival's
pick; always, the random source's future. Invisible units keep their positions public
(ours: invisibility restricts targeting only), so from the reveal on the board is the
view's and the sample is `fromview.state_from_view`'s exact rebuild.

A sample therefore

1. rebuilds the position: during the draft, the seat's own pick from the view and, once
   the rival has drafted, a rival pick drawn uniformly from the draft's options (nothing a
   seat sees says anything about it: a pick made on time and one drawn on a time-out are
   both any of them); from the reveal on, the board as `state_from_view` rebuilds it;
2. writes the view's log back as the state's events, with each `draft_pick` private to its
   seat and the rival's own `draft_pick` put back right after the rival's `drafted` where
   the log shows that (its contents the sampled pick, or the revealed one), so the seat's
   view of the sample is the view it came from and stays so as play goes on;
3. seeds the sample's random source from the agent's `Rng`, so its tile buffs and
   time-out fills are fresh draws.
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, Event, event_fields
from sparring.core.game import EndReason
from sparring.core.rng import Rng

from .actions import Draft
from .data import DATA
from .events import DRAFT_PICK, DRAFT_REVEAL, DRAFTED, FORFEIT
from .fromview import state_from_view
from .state import DRAFT, TacticsState
from .viewtypes import LogEntry, TacticsView

LABEL = "determinize"


def determinize(view: TacticsView, rng: Rng) -> TacticsState:
    """A state that `view`'s seat cannot tell from the real one, drawn with `rng`."""
    seat = view.seat
    if seat not in (0, 1):
        raise BadInput("determinize needs a seat's view (0 or 1), not a spectator's")
    seed = rng.below(1 << 62, LABEL)
    rival = 1 - seat
    rival_pick: Draft | None
    if view.phase == DRAFT:
        state = TacticsState(seed, view.options)
        if view.my_draft is not UNSET:
            state.drafts[seat] = view.my_draft
        if view.drafted is not UNSET and view.drafted[rival]:
            options = DATA.draft_options(view.options.distinct_minions)
            state.drafts[rival] = options[rng.below(len(options), LABEL)]
        rival_pick = state.drafts[rival]
    else:
        state = state_from_view(view, seed)
        rival_pick = _revealed(view.log, rival)
    state.events = _events(view.log, rival, rival_pick)
    if any(entry["kind"] == FORFEIT for entry in view.log) and view.winner is not None:
        state.ended_by = EndReason.FORFEIT
    return state


def _revealed(log: list[LogEntry], seat: int) -> Draft | None:
    """`seat`'s draft as the log's reveal shows it (None when the reveal is out of the log)."""
    for entry in log:
        if entry["kind"] == DRAFT_REVEAL and entry["seat"] == seat:
            first, second = entry["minions"]
            return Draft(entry["hero"], entry["skill"], (first, second))
    return None


def _events(log: list[LogEntry], rival: int, rival_pick: Draft | None) -> list[Event]:
    """The log as engine events, the rival's hidden pick back in its place (module doc)."""
    events: list[Event] = []
    for entry in log:
        kind = entry["kind"]
        audience = entry["seat"] if kind == DRAFT_PICK else PUBLIC
        events.append(_event(kind, audience, entry))
        if kind == DRAFTED and entry["seat"] == rival and rival_pick is not None:
            pick = rival_pick
            events.append((DRAFT_PICK, rival, rival, pick.hero, pick.skill, list(pick.minions)))
    return events


def _event(kind: str, audience: int, entry: dict[str, Any]) -> Event:
    return (kind, audience, *(entry[name] for name in event_fields(kind)))
