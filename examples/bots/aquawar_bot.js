// An Aquawar bot for the sparring protocol, in JavaScript (Node 18+), no dependencies.
// Same play as aquawar_bot.py: first fish offered, never asserts, normal attack on the
// enemy fish with the least HP.
//   sparring match aquawar --seat "node examples/bots/aquawar_bot.js" --seat builtin:random
"use strict";
const readline = require("readline");

function choose(view, legal) {
  if (!Array.isArray(legal)) {
    const fish = legal.fish.slice(0, 4);
    return { type: "pick", fish, mimic: fish.includes(12) ? 1 : null };
  }
  if (legal[0].type === "pass") return { type: "pass" };
  const hp = {};
  for (const f of view.enemy_team) hp[f.pos] = f.hp;
  const attacks = legal.filter((a) => a.type === "attack");
  return attacks.reduce((best, a) => (hp[a.target] < hp[best.target] ? a : best));
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "act") {
    const action = choose(message.view, message.legal);
    process.stdout.write(JSON.stringify({ type: "action", action }) + "\n");
  } else if (message.type === "end") {
    lines.close();
  }
});
