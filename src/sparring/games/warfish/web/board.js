// The Warfish board: the map as an SVG drawing of territories and borders, laid out from
// the map's own coordinates (view.map.coordinates), with owners' colours, unit counts and
// fog as fog; the players, the hand, the last roll, and the decision at hand.
//
// A thin renderer of one seat's view and LEGAL (docs/web-boards.md). LEGAL comes as the
// bot protocol sends it: a list of actions (trades) or a game's compact menu - places
// (territory, up to a cap), attacks (source, target, up to so many dice; blitz on any
// listed pair), a move-in range, transfers (source, target, up to a cap) - plus the
// phase's "stop" actions. The board offers exactly those, and builds its reply from
// them alone: which territory may do what is never worked out here.

import { el, loadStyle, sendReply } from "/static/board-kit.js";

const SEAT_COLOURS = ["#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#00acc1", "#6d4c41", "#d81b60"];
const NEUTRAL_COLOUR = "#9e9e9e";
const CONTINENT_COLOURS = ["#ffe082", "#a5d6a7", "#90caf9", "#ce93d8", "#ffab91", "#80cbc4", "#e6ee9c", "#b0bec5"];
const NODE_RADIUS = 17;
const STOP_LABELS = { stop_attacking: "Stop attacking", end_turn: "End turn", stop_trading: "Stop trading" };

// The convex hull of a few points (Andrew's monotone chain), for a continent's outline.
function hull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function mount(root, ctx) {
  loadStyle(import.meta.url);
  const me = ctx.hello.seat; // null: a spectator
  const names = ctx.hello.seat_names || [];
  const state = { view: null, legal: null, busy: false, message: "", source: null, target: null };
  root.classList.add("warfish-board");

  const territory = (t) => state.view.map.territories[t];
  const seatName = (seat) => (seat === me ? "You" : names[seat] || `Seat ${seat}`);
  const ownerWords = (owner) => (owner == null ? "fogged" : owner < 0 ? "neutral" : owner === me ? "yours" : seatName(owner));
  function cardName(card) {
    const map = state.view.map;
    return card < map.territories.length ? `${map.territories[card]} (${map.suits[card]})` : "Wild";
  }

  const send = (reply) => sendReply(ctx, state, render, reply);

  // ------------------------------------------------------------------ what LEGAL offers

  // The territories a click on the map may choose now, and what the click does.
  function mapChoices() {
    const legal = state.legal;
    if (!legal || Array.isArray(legal)) return new Map();
    const choose = new Map();
    if (legal.type === "place_menu") {
      for (const [t] of legal.choices) choose.set(t, () => { state.source = t; });
    } else if (legal.type === "attack_menu" || legal.type === "transfer_menu") {
      // A click chooses a listed source; once one is chosen, its listed targets come first.
      for (const [s] of legal.choices) choose.set(s, () => { state.source = s; state.target = null; });
      for (const [s, t] of legal.choices) {
        if (s === state.source) choose.set(t, () => { state.target = t; });
      }
    }
    return choose;
  }

  function select(label, options, current, onchange) {
    const node = el("select", { "aria-label": label, disabled: state.busy,
      onchange: (event) => onchange(event.target.value === "" ? null : Number(event.target.value)) },
      el("option", { value: "", text: `${label}…` }));
    for (const [value, text] of options) {
      node.append(el("option", { value, text, selected: value === current }));
    }
    return el("label", { class: "field" }, `${label} `, node);
  }

  function number(label, low, high, value) {
    return el("label", { class: "field" }, `${label} `,
      el("input", { type: "number", "aria-label": label, min: low, max: high, value, step: 1,
                    disabled: state.busy, inputmode: "numeric" }));
  }

  function countIn(panel, label, low, high) {
    const value = Number(panel.querySelector(`input[aria-label="${label}"]`).value);
    if (!Number.isInteger(value) || value < low || value > high) {
      state.message = `${label}: a whole number from ${low} to ${high}`;
      render();
      return null;
    }
    return value;
  }

  function button(text, onclick, extra = {}) {
    return el("button", { type: "button", disabled: state.busy, onclick, text, ...extra });
  }

  function tailButtons(legal) {
    return (legal.also || []).map((action) =>
      button(STOP_LABELS[action.type] || action.type, () => send({ action })));
  }

  function placePanel(legal) {
    const panel = el("section", { class: "decision", "aria-label": "Place units" });
    const toPlace = state.view.to_place;
    panel.append(el("h2", { text: state.view.phase === "setup" ? "Setup: place a unit"
      : `Place units${toPlace != null ? ` (${toPlace} to place)` : ""}` }));
    const chosen = legal.choices.find(([t]) => t === state.source);
    panel.append(select("Place on", legal.choices.map(([t, cap]) => [t, `${territory(t)} (up to ${cap})`]),
      state.source, (t) => { state.source = t; render(); }));
    if (chosen) {
      const [t, cap] = chosen;
      panel.append(number("Units to place", 1, cap, cap));
      panel.append(button("Place", () => {
        const count = countIn(panel, "Units to place", 1, cap);
        if (count != null) send({ action: { type: "place", territory: t, count } });
      }, { class: "primary" }));
    }
    return panel;
  }

  function pairPanel(legal, title, fromLabel, toLabel) {
    const panel = el("section", { class: "decision", "aria-label": title });
    panel.append(el("h2", { text: title }));
    const sources = [...new Set(legal.choices.map(([s]) => s))];
    panel.append(select(fromLabel, sources.map((s) => [s, `${territory(s)} (${state.view.units[s]})`]),
      state.source, (s) => { state.source = s; state.target = null; render(); }));
    if (state.source != null) {
      const targets = legal.choices.filter(([s]) => s === state.source).map(([, t]) => t);
      panel.append(select(toLabel, targets.map((t) => [t, `${territory(t)} (${state.view.units[t] ?? "?"})`]),
        state.target, (t) => { state.target = t; render(); }));
    }
    const chosen = legal.choices.find(([s, t]) => s === state.source && t === state.target);
    return [panel, chosen];
  }

  function attackPanel(legal) {
    const [panel, chosen] = pairPanel(legal, "Attack", "Attack from", "Attack target");
    const row = el("div", { class: "row" });
    if (chosen) {
      const [source, target, most] = chosen;
      for (let dice = 1; dice <= most; dice += 1) {
        row.append(button(dice === 1 ? "Roll 1 die" : `Roll ${dice} dice`,
          () => send({ action: { type: "attack", source, target, dice } }), { class: "primary" }));
      }
      row.append(button("Blitz", () => send({ action: { type: "blitz", source, target } })));
    }
    row.append(...tailButtons(legal));
    panel.append(row);
    if (state.view.attacks_left != null) {
      panel.append(el("p", { class: "note", text: `${plural(state.view.attacks_left, "attack")} left this turn` }));
    }
    return panel;
  }

  function transferPanel(legal) {
    const [panel, chosen] = pairPanel(legal, "Transfer", "Transfer from", "Transfer to");
    const row = el("div", { class: "row" });
    if (chosen) {
      const [source, target, cap] = chosen;
      panel.append(number("Units to transfer", 1, cap, cap));
      row.append(button("Transfer", () => {
        const count = countIn(panel, "Units to transfer", 1, cap);
        if (count != null) send({ action: { type: "transfer", source, target, count } });
      }, { class: "primary" }));
    }
    row.append(...tailButtons(legal));
    panel.append(row);
    return panel;
  }

  function moveInPanel(legal) {
    const panel = el("section", { class: "decision", "aria-label": "Move in" });
    const pending = state.view.move_in;
    panel.append(el("h2", { text: pending
      ? `Captured ${territory(pending.target)}: move in from ${territory(pending.source)}`
      : "Move in" }));
    panel.append(number("Units to move in", legal.low, legal.high, legal.high));
    panel.append(el("div", { class: "row" }, button("Move in", () => {
      const count = countIn(panel, "Units to move in", legal.low, legal.high);
      if (count != null) send({ action: { type: "move_in", count } });
    }, { class: "primary" })));
    return panel;
  }

  function listPanel(legal) {
    const panel = el("section", { class: "decision", "aria-label": "Trade cards" });
    panel.append(el("h2", { text: `Trade a set of cards for ${state.view.next_trade_value} units` }));
    const row = el("div", { class: "row wrap" });
    legal.forEach((action, index) => {
      const text = action.type === "trade" ? `Trade ${action.cards.map(cardName).join(", ")}`
        : STOP_LABELS[action.type] || action.type;
      row.append(button(text, () => send({ index })));
    });
    panel.append(row);
    return panel;
  }

  function decision() {
    const legal = state.legal;
    if (!legal) return null;
    if (Array.isArray(legal)) return listPanel(legal);
    switch (legal.type) {
      case "place_menu": return placePanel(legal);
      case "attack_menu": return attackPanel(legal);
      case "transfer_menu": return transferPanel(legal);
      case "move_in_menu": return moveInPanel(legal);
      default: return el("p", { class: "refused", text: `Unknown decision ${legal.type}` });
    }
  }

  // ------------------------------------------------------------------ the map

  function drawMap() {
    const view = state.view;
    const map = view.map;
    const points = map.coordinates.length ? map.coordinates
      : map.territories.map((_, i) => [100 + 120 * (i % 8), 100 + 120 * Math.floor(i / 8)]);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = 45;
    const left = Math.min(...xs) - pad;
    const top = Math.min(...ys) - pad;
    const width = Math.max(...xs) - left + pad;
    const height = Math.max(...ys) - top + pad;
    const svg = el("svg:svg", { viewBox: `${left} ${top} ${width} ${height}`, class: "map",
                                role: "group", "aria-label": `Map: ${map.name}` });
    svg.append(el("svg:defs", {},
      el("svg:marker", { id: "wf-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7,
                          markerHeight: 7, orient: "auto-start-reverse" },
        el("svg:path", { d: "M0,0 L10,5 L0,10 z", fill: "#37474f" })),
      el("svg:pattern", { id: "wf-fog", width: 6, height: 6, patternUnits: "userSpaceOnUse",
                           patternTransform: "rotate(45)" },
        el("svg:rect", { width: 6, height: 6, fill: "#cfd8dc" }),
        el("svg:line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#90a4ae", "stroke-width": 3 }))));
    // Continents: a rounded region around their territories, in the continent's colour.
    const regions = el("svg:g", { class: "continents" });
    map.continents.forEach((continent, index) => {
      const colour = CONTINENT_COLOURS[index % CONTINENT_COLOURS.length];
      const shape = hull(continent.territories.map((t) => points[t]));
      regions.append(el("svg:polygon", { points: shape.map((p) => p.join(",")).join(" "),
        fill: colour, stroke: colour, "stroke-width": 70, "stroke-linejoin": "round", opacity: 0.45,
        class: "continent" }, el("svg:title", { text: `${continent.name} (+${continent.bonus})` })));
      const cx = shape.reduce((a, p) => a + p[0], 0) / shape.length;
      const low = Math.min(...continent.territories.map((t) => points[t][1]));
      regions.append(el("svg:text", { x: cx, y: low - 28, class: "continent-name",
                                      text: `${continent.name} +${continent.bonus}` }));
    });
    svg.append(regions);
    // Borders: a line for a two-way border, an arrow for a one-way one; a border much
    // longer than half the map (Alaska-Kamchatka) goes out one side and in the other.
    const borders = el("svg:g", { class: "borders" });
    map.borders.forEach((outs, a) => {
      for (const b of outs) {
        const twoWay = map.borders[b].includes(a);
        if (twoWay && b < a) continue;
        const [x1, y1] = points[a];
        const [x2, y2] = points[b];
        const cls = twoWay ? "border" : "border one-way";
        if (Math.abs(x2 - x1) > width / 2) {
          const [wx, wy, ex, ey] = x1 < x2 ? [x1, y1, x2, y2] : [x2, y2, x1, y1];
          const mid = (wy + ey) / 2;
          borders.append(el("svg:line", { x1: wx, y1: wy, x2: left, y2: mid, class: `${cls} wrap` }));
          borders.append(el("svg:line", { x1: ex, y1: ey, x2: left + width, y2: mid, class: `${cls} wrap` }));
          continue;
        }
        const length = Math.hypot(x2 - x1, y2 - y1) || 1;
        const cut = twoWay ? 0 : (NODE_RADIUS + 3) / length;
        borders.append(el("svg:line", { x1, y1, x2: x2 - (x2 - x1) * cut, y2: y2 - (y2 - y1) * cut,
          class: cls, "marker-end": twoWay ? null : "url(#wf-arrow)",
          "data-from": a, "data-to": b }));
      }
    });
    svg.append(borders);
    // Territories.
    const choices = state.busy ? new Map() : mapChoices();
    const nodes = el("svg:g", { class: "territories" });
    map.territories.forEach((name, t) => {
      const owner = view.owner[t];
      const units = view.units[t];
      const [x, y] = points[t];
      const fog = owner == null;
      const pick = choices.get(t);
      const selected = t === state.source || t === state.target;
      const label = `${name}: ${ownerWords(owner)}${fog ? "" : `, ${plural(units, "unit")}`}`;
      const node = el("svg:g", { class: `territory${fog ? " fog" : ""}${pick ? " choosable" : ""}${selected ? " selected" : ""}`,
        "aria-label": label, "data-t": t, transform: `translate(${x},${y})`,
        role: pick ? "button" : "img", tabindex: pick ? 0 : null },
        el("svg:title", { text: label }),
        el("svg:circle", { r: NODE_RADIUS,
          fill: fog ? "url(#wf-fog)" : owner < 0 ? NEUTRAL_COLOUR : SEAT_COLOURS[owner % SEAT_COLOURS.length] }),
        el("svg:text", { class: "units", y: 5, text: fog ? "?" : String(units) }),
        el("svg:text", { class: "name", y: NODE_RADIUS + 13, text: name }));
      if (pick) {
        const choose = () => { pick(); render(); };
        node.addEventListener("click", choose);
        node.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); }
        });
      }
      nodes.append(node);
    });
    svg.append(nodes);
    return svg;
  }

  // ------------------------------------------------------------------ the side panel

  function players() {
    const view = state.view;
    const list = el("ul", { class: "players", "aria-label": "Players" });
    for (const p of view.players) {
      const facts = [plural(p.cards, "card")];
      if (p.territories !== undefined) {
        facts.push(`${p.territories} ${p.territories === 1 ? "territory" : "territories"}`);
      }
      if (p.units !== undefined) facts.push(plural(p.units, "unit"));
      list.append(el("li", { class: `${p.alive ? "" : "out"}${view.turn === p.seat ? " to-move" : ""}`,
                             "aria-label": `${seatName(p.seat)}: ${p.alive ? facts.join(", ") : "eliminated"}` },
        el("span", { class: "swatch", style: `background:${SEAT_COLOURS[p.seat % SEAT_COLOURS.length]}` }),
        el("strong", { text: seatName(p.seat) }), ` ${p.alive ? facts.join(" · ") : "eliminated"}`));
    }
    return list;
  }

  function hand() {
    const view = state.view;
    if (view.hand === undefined) return null;
    const list = el("ul", { class: "hand", "aria-label": "Your cards" });
    for (const card of view.hand) list.append(el("li", { class: "card", text: cardName(card) }));
    if (!view.hand.length) list.append(el("li", { class: "empty", text: "no cards" }));
    return el("section", { class: "hand-panel" },
      el("h2", { text: `Your cards (next set: ${view.next_trade_value} units)` }), list);
  }

  function dice(values, who) {
    return el("span", { class: `dice ${who}`, role: "img",
                        "aria-label": `${who === "attack" ? "Attacker" : "Defender"} rolled ${values.join(", ")}` },
      ...values.map((v) => el("span", { class: "die", text: String(v) })));
  }

  function lastRoll() {
    const rolls = state.view.log.filter((e) => e.kind === "wf_attack");
    if (!rolls.length) return null;
    const roll = rolls[rolls.length - 1];
    return el("section", { class: "roll", "aria-label": "Last roll" },
      el("h2", { text: `${seatName(roll.seat)}: ${territory(roll.source)} → ${territory(roll.target)}` }),
      el("div", { class: "row" }, dice(roll.attack_dice, "attack"), " vs ", dice(roll.defend_dice, "defend")),
      el("p", { class: "note", text: `attacker loses ${roll.attacker_losses}, defender loses ${roll.defender_losses}` }));
  }

  function describe(e) {
    const at = (t) => territory(t);
    switch (e.kind) {
      case "wf_turn": return `Round ${e.round}: ${e.seat === me ? "your" : `${seatName(e.seat)}'s`} turn`;
      case "wf_income": return `${seatName(e.seat)} receive${e.seat === me ? "" : "s"} ${e.total} units`;
      case "wf_trade": return `${seatName(e.seat)} trade${e.seat === me ? "" : "s"} cards for ${e.value}`;
      case "wf_placed": return `${seatName(e.seat)} place${e.seat === me ? "" : "s"} ${e.count} on ${at(e.territory)}`;
      case "wf_attack": return `${seatName(e.seat)}: ${at(e.source)} attacks ${at(e.target)} (−${e.attacker_losses} / −${e.defender_losses})`;
      case "wf_captured": return `${seatName(e.seat)} capture${e.seat === me ? "" : "s"} ${at(e.target)}`;
      case "wf_move_in": return `${e.count} move into ${at(e.target)}`;
      case "wf_transfer": return `${seatName(e.seat)} transfer${e.seat === me ? "" : "s"} ${e.count}: ${at(e.source)} → ${at(e.target)}`;
      case "wf_card_drawn": return `You draw ${cardName(e.card)}`;
      case "wf_card_awarded": return `${seatName(e.seat)} earn${e.seat === me ? "" : "s"} a card`;
      case "wf_eliminated": return `${seatName(e.seat)} eliminated by ${seatName(e.by)}`;
      case "game_end": return e.winner == null ? "Game over" : `${seatName(e.winner)} win${e.winner === me ? "" : "s"}`;
      default: return e.kind.replace(/^wf_/, "").replaceAll("_", " ");
    }
  }

  function render() {
    const view = state.view;
    if (!view) return;
    root.replaceChildren();
    const phase = { setup: "Setup", trade: "Trading", place: "Placing", attack: "Attacking",
                    move_in: "Moving in", transfer: "Transfer", over: "Game over" }[view.phase] || view.phase;
    const mover = view.turn == null ? "" : view.turn === me ? "your turn" : `${seatName(view.turn)}'s turn`;
    root.append(el("header", { class: "status" },
      el("span", { text: `${view.map.name} · round ${view.round}` }),
      el("span", { class: "phase", text: [phase, mover].filter(Boolean).join(" · ") }),
      view.options.fog ? el("span", { class: "fog-note", text: "fog of war" }) : null));
    const layout = el("div", { class: "layout" });
    layout.append(el("div", { class: "map-wrap" }, drawMap()));
    const side = el("div", { class: "side" });
    side.append(players());
    const panel = decision();
    if (panel) side.append(panel);
    if (state.message) side.append(el("p", { class: "refused", role: "alert", text: state.message }));
    if (view.winner != null) {
      side.append(el("p", { class: "winner", role: "status",
        text: view.winner === me ? "You win" : `${seatName(view.winner)} wins` }));
    }
    for (const part of [hand(), lastRoll()]) if (part) side.append(part);
    const events = el("ol", { class: "events", "aria-label": "Recent events" });
    for (const e of view.log) events.append(el("li", { text: describe(e) }));
    side.append(el("section", { class: "log" }, el("h2", { text: "Recent events" }), events));
    layout.append(side);
    root.append(layout);
  }

  return {
    update(frame) {
      const fresh = state.busy || JSON.stringify(frame.legal) !== JSON.stringify(state.legal);
      state.view = frame.view;
      state.legal = frame.legal;
      if (fresh) {
        state.busy = false;
        state.source = null;
        state.target = null;
        state.message = "";
      }
      render();
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("warfish-board");
    },
  };
}
