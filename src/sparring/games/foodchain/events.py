"""Food Chain event kinds and their fields (docs/games/foodchain.md describes each).

Seats are absolute; cards are instance ids with their names alongside, so a log reads on
its own. Private events (a card drawn, a hand revealed) carry the one seat that may see
them; everything on the table is public.
"""

from sparring.core.events import register_event

TURN = register_event("turn_begin", "turn", "seat")
PHASE = register_event("phase", "seat", "phase")
DRAW = register_event("draws", "seat")
DREW = register_event("drew", "seat", "card", "name")
PLAY = register_event("play", "seat", "card", "name", "source")
NEGATED = register_event("negated", "what", "card")
EAT = register_event("eat", "seat", "predator", "eaten", "nutrition")
ENTER = register_event("enter", "seat", "card", "name", "atk", "hp", "dry")
TRAP = register_event("trap", "seat", "card", "name", "trigger")
ABILITY = register_event("ability", "seat", "card", "name", "trigger")
TARGET = register_event("target", "seat", "source", "card", "player")
ATTACK = register_event("attack", "seat", "attacker", "target")
DAMAGE = register_event("damage", "card", "player", "amount", "combat")
ABSORBED = register_event("absorbed", "card", "why")
HEAL = register_event("heal", "card", "player", "amount")
STATUS = register_event("status", "card", "status", "on")
KEYWORD = register_event("keyword", "card", "keyword", "gained")
STATS = register_event("stats", "card", "atk", "hp", "max_hp")
DIES = register_event("dies", "card", "name", "slain")
MOVE = register_event("move", "card", "name", "seat", "origin", "to")
HIDDEN_MOVE = register_event("hidden_move", "seat", "origin", "to")
REVEAL = register_event("reveal", "seat", "cards")
GAME_END = register_event("game_end", "winner", "reason")
FORFEIT = register_event("forfeit", "seat", "reason")
TRANSFORM = register_event("transform", "card", "name")
