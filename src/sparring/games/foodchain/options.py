"""Rule options for Food Chain: one frozen message, the rules text as the default.

``deck0``/``deck1``: each seat's deck, a prebuilt deck's name or a list of 20 card names;
None lets the seeded random source pick a prebuilt deck. Decklists are open (both seats
know both lists; see docs/games/foodchain.md). ``turn_cap``: turns per player before the
game is decided by HP (companion ruling 3). ``hp_cap``: player heals cannot go above the
starting 10 (ruling 4's option). ``first_player``: fix who starts instead of the seeded
draw (for tests, scenarios and teaching).

Three options keep the original engine's rulings where the rules text now decides
otherwise (each default follows the text; docs/games/foodchain.md, "Options"):
``sacrifice_not_slain``: a sacrificed creature goes to carrion without being slain, so its
on-slain does not fire (the text, §9, exempts only being eaten and "destroy").
``paralysis_before_thaw``: the end phase runs end-of-turn effects, then Regen for every
creature, then Paralysis deaths, then Frozen thaws (the text, §2: end-of-turn effects, Regen
among them by ruling 7, then thaws, then Paralysis deaths).
``neurotoxic_before_deaths``: Neurotoxic paralyzes together with the strikes, before deaths
and on-slain (the text, §5.3 step 7: after them).

A deck given is checked against the deck rules (companion ruling 1) when the options are
made, and kept in a canonical form: a prebuilt name trimmed and lower-cased, a list as the
pool's spelling of each card name. So options that compare equal play the same decks.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from sparring.core.errors import BadInput
from sparring.core.messages import OptionsStruct

from .decks import resolve_deck
from .limits import TURN_CAP

# The boolean options that bring back one of the original engine's rulings (module doc).
ORIGINAL_RULINGS = ("sacrifice_not_slain", "paralysis_before_thaw", "neurotoxic_before_deaths")

#: A seat's deck option: a prebuilt deck's name, the card names, or None (drawn).
DeckOption = str | tuple[str, ...] | None


class FoodChainOptions(OptionsStruct, frozen=True, kw_only=True):
    """Food Chain's rule options; every default is the rules text's (module doc)."""

    deck0: DeckOption = None
    deck1: DeckOption = None
    turn_cap: Annotated[int, msgspec.Meta(ge=1)] = TURN_CAP
    hp_cap: bool = False
    first_player: Annotated[int, msgspec.Meta(ge=0, le=1)] | None = None
    sacrifice_not_slain: bool = False
    paralysis_before_thaw: bool = False
    neurotoxic_before_deaths: bool = False

    def __post_init__(self) -> None:
        for seat, deck in enumerate((self.deck0, self.deck1)):
            canonical = _canonical_deck(deck, f"deck{seat}")
            if canonical != deck:
                msgspec.structs.force_setattr(self, f"deck{seat}", canonical)


def _canonical_deck(deck: DeckOption, where: str) -> DeckOption:
    """A deck option checked against the deck rules, in its canonical form (module doc);
    a broken deck is a `ValueError` naming every rule it breaks."""
    if deck is None:
        return None
    try:
        if isinstance(deck, str):
            resolve_deck(deck, where)
            return deck.strip().lower()
        return resolve_deck(list(deck), where)
    except BadInput as error:
        raise ValueError(str(error)) from None
