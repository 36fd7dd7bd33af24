"""A 5×5 Tactics bot for the sparring protocol: drafts a Cleric with Trinity, a TANK and
an ARCHER; finishes the enemy hero when it can, otherwise hits it, heals its own hero when
it is low, hits the weakest enemy in reach, and closes in on the enemy hero (picking up
good buff tiles, stepping around bad ones). A dead minion leaves an obstacle.

Run it in a match:  sparring match tactics --seat "python examples/bots/tactics_bot.py" \
                        --seat builtin:random
"""

from sparring.bot import run

DRAFT = {
    "type": "draft",
    "hero": "CLERIC",
    "skill": "cleric_trinity",
    "minions": ["TANK", "ARCHER"],
}
SKILL_DAMAGE = {"mage_elemental_blast": 3, "huntress_spirit_hawk": 2, "duelist_elemental_strike": 3}
GOOD_TILES = ("POWER", "LIFE", "SPEED")
LOW_HP = 3


def choose(view, legal):
    kind = legal[0]["type"]
    if kind == "draft":
        return DRAFT if DRAFT in legal else legal[0]
    if kind == "death_choice":
        return {"type": "death_choice", "spawn": "obstacle"}

    me = view["seat"]
    units = {u["id"]: u for u in view["units"]}
    at = {(u["x"], u["y"]): u for u in view["units"]}
    tiles = {(t["x"], t["y"]): t["buff"] for t in view["tiles"]}
    enemy_hero = next(u for u in view["units"] if u["seat"] != me and u["category"] == "hero")
    my_hero = next(u for u in view["units"] if u["seat"] == me and u["category"] == "hero")

    def target(action):
        """The unit an action hits, if any."""
        if action["type"] == "attack":
            return at.get((action["x"], action["y"]))
        if action["type"] == "move_attack":
            return at.get((action["tx"], action["ty"]))
        if action["type"] == "skill" and my_hero["skill"] in SKILL_DAMAGE:
            return at.get((action["x"], action["y"]))
        return None

    def damage(action):
        victim = target(action)
        mark = 2 if "DEATH_MARK" in victim["buffs"] else 0
        if action["type"] == "skill":
            return SKILL_DAMAGE[my_hero["skill"]] + mark
        return units[action["unit"]]["effective_atk"] + mark

    hits = [a for a in legal if target(a) is not None and target(a)["seat"] != me]
    on_hero = [a for a in hits if target(a)["id"] == enemy_hero["id"]]
    for action in sorted(on_hero, key=damage, reverse=True):
        if damage(action) >= enemy_hero["hp"] + enemy_hero["shield"]:
            return action  # the winning blow
    if on_hero:
        return max(on_hero, key=damage)
    if my_hero["hp"] <= LOW_HP and my_hero["skill"] == "cleric_trinity":
        home = (my_hero["x"], my_hero["y"])
        for action in legal:
            if action["type"] == "skill" and (action["x"], action["y"]) == home:
                return action  # heal the hero: +6 HP
    if hits:
        return min(hits, key=lambda a: (target(a)["hp"], -damage(a)))

    def closer(action):
        x, y = action["x"], action["y"]
        step = abs(x - enemy_hero["x"]) + abs(y - enemy_hero["y"])
        buff = tiles.get((x, y))
        return (
            step - (2 if buff in GOOD_TILES else 0) + (3 if buff and buff not in GOOD_TILES else 0)
        )

    moves = [a for a in legal if a["type"] == "move"]
    if moves:
        best = min(moves, key=closer)
        unit = units[best["unit"]]
        here = abs(unit["x"] - enemy_hero["x"]) + abs(unit["y"] - enemy_hero["y"])
        if closer(best) < here:
            return best
    return next(a for a in legal if a["type"] == "end_turn")


if __name__ == "__main__":
    run(choose)
