"""Liar's Dice event kinds and their fields (docs/games/liarsdice.md, "Events").

Kinds carry an ``ld_`` prefix because event kinds are global across games. Each player's
roll goes to that player alone; everything else is public, including every hand once a
call reveals them. Hands are lists of faces in ascending order; ``dice`` lists each
seat's dice count (0: out of the game).
"""

from sparring.core.events import register_event

ROUND = register_event("ld_round", "round", "opener", "dice")
ROLL = register_event("ld_roll", "round", "seat", "hand")
BID = register_event("ld_bid", "seat", "quantity", "face")
CALL = register_event("ld_call", "seat", "call", "bidder", "quantity", "face")
REVEAL = register_event("ld_reveal", "round", "hands", "face", "count")
LOSE = register_event("ld_lose", "seat", "dice")
OUT = register_event("ld_out", "seat")
VOID = register_event("ld_void", "round", "seat")
FORFEIT = register_event("ld_forfeit", "seat", "reason")
GAME_END = register_event("ld_game_end", "winner", "reason")
