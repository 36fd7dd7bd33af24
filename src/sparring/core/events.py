"""Events: what happened, and who may know it.

An engine records an event for everything that happens. Each carries its audience: everyone
(`PUBLIC`), one seat (the seat number) or nobody (`NOBODY`, kept for full replays only).
Views, replays, the terminal display and the web client all render from these, so the
audience is decided once, where the event is made.

On the hot path an event is a plain tuple ``(kind, audience, *values)``; the field names of
each kind are registered once, and `event_json` builds the JSON form only when something
outside the engine asks for it. This keeps random playouts free of per-event dicts.
"""

from __future__ import annotations

from typing import Any

PUBLIC = -1
NOBODY = -2

Event = tuple[Any, ...]

_FIELDS: dict[str, tuple[str, ...]] = {}


def register_event(kind: str, *fields: str) -> str:
    """Declare the field names of an event kind; returns the kind for use as a constant."""
    known = _FIELDS.get(kind)
    if known is not None and known != fields:
        raise ValueError(f"event kind {kind!r} already registered with fields {known}")
    _FIELDS[kind] = fields
    return kind


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether `seat` (``None`` for a spectator) may see `event`."""
    audience = event[1]
    return audience == PUBLIC or (seat is not None and audience == seat)


def event_json(event: Event) -> dict[str, Any]:
    """The JSON form of an event: ``{"kind": ..., field: value, ...}`` (audience omitted)."""
    kind = event[0]
    out: dict[str, Any] = {"kind": kind}
    out.update(zip(_FIELDS[kind], event[2:], strict=True))
    return out


def event_fields(kind: str) -> tuple[str, ...]:
    return _FIELDS[kind]
