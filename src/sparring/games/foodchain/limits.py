"""The numbers of the rules text and of the companion's rulings, each in one place: every
module that needs one imports it from here."""

START_HP = 10  # rules §1: each player's HP at the start
HAND_SIZE = 5  # rules §1: cards each player draws at the start
DECK_SIZE = 20  # rules §1, ruling 1: cards in a deck, exactly
FIELD_LIMIT = 3  # rules §1: creatures and a field spell together on one field
MAX_EATEN = 3  # rules §3: creatures a predator may eat
TURN_CAP = 60  # ruling 3: turns per player before HP decides (the option's default)
