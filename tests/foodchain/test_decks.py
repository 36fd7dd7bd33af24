"""Deck rules (companion ruling 1): one kingdom, exactly 20 cards, singleton, no tokens,
strictly more prey than predators; every broken rule named, all at once. Deck files,
prebuilt decks, and decks given as options.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.games.foodchain.cards import CardDef, load_pool
from sparring.games.foodchain.decks import (
    check_deck,
    deck_problems,
    parse_deck_text,
    prebuilt_decks,
    read_deck_file,
    resolve_deck,
)
from sparring.games.foodchain.limits import DECK_SIZE
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.spec import SPEC
from sparring.games.foodchain.vocabulary import KINGDOMS, PREDATOR, PREY

POOL = load_pool()


def of(kingdom: str, category: str) -> list[str]:
    return [c.name for c in POOL.kingdoms[kingdom] if c.category == category]


def others(kingdom: str) -> list[str]:
    return [c.name for c in POOL.kingdoms[kingdom] if c.category not in (PREY, PREDATOR)]


def legal_deck(kingdom: str = "Mammals") -> list[str]:
    """11 prey, 5 predators and 4 other cards of one kingdom: a legal deck of our own."""
    return of(kingdom, PREY)[:11] + of(kingdom, PREDATOR)[:5] + others(kingdom)[:4]


def problems(names: list[str]) -> list[str]:
    return deck_problems(names, POOL)


def rules(names: list[str]) -> list[str]:
    """The names of the rules broken (the text before the first colon of each problem)."""
    return [p.split(":")[0] for p in problems(names)]


# --------------------------------------------------------------------- legal decks


def test_every_prebuilt_deck_is_legal_two_per_kingdom() -> None:
    decks = prebuilt_decks()
    assert len(decks) == 10
    per_kingdom: dict[str, int] = {}
    for name, cards in decks.items():
        assert problems(list(cards)) == [], name
        assert len(cards) == DECK_SIZE
        kingdoms = {POOL.card(c).kingdom for c in cards}
        assert len(kingdoms) == 1, f"{name}: {kingdoms}"
        kingdom = kingdoms.pop()
        assert name.startswith(kingdom.lower()), f"{name} holds {kingdom} cards"
        per_kingdom[kingdom] = per_kingdom.get(kingdom, 0) + 1
    assert per_kingdom == dict.fromkeys(KINGDOMS, 2)


def test_prebuilt_decks_list_canonical_card_names() -> None:
    for cards in prebuilt_decks().values():
        assert all(POOL.card(name).name == name for name in cards)


def test_a_deck_of_our_own_is_legal_in_every_kingdom() -> None:
    for kingdom in KINGDOMS:
        deck = legal_deck(kingdom)
        assert len(deck) == 20
        assert problems(deck) == []
        cards = check_deck(deck, "test deck")
        assert all(isinstance(c, CardDef) for c in cards)
        assert [c.name for c in cards] == deck


def test_eleven_prey_and_ten_predators_is_the_edge_of_legal() -> None:
    """Strictly more prey than predators: 10 prey and 9 predators is fine (with a spell)."""
    deck = of("Reptiles", PREY)[:10] + of("Reptiles", PREDATOR)[:9] + others("Reptiles")[:1]
    assert len(of("Reptiles", PREDATOR)) >= 9
    assert problems(deck) == []


# --------------------------------------------------------------------- each rule by name


def test_nineteen_cards_break_the_deck_size_rule() -> None:
    deck = legal_deck()[:-1]
    assert problems(deck) == ["deck size: a deck has exactly 20 cards, this one has 19"]


def test_twenty_one_cards_break_the_deck_size_rule() -> None:
    deck = [*legal_deck(), of("Mammals", PREY)[11]]
    assert problems(deck) == ["deck size: a deck has exactly 20 cards, this one has 21"]


def test_a_card_twice_breaks_the_singleton_rule() -> None:
    deck = legal_deck()
    deck[-1] = deck[0]
    assert problems(deck) == [f"singleton: each card at most once; repeated: {deck[0]}"]


def test_a_card_twice_in_different_case_is_still_twice() -> None:
    deck = legal_deck()
    deck[-1] = deck[0].upper()
    assert rules(deck) == ["singleton"]


def test_two_kingdoms_break_the_one_kingdom_rule() -> None:
    deck = legal_deck("Mammals")
    deck[-1] = others("Birds")[0]
    assert problems(deck) == ["one kingdom: cards come from Birds, Mammals"]


def test_a_token_breaks_the_no_tokens_rule() -> None:
    deck = legal_deck()
    token = POOL.tokens[0].name
    deck[-1] = token
    assert problems(deck) == [f"no tokens: tokens are never deck cards: {token}"]


def test_as_many_prey_as_predators_breaks_the_prey_rule() -> None:
    deck = of("Mammals", PREY)[:8] + of("Mammals", PREDATOR)[:8] + others("Mammals")[:4]
    assert len(deck) == 20
    assert problems(deck) == [
        "more prey than predators: 8 prey and 8 predators (a deck needs strictly more prey)"
    ]


def test_fewer_prey_than_predators_breaks_the_prey_rule() -> None:
    deck = of("Birds", PREY)[:4] + of("Birds", PREDATOR)[:8] + others("Birds")[:8]
    assert len(deck) == 20
    assert problems(deck) == [
        "more prey than predators: 4 prey and 8 predators (a deck needs strictly more prey)"
    ]


def test_an_unknown_card_is_named() -> None:
    deck = legal_deck()
    deck[-1] = "Dodo"
    assert problems(deck) == ["unknown card(s): 'Dodo'"]


def test_several_broken_rules_are_reported_together() -> None:
    token = POOL.tokens[0].name
    deck = of("Fish", PREDATOR)[:5] + of("Fish", PREY)[:3] + [token, "Dodo", "Dodo"]
    deck += [of("Fish", PREY)[0], others("Birds")[0]]
    found = rules(deck)
    assert found == [
        "unknown card(s)",
        "deck size",
        "singleton",
        "no tokens",
        "one kingdom",
        "more prey than predators",
    ]
    with pytest.raises(BadInput) as info:
        check_deck(deck, "deck file my.txt")
    message = str(info.value)
    assert message.startswith(
        "deck file my.txt is not a legal deck: unknown card(s): 'Dodo', 'Dodo'"
    )
    for rule in found:
        assert rule in message


def test_check_deck_names_the_deck_and_the_rule() -> None:
    with pytest.raises(BadInput, match=r"^option deck0 is not a legal deck: deck size: .* has 19$"):
        check_deck(legal_deck()[:19], "option deck0")


# --------------------------------------------------------------------- deck files


def test_deck_text_skips_comments_and_blank_lines_and_trims_names() -> None:
    text = "# my deck\n\n  Cane Toad  \n#Axolotl\n\t\nGlass Frog\r\n   # indented comment\n"
    assert parse_deck_text(text) == ["Cane Toad", "Glass Frog"]


def test_a_deck_file_is_read_with_names_in_any_case(tmp_path: Path) -> None:
    deck = legal_deck("Fish")
    lines = ["# Fish of our own", ""]
    for index, name in enumerate(deck):
        lines.append(name.upper() if index % 2 else f"  {name.lower()}  ")
        if index == 10:
            lines += ["", "# predators next"]
    path = tmp_path / "fish.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert read_deck_file(path) == deck
    assert read_deck_file(str(path)) == deck


def test_a_broken_deck_file_names_the_file_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "short.txt"
    path.write_text("\n".join(legal_deck()[:19]), encoding="utf-8")
    with pytest.raises(BadInput) as info:
        read_deck_file(path)
    assert str(info.value).startswith(f"deck file {path} is not a legal deck: deck size")


def test_a_missing_deck_file_is_a_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.txt"
    with pytest.raises(BadInput, match=r"cannot read deck file .*nowhere\.txt"):
        read_deck_file(path)


def test_a_directory_as_a_deck_file_is_a_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="cannot read deck file"):
        read_deck_file(tmp_path)


def test_a_deck_file_that_is_not_utf8_is_a_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("Cane Toad\nGrüne Kröte\n".encode("latin-1") + b"\xff\xfe\n")
    with pytest.raises(BadInput, match="is not UTF-8 text"):
        read_deck_file(path)


def test_an_empty_deck_file_breaks_the_size_rule(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing yet\n", encoding="utf-8")
    with pytest.raises(BadInput, match="deck size: a deck has exactly 20 cards, this one has 0"):
        read_deck_file(path)


def test_prebuilt_deck_files_parse_to_the_prebuilt_decks() -> None:
    folder = Path(__file__).parents[2] / "src/sparring/games/foodchain/decks"
    files = sorted(folder.glob("*.txt"))
    assert len(files) == 10
    for path in files:
        assert tuple(read_deck_file(path)) == prebuilt_decks()[path.stem]


# --------------------------------------------------------------------- decks as options


def test_resolve_deck_takes_a_prebuilt_name_in_any_case() -> None:
    assert resolve_deck("  Mammals-Pack ", "deck0") == prebuilt_decks()["mammals-pack"]


def test_resolve_deck_names_the_known_prebuilt_decks() -> None:
    with pytest.raises(
        BadInput, match=r"deck1: unknown prebuilt deck 'insects'; known: .*fish-deep"
    ):
        resolve_deck("insects", "deck1")


def test_resolve_deck_checks_a_list_and_canonicalises_names() -> None:
    deck = legal_deck("Amphibians")
    assert resolve_deck([n.lower() for n in deck], "deck0") == tuple(deck)
    with pytest.raises(BadInput, match="deck0 is not a legal deck: singleton"):
        resolve_deck(deck[:19] + deck[:1], "deck0")


def test_options_from_json_take_a_prebuilt_name_or_a_list() -> None:
    deck = legal_deck("Reptiles")
    options = FoodChainOptions.from_json(
        {"deck0": " Birds-Aerial", "deck1": [n.upper() for n in deck], "turn_cap": 8}
    )
    assert options == FoodChainOptions(deck0="birds-aerial", deck1=tuple(deck), turn_cap=8)
    assert FoodChainOptions.from_json(options.to_json()) == options
    state = SPEC.new_game(4, options.to_json())
    assert state.decklists == (prebuilt_decks()["birds-aerial"], tuple(deck))
    assert sorted(state.defs[u].name for u in state.hands[1] + state.decks[1]) == sorted(deck)


def test_options_from_json_defaults() -> None:
    assert FoodChainOptions.from_json(None) == FoodChainOptions()
    defaults = FoodChainOptions.from_json({})
    assert (defaults.deck0, defaults.deck1, defaults.turn_cap) == (None, None, 60)
    assert (defaults.hp_cap, defaults.first_player) == (False, None)


def test_options_made_in_python_check_and_canonicalise_their_decks_too() -> None:
    deck = legal_deck("Reptiles")
    options = FoodChainOptions(deck0=" Fish-Deep ", deck1=tuple(n.lower() for n in deck))
    assert (options.deck0, options.deck1) == ("fish-deep", tuple(deck))
    with pytest.raises(ValueError, match="deck1 is not a legal deck: deck size"):
        FoodChainOptions(deck1=("Cane Toad",))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"deck0": "insects"}, "deck0: unknown prebuilt deck 'insects'; known: "),
        ({"deck1": ["Cane Toad"]}, "deck1 is not a legal deck: deck size"),
        ({"deck0": 7}, "Expected `str | array | null`, got `int` - at `$.deck0`"),
        ({"deck0": ["Cane Toad", 3]}, "Expected `str`, got `int` - at `$.deck0[1]`"),
        ({"deck0": {"name": "fish-deep"}}, "Expected `str | array | null`, got `object`"),
        ({"turn_cap": 0}, "Expected `int` >= 1 - at `$.turn_cap`"),
        ({"turn_cap": -3}, "Expected `int` >= 1 - at `$.turn_cap`"),
        ({"turn_cap": True}, "Expected `int`, got `bool` - at `$.turn_cap`"),
        ({"turn_cap": "60"}, "Expected `int`, got `str` - at `$.turn_cap`"),
        ({"turn_cap": 2.5}, "Expected `int`, got `float` - at `$.turn_cap`"),
        ({"hp_cap": "yes"}, "Expected `bool`, got `str` - at `$.hp_cap`"),
        ({"hp_cap": 1}, "Expected `bool`, got `int` - at `$.hp_cap`"),
        ({"first_player": 2}, "Expected `int` <= 1 - at `$.first_player`"),
        ({"first_player": "0"}, "Expected `int | null`, got `str` - at `$.first_player`"),
        ({"decks": ["fish-deep"]}, "Object contains unknown field `decks`"),
        (["fish-deep"], "Expected `object`, got `array`"),
    ],
)
def test_options_from_json_refuse_bad_values(data: object, words: str) -> None:
    with pytest.raises(BadInput) as info:
        FoodChainOptions.from_json(data)  # type: ignore[arg-type]  # wrong on purpose: the refusal is tested
    assert str(info.value).startswith("rule options: ") and words in str(info.value)


def test_a_game_with_a_broken_deck_option_does_not_start() -> None:
    with pytest.raises(BadInput, match="deck0 is not a legal deck: no tokens"):
        SPEC.new_game(1, {"deck0": [*legal_deck()[:19], POOL.tokens[0].name]})
