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

from collections.abc import Callable, Iterable
from typing import Any, Final

PUBLIC: Final = -1
NOBODY: Final = -2

Event = tuple[Any, ...]

_FIELDS: dict[str, tuple[str, ...]] = {}
_BUILDERS: dict[str, Callable[[Event], dict[str, Any]]] = {}


def register_event(kind: str, *fields: str) -> str:
    """Declare the field names of an event kind; returns the kind for use as a constant."""
    known = _FIELDS.get(kind)
    if known is not None and known != fields:
        raise ValueError(f"event kind {kind!r} already registered with fields {known}")
    if not all(field.isidentifier() for field in fields):
        raise ValueError(f"event kind {kind!r}: field names must be identifiers, got {fields}")
    _FIELDS[kind] = fields
    _BUILDERS[kind] = _builder(kind, fields)
    return kind


def _builder(kind: str, fields: tuple[str, ...]) -> Callable[[Event], dict[str, Any]]:
    """A function from an event tuple of `kind` to its JSON form, written out as one dict
    display: views turn a few events into JSON at every decision, and a generated literal
    is about three times faster than zipping names with values. (The field names are
    identifiers, checked above, so the generated source is safe.)"""
    items = "".join(f", {field!r}: event[{i + 2}]" for i, field in enumerate(fields))
    source = (
        "def build(event):\n"
        f"    if len(event) != {len(fields) + 2}:\n"
        "        raise ValueError(f'event {event!r} does not have the fields {fields}')\n"
        f"    return {{'kind': event[0]{items}}}\n"
    )
    scope: dict[str, Any] = {"fields": fields}
    exec(source, scope)  # the source is built above from identifiers only
    build: Callable[[Event], dict[str, Any]] = scope["build"]
    return build


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether `seat` (``None`` for a spectator) may see `event`."""
    audience = event[1]
    return audience == PUBLIC or (seat is not None and audience == seat)


def event_json(event: Event) -> dict[str, Any]:
    """The JSON form of an event: ``{"kind": ..., field: value, ...}`` (audience omitted)."""
    return _BUILDERS[event[0]](event)


def visible_json(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """The JSON form of each of `events` that `seat` may see, in order: a view's log (one
    loop here, compiled in the compiled build, rather than a comprehension in every
    game's views)."""
    builders = _BUILDERS
    return [builders[event[0]](event) for event in events if visible_to(event, seat)]


def event_fields(kind: str) -> tuple[str, ...]:
    return _FIELDS[kind]
