"""Digests of replay text: how a copy is shown to be, byte for byte, what the store saved.

Re-simulation proves what the engine can re-derive — every action, chance outcome and the
result — but not what only the referee saw: how long a seat thought, which verdict a
silent bot earned, what a seat was called. Those are proven by digests instead:

- the store keeps the SHA-256 of each replay's exact text (its UTF-8 bytes) when it saves
  it, and, when ``SPARRING_REPLAY_KEY`` is set, an HMAC-SHA-256 of the text under that key;
- an export from the store ends with a *trailer*, one last JSON line of type ``digest``
  carrying them (and the match id); the digests cover every byte before that line;
- `check_integrity` compares a text with its trailer, with a digest given by the reader
  (as `sparring matches show` prints it), and with the HMAC when the key is at hand.

A matching trailer alone shows only that the file was not changed by accident: whoever
edits the text can rewrite the trailer too. Matching the store's digest proves the file is
the store's copy; a matching HMAC proves it was signed by someone holding the key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import string
from dataclasses import dataclass, field
from typing import Annotated

import msgspec

from .errors import BadInput

#: The environment variable holding the key replays are signed with (HMAC-SHA-256).
KEY_ENV = "SPARRING_REPLAY_KEY"
#: Hex digits in a SHA-256 (and an HMAC-SHA-256) digest.
DIGEST_LENGTH = 64
HexDigest = Annotated[str, msgspec.Meta(pattern=f"^[0-9a-f]{{{DIGEST_LENGTH}}}$")]


class Trailer(
    msgspec.Struct, tag="digest", tag_field="type", forbid_unknown_fields=True, omit_defaults=True
):
    """The last line of an export: the digests of every byte before it."""

    sha256: HexDigest
    match: int | None = None
    hmac_sha256: HexDigest | None = None


_encoder = msgspec.json.Encoder()


def sha256_hex(text: str) -> str:
    """The SHA-256 of `text`'s UTF-8 bytes, in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def hmac_hex(key: bytes, text: str) -> str:
    """The HMAC-SHA-256 of `text`'s UTF-8 bytes under `key`, in hex."""
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def key_from_env() -> bytes | None:
    """The signing key from ``SPARRING_REPLAY_KEY`` (its UTF-8 bytes), None when unset or
    empty."""
    value = os.environ.get(KEY_ENV, "")
    return value.encode("utf-8") if value else None


def parse_digest(text: str) -> str:
    """A SHA-256 digest typed by a person: 64 hex digits, optionally after ``sha256:``."""
    digest = text.strip().lower().removeprefix("sha256:")
    if len(digest) != DIGEST_LENGTH or not set(digest) <= set(string.hexdigits):
        raise BadInput(f"a digest is {DIGEST_LENGTH} hex digits (sha256), got {text!r}")
    return digest


def with_trailer(text: str, trailer: Trailer) -> str:
    """`text` followed by its trailer line. The text must end with a newline, as every
    replay does, so that the digests cover exactly the bytes before the trailer."""
    if not text.endswith("\n"):
        raise BadInput("a replay ends with a newline; this text does not")
    return text + _encoder.encode(trailer).decode() + "\n"


def split_trailer(text: str, source: str = "replay") -> tuple[str, Trailer | None]:
    """The text before the trailer line, and the trailer — or the whole text and None when
    its last line is not a trailer."""
    body = text.rstrip("\n")
    start = body.rfind("\n") + 1
    try:
        last = msgspec.json.decode(body[start:])
    except msgspec.DecodeError:
        return text, None  # not a trailer; reading the replay will say what is wrong
    if not isinstance(last, dict) or last.get("type") != "digest":
        return text, None
    try:
        return text[:start], msgspec.convert(last, Trailer)
    except msgspec.ValidationError as error:
        raise BadInput(f"{source}: the last line is not a valid digest trailer: {error}") from None


@dataclass
class Integrity:
    """What the digests say about a text: `proofs` (what matched), `notes` (what could not
    be checked, and why) and `problems` (what did not match). `signed`: a signature was
    checked and matched."""

    proofs: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    signed: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def check_integrity(
    text: str, trailer: Trailer | None, *, expected: str | None = None, key: bytes | None = None
) -> Integrity:
    """Check a file's `text` against its `trailer`, a digest the reader trusts (`expected`,
    e.g. the one `sparring matches show` prints) and, with `key`, the trailer's HMAC."""
    if trailer is None:
        report = Integrity()
    else:
        where = "the trailer" if trailer.match is None else f"the trailer of match {trailer.match}"
        report = check_seal(text, trailer, key=key, origin=where)
    if expected is not None:
        actual = sha256_hex(text)
        if _same(actual, expected):
            report.proofs.append(f"sha256 {actual} is the digest given: the file is that copy")
        else:
            report.problems.append(
                f"sha256 {actual} is not the digest given ({expected}): the file differs "
                f"from the copy that digest was taken of"
            )
    elif trailer is None:
        report.notes.append(
            "no digest available: nothing proves the verdicts, times and seat labels (export "
            "the match from its store, or give --digest)"
        )
    elif report.ok and not report.signed:
        report.notes.append(
            "whoever could edit the file could also have rewritten the trailer: compare with "
            f"a digest from the store (--digest), or check a signature with {KEY_ENV}, to rule "
            "that out"
        )
    return report


def check_seal(text: str, seal: Trailer, *, key: bytes | None, origin: str) -> Integrity:
    """Check `text` against digests recorded with it (`seal`: an export's trailer, or the
    ones the store kept), described to people as `origin`; the HMAC too, given the `key`."""
    report = Integrity()
    actual = sha256_hex(text)
    if _same(actual, seal.sha256):
        report.proofs.append(f"sha256 {actual} matches {origin}")
    else:
        report.problems.append(
            f"sha256 {actual} differs from {origin} ({seal.sha256}): the text was changed "
            f"after its digest was taken"
        )
    if seal.hmac_sha256 is None:
        if key is not None:
            report.notes.append("no signature was taken (no key was set then)")
    elif key is None:
        report.notes.append(f"signed, but {KEY_ENV} is not set: the signature is not checked")
    elif _same(hmac_hex(key, text), seal.hmac_sha256):
        report.proofs.append(f"the signature matches the key in {KEY_ENV}")
        report.signed = True
    else:
        report.problems.append(
            f"the signature does not match the key in {KEY_ENV}: the text was changed by "
            f"someone without the key, or signed with another key"
        )
    return report


def _same(digest: str, recorded: str) -> bool:
    """Compare in constant time. As bytes: a recorded value may be any text (a database
    edited by hand), which `compare_digest` refuses as a string unless it is ASCII."""
    return hmac.compare_digest(digest.encode("utf-8"), recorded.encode("utf-8"))
