"""Liar's Dice: the tutorial game (docs/writing-a-game.md), written only against the
platform's public contract (`sparring.core`, `sparring.agents`)."""
