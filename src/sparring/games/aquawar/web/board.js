// The Aquawar board: a thin renderer of one seat's view and its legal actions.
//
// It draws what the view holds and nothing more (an enemy fish the view does not name is
// shown as hidden; enemy ATK is never shown, as the view has none), offers exactly the
// choices in LEGAL and sends back either an index into LEGAL or, for the pick (whose
// LEGAL is the compact form: the fish to choose from and the Mimic's targets), a pick
// built from those lists alone. No rule of the game is decided here: which fish may act,
// whom a skill may target, what an assertion may guess all come from LEGAL.
//
// The contract with the page (docs/web-boards.md): mount(root, ctx) -> {update, destroy}.

import { el, loadStyle, sendReply } from "/static/board-kit.js";

// Names and skill names, for display only (the roster's data is fish.json;
// tests/web/test_board_aquawar.py keeps this table equal to it).
export const FISH = {
  1: ["Archerfish", "射水鱼", "teammate counter / area attack"],
  2: ["Pufferfish", "喷火鱼", "teammate counter / infight"],
  3: ["Electric Eel", "电鳗", "damage sharing / area attack"],
  4: ["Sunfish", "翻车鱼", "damage sharing / infight"],
  5: ["Sea Wolf", "海狼鱼", "dodge / critical hit"],
  6: ["Manta Ray", "蝠鲼", "dodge / reduction buff"],
  7: ["Sea Turtle", "海龟", "shields / heal buff + critical hit"],
  8: ["Octopus", "章鱼", "self-heal / reduction buff"],
  9: ["Great White Shark", "大白鲨", "self-heal / shark bite"],
  10: ["Hammerhead Shark", "锤头鲨", "explosion / shark bite"],
  11: ["Clownfish", "小丑鱼", "own counter / share buff + area attack"],
  12: ["Mimic Fish", "拟态鱼", "copies another fish's skills"],
};
const FULL_HP = 400; // the bar's scale: every fish starts (and is capped) at 400 HP
const ATK_SCALE = 300; // the ATK bar's scale (ATK grows from 100; the bar caps at 300)

const fishName = (id) => (id == null ? "Hidden" : FISH[id][0]);

function bar(kind, value, scale, label) {
  const pct = Math.max(0, Math.min(100, (100 * value) / scale));
  return el(
    "div",
    { class: `bar ${kind}`, role: "meter", "aria-label": label, "aria-valuenow": value,
      "aria-valuemin": 0, "aria-valuemax": scale },
    el("div", { class: "fill", style: `width:${pct}%` }),
    el("span", { class: "value", text: `${kind.toUpperCase()} ${value}` }),
  );
}

// One log entry in words, from the viewer's side. Positions name a fish by species when
// the entry or the view names it, by position otherwise (as the terminal does).
function describe(entry, me, nameAt) {
  const side = (seat) => (me == null ? `Seat ${seat}` : seat === me ? "You" : "Enemy");
  const whose = (seat) => (me == null ? `seat ${seat}'s` : seat === me ? "your" : "the enemy's");
  const fish = (seat, pos) => `${whose(seat)} ${nameAt(seat, pos)}`;
  switch (entry.kind) {
    case "round_start": return `Round ${entry.round} begins`;
    case "picked": return `${side(entry.seat)} picked a team`;
    case "team": return `${side(entry.seat)}: ${entry.fish.map(fishName).join(", ")}`;
    case "turn": return `Turn ${entry.turn}: ${side(entry.seat)}`;
    case "assert": return `${side(entry.seat)} asserted ${whose(1 - entry.seat)} fish ${entry.pos} is ${fishName(entry.guess)}: ${entry.success ? "right" : "wrong"}`;
    case "assert_loss": return `${side(entry.seat)} lose${me === entry.seat ? "" : "s"} ${entry.amount} HP on every living fish`;
    case "action": return `${fish(entry.seat, entry.actor)} uses ${entry.type}${entry.targets.length ? " on " + entry.targets.map(([s, p, v]) => `${fish(s, p)} (${v})`).join(", ") : ""}`;
    case "skill_detail": return `(targets: ally ${entry.ally ?? "none"}, enemy ${entry.enemy ?? "none"})`;
    case "hit": return `${fish(entry.seat, entry.pos)} takes ${entry.value}`;
    case "passive": return `${fish(entry.seat, entry.pos)}: ${entry.type} ${entry.value}`;
    case "dead": return `${fish(entry.seat, entry.pos)} is out`;
    case "round_end": return `Round ${entry.round} to ${side(entry.winner)} (${entry.reason})`;
    case "match_end": return `Match to ${side(entry.winner)}`;
    case "forfeit": return `${side(entry.seat)} forfeit${me === entry.seat ? "" : "s"}: ${entry.reason}`;
    default: return entry.kind;
  }
}

export function mount(root, ctx) {
  loadStyle(import.meta.url);
  const me = ctx.hello.seat; // null: a spectator
  const state = { view: null, legal: null, busy: false, message: "", pick: [], mimic: null,
                  assertPos: null, actor: null, before: new Map(), animate: false };
  root.classList.add("aquawar-board");

  // The two sides: for a seat, its own team then the enemy's; for a spectator, seat 0 then 1.
  function sides(view) {
    if (view.teams) return [[0, view.teams[0], `Seat ${0}`], [1, view.teams[1], `Seat ${1}`]];
    return [[me, view.my_team, "Your team"], [1 - me, view.enemy_team, "Enemy team"]];
  }

  function nameAt(seat, pos) {
    const view = state.view;
    if (!view) return `fish ${pos}`;
    const team = view.teams ? view.teams[seat] : seat === me ? view.my_team : view.enemy_team;
    const fish = team && team[pos];
    return fish && fish.fish != null ? FISH[fish.fish][0] : `fish ${pos}`;
  }

  const send = (reply) => sendReply(ctx, state, render, reply);

  function fishCard(seat, fish, own) {
    const key = `${seat}:${fish.pos}`;
    const before = state.animate ? state.before.get(key) : undefined;
    const hidden = fish.fish == null;
    const label = `${own ? "Your" : me == null ? `Seat ${seat}` : "Enemy"} fish ${fish.pos}: ` +
      `${hidden ? "hidden" : fishName(fish.fish)}, HP ${fish.hp} of ${FULL_HP}` +
      (own ? `, ATK ${fish.atk}` : "") + (fish.alive ? "" : ", out");
    const card = el("article", { class: `fish${fish.alive ? "" : " dead"}${hidden ? " hidden" : ""}`,
                                 "aria-label": label, "data-seat": seat, "data-pos": fish.pos });
    card.append(el("header", {},
      el("span", { class: "pos", text: `#${fish.pos}` }),
      el("strong", { class: "name", text: hidden ? "? Hidden" : fishName(fish.fish),
                     title: hidden ? null : FISH[fish.fish][1] })));
    card.append(bar("hp", fish.hp, FULL_HP, `HP of ${own ? "your" : "enemy"} fish ${fish.pos}`));
    if (own) {
      card.append(bar("atk", fish.atk, ATK_SCALE, `ATK of your fish ${fish.pos}`));
      const marks = [];
      if (fish.acts_as !== fish.fish) marks.push(`copies ${fishName(fish.acts_as)}`);
      if (fish.shields) marks.push(`${fish.shields} shields`);
      if (fish.reduce_buff) marks.push("reduction buff");
      if (fish.heal_buff) marks.push("heal buff");
      if (fish.share_buff) marks.push("share buff");
      if (fish.revealed) marks.push("revealed");
      if (fish.skill_uses) marks.push(`skill used ${fish.skill_uses}×`);
      card.append(el("p", { class: "marks", text: marks.join(" · ") }));
    } else {
      card.append(el("div", { class: "bar atk unknown", text: "ATK ?" }));
    }
    // The round's events animated: the HP change since the last frame floats up, a fish
    // newly named by an assertion flashes.
    if (before && before.round === state.view.round) {
      const delta = fish.hp - before.hp;
      if (delta) card.append(el("span", { class: `delta ${delta < 0 ? "loss" : "gain"}`,
                                          "aria-hidden": "true", text: `${delta > 0 ? "+" : ""}${delta}` }));
      if (before.fish == null && fish.fish != null) card.classList.add("revealed-now");
      if (before.alive && !fish.alive) card.classList.add("dies-now");
    }
    return card;
  }

  function header(view) {
    const score = view.seat == null ? `Seat 0 ${view.wins[0]} – ${view.wins[1]} Seat 1`
      : `You ${view.wins[me]} – ${view.wins[1 - me]} Enemy`;
    const phase = { pick: "Picking teams", assert: "Assertion", action: "Action", over: "Match over" }[view.phase];
    const mover = view.to_move.length === 1
      ? (me == null ? `seat ${view.to_move[0]} to move` : view.to_move[0] === me ? "your move" : "enemy to move")
      : view.to_move.length ? "both pick" : "";
    return el("header", { class: "status" },
      el("span", { class: "round", text: `Round ${view.round} of 3` }),
      el("span", { class: "score", "aria-label": "Match score", text: score }),
      view.phase === "pick" || view.phase === "over" ? null
        : el("span", { class: "turn", text: `Turn ${view.turn} / ${view.turn_limit}` }),
      el("span", { class: "phase", text: [phase, mover].filter(Boolean).join(" · ") }));
  }

  // ------------------------------------------------------------------ the decisions

  function pickPanel(legal) {
    const panel = el("section", { class: "decision pick", "aria-label": "Pick your team" });
    panel.append(el("h2", { text: `Pick ${legal.choose} fish, in position order` }));
    const list = el("div", { class: "choices" });
    for (const id of legal.fish) {
      const at = state.pick.indexOf(id);
      list.append(el("button", {
        type: "button", class: "fish-choice", "aria-pressed": at >= 0 ? "true" : "false",
        disabled: state.busy || (at < 0 && state.pick.length >= legal.choose),
        "aria-label": `${fishName(id)}${at >= 0 ? `, position ${at}` : ""}`,
        onclick: () => {
          state.pick = at >= 0 ? state.pick.filter((f) => f !== id) : [...state.pick, id];
          render();
        } },
        el("strong", { text: fishName(id) }), el("small", { text: FISH[id][2] }),
        at >= 0 ? el("span", { class: "slot", text: `#${at}` }) : null));
    }
    panel.append(list);
    const needsCopy = legal.mimic_targets.length > 0 && state.pick.includes(12);
    if (needsCopy) {
      const select = el("select", { "aria-label": "Fish the Mimic copies", disabled: state.busy,
        onchange: (event) => { state.mimic = Number(event.target.value) || null; render(); } },
        el("option", { value: "", text: "Mimic copies…" }));
      for (const id of legal.mimic_targets) {
        select.append(el("option", { value: id, text: fishName(id), selected: state.mimic === id }));
      }
      panel.append(el("label", { class: "mimic" }, "Mimic copies ", select));
    }
    const ready = state.pick.length === legal.choose && (!needsCopy || state.mimic != null);
    panel.append(el("div", { class: "row" },
      el("button", { type: "button", disabled: state.busy || !state.pick.length,
                     onclick: () => { state.pick = []; state.mimic = null; render(); }, text: "Clear" }),
      el("button", { type: "button", class: "primary", disabled: state.busy || !ready, text: "Confirm pick",
        onclick: () => send({ action: { type: "pick", fish: [...state.pick],
                                        mimic: needsCopy ? state.mimic : null } }) })));
    return panel;
  }

  function assertPanel(legal) {
    const panel = el("section", { class: "decision assert", "aria-label": "Assertion" });
    panel.append(el("h2", { text: "Assert an enemy fish, or pass" }));
    const positions = [...new Set(legal.filter((a) => a.type === "assert").map((a) => a.pos))];
    const row = el("div", { class: "choices" });
    legal.forEach((action, index) => {
      if (action.type === "pass") {
        row.append(el("button", { type: "button", disabled: state.busy, text: "Pass",
                                  onclick: () => send({ index }) }));
      }
    });
    for (const pos of positions) {
      row.append(el("button", { type: "button", disabled: state.busy,
        "aria-pressed": state.assertPos === pos ? "true" : "false",
        text: `Assert enemy fish ${pos}`,
        onclick: () => { state.assertPos = pos; render(); } }));
    }
    panel.append(row);
    if (state.assertPos != null) {
      const guesses = el("div", { class: "choices guesses", role: "group",
                                  "aria-label": `Guesses for enemy fish ${state.assertPos}` });
      legal.forEach((action, index) => {
        if (action.type === "assert" && action.pos === state.assertPos) {
          guesses.append(el("button", { type: "button", disabled: state.busy,
            text: `Guess ${fishName(action.guess)}`, onclick: () => send({ index }) }));
        }
      });
      panel.append(guesses);
    }
    return panel;
  }

  function skillText(action) {
    const parts = [];
    if (action.ally != null) parts.push(`ally ${nameAt(me, action.ally)} (#${action.ally})`);
    if (action.enemy != null) parts.push(`enemy fish ${action.enemy}`);
    return parts.length ? `Skill on ${parts.join(" and ")}` : "Skill";
  }

  function actionPanel(legal) {
    const panel = el("section", { class: "decision action", "aria-label": "Action" });
    panel.append(el("h2", { text: "Choose a fish, then its attack or skill" }));
    const actors = [...new Set(legal.map((a) => a.actor))];
    const row = el("div", { class: "choices" });
    for (const actor of actors) {
      row.append(el("button", { type: "button", disabled: state.busy,
        "aria-pressed": state.actor === actor ? "true" : "false",
        text: `Act with ${nameAt(me, actor)} (#${actor})`,
        onclick: () => { state.actor = actor; render(); } }));
    }
    panel.append(row);
    if (state.actor != null) {
      panel.append(el("h3", { text: `${nameAt(me, state.actor)} (#${state.actor}):` }));
      const options = el("div", { class: "choices options", role: "group",
                                  "aria-label": `Choices of fish ${state.actor}` });
      legal.forEach((action, index) => {
        if (action.actor !== state.actor) return;
        const text = action.type === "attack" ? `Attack enemy fish ${action.target}` : skillText(action);
        options.append(el("button", { type: "button", disabled: state.busy, text,
                                      onclick: () => send({ index }) }));
      });
      panel.append(options);
    }
    return panel;
  }

  function decision(legal, view) {
    if (!legal) return null;
    if (!Array.isArray(legal)) return pickPanel(legal);
    if (view.phase === "assert") return assertPanel(legal);
    return actionPanel(legal);
  }

  function roundsTable(view) {
    if (!view.rounds.length) return null;
    const list = el("ol", { class: "rounds" });
    for (const r of view.rounds) {
      const who = me == null ? `seat ${r.winner}` : r.winner === me ? "you" : "the enemy";
      list.append(el("li", { text: `Round ${r.round}: ${who} (${r.reason}, ${r.turns} turns)` }));
    }
    return el("section", { "aria-label": "Rounds" }, el("h2", { text: "Rounds" }), list);
  }

  function logPanel(view) {
    const entries = (view.log.length ? view.log : view.previous_log || [])
      .filter((e) => e.kind !== "round_teams");
    const list = el("ol", { class: "events", "aria-label": "This round's events", "aria-live": "polite" });
    for (const entry of entries.slice(-14)) list.append(el("li", { text: describe(entry, me, nameAt) }));
    return el("section", { class: "log" }, el("h2", { text: "Events" }), list);
  }

  function render() {
    const view = state.view;
    if (!view) return;
    root.replaceChildren();
    root.append(header(view));
    const field = el("div", { class: "field" });
    for (const [seat, team, title] of sides(view)) {
      const own = me != null && seat === me;
      const section = el("section", { class: `team ${own ? "own" : "other"}`, "aria-label": title },
        el("h2", { text: title }));
      if (!team || !team.length) {
        section.append(el("p", { class: "empty", text: view.phase === "pick" ? "Picking…" : "—" }));
      } else {
        for (const fish of team) section.append(fishCard(seat, fish, own));
      }
      if (!own && view.enemy_revealed_before && view.enemy_revealed_before.length) {
        section.append(el("p", { class: "known",
          text: `Revealed in earlier rounds: ${view.enemy_revealed_before.map(fishName).join(", ")}` }));
      }
      field.append(section);
    }
    root.append(field);
    if (view.my_pick) {
      root.append(el("p", { class: "my-pick",
        text: `Your pick: ${view.my_pick.fish.map(fishName).join(", ")}` +
              (view.my_pick.mimic ? ` (Mimic copies ${fishName(view.my_pick.mimic)})` : "") }));
    }
    const panel = decision(state.legal, view);
    if (panel) root.append(panel);
    if (state.message) root.append(el("p", { class: "refused", role: "alert", text: state.message }));
    if (view.winner != null) {
      root.append(el("p", { class: "winner", role: "status",
        text: me == null ? `Seat ${view.winner} wins the match` : view.winner === me ? "You win the match" : "The enemy wins the match" }));
    }
    const footer = el("div", { class: "footer" }, logPanel(view), roundsTable(view));
    root.append(footer);
    state.animate = false; // a redraw for a click replays no animation
  }

  // What a frame showed of each fish, for the next frame's animation.
  function snapshot(view) {
    const seen = new Map();
    if (!view) return seen;
    for (const [seat, team] of sides(view)) {
      for (const fish of team || []) seen.set(`${seat}:${fish.pos}`, { ...fish, round: view.round });
    }
    return seen;
  }

  return {
    update(frame) {
      // A new decision, or an answer to the reply just sent: start the choice afresh.
      const fresh = state.busy || JSON.stringify(frame.legal) !== JSON.stringify(state.legal);
      state.before = snapshot(state.view);
      state.animate = true;
      state.view = frame.view;
      state.legal = frame.legal;
      if (fresh) {
        state.busy = false;
        state.pick = [];
        state.mimic = null;
        state.assertPos = null;
        state.actor = null;
        state.message = "";
      }
      render();
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("aquawar-board");
    },
  };
}
