"""Rule options for 5×5 Tactics: one frozen message struct whose defaults are the rules
text and, where the text is silent, the companion's suggested rulings. Where the rules text
decides against the original code or an earlier ruling, the other behaviour is an option
here (docs/games/tactics.md, "Options", lists each one and its alternatives).

Decoding (`TacticsOptions.from_json`, from `core.messages.OptionsStruct`) refuses unknown
keys, wrong types, values outside an option's list and counts out of range, with msgspec's
words prefixed by ``rule options:``; `to_json` gives every option in full.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from sparring.core.messages import OptionsStruct

#: A count where 0 has a meaning of its own (a shield that never expires).
Count = Annotated[int, msgspec.Meta(ge=0)]
#: A round number, from 1.
Round = Annotated[int, msgspec.Meta(ge=1)]


class TacticsOptions(OptionsStruct, frozen=True, kw_only=True):
    """Every rule option of a game, each with the ruling it comes from (docs/games/
    tactics.md, "Options"). CODE is the original implementation, MASTER its design spec."""

    # Rules §3.1, A4; 3: MASTER, CODE.
    decay_start_round: Round = 1
    # Rules §1.3 "2 of 3", A11; false: duplicates (CODE).
    distinct_minions: bool = True
    # A1; "path": orthogonal steps with turns.
    movement: Literal["line", "path"] = "line"
    # A2; false: obstacles block nothing (CODE).
    line_of_sight: bool = True
    # Rules §2.4, A3; "range": anywhere in line within attack range (CODE).
    move_attack_reach: Literal["adjacent", "range"] = "adjacent"
    # Rules §4.1, A5; "killer": the active player chooses (MASTER).
    death_chooser: Literal["owner", "killer"] = "owner"
    # Rules §4.1; "parity": round-end deaths leave what the round's parity says, unasked.
    system_death_spawn: Literal["choice", "parity"] = "choice"
    # A10 (CODE); "alternate": seat 0 opens odd rounds, seat 1 even ones.
    round_opener: Literal["last_actor_opponent", "alternate"] = "last_actor_opponent"
    # Rules §2.3, A8; false: no MOVE_AND_SKILL (CODE).
    move_and_skill: bool = True
    # A13; "round_end": prepared actions resolve at the declaring round's end (CODE).
    slow_resolution: Literal["next_round", "round_end"] = "next_round"
    # A14; false: SPEED and SLOW together give two prepared actions.
    speed_slow_cancel: bool = True
    # A15; 0: the shield never expires (CODE).
    endure_rounds: Count = 2
    # A12's optional extra tick.
    extra_tick_for_acted: bool = False
    # Ours: the hero with more HP wins at the end of this round.
    round_cap: Round = 30
    # Rules §8; "effective_atk": ATK with buffs (CODE).
    obstacle_damage: Literal["attack", "effective_atk"] = "attack"
    # Rules §9; "companion": BLEED, decay, pressure, then the durations.
    round_end_order: Literal["rules", "companion"] = "rules"
    # Companion §7; "survivor": a Duelist killed by the hit does not counter.
    challenge_counter: Literal["always", "survivor"] = "always"
