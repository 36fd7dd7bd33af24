"""Aquawar event kinds and their fields (see docs/games/aquawar.md for each one's meaning).

Seats are absolute (0 or 1); a view turns them into "mine"/"enemy" only when rendering.
"""

from sparring.core.events import register_event

ROUND_START = register_event("round_start", "round", "first_mover")
PICKED = register_event("picked", "seat")
TEAM = register_event("team", "seat", "fish", "mimic")
TURN = register_event("turn", "round", "turn", "seat")
ASSERTION = register_event("assert", "seat", "pos", "guess", "success")
ASSERT_LOSS = register_event("assert_loss", "seat", "amount")
ACTION = register_event("action", "seat", "actor", "type", "targets")
SKILL_DETAIL = register_event("skill_detail", "seat", "actor", "ally", "enemy")
HIT = register_event("hit", "seat", "pos", "value", "direct")
PASSIVE = register_event("passive", "type", "seat", "pos", "value")
DEATH = register_event("dead", "seat", "pos")
ROUND_END = register_event("round_end", "round", "winner", "reason")
ROUND_TEAMS = register_event("round_teams", "round", "teams")
MATCH_END = register_event("match_end", "winner", "rounds")
FORFEIT = register_event("forfeit", "seat", "reason")
