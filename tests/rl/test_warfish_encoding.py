"""Warfish's encoding: the amount points of a range, and actions as verb-territory paths."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from sparring import rl
from sparring.games.warfish.actions import Attack, Blitz, Place
from sparring.games.warfish.encoding import WarfishEncoding, amount_points
from sparring.games.warfish.menus import AttackMenu, PlaceMenu, TransferMenu
from sparring.games.warfish.options import WarfishOptions


def test_an_amount_is_one_of_five_points_of_the_range() -> None:
    assert amount_points(1, 12) == [(0, 1), (1, 4), (2, 7), (3, 9), (4, 12)]
    assert amount_points(1, 3) == [(0, 1), (1, 2), (3, 3)]
    assert amount_points(2, 2) == [(0, 2)]


def test_placing_and_transferring_name_territories_then_an_amount() -> None:
    encoding = WarfishEncoding(WarfishOptions(map="triad"))
    names = encoding.action_names
    menu = encoding.menu(None, PlaceMenu((3, 5), (12, 12)), ())
    assert [names[index] for index in menu] == ["place"]
    after = encoding.menu(None, PlaceMenu((3, 5), (12, 12)), (encoding.verb_base,))
    assert sorted(after) == [3, 5]
    amounts = encoding.menu(None, PlaceMenu((3, 5), (12, 12)), (encoding.verb_base, 5))
    assert list(amounts.values()) == [Place(5, count) for count in (1, 4, 7, 9, 12)]
    transfer = encoding.menu(None, TransferMenu(((0, 1),), (7,)), ())
    verbs = sorted(names[index] for index in transfer)
    assert verbs == ["end turn", "transfer"]


def test_an_attack_is_verb_source_target_dice() -> None:
    encoding = WarfishEncoding(WarfishOptions(map="triad"))
    names = encoding.action_names
    legal = AttackMenu(((2, 4), (2, 5)), (3, 1))
    top = encoding.menu(None, legal, ())
    assert sorted(names[index] for index in top) == ["attack", "blitz", "stop attacking"]
    attack = encoding.verb_base + 3
    assert list(encoding.menu(None, legal, (attack,))) == [2]
    assert list(encoding.menu(None, legal, (attack, 2))) == [4, 5]
    dice = encoding.menu(None, legal, (attack, 2, 4))
    assert [names[index] for index in dice] == ["1 die", "2 dice", "3 dice"]
    assert list(dice.values()) == [Attack(2, 4, count) for count in (1, 2, 3)]
    blitz = encoding.menu(None, legal, (encoding.verb_base + 4, 2, 5))
    assert list(blitz.values()) == [Blitz(2, 5)]


def test_a_three_player_fogged_table_passes_the_api_test() -> None:
    env = rl.env("warfish", players=3, fog=True, map="cascade")
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2"]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation", category=UserWarning)
        api_test(env, num_cycles=100)
