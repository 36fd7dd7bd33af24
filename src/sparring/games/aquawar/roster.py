"""The fish roster, loaded once from ``fish.json`` and checked, with the behaviour codes the
combat code dispatches on. Ids are the original contest's (1-12) so bots and logs agree."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

PASSIVES = ("team_counter", "share", "dodge", "shield", "heal", "explode", "self_counter")
ACTIVES = (
    "aoe",
    "infight",
    "fixed_crit",
    "reduce_buff",
    "heal_buff_crit",
    "shark_crit",
    "share_buff_aoe",
)


@dataclass(frozen=True, slots=True)
class FishType:
    id: int
    key: str
    en: str
    zh: str
    passive: str
    active: str


def _load() -> tuple[dict[int, FishType], int, int]:
    raw = json.loads(resources.files(__package__).joinpath("fish.json").read_text("utf-8"))
    types: dict[int, FishType] = {}
    for entry in raw["fish"]:
        fish = FishType(**entry)
        if fish.id in types:
            raise ValueError(f"fish.json: duplicate id {fish.id}")
        if fish.key != "mimic" and (fish.passive not in PASSIVES or fish.active not in ACTIVES):
            raise ValueError(f"fish.json: {fish.key} has an unknown behaviour")
        types[fish.id] = fish
    if sorted(types) != list(range(1, 13)):
        raise ValueError("fish.json: the roster must have ids 1 to 12")
    return types, int(raw["max_hp"]), int(raw["base_atk"])


FISH, MAX_HP, BASE_ATK = _load()
MIMIC = next(f.id for f in FISH.values() if f.key == "mimic")
ALL_FISH: tuple[int, ...] = tuple(sorted(FISH))


def _fold(name: str) -> str:
    """Case, spaces and punctuation don't matter in a fish's name ("great white" works)."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


_BY_NAME = {_fold(name): f.id for f in FISH.values() for name in (f.key, f.en, f.zh)}


def fish_name(fish_id: int) -> str:
    return FISH[fish_id].en


def fish_by_name(name: str) -> int | None:
    """Look a fish up by id, key, English or Chinese name, ignoring case and spacing."""
    text = _fold(str(name))
    if text.isdigit():
        return int(text) if int(text) in FISH else None
    return _BY_NAME.get(text)
