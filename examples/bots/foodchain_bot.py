"""A Food Chain bot for the sparring protocol: attacks the rival whenever it can, trades
only when its creature kills without dying, plays the first playable card, feeds its
predators the most it can, and aims harmful effects at the rival's strongest creature.

Run it in a match:  sparring match foodchain --seat "python examples/bots/foodchain_bot.py" \
                        --seat builtin:random
"""

from sparring.bot import run

HELPFUL = ("(heal)", "(buff)", "(grant keyword)", "(regen)", "(copy stats)", "(copy abilities)")


def choose(view, legal):
    me = view["seat"]
    creatures = {c["card"]: c for p in view["players"] for c in p["field"]}
    side = {c["card"]: p["seat"] for p in view["players"] for c in p["field"]}
    by_type = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)

    # Combat: the rival first, then a creature we kill without dying.
    for attack in by_type.get("attack", []):
        if attack["target"] == "rival":
            return attack
    for attack in by_type.get("attack", []):
        mine, theirs = creatures[attack["attacker"]], creatures[attack["target"]]
        safe = theirs["atk"] < mine["hp"] and "Poisonous" not in theirs["keywords"]
        if mine["atk"] >= theirs["hp"] and "Barrier" not in theirs["keywords"] and safe:
            return attack

    # A predator eats as much as it can (a dry drop loses every keyword and ability).
    if "eat" in by_type:
        return max(by_type["eat"], key=lambda a: len(a["cards"]))

    # Targets: helpful effects on our own strongest creature (or ourselves), harmful ones
    # on the rival or on the rival's strongest creature.
    if "target" in by_type:
        prompt = (view.get("decision") or {}).get("prompt", "")
        helpful = prompt.endswith(HELPFUL)

        def score(target):
            if "player" in target:
                return 100 if (target["player"] == me) == helpful else -100
            creature = creatures.get(target["card"])
            if creature is None:  # a card in a pile, hand or deck
                return 0
            ours = side[target["card"]] == me
            return creature["atk"] + creature["hp"] if ours == helpful else -50

        return max(by_type["target"], key=score)

    # Plays: the first playable card; otherwise move on.
    if "play" in by_type:
        return by_type["play"][0]
    return by_type.get("end_phase", legal)[0]


if __name__ == "__main__":
    run(choose)
