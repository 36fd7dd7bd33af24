"""Regressions: engine bugs found by the property and view tests, each pinned by a test."""

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.foodchain.actions import Eat, Play
from sparring.games.foodchain.cards import load_pool_from
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import Side, build, uid_of
from sparring.games.foodchain.render import describe_event


@pytest.mark.parametrize("value", [0.0, 1.0, True, False])
def test_first_player_must_be_the_integer_0_or_1(value):
    with pytest.raises(BadInput, match="first_player"):
        FoodChainOptions.from_json({"first_player": value})


SPITE = load_pool_from(
    {
        "t.toml": """kingdom = "Mammals"
[[card]]
name = "Spite Snare"
category = "trap"
trigger = "rival_plays_card"
do = [ { op = "damage", target = "rival", amount = 5 } ]
"""
    }
).card("Spite Snare")


@pytest.mark.parametrize("played", ["Hellbender", "Breeding Pond", "Marsh Miasma"])
def test_a_card_whose_play_a_trap_ends_the_game_is_still_somewhere(played):
    state = build((Side(hp=4, hand=[played, "Olm"]), Side(hand=[SPITE])), active=0)
    uid = uid_of(state, played)
    state.apply(Play(uid))
    assert state.phase == "over"
    # The play never completed, so the card is back in its owner's hand.
    assert uid in state.hands[0]


def test_a_malformed_answer_to_a_decision_is_refused_not_crashed():
    state = build(
        (Side(hand=["Riptide", "Hellbender"]), Side(hand=["Olm"], field=["Cane Toad", "Axolotl"])),
        active=0,
    )
    state.apply(Play(uid_of(state, "Riptide")))
    # A value built in Python with cards named rather than numbered: never decoded, so
    # never checked, yet refused with a reason like any other wrong answer.
    with pytest.raises(IllegalAction, match="a target decision is pending"):
        state.apply(Eat(("olm",)))  # type: ignore[arg-type]  # malformed on purpose


def test_damage_to_you_reads_as_english():
    hit = {"kind": "damage", "card": None, "player": 0, "amount": 4, "combat": True}
    assert describe_event(hit, 0) == "you take 4 damage"


def test_a_missing_hp_is_reported_as_missing():
    text = (
        'kingdom = "Mammals"\n[[card]]\nname = "Ghost"\ncategory = "prey"\natk = 1\nnutrition = 1\n'
    )
    with pytest.raises(BadInput) as info:
        load_pool_from({"t.toml": text})
    assert "got -1" not in str(info.value)


def test_a_deck_file_with_a_utf8_bom_is_read(tmp_path):
    from sparring.games.foodchain.decks import prebuilt_decks, read_deck_file

    path = tmp_path / "bom.txt"
    path.write_text("\n".join(prebuilt_decks()["fish-deep"]), encoding="utf-8-sig")
    assert tuple(read_deck_file(path)) == prebuilt_decks()["fish-deep"]
