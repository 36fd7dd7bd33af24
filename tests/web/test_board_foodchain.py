"""The Food Chain board in headless Chromium, mounted by the boards' harness with frames made
by the engine (docs/web-boards.md, "Food Chain").

Every selection of rules §14 is made by clicking what the board offers, and what the board
sends is read with the referee's own reader and applied to the engine, which refuses
anything illegal: a predator's eating (from the field and, with Scavenge, the carrion
pile), a target, a "choose one" modal, an attack (attacker, then target), and a play
cancelled before it is confirmed, which sends nothing. Positions are reached by the
built-in agents from fixed seeds, so each test is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.core.events import event_json, visible_to
from sparring.core.registry import get_game
from sparring.games.foodchain.actions import Attack, Choose, Eat, Play, Target
from sparring.games.foodchain.previews import previews
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.web.catalog import POOL_JSON, catalog_text
from tests.foodchain.helpers import STOP, fid, pos, side
from tests.foodchain.helpers import uid as hand_uid
from tests.web.boards_harness.harness import LAPTOP, PHONE, BoardPage, frame

SPEC = get_game("foodchain")
#: Seeds scanned, in order, for a position a test needs (the first that has it is used).
SEEDS = range(40)


def reach(until: Callable[[FoodChainState], bool], agent: str = "random") -> FoodChainState:
    """The first position `until` accepts in games of the built-in agents over `SEEDS`."""
    for seed in SEEDS:
        state = SPEC.new_game(seed, SPEC.options_from_json(None))
        agents = [make_agent(SPEC, agent, s, 7 * seed + s) for s in range(2)]
        while not state.is_terminal():
            if until(state):
                return state
            seat = state.to_move()[0]
            state.apply(agents[seat].act(SPEC.view(state, seat), state.legal_actions(seat)), seat)
    raise AssertionError("no seed reaches the position")


def decider(state: FoodChainState) -> int:
    return state.to_move()[0]


class FoodChainPage(BoardPage):
    """The harness page, whose frames also carry the log in words, as the server's do."""

    def show(self, state: Any) -> dict[str, Any]:
        self.seq += 1
        sent = frame(self.spec, state, self.seat, self.seq)
        narrate = self.spec.narration(self.seat)
        sent["log"] = [
            line
            for event in state.events
            if visible_to(event, self.seat)
            and event[0] not in self.spec.display.quiet_events
            and (line := narrate(event_json(event), state))
        ][-30:]
        self.page.evaluate("f => window.pushFrame(f)", sent)
        return sent


def open_board(page: Any, base: str, state: FoodChainState, seat: int | None) -> FoodChainPage:
    board = FoodChainPage(page, base, SPEC, seat, state)
    board.show(state)
    return board


def accept(board: FoodChainPage, state: FoodChainState) -> Any:
    """The board's last reply, read as the referee reads a bot's and applied to the engine."""
    action = board.last_action(state)
    state.apply(action, board.seat)
    return action


def test_the_pool_json_is_the_engines_pool() -> None:
    """The card browser's and the board's printed cards are written from the engine's pool
    (`python -m sparring.games.foodchain.web.catalog`)."""
    assert POOL_JSON.read_text(encoding="utf-8") == catalog_text()


def test_the_board_draws_both_sides_hand_piles_and_status(page: Any, base: str) -> None:
    state = reach(lambda s: s.turn >= 4 and all(s.fields) and any(s.carrion) and s.pending is None)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    view = SPEC.view(state, seat)
    rival = 1 - seat
    for player in view.players:
        whose = "Your" if player.seat == seat else "Rival's"
        assert page.get_by_label(f"{whose} HP").inner_text().startswith(f"HP {player.hp}")
        assert str(player.hand_count) in page.get_by_label(f"{whose} hand size").inner_text()
        assert str(player.deck_count) in page.get_by_label(f"{whose} deck size").inner_text()
        summary = page.get_by_label(f"{whose} carrion pile").locator("summary").inner_text()
        assert summary == f"Carrion: {len(player.carrion)}"
        for creature in player.field:
            label = page.locator(f'article.creature[data-card="{creature.card}"]').get_attribute(
                "aria-label"
            )
            assert label is not None
            assert f"ATK {creature.atk}, HP {creature.hp} of {creature.max_hp}" in label
            for keyword in creature.keywords:
                assert keyword in label
            assert ("summoning exhaustion" in label) == creature.exhausted
            assert ("Frozen" in label) == creature.frozen
            assert ("Paralyzed" in label) == creature.paralyzed
            assert ("dry drop" in label) == creature.dry
    hand = page.get_by_label("Your hand")
    assert hand.locator("article").count() == len(view.hand or [])
    assert page.get_by_label("Phase").inner_text()
    played = "limit used" in page.get_by_label("Play limit").inner_text()
    assert played == view.card_played
    # The rival's hand is only a count: none of its cards is anywhere in the page.
    content = page.content()
    shown = {c.card for p in view.players for c in [*p.field, *p.carrion, *p.exile]}
    for uid in state.hands[rival]:
        if uid not in shown:
            assert f'data-card="{uid}"' not in content
            assert not re.search(rf"#{uid}\b", page.inner_text("body"))
    assert board.replies() == []


def unpreviewed_play(state: FoodChainState) -> Play | None:
    """A play of the seat to move that opens no previewed choice (a prey, say), if any."""
    if state.pending is not None:
        return None
    legal = state.legal_actions()
    shown = previews(state, state.active, legal)
    return next((a for i, a in enumerate(legal) if isinstance(a, Play) and i not in shown), None)


def test_a_play_cancelled_before_confirming_sends_nothing(page: Any, base: str) -> None:
    state = reach(lambda s: unpreviewed_play(s) is not None)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    play = unpreviewed_play(state)
    assert play is not None
    name = state.defs[play.card].name
    page.get_by_role("button", name=f"Play {name}").click()
    page.get_by_role("button", name="Cancel", exact=True).click()
    assert board.replies() == []
    assert page.get_by_role("button", name="Confirm play").count() == 0
    page.get_by_role("button", name=f"Play {name}").click()
    page.get_by_role("button", name="Confirm play").click()
    assert accept(board, state) == play


def test_a_predator_eats_what_the_person_chooses(page: Any, base: str) -> None:
    state = reach(
        lambda s: (
            s.pending is not None
            and s.pending.kind == "eat"
            and any(len(o.cards) >= 2 for o in s.pending.options if isinstance(o, Eat))
        )
    )
    seat = decider(state)
    board = open_board(page, base, state, seat)
    wanted = max(
        (o for o in state.pending.options if isinstance(o, Eat)), key=lambda o: len(o.cards)
    )
    predator = state.defs[state.pending.source].name
    assert predator in page.get_by_label("Resolving").inner_text()
    panel = page.get_by_label("Choose what to eat")
    assert "nutrition" in panel.inner_text() or "ATK" in panel.inner_text()
    # The dry drop is offered as long as nothing is chosen; the choice can be cleared.
    assert panel.get_by_role("button", name="Confirm: eat nothing (dry drop)").is_enabled()
    first = state.defs[wanted.cards[0]].name
    panel.get_by_role("button", name=f"Eat {first}").first.click()
    panel.get_by_role("button", name="Clear").click()
    assert board.replies() == []
    for uid in wanted.cards:
        panel.get_by_role("button", name=f"Eat {state.defs[uid].name} #{uid}").click()
    panel.get_by_role("button", name=f"Confirm eating {len(wanted.cards)}").click()
    assert accept(board, state) == wanted
    eaten = next(e for e in reversed(state.events) if e[0] == "eat")
    assert list(event_json(eaten)["eaten"]) == list(wanted.cards)


def scavenging(s: FoodChainState) -> bool:
    """Whether a predator being played may eat from its owner's carrion pile."""
    pending = s.pending
    if pending is None or pending.kind != "eat":
        return False
    carrion = s.carrion[pending.player]
    return any(c in carrion for o in pending.options if isinstance(o, Eat) for c in o.cards)


def test_scavenge_offers_the_carrion_pile(page: Any, base: str) -> None:
    state = reach(scavenging)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    carrion = state.carrion[seat]
    option = next(
        o
        for o in state.pending.options
        if isinstance(o, Eat) and len(o.cards) == 1 and o.cards[0] in carrion
    )
    group = page.get_by_role("group", name="Carrion cards to eat")
    uid = option.cards[0]
    group.get_by_role("button", name=f"Eat {state.defs[uid].name} #{uid} from carrion").click()
    page.get_by_role("button", name="Confirm eating 1").click()
    assert accept(board, state) == option
    assert uid not in state.carrion[seat]


def test_a_targeted_effect_asks_for_its_target(page: Any, base: str) -> None:
    state = reach(
        lambda s: (
            s.pending is not None and s.pending.kind == "target" and len(s.pending.options) > 1
        )
    )
    seat = decider(state)
    board = open_board(page, base, state, seat)
    options = [o for o in state.pending.options if isinstance(o, Target)]
    buttons = page.get_by_role("group", name="Targets").get_by_role("button")
    assert buttons.count() == len(options)
    confirm = page.get_by_role("button", name="Confirm target")
    assert confirm.is_disabled()
    buttons.nth(len(options) - 1).click()
    page.get_by_role("button", name="Clear").click()
    assert confirm.is_disabled() and board.replies() == []
    buttons.nth(len(options) - 1).click()
    confirm.click()
    assert accept(board, state) == options[-1]


def test_a_choose_one_effect_is_a_modal(page: Any, base: str) -> None:
    state = reach(lambda s: s.pending is not None and s.pending.kind == "choose")
    seat = decider(state)
    board = open_board(page, base, state, seat)
    dialog = page.get_by_role("dialog", name="Choose one")
    options = [o for o in state.pending.options if isinstance(o, Choose)]
    assert dialog.get_by_role("button").count() == len(options)
    dialog.get_by_role("button").last.click()
    assert accept(board, state) == options[-1]


def test_an_attack_is_an_attacker_then_its_target(page: Any, base: str) -> None:
    def attacking(s: FoodChainState) -> bool:
        attacks = [a for a in s.legal_actions() if isinstance(a, Attack)] if not s.pending else []
        return any(a.defender is not None for a in attacks)

    state = reach(attacking)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    attack = next(
        a for a in state.legal_actions(seat) if isinstance(a, Attack) and a.defender is not None
    )
    attacker = state.on_field[attack.attacker].card.name
    defender = state.on_field[attack.target].card.name
    page.get_by_role("button", name=f"Attack with {attacker}").first.click()
    page.get_by_role("button", name="Cancel attack").click()
    assert page.get_by_role("button", name=f"Attack {defender}").count() == 0
    assert board.replies() == []
    page.get_by_role("button", name=f"Attack with {attacker}").first.click()
    targets = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Attack) and a.attacker == attack.attacker
    ]
    offered = page.get_by_role("button", name="Attack", exact=False).filter(
        has_not_text=re.compile("with|Cancel")
    )
    assert offered.count() == len(targets)
    page.locator(f'article.creature[data-card="{attack.target}"]').get_by_role(
        "button", name=f"Attack {defender}"
    ).click()
    assert accept(board, state) == attack


def test_a_trap_that_fires_is_shown(page: Any, base: str) -> None:
    def trap_next(s: FoodChainState) -> bool:
        if s.pending is not None or s.is_terminal():
            return False
        for action in s.legal_actions():
            trial = s.clone()
            trial.apply(action, trial.to_move()[0])
            if any(e[0] == "trap" for e in trial.events[len(s.events) :]):
                return True
        return False

    state = reach(trap_next, agent="greedy")
    seat = decider(state)
    board = open_board(page, base, state, seat)
    for action in state.legal_actions(seat):
        trial = state.clone()
        trial.apply(action, seat)
        sprung = [e for e in trial.events[len(state.events) :] if e[0] == "trap"]
        if sprung:
            break
    assert not page.locator(".trap-banner").count()
    board.show(trial)
    name = event_json(sprung[0])["name"]
    assert f"Rival sprang trap {name}" in page.locator(".trap-banner").inner_text()


def test_a_spectator_sees_no_hand_and_no_controls(page: Any, base: str) -> None:
    state = reach(lambda s: s.turn >= 3 and s.pending is None)
    open_board(page, base, state, None)
    assert page.get_by_role("button").count() == 0
    assert page.get_by_label("Your hand").count() == 0
    text = page.inner_text("body")
    for seat in (0, 1):
        assert (
            page.get_by_label(f"Seat {seat}'s HP").inner_text().startswith(f"HP {state.hp[seat]}")
        )
        for uid in state.hands[seat]:
            assert not re.search(rf"#{uid}\b", text)


def test_hp_lost_floats_up_and_a_new_creature_arrives(page: Any, base: str) -> None:
    def damage_next(s: FoodChainState) -> bool:
        attacks = [a for a in s.legal_actions() if isinstance(a, Attack)] if not s.pending else []
        return any(a.defender is None for a in attacks)

    state = reach(damage_next)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    attack = next(
        a for a in state.legal_actions(seat) if isinstance(a, Attack) and a.defender is None
    )
    before = state.hp[1 - seat]
    state.apply(attack, seat)
    board.show(state)
    lost = state.hp[1 - seat] - before
    assert lost < 0
    assert page.get_by_label("Rival's HP").locator(".delta.loss").inner_text() == str(lost)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_board_fits_the_screen(browser: Any, base: str, size: str) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    state = reach(lambda s: s.turn >= 5 and all(s.fields) and s.pending is None)
    open_board(page, base, state, decider(state))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    for box in page.get_by_role("button").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().right)"
    ):
        assert box <= viewport["width"]
    context.close()


def test_a_refused_reply_is_shown_and_the_choice_offered_again(page: Any, base: str) -> None:
    state = reach(lambda s: unpreviewed_play(s) is not None)
    seat = decider(state)
    board = open_board(page, base, state, seat)
    page.evaluate("window.nextAnswer = {ok: false, message: 'seat 0 cannot act now'}")
    play = unpreviewed_play(state)
    assert play is not None
    page.get_by_role("button", name=f"Play {state.defs[play.card].name}").click()
    page.get_by_role("button", name="Confirm play").click()
    assert page.get_by_role("alert").inner_text() == "seat 0 cannot act now"
    assert page.get_by_role("button", name="Confirm play").is_enabled()
    assert len(board.replies()) == 1


# ---------------------------------------------------------------------- cancelling (§14)
# Rules §14 "Selection Cancellation" and our ruling on it (docs/games/foodchain.md,
# "Cancelling a selection"): a predator's meal and a spell's target are chosen on the page
# before the play is sent, from the frame's preview; Cancel sends nothing; Confirm sends the
# play and the board answers the engine's decision with the confirmed choice by itself;
# after a trap changed the menu it asks again with no Cancel.


def wolf_at_the_table(trap: str | None = None) -> FoodChainState:
    """Seat 0 to play Wolf (a predator) with Prey (1 HP) and Fat Prey (3 HP) to eat; the
    rival holds `trap`, if given."""
    return pos(
        side(hand=["Wolf", STOP], field=["Prey", "Fat Prey"]),
        side(hand=[STOP] if trap is None else [trap, STOP]),
    )


def choose_both_prey(page: Any, state: FoodChainState) -> Any:
    """Play Wolf and choose Prey and Fat Prey on its eat panel (nothing sent yet)."""
    page.get_by_role("button", name="Play Wolf").click()
    panel = page.get_by_role("region", name="Choose what to eat")
    for name in ("Prey", "Fat Prey"):
        panel.get_by_role("button", name=f"Eat {name} #{fid(state, name, 0)}").click()
    return panel


def test_ruling_cancel_a_predator_cancelled_on_its_eat_panel_sends_nothing(
    page: Any, base: str
) -> None:
    state = wolf_at_the_table()
    board = open_board(page, base, state, 0)
    panel = choose_both_prey(page, state)
    play = page.get_by_role("button", name="Play Wolf")
    assert play.get_attribute("aria-pressed") == "true"  # the card being played is marked
    assert "nutrition 1" in panel.inner_text() and "nutrition 2" in panel.inner_text()
    assert panel.get_by_role("button", name="Confirm eating 2 (nutrition 1 + nutrition 2)").count()
    panel.get_by_role("button", name="Cancel", exact=True).click()
    assert board.replies() == []
    assert page.get_by_role("region", name="Choose what to eat").count() == 0
    hand = page.get_by_label("Your hand")
    assert hand.locator(f'article[data-card="{hand_uid(state, "Wolf", 0)}"]').count() == 1
    assert play.is_enabled() and play.get_attribute("aria-pressed") == "false"


def test_ruling_cancel_a_confirmed_meal_is_sent_with_the_play_then_by_itself(
    page: Any, base: str
) -> None:
    state = wolf_at_the_table()
    board = open_board(page, base, state, 0)
    panel = choose_both_prey(page, state)
    panel.get_by_role("button", name=re.compile("^Confirm eating 2")).click()
    assert accept(board, state) == Play(hand_uid(state, "Wolf", 0))
    assert state.pending is not None and state.pending.kind == "eat"
    board.show(state)
    page.wait_for_function("window.acts.length === 2")
    wanted = Eat(tuple(sorted((fid(state, "Prey", 0), fid(state, "Fat Prey", 0)))))
    assert accept(board, state) == wanted
    assert [c.card.name for c in state.fields[0]] == ["Wolf"]
    assert page.get_by_role("button", name="Cancel", exact=True).count() == 0


def test_ruling_cancel_a_trap_that_kills_the_chosen_prey_asks_again_without_cancel(
    page: Any, base: str
) -> None:
    """Pitfall (the rival's "plays a predator" trap: 1 damage to each of seat 0's
    creatures) kills Prey after the play was confirmed with Prey and Fat Prey to eat."""
    state = wolf_at_the_table("Pitfall")
    board = open_board(page, base, state, 0)
    panel = choose_both_prey(page, state)
    panel.get_by_role("button", name=re.compile("^Confirm eating 2")).click()
    accept(board, state)
    board.show(state)
    assert "Rival sprang trap Pitfall" in page.locator(".trap-banner").inner_text()
    notice = page.get_by_role("status").filter(has_text="no longer possible").inner_text()
    assert "Wolf" in notice and "cannot be cancelled" in notice
    assert len(board.replies()) == 1  # the play only: nothing answered by itself
    panel = page.get_by_role("region", name="Choose what to eat")
    assert panel.get_by_role("button", name="Cancel", exact=True).count() == 0
    fat = fid(state, "Fat Prey", 0)
    panel.get_by_role("button", name=f"Eat Fat Prey #{fat}").click()
    panel.get_by_role("button", name=re.compile("^Confirm eating 1")).click()
    assert accept(board, state) == Eat((fat,))


def test_ruling_cancel_a_negated_play_is_said_and_the_card_is_back_in_hand(
    page: Any, base: str
) -> None:
    state = wolf_at_the_table("Veto")
    board = open_board(page, base, state, 0)
    panel = choose_both_prey(page, state)
    panel.get_by_role("button", name=re.compile("^Confirm eating 2")).click()
    accept(board, state)
    board.show(state)
    notice = page.get_by_role("status").filter(has_text="negated").inner_text()
    assert "Wolf" in notice and "back in your hand" in notice
    assert len(board.replies()) == 1
    assert page.get_by_role("button", name="Play Wolf").is_enabled()


def test_ruling_cancel_a_spell_cancelled_on_its_target_panel_or_confirmed(
    page: Any, base: str
) -> None:
    state = pos(side(hand=["Zap", STOP]), side(hand=[STOP], field=["Prey", "Fat Prey"]))
    board = open_board(page, base, state, 0)
    fat = fid(state, "Fat Prey", 1)
    page.get_by_role("button", name="Play Zap").click()
    panel = page.get_by_role("region", name="Choose a target")
    assert panel.get_by_role("group", name="Targets").get_by_role("button").count() == 2
    panel.get_by_role("button", name=f"Target Fat Prey #{fat}").click()
    assert page.locator(f'article.creature[data-card="{fat}"].choosable').count() == 1
    panel.get_by_role("button", name="Cancel", exact=True).click()
    assert board.replies() == []
    assert page.get_by_role("region", name="Choose a target").count() == 0
    page.get_by_role("button", name="Play Zap").click()
    panel.get_by_role("button", name=f"Target Fat Prey #{fat}").click()
    panel.get_by_role("button", name="Confirm target").click()
    assert accept(board, state) == Play(hand_uid(state, "Zap", 0))
    board.show(state)
    page.wait_for_function("window.acts.length === 2")
    assert accept(board, state) == Target(card=fat)
    assert state.on_field[fat].hp == 1  # Zap's 2 damage on Fat Prey's 3 HP


def test_ruling_cancel_a_refused_confirmed_play_keeps_its_panel_and_no_follow_up(
    page: Any, base: str
) -> None:
    """A play refused by the server (a stale click, say) was not made: the eat panel is
    offered again with Cancel, and a later frame with the card in hand says nothing."""
    state = wolf_at_the_table()
    board = open_board(page, base, state, 0)
    page.evaluate("window.nextAnswer = {ok: false, message: 'seat 0 cannot act now'}")
    panel = choose_both_prey(page, state)
    panel.get_by_role("button", name=re.compile("^Confirm eating 2")).click()
    assert page.get_by_role("alert").inner_text() == "seat 0 cannot act now"
    assert panel.get_by_role("button", name="Cancel", exact=True).is_enabled()
    board.show(state)
    assert page.get_by_role("status").filter(has_text="negated").count() == 0
    assert len(board.replies()) == 1
