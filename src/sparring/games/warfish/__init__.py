"""Warfish: a Risk-like game of territories, continents, dice and cards (docs/games/warfish.md)."""
