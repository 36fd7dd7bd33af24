"""A Warfish bot for the sparring protocol: piles its units on its strongest border, blitzes
only where its stack outnumbers the defenders by three or more, moves everything into what
it takes while enemies are ahead, trades cards whenever it holds a set, and ends each turn
by moving a stack from behind its lines up to a border.

Legal actions come in compact menus (docs/protocol.md, "Warfish"): ``place_menu``,
``attack_menu`` and ``transfer_menu`` list choices as ``[territory, cap]`` or
``[source, target, max]``; ``move_in_menu`` gives ``low`` and ``high``; trades are a list.

Run it in a match:  sparring match warfish --seat "python examples/bots/warfish_bot.py" \
                        --seat builtin:random
"""

from sparring.bot import run


def choose(view, legal):
    me, owner, units = view["seat"], view["owner"], view["units"]
    borders = view["map"]["borders"]

    def enemies(t):
        """Neighbours of t held by someone else (unknown ones under fog count too)."""
        return [n for n in borders[t] if owner[n] != me]

    if isinstance(legal, list):  # trading: the sets in hand, maybe "stop_trading"
        trades = [a for a in legal if a["type"] == "trade"]
        return trades[0] if trades else legal[0]
    kind = legal["type"]
    if kind == "place_menu":
        spots = [t for t, _ in legal["choices"]]
        front = [t for t in spots if enemies(t)] or spots
        best = max(front, key=lambda t: (units[t], -t))
        cap = dict(legal["choices"])[best]
        count = 1 if view["phase"] == "setup" else min(cap, view["to_place"])
        return {"type": "place", "territory": best, "count": count}
    if kind == "attack_menu":
        odds = [
            (units[s] - units[t], s, t) for s, t, _ in legal["choices"] if units[s] >= units[t] + 3
        ]
        if odds:
            _, source, target = max(odds)
            return {"type": "blitz", "source": source, "target": target}
        return {"type": "stop_attacking"}
    if kind == "move_in_menu":
        target = view["move_in"]["target"]
        return {"type": "move_in", "count": legal["high"] if enemies(target) else legal["low"]}
    if kind == "transfer_menu":
        moves = [(cap, s, t) for s, t, cap in legal["choices"] if not enemies(s) and enemies(t)]
        if moves:
            cap, source, target = max(moves)
            return {"type": "transfer", "source": source, "target": target, "count": cap}
        return {"type": "end_turn"}
    raise ValueError(f"unexpected legal actions: {legal}")


if __name__ == "__main__":
    run(choose)
