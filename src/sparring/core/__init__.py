"""Game-independent foundation: the engine contract, seeded chance, events, replays."""
