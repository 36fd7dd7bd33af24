"""Tournaments: schedules, the store of their games, running them, ratings and statistics."""
