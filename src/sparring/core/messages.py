"""Typed messages: a game's actions, options and views as `msgspec.Struct`s.

Declaring a message as a struct gives three things at once, with no parser written by
hand: decoding from JSON with a clear error for anything malformed (wrong type, out of
range, unknown action), a stable JSON form, and a JSON Schema that bot authors in any
language can generate types from (`sparring schema GAME`).

- An action type subclasses `ActionStruct` with a tag: ``class Bid(ActionStruct,
  tag="bid")``. A game's actions are the union of its action types, told apart by their
  ``"type"`` field. Actions are frozen, so they hash and compare by value.
- An options type subclasses `OptionsStruct`: every field has a default (the rules
  text's), unknown keys are refused, and ``__post_init__`` may refuse combinations with a
  `ValueError`, which decoding reports as bad input.
- A view type subclasses `ViewStruct`.

Range limits go on the fields, as ``Annotated[int, msgspec.Meta(ge=0, le=3)]``; they are
checked when a message is decoded, not when the engine builds one. A subclass repeats the
base's ``frozen=True`` (and, for options, ``kw_only=True``) in its class line: msgspec
inherits them anyway, but mypy reads each class line on its own.
"""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

import msgspec

from .errors import BadInput

T = TypeVar("T")


class ActionStruct(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of a game's action types: immutable, hashable, tagged by ``"type"``. Fields a
    bot adds that the action does not have are ignored, as the protocol promises."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data


class OptionsStruct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of a game's rule options: every field defaults to the rules text's value."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Self:
        """Options from their JSON object (None or empty: the defaults), or `BadInput`."""
        return decode(cls, {} if data is None else data, "rule options")


class ViewStruct(msgspec.Struct):
    """Base of a game's view types: what one seat (or a spectator) is shown."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data


def json_default(value: Any) -> Any:
    """`json.dumps`'s ``default`` for messages: a struct (or any value with ``to_json``)
    as its JSON form, so views built as structs and as dicts go out the same way."""
    to_json = getattr(value, "to_json", None)
    if to_json is None:
        raise TypeError(f"{type(value).__name__} has no JSON form")
    return to_json()


def decode(kind: Any, data: Any, what: str) -> Any:
    """`data` (plain JSON values) as a `kind`, or `BadInput` saying what was wrong where."""
    try:
        return msgspec.convert(data, kind)
    except (msgspec.ValidationError, BadInput) as error:  # BadInput: from a __post_init__
        raise BadInput(f"{what}: {error}") from None


class Codec(Generic[T]):
    """Reads one kind of message (a struct type or a union of them) from JSON."""

    __slots__ = ("kind", "what")

    def __init__(self, kind: Any, what: str) -> None:
        self.kind = kind
        self.what = what

    def __call__(self, data: Any) -> T:
        result: T = decode(self.kind, data, self.what)
        return result


def schema(kind: Any) -> dict[str, Any]:
    """The JSON Schema of a message type (a struct or a union of structs)."""
    result: dict[str, Any] = msgspec.json.schema(kind)
    return result
