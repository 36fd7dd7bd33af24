// The 5×5 Tactics board: a thin renderer of one seat's view and its legal actions.
//
// It draws what the view holds: the grid with every unit the view lists (class, HP,
// buffs and statuses, shield, invisibility, SLOW actions prepared), obstacles with HP,
// buff tiles, a Warp Beacon; during the draft only the seat's own pick and whether the
// rival has picked (the view holds nothing more). It offers exactly LEGAL, narrowed step
// by step - unit, then kind of action, then tile, then target (and a skill's choice) -
// which is selection, not rules: every offer at every step is a field of some listed
// action, and the reply is that action's index. The clock of the decision at hand comes
// from the frame's clocks; the log is told in words, and HP changes float up.
//
// The contract with the page (docs/web-boards.md): mount(root, ctx) -> {update, destroy}.

import { el, loadStyle, sendReply, tickClock as tickBoardClock } from "/static/board-kit.js";

// Skill names, for display only (data.toml is the source; the board's test keeps them equal).
export const SKILLS = {
  warrior_heroic_leap: "Heroic Leap",
  warrior_shockwave: "Shockwave",
  warrior_endure: "Endure",
  mage_elemental_blast: "Elemental Blast",
  mage_warp_beacon: "Warp Beacon",
  mage_wild_magic: "Wild Magic",
  rogue_smoke_bomb: "Smoke Bomb",
  rogue_death_mark: "Death Mark",
  rogue_shadow_clone: "Shadow Clone",
  huntress_spirit_hawk: "Spirit Hawk",
  huntress_spectral_blades: "Spectral Blades",
  huntress_natures_power: "Nature's Power",
  duelist_challenge: "Challenge",
  duelist_elemental_strike: "Elemental Strike",
  duelist_feint: "Feint",
  cleric_trinity: "Trinity",
  cleric_power_of_many: "Power of Many",
  cleric_ascended_form: "Ascended Form",
};
const SIZE = 5; // the board is SIZE × SIZE tiles, x the column and y the row
const KINDS = [
  ["move", "Move"],
  ["attack", "Attack"],
  ["move_attack", "Move and attack"],
  ["skill", "Skill"],
  ["move_skill", "Move and skill"],
  ["end_turn", "End turn"],
];
const KIND_WORDS = Object.fromEntries(KINDS);
const LETTERS = { TANK: "T", ARCHER: "A", ASSASSIN: "S", CLONE: "c" };
const SPAWN_WORDS = { obstacle: "Leave an obstacle", buff_tile: "Leave a buff tile" };
// Where each kind of action (but end_turn) keeps its tile, and a two-step kind its target.
const SECOND = { move_attack: ["tx", "ty"], move_skill: ["sx", "sy"] };
const firstTile = (action) => at(action.x, action.y);
const secondTile = (action) => at(action[SECOND[action.type][0]], action[SECOND[action.type][1]]);

// The draft's steps: a hero class, one of its skills, the minion of each slot.
const DRAFT_STEPS = [["hero", "Hero class"], ["skill", "Skill"], ["first", "Minion 1 (left)"],
                     ["second", "Minion 2 (right)"]];
const draftPart = (action, key) =>
  key === "first" ? action.minions[0] : key === "second" ? action.minions[1] : action[key];

const skillName = (id) => SKILLS[id] || id;
const at = (x, y) => `${x},${y}`;

const unique = (values) => [...new Set(values)];

export function mount(root, ctx) {
  loadStyle(import.meta.url);
  const me = ctx.hello.seat; // null: a spectator
  const state = { view: null, legal: null, clocks: [], busy: false, message: "",
                  sel: {}, draft: {}, before: new Map(), animate: false,
                  known: new Map() }; // each unit's words as last seen, to name the fallen
  root.classList.add("tactics-board");
  const ticker = setInterval(tickClock, 200);

  // ------------------------------------------------------------------ words

  const whose = (seat) => (me == null ? `seat ${seat}'s` : seat === me ? "your" : "enemy");
  const side = (seat) => (me == null ? `Seat ${seat}` : seat === me ? "You" : "The enemy");
  function unitWords(unit) {
    const what = unit.category === "hero" ? `${unit.kind} hero` : unit.kind === "CLONE" ? "shadow clone" : unit.kind;
    return `${whose(unit.seat)} ${what} (${unit.id})`;
  }
  function unitById(id) {
    return (state.view.units || []).find((u) => u.id === id);
  }
  function named(id) {
    const unit = unitById(id);
    return unit ? unitWords(unit) : state.known.get(id) || id;
  }
  function actionWords(action) {
    const choice = action.choice ? ` (${action.choice})` : "";
    switch (action.type) {
      case "move": return `move to ${at(action.x, action.y)}`;
      case "attack": return `attack ${at(action.x, action.y)}`;
      case "move_attack": return `move to ${at(action.x, action.y)} and attack ${at(action.tx, action.ty)}`;
      case "skill": return `skill at ${at(action.x, action.y)}${choice}`;
      case "move_skill": return `move to ${at(action.x, action.y)} and use the skill at ${at(action.sx, action.sy)}${choice}`;
      case "end_turn": return "end the turn";
      default: return action.type;
    }
  }
  function describe(e) {
    switch (e.kind) {
      case "drafted": return `${side(e.seat)} drafted`;
      case "draft_pick":
        return `${side(e.seat)} picked: ${e.hero} hero with ${skillName(e.skill)}, ${e.minions.join(" and ")}`;
      case "draft_reveal":
        return `Revealed, ${side(e.seat).toLowerCase()}: ${e.hero} hero with ${skillName(e.skill)}, ${e.minions.join(" and ")}`;
      case "round_begin": return `Round ${e.round} begins (${side(e.seat).toLowerCase()} open${e.seat === me ? "" : "s"})`;
      case "act": return `${named(e.unit)}: ${actionWords(e.action)}${e.action.prepared ? " (prepared)" : ""}`;
      case "prepared": return `${named(e.unit)} prepares to ${actionWords(e.action)} (SLOW)`;
      case "moved": return `${named(e.unit)} moves to ${at(e.x, e.y)}`;
      case "hurt": return `${named(e.unit)} loses ${e.amount} HP (${e.cause}), now ${e.hp}`;
      case "healed": return `${named(e.unit)} gains ${e.amount} HP (${e.cause}), now ${e.hp}`;
      case "shielded": return `${named(e.unit)}'s shield absorbs ${e.absorbed}, ${e.shield} left`;
      case "guarded": return `${named(e.by)} guards ${named(e.unit)}`;
      case "missed": return `${named(e.unit)}: ${e.why}`;
      case "buff": return `${named(e.unit)} gains ${e.buff} for ${e.rounds} round${e.rounds === 1 ? "" : "s"}`;
      case "buff_end": return `${named(e.unit)} loses ${e.buff}`;
      case "obstacle": return e.hp === 0 ? `The obstacle at ${at(e.x, e.y)} is destroyed` : `Obstacle at ${at(e.x, e.y)}: ${e.hp} HP`;
      case "tile": return e.rounds === 0 ? `The ${e.buff} tile at ${at(e.x, e.y)} is gone` : `${e.buff} tile at ${at(e.x, e.y)} (${e.rounds} rounds)`;
      case "died": return `${named(e.unit)} dies`;
      case "death_choice": return `${side(e.seat)} leave${e.seat === me ? "" : "s"} ${e.spawn === "obstacle" ? "an obstacle" : "a buff tile"} where ${named(e.unit)} fell`;
      case "unit_added": return `${named(e.unit)} appears at ${at(e.x, e.y)}`;
      case "timeout": return `${side(e.seat)} ran out of time`;
      case "round_over": return `End of round ${e.round}`;
      case "game_end": return e.winner == null ? `Draw: ${e.reason}` : `${side(e.winner)} win${e.winner === me ? "" : "s"}: ${e.reason}`;
      case "forfeit": return `${side(e.seat)} forfeit${e.seat === me ? "" : "s"}: ${e.reason}`;
      default: return e.kind;
    }
  }

  // ------------------------------------------------------------------ replies

  const send = (index) => sendReply(ctx, state, render, { index });

  // The legal actions (with their indexes) matching the selection so far.
  function matching() {
    const sel = state.sel;
    const out = [];
    (state.legal || []).forEach((action, index) => {
      if (sel.unit !== undefined && action.unit !== sel.unit) return;
      if (sel.kind !== undefined && action.type !== sel.kind) return;
      if (sel.tile !== undefined && firstTile(action) !== sel.tile) return;
      if (sel.target !== undefined && secondTile(action) !== sel.target) return;
      out.push([action, index]);
    });
    return out;
  }

  // What the selection asks for next: "unit", "kind", "tile", "target", "choice".
  function step() {
    const sel = state.sel;
    if (sel.unit === undefined) return "unit";
    if (sel.kind === undefined) return "kind";
    if (sel.kind === "end_turn") return "choice";
    if (sel.tile === undefined) return "tile";
    if (SECOND[sel.kind] && sel.target === undefined) return "target";
    return "choice";
  }

  // Narrow the selection by one step; send once the steps are done and one action is left.
  function choose(key, value) {
    state.sel = { ...state.sel, [key]: value };
    const left = matching();
    if (step() === "choice" && left.length === 1) send(left[0][1]);
    else render();
  }

  function back() {
    const order = ["target", "tile", "kind", "unit"];
    const key = order.find((k) => state.sel[k] !== undefined);
    if (key) {
      const sel = { ...state.sel };
      delete sel[key];
      state.sel = sel;
    }
    render();
  }

  // Tiles the current step offers on the grid: key "x,y" -> what clicking it chooses.
  function offeredTiles() {
    const offers = new Map();
    if (state.busy || !Array.isArray(state.legal)) return offers;
    const now = step();
    if (now === "unit") {
      for (const id of unique(matching().map(([a]) => a.unit).filter(Boolean))) {
        const unit = unitById(id);
        if (unit) offers.set(at(unit.x, unit.y), ["unit", id]);
      }
    } else if (now === "tile" || now === "target") {
      const tileOf = now === "tile" ? firstTile : secondTile;
      for (const [action] of matching()) offers.set(tileOf(action), [now, tileOf(action)]);
    }
    return offers;
  }

  // ------------------------------------------------------------------ the clock

  function tickClock() {
    tickBoardClock(root);
  }

  function clockPanel(view) {
    const mover = (state.clocks || []).find((c) => c.deadline != null && (me == null || c.seat === me))
      || (state.clocks || []).find((c) => c.deadline != null);
    if (!mover || view.phase === "over") return null;
    const what = view.phase === "draft" ? "Draft clock" : view.death_choice ? "Death choice clock" : "Decision clock";
    const whom = me == null ? `seat ${mover.seat}` : mover.seat === me ? "you" : "the enemy";
    const span = el("div", { class: "clock", role: "timer", "aria-label": `${what} (${whom})`,
                             "data-deadline": mover.deadline, "data-seat": mover.seat },
      el("span", { class: "what", text: `${what} (${whom}): ` }), el("span", { class: "left" }));
    return span;
  }

  // ------------------------------------------------------------------ the draft

  function draftScreen(view) {
    const section = el("section", { class: "draft", "aria-label": "Draft" });
    section.append(el("h2", { text: "Draft: a hero, its skill, two minions" }),
      el("p", { class: "muted", text: "Picks stay hidden until both players have drafted." }));
    const drafted = view.drafted || [];
    const status = el("ul", { class: "drafted" });
    drafted.forEach((done, seat) => {
      status.append(el("li", { "data-seat": seat, text: `${side(seat)}: ${done ? "drafted" : "choosing…"}` }));
    });
    section.append(status);
    if (view.my_draft) {
      const d = view.my_draft;
      section.append(el("p", { class: "my-draft", "aria-label": "Your draft",
        text: `Your draft: ${d.hero} hero with ${skillName(d.skill)}, ${d.minions.join(" then ")}` }));
    }
    if (Array.isArray(state.legal) && state.legal.length && state.legal[0].type === "draft") {
      section.append(draftPanel());
    }
    return section;
  }

  function draftPanel() {
    const d = state.draft;
    const all = state.legal.map((action, index) => [action, index]);
    const fitting = (keys) => all.filter(([a]) => keys.every((k) => d[k] === undefined || draftPart(a, k) === d[k]));
    const panel = el("div", { class: "decision", role: "region", "aria-label": "Your draft choices" });
    DRAFT_STEPS.forEach(([key, label], i) => {
      if (i > 0 && d[DRAFT_STEPS[i - 1][0]] === undefined) return;
      const earlier = DRAFT_STEPS.slice(0, i).map(([k]) => k);
      const group = el("div", { class: "choices", role: "group", "aria-label": label });
      for (const value of unique(fitting(earlier).map(([a]) => draftPart(a, key)))) {
        group.append(el("button", { type: "button", disabled: state.busy,
          "aria-pressed": d[key] === value ? "true" : "false", text: key === "skill" ? skillName(value) : value,
          onclick: () => {
            const kept = {};
            for (const k of earlier) kept[k] = d[k];
            state.draft = { ...kept, [key]: value };
            render();
          } }));
      }
      panel.append(el("h3", { text: label }), group);
    });
    const fits = fitting(DRAFT_STEPS.map(([k]) => k));
    const ready = DRAFT_STEPS.every(([k]) => d[k] !== undefined) && fits.length === 1;
    panel.append(el("button", { type: "button", class: "primary", disabled: state.busy || !ready,
      text: "Confirm draft", onclick: () => send(fits[0][1]) }));
    return panel;
  }

  // ------------------------------------------------------------------ the grid

  function tileContents(view) {
    const tiles = new Map();
    const put = (x, y, key, value) => {
      const k = at(x, y);
      if (!tiles.has(k)) tiles.set(k, {});
      tiles.get(k)[key] = value;
    };
    for (const u of view.units || []) put(u.x, u.y, "unit", u);
    for (const o of view.obstacles || []) put(o.x, o.y, "obstacle", o);
    for (const t of view.tiles || []) put(t.x, t.y, "buff", t);
    for (const u of view.units || []) if (u.beacon) put(u.beacon[0], u.beacon[1], "beacon", u);
    for (const d of view.death_choices || []) put(d.x, d.y, "death", d);
    for (const u of view.units || []) {
      for (const p of u.prepared || []) {
        const tx = p.tx ?? p.sx ?? p.x;
        const ty = p.ty ?? p.sy ?? p.y;
        if (tx !== undefined) put(tx, ty, "prepared", u);
      }
    }
    return tiles;
  }

  function unitLabel(u) {
    const parts = [unitWords(u), `HP ${u.hp} of ${u.max_hp}`];
    const buffs = Object.entries(u.buffs || {});
    if (buffs.length) parts.push(buffs.map(([b, r]) => `${b} ${r}`).join(", "));
    if (u.shield) parts.push(`shield ${u.shield}`);
    if (u.invisible) parts.push("invisible");
    if ((u.prepared || []).length) parts.push(`prepared: ${u.prepared.map(actionWords).join("; ")}`);
    return parts.join(", ");
  }

  function tileLabel(x, y, content) {
    const parts = [`Tile ${at(x, y)}`];
    if (content.unit) parts.push(unitLabel(content.unit));
    if (content.obstacle) parts.push(`obstacle, ${content.obstacle.hp} HP`);
    if (content.buff) parts.push(`${content.buff.buff} buff tile, ${content.buff.rounds} round${content.buff.rounds === 1 ? "" : "s"}`);
    if (content.beacon) parts.push(`Warp Beacon of ${unitWords(content.beacon)}`);
    if (content.prepared) parts.push(`aimed at by ${unitWords(content.prepared)}'s prepared action`);
    if (content.death) parts.push(`${named(content.death.unit)} fell here: a death choice for ${side(content.death.seat).toLowerCase()}`);
    if (!content.unit && !content.obstacle && !content.buff && !content.beacon && !content.death) parts.push("empty");
    return parts.join(": ");
  }

  function unitFace(u) {
    const before = state.animate ? state.before.get(u.id) : undefined;
    const letter = u.category === "hero" ? "H" : LETTERS[u.kind] || "?";
    const colour = (me == null ? u.seat === 0 : u.seat === me) ? "blue" : "red";
    const face = el("span", { class: `unit ${colour}${u.seat === me ? " own" : ""}${u.invisible ? " invisible" : ""}`
      + `${u.id === state.view.acting_unit ? " acting" : ""}`, "data-unit": u.id },
      el("span", { class: "letter", text: letter }),
      el("span", { class: "hp", text: `${u.hp}` }));
    if (u.category === "hero") face.append(el("span", { class: "kind", text: u.kind.slice(0, 3) }));
    const marks = Object.keys(u.buffs || {}).map((b) => b.slice(0, 2)).join(" ");
    if (marks || u.shield) face.append(el("span", { class: "marks", text: `${marks}${u.shield ? ` ◈${u.shield}` : ""}` }));
    if (before) {
      const delta = u.hp - before.hp;
      if (delta) face.append(el("span", { class: `delta ${delta < 0 ? "loss" : "gain"}`, "aria-hidden": "true",
                                          text: `${delta > 0 ? "+" : ""}${delta}` }));
      if (before.x !== u.x || before.y !== u.y) face.classList.add("moved-now");
    }
    return face;
  }

  function grid(view) {
    const contents = tileContents(view);
    const offers = offeredTiles();
    const chosen = new Set([state.sel.tile, state.sel.target].filter(Boolean));
    const selectedUnit = state.sel.unit !== undefined ? unitById(state.sel.unit) : null;
    const rows = me === 1 ? [...Array(SIZE).keys()] : [...Array(SIZE).keys()].reverse();
    const board = el("div", { class: "grid", role: "group", "aria-label": "Board" });
    board.append(el("span", { class: "axis corner" }));
    for (let x = 0; x < SIZE; x++) board.append(el("span", { class: "axis", text: `${x}` }));
    for (const y of rows) {
      board.append(el("span", { class: "axis", text: `${y}` }));
      for (let x = 0; x < SIZE; x++) {
        const key = at(x, y);
        const content = contents.get(key) || {};
        const offer = offers.get(key);
        const classes = ["tile"];
        if (offer) classes.push("choosable");
        if (chosen.has(key) || (selectedUnit && selectedUnit.x === x && selectedUnit.y === y)) classes.push("selected");
        if (content.obstacle) classes.push("obstacle");
        if (content.buff) classes.push("buff");
        if (content.prepared) classes.push("aimed");
        if (content.death) classes.push("death");
        const tile = el("button", { type: "button", class: classes.join(" "), "data-x": x, "data-y": y,
          "aria-label": tileLabel(x, y, content), disabled: !offer,
          onclick: () => offer && choose(offer[0], offer[1]) });
        if (content.obstacle) tile.append(el("span", { class: "rock", text: `▲${content.obstacle.hp}` }));
        if (content.buff) tile.append(el("span", { class: `bufftile ${content.buff.buff}`, text: `${content.buff.buff.slice(0, 2)}${content.buff.rounds}` }));
        if (content.beacon) tile.append(el("span", { class: "beacon", text: "@" }));
        if (content.death) tile.append(el("span", { class: "grave", "aria-hidden": "true", text: "✝" }));
        if (content.unit) tile.append(unitFace(content.unit));
        if (content.prepared) tile.append(el("span", { class: "target-mark", "aria-hidden": "true", text: "◎" }));
        const fell = state.animate && [...state.before.values()].find((b) => b.x === x && b.y === y
          && !unitById(b.id) && b.round === view.round);
        if (fell) tile.classList.add("fell-now");
        board.append(tile);
      }
    }
    return board;
  }

  function unitList(view) {
    const list = el("ul", { class: "units", "aria-label": "Units" });
    for (const u of view.units || []) {
      const facts = [`HP ${u.hp}/${u.max_hp}`, `ATK ${u.effective_atk}`, `move ${u.move}`, `range ${u.range}`,
                     `at ${at(u.x, u.y)}`];
      if (u.skill) facts.push(`${skillName(u.skill)} ${u.cooldown ? `(cooldown ${u.cooldown})` : "(ready)"}`);
      if (u.charges) facts.push(`charges ${u.charges}`);
      if (u.beacon) facts.push(`beacon at ${at(u.beacon[0], u.beacon[1])}`);
      for (const [b, r] of Object.entries(u.buffs || {})) facts.push(`${b} ${r} round${r === 1 ? "" : "s"}`);
      if (u.shield) facts.push(`shield ${u.shield} (${u.shield_rounds} rounds)`);
      if (u.invisible) facts.push("invisible");
      if (u.rounds_left) facts.push(`${u.rounds_left} round${u.rounds_left === 1 ? "" : "s"} left`);
      if (u.actions_left && view.phase === "battle") facts.push(`${u.actions_left} action${u.actions_left === 1 ? "" : "s"} left`);
      for (const p of u.prepared || []) facts.push(`prepared: ${actionWords(p)}`);
      const colour = (me == null ? u.seat === 0 : u.seat === me) ? "blue" : "red";
      list.append(el("li", { class: colour, "data-unit": u.id, "aria-label": unitLabel(u) },
        el("strong", { text: unitWords(u) }), " ", el("span", { text: facts.join(" · ") })));
    }
    if ((view.fallen || []).length) list.append(el("li", { class: "fallen", text: `Fallen: ${view.fallen.map(named).join(", ")}` }));
    return el("section", { class: "roster" }, el("h2", { text: "Units" }), list);
  }

  // ------------------------------------------------------------------ decisions

  function deathPanel(view) {
    const death = view.death_choice;
    const panel = el("section", { class: "decision death", "aria-label": "Death choice" });
    panel.append(el("h2", { text: `${named(death.unit)} fell at ${at(death.x, death.y)}: what does it leave?` }));
    const row = el("div", { class: "choices" });
    state.legal.forEach((action, index) => {
      if (action.type !== "death_choice") return;
      row.append(el("button", { type: "button", disabled: state.busy, text: SPAWN_WORDS[action.spawn] || action.spawn,
                                onclick: () => send(index) }));
    });
    panel.append(row, el("p", { class: "muted", text: "If the clock runs out, an obstacle is left." }));
    return panel;
  }

  function battlePanel() {
    const panel = el("section", { class: "decision", "aria-label": "Your move" });
    const now = step();
    const sel = state.sel;
    const left = matching();
    const unitsOffered = unique((state.legal || []).map((a) => a.unit).filter(Boolean));
    if (now === "unit") {
      panel.append(el("h2", { text: "Choose a unit (on the board or here)" }));
      const row = el("div", { class: "choices", role: "group", "aria-label": "Units that may act" });
      for (const id of unitsOffered) {
        row.append(el("button", { type: "button", disabled: state.busy, text: `Select ${named(id)}`,
                                  onclick: () => choose("unit", id) }));
      }
      panel.append(row);
      return panel;
    }
    panel.append(el("h2", { text: `${named(sel.unit)}${sel.kind ? `: ${KIND_WORDS[sel.kind].toLowerCase()}` : ""}` }));
    if (now === "kind") {
      const kinds = unique(left.map(([a]) => a.type));
      const row = el("div", { class: "choices", role: "group", "aria-label": "Kind of action" });
      for (const [kind, word] of KINDS) {
        if (!kinds.includes(kind)) continue;
        row.append(el("button", { type: "button", disabled: state.busy, text: word,
                                  onclick: () => choose("kind", kind) }));
      }
      panel.append(row);
    } else if (now === "tile" || now === "target") {
      const tileOf = now === "tile" ? firstTile : secondTile;
      const verb = now === "tile"
        ? { move: "Move to", attack: "Attack", skill: "Skill at", move_attack: "Move to", move_skill: "Move to" }[sel.kind]
        : { move_attack: "Then attack", move_skill: "Then skill at" }[sel.kind];
      panel.append(el("p", { class: "muted", text: "The highlighted tiles are the legal ones." }));
      const row = el("div", { class: "choices", role: "group", "aria-label": now === "tile" ? "Tiles" : "Targets" });
      for (const key of unique(left.map(([action]) => tileOf(action)))) {
        row.append(el("button", { type: "button", disabled: state.busy, text: `${verb} ${key}`,
                                  onclick: () => choose(now, key) }));
      }
      panel.append(row);
    } else {
      const row = el("div", { class: "choices", role: "group", "aria-label": "Skill choice" });
      for (const [action, index] of left) {
        row.append(el("button", { type: "button", disabled: state.busy,
                                  text: action.choice ? `Choose ${action.choice}` : "Confirm", onclick: () => send(index) }));
      }
      panel.append(row);
    }
    panel.append(el("button", { type: "button", class: "secondary", disabled: state.busy,
                                text: "Back", onclick: back }));
    return panel;
  }

  function decision(view) {
    if (!Array.isArray(state.legal) || !state.legal.length) return null;
    if (state.legal[0].type === "death_choice") return deathPanel(view);
    return battlePanel();
  }

  // ------------------------------------------------------------------ the page

  function header(view) {
    const phase = { draft: "Draft", battle: "Battle", over: "Game over" }[view.phase] || view.phase;
    const movers = view.to_move || [];
    const mover = !movers.length ? "" : me == null ? `seat ${movers.join(" and ")} to move`
      : movers.includes(me) ? (movers.length > 1 ? "both choose" : "your move") : "enemy to move";
    return el("header", { class: "status" },
      el("span", { class: "round", text: view.round ? `Round ${view.round}` : "Before round 1" }),
      el("span", { class: "phase", text: [phase, mover].filter(Boolean).join(" · ") }),
      clockPanel(view));
  }

  function logPanel(view) {
    const list = el("ol", { class: "events", "aria-label": "Recent events", "aria-live": "polite" });
    for (const entry of (view.log || []).slice(-14)) list.append(el("li", { text: describe(entry) }));
    return el("section", { class: "log" }, el("h2", { text: "Events" }), list);
  }

  function winner(view) {
    if (view.phase !== "over") return null;
    const text = view.winner == null ? `Draw: ${view.end_reason}`
      : me == null ? `Seat ${view.winner} wins` : view.winner === me ? "You win" : "The enemy wins";
    return el("p", { class: "winner", role: "status", text });
  }

  function render() {
    const view = state.view;
    if (!view) return;
    root.replaceChildren();
    root.append(header(view));
    if (view.phase === "draft") {
      root.append(draftScreen(view));
    } else {
      const layout = el("div", { class: "layout" });
      const main = el("div", { class: "main" }, grid(view));
      const panel = decision(view);
      if (panel) main.append(panel);
      layout.append(main, el("div", { class: "side" }, unitList(view), logPanel(view)));
      root.append(layout);
    }
    if (state.message) root.append(el("p", { class: "refused", role: "alert", text: state.message }));
    const end = winner(view);
    if (end) root.append(end);
    if (view.phase === "draft") root.append(logPanel(view));
    tickClock();
    state.animate = false; // a redraw for a click replays no animation
  }

  function snapshot(view) {
    const seen = new Map();
    for (const u of (view && view.units) || []) seen.set(u.id, { ...u, round: view.round });
    return seen;
  }

  return {
    update(frame) {
      // A new decision, or the answer to the reply just sent: start the choice afresh.
      const fresh = state.busy || JSON.stringify(frame.legal) !== JSON.stringify(state.legal);
      state.before = snapshot(state.view);
      state.animate = true;
      state.view = frame.view;
      for (const unit of frame.view.units || []) state.known.set(unit.id, unitWords(unit));
      state.legal = frame.legal;
      state.clocks = frame.clocks || [];
      if (fresh) {
        state.busy = false;
        state.sel = {};
        state.draft = {};
        state.message = "";
        const units = unique((state.legal || []).map((a) => a.unit).filter(Boolean));
        if (units.length === 1) state.sel = { unit: units[0] }; // partway through SPEED: one unit
      }
      render();
    },
    destroy() {
      clearInterval(ticker);
      root.replaceChildren();
      root.classList.remove("tactics-board");
    },
  };
}
