"""An Aquawar bot for the sparring protocol: picks the first fish offered, never asserts,
and hits the enemy fish with the least HP with a normal attack.

Run it in a match:  sparring match aquawar --seat "python examples/bots/aquawar_bot.py" \
                        --seat builtin:random
"""

from sparring.bot import run


def choose(view, legal):
    if isinstance(legal, dict):  # picks come in compact form: choose 4 of legal["fish"]
        fish = legal["fish"][:4]
        return {"type": "pick", "fish": fish, "mimic": 1 if 12 in fish else None}
    if legal[0]["type"] == "pass":  # the assertion phase: don't guess
        return {"type": "pass"}
    hp = {fish["pos"]: fish["hp"] for fish in view["enemy_team"]}
    attacks = [a for a in legal if a["type"] == "attack"]
    return min(attacks, key=lambda a: hp[a["target"]])


if __name__ == "__main__":
    run(choose)
