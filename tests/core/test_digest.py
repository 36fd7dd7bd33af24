"""Digests: an edited byte is caught by the trailer, a rewritten trailer by the store's
digest, a forger without the key by the signature — and what re-simulation cannot see (a
time, a seat label, which failure verdict) is exactly what they catch."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable

import pytest

from sparring.core.digest import (
    KEY_ENV,
    Trailer,
    check_integrity,
    check_seal,
    hmac_hex,
    key_from_env,
    parse_digest,
    sha256_hex,
    split_trailer,
    with_trailer,
)
from sparring.core.errors import BadInput
from sparring.core.replay import parse_replay, replay_lines, verify_replay
from tests.core.test_replay import Cheater, Uniform, record

KEY = b"shared between the people of one store"


def exported(text: str, key: bytes | None = None) -> str:
    """`text` as an export from the store ends: with its digests in a trailer."""
    signature = None if key is None else hmac_hex(key, text)
    return with_trailer(text, Trailer(sha256=sha256_hex(text), match=7, hmac_sha256=signature))


def retimed(text: str) -> str:
    """The replay with its first decision's time changed: a forgery re-simulation misses."""
    return text.replace('"time":', '"time":1', 1)


def test_sha256_is_over_the_exact_utf8_bytes() -> None:
    text = '{"seat":"poisson \u00e9"}\n'
    assert sha256_hex(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert sha256_hex(text) != sha256_hex(text.replace("\n", "\r\n"))
    expected = hmac.new(KEY, text.encode("utf-8"), hashlib.sha256).hexdigest()
    assert hmac_hex(KEY, text) == expected


def test_the_trailer_is_split_off_and_covers_every_byte_before_it() -> None:
    text, _ = record(2)
    body, trailer = split_trailer(exported(text))
    assert body == text
    assert trailer == Trailer(sha256=sha256_hex(text), match=7)
    assert split_trailer(text) == (text, None)
    last = json.loads(exported(text).splitlines()[-1])
    assert last == {"type": "digest", "sha256": sha256_hex(text), "match": 7}


def test_a_trailer_needs_a_text_that_ends_its_last_line() -> None:
    with pytest.raises(BadInput, match="ends with a newline"):
        with_trailer('{"type":"header"}', Trailer(sha256="0" * 64))


@pytest.mark.parametrize(
    "line",
    [
        '{"type":"digest","sha256":"abc"}',
        '{"type":"digest","sha256":"' + "0" * 64 + '","extra":1}',
        '{"type":"digest"}',
    ],
)
def test_a_malformed_trailer_is_a_clear_error(line: str) -> None:
    with pytest.raises(BadInput, match="the last line is not a valid digest trailer"):
        split_trailer('{"type":"header"}\n' + line + "\n", "x.jsonl")


def test_untouched_export_matches_its_trailer_with_a_note_on_what_that_proves() -> None:
    text, _ = record(2)
    body, trailer = split_trailer(exported(text))
    report = check_integrity(body, trailer)
    assert report.ok and report.proofs == [
        f"sha256 {sha256_hex(text)} matches the trailer of match 7"
    ]
    assert report.notes and "could also have rewritten the trailer" in report.notes[0]


@pytest.mark.parametrize(
    "forge",
    [
        retimed,
        lambda t: t.replace('"name":"uniform"', '"name":"greedy"', 1),  # a seat label
        lambda t: t.replace('"verdict":"IA"', '"verdict":"TLE"', 1).replace(
            '"action":{"type":"pick","fish":[1,1,1,1],"mimic":null}', '"action":null', 1
        ),  # which failure verdict
    ],
    ids=["time", "seat label", "verdict"],
)
def test_what_re_simulation_cannot_see_the_trailer_catches(forge: Callable[[str], str]) -> None:
    text, _ = record(4, [Cheater(4), Uniform(5)])
    forged = forge(text)
    assert forged != text
    assert verify_replay(parse_replay(replay_lines(forged))).ok  # re-simulation is blind here
    report = check_integrity(forged, Trailer(sha256=sha256_hex(text), match=7))
    assert not report.ok
    assert "the text was changed after its digest was taken" in report.problems[0]


def test_a_rewritten_trailer_is_caught_by_the_stores_digest() -> None:
    text, _ = record(2)
    forged = retimed(text)
    body, trailer = split_trailer(exported(forged))  # the forger recomputed the trailer
    assert check_integrity(body, trailer).ok
    report = check_integrity(body, trailer, expected=sha256_hex(text))
    assert report.problems == [
        f"sha256 {sha256_hex(forged)} is not the digest given ({sha256_hex(text)}): the file "
        f"differs from the copy that digest was taken of"
    ]


def test_the_stores_digest_alone_proves_a_file_without_trailer() -> None:
    text, _ = record(2)
    report = check_integrity(text, None, expected=sha256_hex(text))
    assert report.ok and report.notes == []
    assert report.proofs == [
        f"sha256 {sha256_hex(text)} is the digest given: the file is that copy"
    ]


def test_without_any_digest_only_a_note_says_what_is_unproven() -> None:
    text, _ = record(2)
    report = check_integrity(text, None)
    assert report.ok and report.proofs == []
    assert report.notes == [
        "no digest available: nothing proves the verdicts, times and seat labels (export the "
        "match from its store, or give --digest)"
    ]


def test_a_forger_without_the_key_is_caught_by_the_signature() -> None:
    text, _ = record(2)
    forged = retimed(text)
    signature = hmac_hex(KEY, text)
    rewritten = Trailer(sha256=sha256_hex(forged), match=7, hmac_sha256=signature)
    report = check_integrity(forged, rewritten, key=KEY)
    assert report.problems and "the signature does not match" in report.problems[0]
    genuine = check_integrity(
        text, Trailer(sha256=sha256_hex(text), hmac_sha256=signature), key=KEY
    )
    assert genuine.ok and genuine.signed and genuine.notes == []


def test_a_signature_without_the_key_is_named_not_checked() -> None:
    text, _ = record(2)
    signed = Trailer(sha256=sha256_hex(text), hmac_sha256=hmac_hex(KEY, text))
    report = check_integrity(text, signed)
    assert report.ok and not report.signed
    assert f"signed, but {KEY_ENV} is not set: the signature is not checked" in report.notes
    wrong = check_integrity(text, signed, key=b"another key")
    assert not wrong.ok


def test_a_seal_names_where_its_digest_came_from() -> None:
    text, _ = record(2)
    seal = Trailer(sha256=sha256_hex(retimed(text)))
    report = check_seal(text, seal, key=None, origin="the digest kept when it was saved")
    assert report.problems[0].startswith(
        f"sha256 {sha256_hex(text)} differs from the digest kept when it was saved"
    )


@pytest.mark.parametrize(
    ("typed", "digest"),
    [("AB" * 32, "ab" * 32), (" sha256:" + "0f" * 32 + "\n", "0f" * 32)],
)
def test_a_typed_digest_is_read_in_either_case_with_or_without_its_prefix(
    typed: str, digest: str
) -> None:
    assert parse_digest(typed) == digest


@pytest.mark.parametrize("typed", ["", "ab" * 31, "zz" * 32, "ab" * 33])
def test_a_malformed_typed_digest_is_refused(typed: str) -> None:
    with pytest.raises(BadInput, match="64 hex digits"):
        parse_digest(typed)


def test_the_key_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KEY_ENV, raising=False)
    assert key_from_env() is None
    monkeypatch.setenv(KEY_ENV, "")
    assert key_from_env() is None
    monkeypatch.setenv(KEY_ENV, "clé")
    assert key_from_env() == "clé".encode()


def test_any_recorded_text_is_compared_without_crashing() -> None:
    # A digest column edited by hand may hold anything, non-ASCII included.
    text, _ = record(2)
    report = check_seal(text, Trailer(sha256="é" * 64), key=None, origin="the store's digest")
    assert not report.ok
