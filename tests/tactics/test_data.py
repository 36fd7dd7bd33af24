"""The game's data file: loaded and checked once, so that every rule number the engine
reads from it is there and is a whole number."""

from __future__ import annotations

from importlib import resources

import pytest

from sparring.games.tactics.data import DATA, load

TEXT = (resources.files("sparring.games.tactics") / "data.toml").read_text(encoding="utf-8")


def test_the_data_file_holds_the_rules_numbers() -> None:
    """A few of the companion's numbers, read as the engine reads them."""
    assert (DATA.board, DATA.obstacle_hp, DATA.tile_rounds, DATA.pressure_round) == (5, 3, 2, 8)
    assert DATA.counter_damage == 2
    assert DATA.atk_mods == {"POWER": 3, "SPEED": -1, "WEAKNESS": -2, "POWER_OF_MANY": 1}
    assert DATA.negative_buffs == ("WEAKNESS", "BLEED", "SLOW")
    assert DATA.skills["warrior_endure"]["shield"] == 3
    assert DATA.skills["mage_elemental_blast"]["debuff_percent"] == 50
    assert DATA.skills["mage_wild_magic"]["debuff_percent"] == 33
    assert (
        DATA.statuses["DEATH_MARK"]["damage_bonus"] == DATA.statuses["DEATH_MARK"]["payoff_hp"] == 2
    )
    assert DATA.buffs["SPEED"]["actions"] == 2


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("shield = 3\n", "", "skill.warrior_endure.shield must be a whole number, got None"),
        ("debuff_percent = 50", "debuff_percent = true", "must be a whole number, got True"),
        ("actions = 2", "actions = 2.5", "buff.SPEED.actions must be a whole number, got 2.5"),
        ("payoff_hp = 2", "payoff = 2", "status.DEATH_MARK.payoff_hp must be a whole number"),
        ("cooldown = 2\ndamage = 2\n", "damage = 2\n", "cooldown must be a whole number"),
    ],
)
def test_a_missing_or_wrong_rule_number_is_refused_on_load(old: str, new: str, error: str) -> None:
    assert old in TEXT
    with pytest.raises(ValueError, match=error.replace(".", r"\.")):
        load(TEXT.replace(old, new, 1))
