"""The client in a real browser (headless Chromium through Playwright): two people play a
whole game of Liar's Dice against each other on its board while a spectator watches, one
of them reloads mid-game and goes on where the game was, and the stored match is stepped
through on the replay page; and any game played and replayed on the generic board, which
``?board=generic`` puts in place of a game's own."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

GAME = "liarsdice"
BOARD = ".liarsdice-board"
MOVE = re.compile(r"Move (\d+)\.")
WAIT_MS = 20_000
#: The move number the table page shows, in JavaScript.
SEQ_SHOWN = (
    "Number((/Move (\\d+)\\./.exec(document.querySelector('#status').textContent) || [0, 0])[1])"
)


def create_table(base: str) -> dict[str, Any]:
    seats = [{"kind": "person", "name": name, "clock": "correspondence"} for name in "AB"]
    body = {"game": GAME, "seed": 21, "seats": seats}
    response = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert response.status_code == 200, response.text
    return dict(response.json())


def shown_seq(page: Any) -> int:
    found = MOVE.search(page.locator("#status").inner_text())
    return int(found.group(1)) if found else 0


def move_if_mine(page: Any) -> bool:
    """Play the first legal action (a challenge when there is a bid, else the lowest bid),
    if this page's seat is to move; True if it did."""
    buttons = page.locator(f"{BOARD} .decision button:not([disabled])")
    if buttons.count() == 0:
        return False
    before = shown_seq(page)
    challenge = page.locator(f"{BOARD} .decision button.challenge:not([disabled])")
    (challenge if challenge.count() else buttons).first.click()
    page.wait_for_function(f"() => {SEQ_SHOWN} > {before}", timeout=WAIT_MS)
    return True


@pytest.mark.slow
def test_two_people_play_a_whole_game_in_browsers_while_someone_watches(
    live_server: str, browser: Any
) -> None:
    table = create_table(live_server)
    contexts = [browser.new_context() for _ in range(3)]
    try:
        players = [contexts[seat].new_page() for seat in range(2)]
        for seat, page in enumerate(players):
            page.goto(live_server + table["seats"][seat]["invitation"])
            page.wait_for_selector(BOARD, timeout=WAIT_MS)
            page.wait_for_function(
                "() => /Move \\d+/.test(document.querySelector('#status').textContent)",
                timeout=WAIT_MS,
            )
            assert f"playing seat {seat}" in page.locator("#status").inner_text()
        watcher = contexts[2].new_page()
        watcher.goto(live_server + table["spectate"])
        watcher.wait_for_selector(BOARD, timeout=WAIT_MS)
        reloaded = False
        moves = 0
        while not players[0].locator("#outcome").count():
            moved = any(move_if_mine(page) for page in players)
            if moved:
                moves += 1
            else:
                players[0].wait_for_timeout(100)
            if moves == 3 and not reloaded:
                seq = shown_seq(players[0])
                players[0].reload()
                players[0].wait_for_function(
                    f"() => /Move {seq}\\./.test(document.querySelector('#status').textContent)",
                    timeout=WAIT_MS,
                )
                assert players[0].locator("#log p").count() > 0, "the log came back"
                reloaded = True
            assert moves < 500
        assert reloaded
        for page in [*players, watcher]:
            page.wait_for_selector("#outcome", timeout=WAIT_MS)
            assert "Game over" in page.locator("#outcome").inner_text()
        assert watcher.locator(f"{BOARD} button").count() == 0
        assert shown_seq(watcher) == shown_seq(players[0]) == shown_seq(players[1])
        replay_link = players[0].locator("#outcome a").get_attribute("href")
        assert replay_link and replay_link.startswith("/replay/")
        step_through_replay(browser, live_server + replay_link, moves)
    finally:
        for context in contexts:
            context.close()


def step_through_replay(browser: Any, url: str, decisions: int) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(BOARD, timeout=WAIT_MS)
        position = page.locator("#position")
        assert position.inner_text() == f"decision 0 of {decisions}"
        page.click("#forward")
        page.click("#forward")
        assert position.inner_text() == f"decision 2 of {decisions}"
        page.click("#back")
        assert position.inner_text() == f"decision 1 of {decisions}"
        page.fill("#jump", str(decisions))
        page.click("#go")
        assert position.inner_text() == f"decision {decisions} of {decisions}"
        assert page.locator("#outcome").count() == 1
        page.select_option("#viewer", "0")
        page.wait_for_function(
            "() => document.querySelector('.liarsdice-board .seats').textContent.length > 0"
        )
        assert position.inner_text() == f"decision {decisions} of {decisions}"
        page.click("#first")
        assert position.inner_text() == f"decision 0 of {decisions}"
    finally:
        context.close()


@pytest.mark.slow
def test_the_lobby_creates_a_table_and_hands_out_its_links(live_server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})  # a phone's screen
    try:
        page = context.new_page()
        page.goto(live_server + "/")
        page.select_option("#game", GAME)
        page.click("#create-button")
        page.wait_for_selector(".invitation, #create-error:not(:empty)", timeout=WAIT_MS)
        assert page.locator("#create-error").inner_text() == ""
        invitation = page.locator(".invitation").first.input_value()
        assert "#token=" in invitation
        page.goto(invitation)
        page.wait_for_selector(BOARD, timeout=WAIT_MS)
        page.wait_for_function(
            "() => /playing seat 0/.test(document.querySelector('#status').textContent)",
            timeout=WAIT_MS,
        )
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, "the table page fits a phone's width"
    finally:
        context.close()


def test_any_game_can_be_played_and_replayed_on_the_generic_board(
    live_server: str, browser: Any
) -> None:
    """``?board=generic`` swaps a game's own board for the generic one (the raw view and
    every legal action as a button): a person plays a whole game on it against a built-in
    agent, and the stored match is stepped through on it too."""
    seats = [
        {"kind": "person", "name": "A", "clock": "correspondence"},
        {"kind": "builtin", "agent": "random"},
    ]
    response = httpx.post(
        f"{live_server}/api/tables", json={"game": GAME, "seed": 5, "seats": seats}, timeout=30
    )
    assert response.status_code == 200, response.text
    path, fragment = response.json()["seats"][0]["invitation"].split("#")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{live_server}{path}?board=generic#{fragment}")
        page.wait_for_selector(".generic-board", timeout=WAIT_MS)
        clicks = 0
        while not page.locator("#outcome").count():
            buttons = page.locator(".generic-board .actions button:not([disabled])")
            if buttons.count():
                before = shown_seq(page)
                buttons.first.click()
                clicks += 1
                page.wait_for_function(
                    f"() => {SEQ_SHOWN} > {before} || document.querySelector('#outcome')",
                    timeout=WAIT_MS,
                )
            else:
                page.wait_for_timeout(50)
        assert clicks > 0 and page.locator(BOARD).count() == 0
        replay = page.locator("#outcome a").get_attribute("href")
        assert replay and replay.startswith("/replay/")
        page.goto(f"{live_server}{replay}?board=generic")
        page.wait_for_selector(".generic-board", timeout=WAIT_MS)
        page.click("#last")
        page.wait_for_selector("#outcome", timeout=WAIT_MS)
        assert page.locator(BOARD).count() == 0
    finally:
        context.close()
