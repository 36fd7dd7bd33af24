"""Agents that work for any game: uniform random play, and the terminal loop human
players of every game share."""
