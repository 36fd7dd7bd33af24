"""The card pool (companion facts, "Card pool"; docs/games/foodchain-cards.md): it loads,
each kingdom is big enough, the data uses every word of the effect vocabulary and only
those, every card has generated rules text, and broken data is refused with a message
naming the file and the card.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sparring.core.errors import BadInput
from sparring.games.foodchain import cardtext, vocabulary
from sparring.games.foodchain.cards import CardDef, Op, Pool, load_pool, load_pool_from
from sparring.games.foodchain.cardtext import card_text
from sparring.games.foodchain.keywords import KEYWORD_BITS, MULTI_STRIKE, keyword_names
from sparring.games.foodchain.operations import IMPLEMENTED_OPS

POOL = load_pool()


def all_ops(ops: tuple[Op, ...]) -> Iterator[Op]:
    """Every op of a `do` list, the options of `choose` included (depth first)."""
    for op in ops:
        yield op
        for _, nested in op.options:
            yield from all_ops(nested)


def card_ops(card: CardDef) -> Iterator[Op]:
    yield from all_ops(card.effect)
    for ops in card.abilities.values():
        yield from all_ops(ops)


def pool_ops() -> list[tuple[CardDef, Op]]:
    return [(card, op) for card in POOL.cards.values() for op in card_ops(card)]


def _bare(name: str) -> str:
    """A keyword's name without Multi-Strike's count."""
    return "Multi-Strike" if name.startswith("Multi-Strike") else name


def used_keywords() -> set[str]:
    """Keyword names printed on cards or given/taken by an op."""
    used = set()
    for card in POOL.cards.values():
        used.update(_bare(name) for name in keyword_names(card.keywords, card.strikes))
    for _, op in pool_ops():
        if op.op in ("grant_keyword", "remove_keyword"):
            used.update(_bare(name) for name in keyword_names(op.keyword, op.strikes or 2))
    return used


def test_every_keyword_is_printed_on_a_card() -> None:
    """Companion facts: every keyword appears on at least one card (not only granted)."""
    printed = {
        _bare(name) for c in POOL.cards.values() for name in keyword_names(c.keywords, c.strikes)
    }
    assert printed == set(KEYWORD_BITS)


# --------------------------------------------------------------------- the shipped pool


def test_the_pool_loads_with_five_kingdoms_of_at_least_30_cards() -> None:
    assert isinstance(POOL, Pool)
    assert sorted(POOL.kingdoms) == sorted(vocabulary.KINGDOMS)
    for kingdom, cards in POOL.kingdoms.items():
        assert len(cards) >= 30, f"{kingdom} has {len(cards)} cards"
        assert {c.kingdom for c in cards} == {kingdom}
        assert vocabulary.TOKEN not in {c.category for c in cards}


def test_tokens_come_from_the_tokens_file_and_only_tokens_do() -> None:
    assert len(POOL.tokens) >= 1
    assert {c.category for c in POOL.tokens} == {vocabulary.TOKEN}
    assert {c.kingdom for c in POOL.tokens} == {"Tokens"}
    tokens = [c for c in POOL.cards.values() if c.category == vocabulary.TOKEN]
    assert sorted(c.name for c in tokens) == sorted(c.name for c in POOL.tokens)


def test_every_card_is_indexed_by_its_lower_case_name_once() -> None:
    listed = [c for cards in POOL.kingdoms.values() for c in cards] + list(POOL.tokens)
    assert len(listed) == len(POOL.cards)
    for card in listed:
        assert POOL.cards[card.name.lower()] is card
        assert POOL.card(card.name.upper()) is card
        assert POOL.get(f"  {card.name}  ") is card


def test_an_unknown_card_name_is_a_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown card 'Dodo'"):
        POOL.card("Dodo")


def test_every_keyword_is_used_and_every_used_keyword_is_known() -> None:
    assert used_keywords() == set(KEYWORD_BITS)


def test_multi_strike_counts_are_at_least_two() -> None:
    for card in POOL.cards.values():
        assert (card.strikes >= 2) == bool(card.keywords & MULTI_STRIKE), card.name
    for card, op in pool_ops():
        if op.keyword == MULTI_STRIKE and op.op == "grant_keyword":
            assert op.strikes >= 2, card.name


def test_every_category_is_used() -> None:
    assert {c.category for c in POOL.cards.values()} == set(vocabulary.CATEGORIES)


def test_every_ability_trigger_is_used_and_nothing_else() -> None:
    used = {when for c in POOL.cards.values() for when in c.abilities}
    assert used == set(vocabulary.ABILITY_TRIGGERS)


def test_field_spells_use_only_their_triggers() -> None:
    for card in POOL.cards.values():
        if card.category == vocabulary.FIELD_SPELL:
            assert card.abilities and set(card.abilities) <= vocabulary.FIELD_SPELL_TRIGGERS


def test_every_trap_trigger_is_used_and_nothing_else() -> None:
    traps = [c for c in POOL.cards.values() if c.category == vocabulary.TRAP]
    assert {c.trigger for c in traps} == set(vocabulary.TRAP_TRIGGERS)
    assert all(c.trigger is None for c in POOL.cards.values() if c.category != vocabulary.TRAP)


def test_every_op_is_used_and_implemented_and_nothing_else() -> None:
    used = {op.op for _, op in pool_ops()}
    assert used == set(vocabulary.OPS)
    assert set(IMPLEMENTED_OPS) == set(vocabulary.OPS)


def test_ops_nested_in_choose_are_walked() -> None:
    """The walk reaches ops found only inside a `choose` option (else the coverage tests
    above could pass on top-level ops alone)."""
    nested = [
        (card.name, inner.op)
        for card, op in pool_ops()
        if op.op == "choose"
        for _, ops in op.options
        for inner in all_ops(ops)
    ]
    assert nested, "no card has a choose op"
    chooser, inner_op = nested[0]
    assert any(op.op == inner_op for op in card_ops(POOL.card(chooser)))


def test_every_target_is_used_and_nothing_else() -> None:
    used = {op.target for _, op in pool_ops() if op.target is not None}
    assert used == set(vocabulary.TARGETS)


def test_every_filter_source_status_and_negation_is_used_and_nothing_else() -> None:
    ops = [op for _, op in pool_ops()]
    assert {op.filter for op in ops if op.filter is not None} == set(vocabulary.FILTERS)
    assert {op.source for op in ops if op.op == "play"} == set(vocabulary.SOURCES)
    assert {op.status for op in ops if op.status is not None} == set(vocabulary.STATUSES)
    assert {op.what for op in ops if op.op == "negate"} == set(vocabulary.NEGATABLE)


def test_named_cards_exist_and_fit_their_op() -> None:
    for card, op in pool_ops():
        if op.card is None:
            continue
        named = POOL.card(op.card)
        if op.op == "summon":
            assert named.is_prey, f"{card.name} summons {named.category} {named.name}"
        elif op.op == "add_to_hand":
            assert named.category != vocabulary.TOKEN, f"{card.name} adds token {named.name}"
        elif op.op == "transform":
            assert named.is_creature, f"{card.name} transforms into {named.name}"


def test_traps_choose_nothing() -> None:
    """Rules §14: traps resolve without a selection, so no chosen target and no modal."""
    for card in POOL.cards.values():
        if card.category == vocabulary.TRAP:
            for op in card_ops(card):
                assert op.target not in vocabulary.CHOSEN, f"{card.name}: {op.target}"
                assert op.op != "choose", card.name


def test_creature_numbers_are_in_range() -> None:
    for card in POOL.cards.values():
        if card.is_creature:
            assert card.atk >= 0 and card.hp >= 1, card.name
        if card.category in (vocabulary.PREY, vocabulary.TOKEN):
            assert card.nutrition >= 0, card.name
        if not card.is_creature:
            assert (card.atk, card.hp, card.nutrition) == (0, 0, 0), card.name


# --------------------------------------------------------------------- generated text


def test_the_text_tables_cover_the_whole_vocabulary() -> None:
    assert set(cardtext.TARGET_WORDS) == set(vocabulary.TARGETS)
    assert set(cardtext.TRIGGER_WORDS) == set(vocabulary.ABILITY_TRIGGERS)
    assert set(cardtext.TRAP_WORDS) == set(vocabulary.TRAP_TRIGGERS)
    assert set(cardtext.FILTER_WORDS) == set(vocabulary.FILTERS)


def test_every_card_with_keywords_or_effects_has_text_naming_each_keyword() -> None:
    for card in POOL.cards.values():
        text = card_text(card)
        if card.keywords or card.abilities or card.effect:
            assert text.strip(), f"{card.name} has no text"
        else:
            assert text == "", f"{card.name} is vanilla but reads {text!r}"
        for keyword in card.keyword_list():
            assert keyword in text, f"{card.name}: {keyword!r} missing from {text!r}"


def test_card_text_describes_every_trigger_and_every_choose_label() -> None:
    for card in POOL.cards.values():
        text = card_text(card)
        for when in card.abilities:
            assert cardtext.TRIGGER_WORDS[when] in text, f"{card.name}: {when}"
        if card.trigger is not None:
            assert cardtext.TRAP_WORDS[card.trigger] in text, card.name
        for op in card_ops(card):
            for label, _ in op.options:
                assert label in text, f"{card.name}: option {label!r}"
            if op.card is not None:
                assert op.card in text, f"{card.name} names {op.card} but its text does not"


def test_card_text_gives_exact_numbers() -> None:
    ops = [op for _, op in pool_ops() if op.op == "damage"]
    assert ops
    for op in ops:
        assert cardtext.op_text(op).startswith(f"deal {op.amount} damage to ")
    buff = Op("buff", target="self", atk=-2, hp=3)
    assert cardtext.op_text(buff) == "give this creature -2 ATK and +3 HP"


# --------------------------------------------------------------------- broken data

GOOD_PREY = """
[[card]]
name = "Good Vole"
category = "prey"
atk = 1
hp = 1
nutrition = 1
"""
TOKENS = """
kingdom = "Tokens"

[[card]]
name = "Test Pup"
category = "token"
atk = 1
hp = 1
nutrition = 1
"""


def load_broken(card: str, kingdom: str = "Mammals", tokens: str = TOKENS) -> BadInput:
    """Load a kingdom file `broken.toml` holding a good card and `card`; return the error."""
    text = f'kingdom = "{kingdom}"\n{GOOD_PREY}\n{card}'
    with pytest.raises(BadInput) as info:
        load_pool_from({"broken.toml": text, "tokens.toml": tokens})
    return info.value


def assert_names(error: BadInput, file: str, card: str, *words: str) -> None:
    message = str(error)
    assert file in message, message
    assert repr(card) in message, message
    for word in words:
        assert word in message, message


def test_good_data_loads() -> None:
    pool = load_pool_from({"ok.toml": f'kingdom = "Mammals"\n{GOOD_PREY}', "tokens.toml": TOKENS})
    assert pool.card("good vole").nutrition == 1
    assert [c.name for c in pool.tokens] == ["Test Pup"]


def test_an_unknown_keyword_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Flying Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        'keywords = ["Flying"]\n'
    )
    assert_names(error, "broken.toml", "Flying Mole", "unknown keyword 'Flying'")


def test_a_multi_strike_without_a_count_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Twin Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        'keywords = ["Multi-Strike 1"]\n'
    )
    assert_names(error, "broken.toml", "Twin Mole", "Multi-Strike")


def test_an_unknown_ability_trigger_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Sneezing Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        '[[card.ability]]\nwhen = "on_sneeze"\n'
        'do = [ { op = "draw", target = "you", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Sneezing Mole", "unknown trigger 'on_sneeze'")


def test_an_unknown_trap_trigger_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Odd Snare"\ncategory = "trap"\ntrigger = "rival_sneezes"\n'
        'do = [ { op = "damage", target = "rival", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Odd Snare", "unknown trap trigger 'rival_sneezes'")


def test_an_unknown_op_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Big Bang"\ncategory = "spell"\ndo = [ { op = "explode" } ]\n'
    )
    assert_names(error, "broken.toml", "Big Bang", "unknown op 'explode'")


def test_an_unknown_op_inside_a_choose_option_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Odd Choice"\ncategory = "spell"\n'
        'do = [ { op = "choose", options = [ { label = "a", do = [ { op = "draw", '
        'target = "you", amount = 1 } ] }, { label = "b", do = [ { op = "explode" } ] } ] } ]\n'
    )
    assert_names(error, "broken.toml", "Odd Choice", "unknown op 'explode'")


def test_an_unknown_target_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Wide Bite"\ncategory = "spell"\n'
        'do = [ { op = "damage", target = "everyone", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Wide Bite", "cannot target 'everyone'")


def test_a_chosen_target_in_a_trap_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Picky Snare"\ncategory = "trap"\ntrigger = "rival_draws"\n'
        'do = [ { op = "damage", target = "enemy_creature", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Picky Snare", "traps choose nothing", "enemy_creature")


def test_a_choose_in_a_trap_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Modal Snare"\ncategory = "trap"\ntrigger = "rival_draws"\n'
        'do = [ { op = "choose", options = [ { label = "a", do = [ { op = "draw", '
        'target = "you", amount = 1 } ] }, { label = "b", do = [ { op = "heal", '
        'target = "you", amount = 1 } ] } ] } ]\n'
    )
    assert_names(error, "broken.toml", "Modal Snare", "traps choose nothing")


def test_the_attacker_in_an_on_play_ability_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Early Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        '[[card.ability]]\nwhen = "on_play"\n'
        'do = [ { op = "damage", target = "attacker", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Early Mole", "on_play", "no 'attacker'")


def test_negating_a_play_outside_a_play_trap_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Late Snare"\ncategory = "trap"\ntrigger = "rival_draws"\n'
        'do = [ { op = "negate", what = "play" } ]\n'
    )
    assert_names(error, "broken.toml", "Late Snare", "negate play only works in")


def test_negating_in_a_spell_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Counterspell"\ncategory = "spell"\n'
        'do = [ { op = "negate", what = "attack" } ]\n'
    )
    assert_names(error, "broken.toml", "Counterspell", "negate attack only works in")


def test_edible_on_a_prey_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Tasty Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        'keywords = ["Edible"]\n'
    )
    assert_names(error, "broken.toml", "Tasty Mole", "Edible and Scavenge are predator keywords")


def test_summoning_a_predator_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Big Cat"\ncategory = "predator"\natk = 3\nhp = 3\n\n'
        '[[card]]\nname = "Cat Call"\ncategory = "spell"\n'
        'do = [ { op = "summon", card = "Big Cat" } ]\n'
    )
    assert_names(error, "broken.toml", "Cat Call", "summon", "'Big Cat'")


def test_adding_a_token_to_hand_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Pup Gift"\ncategory = "spell"\n'
        'do = [ { op = "add_to_hand", card = "Test Pup" } ]\n'
    )
    assert_names(error, "broken.toml", "Pup Gift", "add_to_hand cannot make token 'Test Pup'")


def test_an_unknown_card_name_in_an_op_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Dodo Call"\ncategory = "spell"\n'
        'do = [ { op = "summon", card = "Dodo" } ]\n'
    )
    assert_names(error, "broken.toml", "Dodo Call", "unknown card 'Dodo'")


def test_transforming_into_a_spell_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Odd Shape"\ncategory = "spell"\n'
        'do = [ { op = "transform", target = "enemy_creature", card = "Odd Shape" } ]\n'
    )
    assert_names(error, "broken.toml", "Odd Shape", "transform needs a creature")


def test_a_duplicate_card_name_is_refused() -> None:
    error = load_broken(GOOD_PREY.replace("Good Vole", "GOOD VOLE"))
    assert_names(error, "broken.toml", "GOOD VOLE", "also in broken.toml")


def test_a_card_name_shared_with_a_token_is_refused() -> None:
    error = load_broken(GOOD_PREY.replace("Good Vole", "Test Pup"))
    assert "Test Pup" in str(error) and "tokens.toml" in str(error)


def test_a_creature_without_hp_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Ghost Mole"\ncategory = "prey"\natk = 1\nnutrition = 1\n'
    )
    assert_names(error, "broken.toml", "Ghost Mole", "hp is missing")


def test_a_creature_with_zero_hp_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Dead Mole"\ncategory = "prey"\natk = 1\nhp = 0\nnutrition = 1\n'
    )
    assert_names(error, "broken.toml", "Dead Mole", "hp must be an integer of at least 1, got 0")


def test_a_prey_without_nutrition_is_refused() -> None:
    error = load_broken('[[card]]\nname = "Thin Mole"\ncategory = "prey"\natk = 1\nhp = 1\n')
    assert_names(error, "broken.toml", "Thin Mole", "nutrition")


def test_nutrition_on_a_predator_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Fat Cat"\ncategory = "predator"\natk = 1\nhp = 1\nnutrition = 2\n'
    )
    assert_names(error, "broken.toml", "Fat Cat", "does not take nutrition")


def test_an_unknown_category_is_refused() -> None:
    error = load_broken('[[card]]\nname = "Rock"\ncategory = "mineral"\n')
    assert_names(error, "broken.toml", "Rock", "unknown category 'mineral'")


def test_bad_toml_syntax_is_refused_naming_the_file() -> None:
    with pytest.raises(BadInput) as info:
        load_pool_from({"broken.toml": 'kingdom = "Mammals"\n[[card]\nname = "Oops"\n'})
    message = str(info.value)
    assert message.startswith("broken.toml: not valid TOML")
    assert "line 2" in message


def test_a_token_outside_the_tokens_file_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Stray Pup"\ncategory = "token"\natk = 1\nhp = 1\nnutrition = 1\n'
    )
    assert_names(error, "broken.toml", "Stray Pup", "tokens live in tokens.toml")


def test_a_non_token_in_the_tokens_file_is_refused() -> None:
    with pytest.raises(BadInput) as info:
        load_pool_from({"tokens.toml": TOKENS + GOOD_PREY})
    assert_names(info.value, "tokens.toml", "Good Vole", "tokens live in tokens.toml")


def test_an_unknown_kingdom_is_refused() -> None:
    with pytest.raises(BadInput, match=r"broken\.toml: kingdom 'Insects'"):
        load_pool_from({"broken.toml": f'kingdom = "Insects"\n{GOOD_PREY}'})


def test_an_unknown_field_on_a_card_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Fast Mole"\ncategory = "prey"\natk = 1\nhp = 1\nnutrition = 1\n'
        "speed = 3\n"
    )
    assert_names(error, "broken.toml", "Fast Mole", "does not take speed")


def test_an_op_missing_a_field_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Vague Bite"\ncategory = "spell"\n'
        'do = [ { op = "damage", target = "rival" } ]\n'
    )
    assert_names(error, "broken.toml", "Vague Bite", "needs amount")


def test_an_unknown_status_filter_and_source_are_refused() -> None:
    cases = [
        ('{ op = "apply_status", target = "enemy_creature", status = "asleep" }', "status"),
        ('{ op = "tutor", filter = "rocks" }', "filter"),
        ('{ op = "play", from = "exile", filter = "prey" }', "play from 'exile'"),
    ]
    for index, (op, words) in enumerate(cases):
        name = f"Odd Spell {index}"
        error = load_broken(f'[[card]]\nname = "{name}"\ncategory = "spell"\ndo = [ {op} ]\n')
        assert_names(error, "broken.toml", name, words)


def test_a_field_spell_with_a_creature_trigger_is_refused() -> None:
    error = load_broken(
        '[[card]]\nname = "Odd Marsh"\ncategory = "field_spell"\n'
        '[[card.ability]]\nwhen = "on_defend"\n'
        'do = [ { op = "heal", target = "you", amount = 1 } ]\n'
    )
    assert_names(error, "broken.toml", "Odd Marsh", "a field spell's abilities fire only")
