// The Food Chain board: a thin renderer of one seat's view and its legal actions.
//
// It draws what the view holds — both fields (creatures with ATK/HP, keywords, the
// Frozen/Paralyzed statuses, summoning exhaustion, the dry-drop mark; field spells), the
// seat's hand, hand and deck counts, both carrion and exile piles, both players' HP, the
// phase and whether the turn's card has been played — and offers exactly what LEGAL lists
// (a flat list of complete actions). Every selection of rules §14 is built by filtering
// that list, never by a rule of its own: an attack is "the legal attacks with this
// attacker", then one of their targets; what a predator may eat is the union of the cards
// of the listed `eat` actions, and "Confirm eating" is offered only when the chosen cards
// are exactly one listed action. Replies are sent as an index into LEGAL.
//
// Cancelling (§14): a play, an activation or an attack is only a selection until it is
// confirmed; "Cancel" drops it and nothing is sent. The engine asks what a predator eats,
// or whom a spell targets, only after the play is declared and the rival's traps had their
// chance (rules §8, ruling 5), so the board gathers that choice BEFORE it sends the play,
// from the frame's `previews` (the decision the engine will ask if no trap intervenes, read
// from this seat's view alone): the eat or target panel of a play not yet sent has
// "Cancel" (back to the hand, nothing sent) and "Confirm", which sends the play; when the
// engine's decision then arrives listing the confirmed choice, the board sends it by
// itself. Once sent, an action is final: if a trap changed the menu, or negated the play,
// the board says so, and asks again with no "Cancel". A play without a preview (a spell
// opening with a modal or a tutor, say) is confirmed as a play and its choice asked after.
//
// The contract with the page (docs/web-boards.md): mount(root, ctx) -> {update, destroy}.

import { el, loadStyle } from "/static/board-kit.js";

const PHASES = { start: "Start", main1: "Main phase 1", combat: "Combat", main2: "Main phase 2",
                 end: "End", over: "Game over" };
const MAX_LOG = 80;

// Append the children that are not null (a part with nothing to show returns null).
function add(parent, ...children) {
  for (const child of children) if (child != null) parent.append(child);
}

// The printed cards by name (pool.json, written from the engine's own pool and card text),
// for display only: what a card in a pile says, and a prey's printed nutrition.
let POOL = null;
export async function loadPool() {
  if (!POOL) {
    const answer = await fetch(new URL("./pool.json", import.meta.url));
    const pool = await answer.json();
    POOL = new Map();
    for (const kingdom of pool.kingdoms) for (const card of kingdom.cards) POOL.set(card.name, card);
    for (const card of pool.tokens) POOL.set(card.name, card);
  }
  return POOL;
}

const sameJSON = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The labels of a modal's options, as the decision's prompt lists them ("… — 0: Soak;
// 1: Soothe"); an option the prompt does not name is called by its number.
function modalLabels(prompt) {
  const labels = new Map();
  const list = (prompt || "").split("—").slice(1).join("—");
  for (const part of list.split(";")) {
    const match = part.trim().match(/^(\d+):\s*(.+)$/);
    if (match) labels.set(Number(match[1]), match[2]);
  }
  return labels;
}

// The events of `now` that `before` had not shown: the view's log is a window over the
// last two turns, so the new events are what follows the longest overlap of the old
// window's end with the new window's start.
function newEvents(before, now) {
  if (!before) return [];
  const old = before.map((e) => JSON.stringify(e));
  const fresh = now.map((e) => JSON.stringify(e));
  for (let k = Math.min(old.length, fresh.length); k > 0; k--) {
    if (old.slice(old.length - k).every((e, i) => e === fresh[i])) return now.slice(k);
  }
  return now;
}

export function mount(root, ctx) {
  loadStyle(import.meta.url);
  const me = ctx.hello.seat; // null: a spectator
  const state = { view: null, legal: null, previews: {}, busy: false, message: "",
                  notice: "", selection: null, confirmed: null, eating: [], target: null,
                  modalOpen: false, lines: [], before: null, animate: false, sprung: [] };
  root.classList.add("foodchain-board");
  // The printed cards arrive after the first frame may have been drawn: draw it again,
  // with its animation (the change it shows is still the last frame's).
  loadPool().then(() => { if (state.view) render(state.lastAnimate); }).catch(() => {});

  const who = (seat) => (me == null ? `Seat ${seat}` : seat === me ? "You" : "Rival");
  const whose = (seat) => (me == null ? `Seat ${seat}'s` : seat === me ? "Your" : "Rival's");

  // Every card the view names, by id: fields, field spells, piles, hand, known rival
  // cards, and the cards a decision offers from a deck or a pile.
  function cardsById(view) {
    const found = new Map();
    for (const player of view.players) {
      for (const card of [...player.field, ...player.carrion, ...player.exile]) found.set(card.card, card);
      if (player.field_spell) found.set(player.field_spell.card, player.field_spell);
    }
    for (const card of [...(view.hand || []), ...(view.rival_known_hand || [])]) found.set(card.card, card);
    for (const card of (view.decision && view.decision.cards) || []) found.set(card.card, card);
    for (const card of (view.resolution && view.resolution.in_flight) || []) {
      if (!found.has(card.card)) found.set(card.card, card);
    }
    return found;
  }
  const nameOf = (id) => {
    const card = state.view && cardsById(state.view).get(id);
    return card ? `${card.name} #${id}` : `card #${id}`;
  };

  function send(index) {
    state.busy = true;
    state.message = "";
    state.notice = "";
    state.modalOpen = false;
    render();
    ctx.act({ index }).then((answer) => {
      if (!answer.ok) {
        state.busy = false;
        state.confirmed = null; // a refused play was not made: nothing to follow up
        state.message = answer.message || "refused";
        render();
      }
    });
  }

  const indexOf = (wanted) => state.legal.findIndex((action) => sameJSON(action, wanted));
  const legalOf = (type) => (state.legal || []).map((action, index) => ({ action, index }))
    .filter(({ action }) => action.type === type);
  const button = (text, onclick, extra = {}) =>
    el("button", { type: "button", disabled: state.busy, text, onclick, ...extra });

  // ------------------------------------------------------------------ drawing the table

  function keywordChips(keywords) {
    if (!keywords || !keywords.length) return null;
    return el("ul", { class: "keywords", "aria-label": "Keywords" },
      ...keywords.map((k) => el("li", { text: k })));
  }

  function creatureCard(creature, seat) {
    const marks = [];
    if (creature.exhausted) marks.push(["exhausted", "summoning exhaustion"]);
    if (creature.frozen) marks.push(["frozen", "Frozen"]);
    if (creature.paralyzed) marks.push(["paralyzed", "Paralyzed"]);
    if (creature.dry) marks.push(["dry", "dry drop"]);
    if (creature.token) marks.push(["token", "token"]);
    const label = `${whose(seat)} ${creature.name} #${creature.card}: ATK ${creature.atk}, ` +
      `HP ${creature.hp} of ${creature.max_hp}` +
      (creature.keywords.length ? `, ${creature.keywords.join(", ")}` : "") +
      marks.map(([, text]) => `, ${text}`).join("");
    const card = el("article", { class: `card creature ${creature.category} ${marks.map(([k]) => k).join(" ")}`,
                                 "aria-label": label, "data-card": creature.card });
    add(card, el("header", {},
      el("strong", { class: "name", text: creature.name }),
      el("span", { class: "id", text: `#${creature.card}` })));
    add(card, el("p", { class: "stats" },
      el("span", { class: "atk", text: `ATK ${creature.atk}` }),
      el("span", { class: "hp", text: `HP ${creature.hp}/${creature.max_hp}` }),
      creature.nutrition !== undefined
        ? el("span", { class: "nutrition", text: `Nutrition ${creature.nutrition}` }) : null));
    add(card, keywordChips(creature.keywords));
    if (marks.length) {
      add(card, el("ul", { class: "marks", "aria-label": "Statuses" },
        ...marks.map(([kind, text]) => el("li", { class: kind, text }))));
    }
    if (creature.text) add(card, el("p", { class: "text", text: creature.text }));
    // The cards the choice being made may name are ringed (the choosing is in the panel).
    const making = choice();
    if (making && making.menu.some((action) => action.card === creature.card
        || (action.cards || []).includes(creature.card))) {
      card.classList.add("choosable");
    }
    animateCreature(card, creature);
    add(card, ...creatureControls(creature, seat));
    return card;
  }

  // The change since the last frame: HP lost or regained floats up; a new creature arrives.
  function animateCreature(card, creature) {
    if (!state.animate || !state.before) return;
    const earlier = state.before.creatures.get(creature.card);
    if (!earlier) {
      card.classList.add("enters-now");
      return;
    }
    const delta = creature.hp - earlier.hp;
    if (delta) {
      add(card, el("span", { class: `delta ${delta < 0 ? "loss" : "gain"}`, "aria-hidden": "true",
                               text: `${delta > 0 ? "+" : ""}${delta}` }));
    }
  }

  function fullCard(card, extraClass = "") {
    const article = el("article", { class: `card ${card.category} ${extraClass}`,
                                    "aria-label": `${card.name} #${card.card} (${card.category})`,
                                    "data-card": card.card });
    add(article, el("header", {},
      el("strong", { class: "name", text: card.name }),
      el("span", { class: "id", text: `#${card.card}` })));
    add(article, el("p", { class: "category", text: card.category }));
    if (card.atk !== undefined) {
      add(article, el("p", { class: "stats" },
        el("span", { class: "atk", text: `ATK ${card.atk}` }),
        el("span", { class: "hp", text: `HP ${card.hp}` }),
        card.nutrition !== undefined ? el("span", { class: "nutrition", text: `Nutrition ${card.nutrition}` }) : null));
    }
    add(article, keywordChips(card.keywords));
    if (card.text) add(article, el("p", { class: "text", text: card.text }));
    return article;
  }

  function pile(title, cards, seat) {
    const box = el("details", { class: "pile", "aria-label": `${whose(seat)} ${title.toLowerCase()} pile` },
      el("summary", { text: `${title}: ${cards.length}` }));
    const list = el("ul", {});
    for (const card of cards) {
      const printed = POOL && POOL.get(card.name);
      list.append(el("li", { title: printed ? printed.text : null,
                             text: `${card.name} #${card.card} (${card.category})` }));
    }
    add(box, list);
    return box;
  }

  function side(view, seat) {
    const player = view.players[seat];
    const own = me != null && seat === me;
    const section = el("section", { class: `side ${own ? "own" : "other"}`,
                                    "aria-label": me == null ? `Seat ${seat}` : own ? "Your side" : "Rival's side" });
    const earlier = state.animate && state.before ? state.before.hp[seat] : undefined;
    const hp = el("span", { class: "player-hp", "aria-label": `${whose(seat)} HP`, text: `HP ${player.hp}` });
    if (earlier !== undefined && earlier !== player.hp) {
      hp.append(el("span", { class: `delta ${player.hp < earlier ? "loss" : "gain"}`, "aria-hidden": "true",
                             text: `${player.hp > earlier ? "+" : ""}${player.hp - earlier}` }));
    }
    add(section, el("header", { class: "player" },
      el("h2", { text: me == null ? `Seat ${seat}` : own ? "You" : "Rival" }), hp,
      el("span", { class: "count", "aria-label": `${whose(seat)} hand size`, text: `${player.hand_count} in hand` }),
      el("span", { class: "count", "aria-label": `${whose(seat)} deck size`, text: `${player.deck_count} in deck` }),
      view.active === seat ? el("span", { class: "active", text: "to play" }) : null));
    const field = el("div", { class: "field", "aria-label": `${whose(seat)} field` });
    if (player.field_spell) {
      add(field, fullCard(player.field_spell, "field-spell"));
    }
    for (const creature of player.field) add(field, creatureCard(creature, seat));
    if (!player.field.length && !player.field_spell) add(field, el("p", { class: "empty", text: "Empty field" }));
    attackRivalControl(field, seat);
    add(section, field);
    add(section, el("div", { class: "piles" },
      pile("Carrion", player.carrion, seat), pile("Exile", player.exile, seat)));
    return section;
  }

  function header(view) {
    const mover = view.to_move.length ? view.to_move.map(who).join(", ") : "";
    const deciding = view.decision && view.decision.player !== me && view.decision.player !== undefined
      ? `${who(view.decision.player)} to decide (${view.decision.kind})` : "";
    return el("header", { class: "status" },
      el("span", { class: "turn", text: `Turn ${view.turn} of ${view.turn_cap}` }),
      el("span", { class: "phase", "aria-label": "Phase", text: PHASES[view.phase] || view.phase }),
      el("span", { class: "active", text: me == null ? `Seat ${view.active} to play`
        : view.active === me ? "Your turn" : "Rival's turn" }),
      el("span", { class: "limit", "aria-label": "Play limit",
                   text: view.card_played ? "Card played this turn (limit used)" : "No card played yet this turn" }),
      resolving(view),
      mover && !deciding ? el("span", { class: "mover", text: `To move: ${mover}` }) : null,
      deciding ? el("span", { class: "mover", text: deciding }) : null);
  }

  // The cards declared or sprung and not yet resolved (public: the view's resolution).
  function resolving(view) {
    const cards = (view.resolution && view.resolution.in_flight) || [];
    if (!cards.length) return null;
    return el("span", { class: "resolving", "aria-label": "Resolving",
                        text: `Resolving: ${cards.map((c) => `${c.name} #${c.card}`).join(", ")}` });
  }

  function hand(view) {
    const section = el("section", { class: "hand", "aria-label": "Your hand" },
      el("h2", { text: `Your hand (${view.hand.length})` }));
    const row = el("div", { class: "cards" });
    for (const card of view.hand) {
      const article = fullCard(card, "in-hand");
      add(article, ...handControls(card));
      row.append(article);
    }
    if (!view.hand.length) row.append(el("p", { class: "empty", text: "Empty hand" }));
    add(section, row);
    const known = view.rival_known_hand || [];
    if (known.length) {
      add(section, el("h3", { text: "Cards you know in the rival's hand" }),
        el("div", { class: "cards known" }, ...known.map((c) => fullCard(c, "known"))));
    }
    return section;
  }

  // ------------------------------------------------------------------ free choices

  function handControls(card) {
    const controls = [];
    for (const { action, index } of legalOf("play")) {
      if (action.card === card.card) {
        const preview = state.previews[String(index)] || null;
        const chosen = state.selection && state.selection.kind === "play" && state.selection.index === index;
        controls.push(button(`Play ${card.name}`,
                             () => select({ kind: "play", index, card: card.card, preview }),
                             { class: "primary", "aria-pressed": chosen ? "true" : "false" }));
      }
    }
    for (const { action, index } of legalOf("activate")) {
      if (action.card === card.card) {
        controls.push(button(`Discard ${card.name} for its ability`,
                             () => select({ kind: "activate", index, card: card.card })));
      }
    }
    return controls;
  }

  function creatureControls(creature, seat) {
    const controls = [];
    if (me == null) return controls;
    if (seat === me) {
      for (const { action, index } of legalOf("activate")) {
        if (action.card === creature.card) {
          controls.push(button(`Sacrifice ${creature.name} for its ability`,
                               () => select({ kind: "activate", index, card: creature.card })));
        }
      }
      const attacks = legalOf("attack").filter(({ action }) => action.attacker === creature.card);
      if (attacks.length) {
        const chosen = state.selection && state.selection.kind === "attack"
          && state.selection.attacker === creature.card;
        controls.push(button(`Attack with ${creature.name}`,
          () => select({ kind: "attack", attacker: creature.card }),
          { "aria-pressed": chosen ? "true" : "false" }));
      }
    } else if (state.selection && state.selection.kind === "attack") {
      for (const { action, index } of legalOf("attack")) {
        if (action.attacker === state.selection.attacker && action.target === creature.card) {
          controls.push(button(`Attack ${creature.name}`, () => send(index), { class: "danger" }));
        }
      }
    }
    return controls;
  }

  function attackRivalControl(field, seat) {
    if (me == null || seat === me || !state.selection || state.selection.kind !== "attack") return;
    for (const { action, index } of legalOf("attack")) {
      if (action.attacker === state.selection.attacker && action.target === "rival") {
        add(field, button("Attack the rival directly", () => send(index), { class: "danger" }));
      }
    }
  }

  function select(selection) {
    state.selection = selection;
    state.eating = [];
    state.target = null;
    state.message = "";
    state.notice = "";
    render();
  }

  // A play whose choice was gathered first: send the play, and keep the choice to answer
  // the engine's decision with when it arrives (`followUp`).
  function confirmPlay(selection, choice) {
    state.confirmed = { card: selection.card, kind: selection.preview.kind, choice,
                        name: nameOf(selection.card) };
    send(selection.index);
  }

  // The panel of a free choice being made: confirm or cancel a play or an activation, the
  // attacker chosen (its targets are on the rival's side), or nothing chosen yet.
  function freePanel() {
    const panel = el("section", { class: "decision", "aria-label": "Your move" });
    const selection = state.selection;
    if (selection && selection.kind === "play" && selection.preview) {
      const menu = selection.preview.options;
      const panels = { eat: eatPanel, target: targetPanel };
      return panels[selection.preview.kind]({
        prompt: selection.preview.prompt, menu,
        cancel: () => select(null),
        confirm: (action) => confirmPlay(selection, action),
        hint: "Nothing is sent until you confirm; once confirmed, the play cannot be cancelled.",
      });
    }
    if (selection && (selection.kind === "play" || selection.kind === "activate")) {
      const card = cardsById(state.view).get(selection.card);
      const verb = selection.kind === "play" ? "Play" : "Use the ability of";
      add(panel, el("h2", { text: `${verb} ${card ? card.name : `#${selection.card}`}?` }));
      if (card && card.text) add(panel, el("p", { class: "text", text: card.text }));
      if (selection.kind === "play" && card && card.category === "predator") {
        add(panel, el("p", { class: "hint", text: "It has no choice of food to make (unless a trap changes that)." }));
      }
      add(panel, el("div", { class: "row" },
        button("Cancel", () => select(null)),
        button(selection.kind === "play" ? "Confirm play" : "Confirm ability",
               () => send(selection.index), { class: "primary" })));
      return panel;
    }
    if (selection && selection.kind === "attack") {
      add(panel, el("h2", { text: `Attack with ${nameOf(selection.attacker)}: choose its target` }),
        el("p", { class: "hint", text: "The targets it may attack are marked on the rival's side." }),
        el("div", { class: "row" }, button("Cancel attack", () => select(null))));
      return panel;
    }
    const phase = PHASES[state.view.phase] || state.view.phase;
    add(panel, el("h2", { text: state.view.phase === "combat"
      ? "Combat: choose an attacker, or end combat" : `${phase}: play a card, or end the phase` }));
    for (const { index } of legalOf("end_phase")) {
      add(panel, el("div", { class: "row" }, button(`End ${phase.toLowerCase()}`, () => send(index))));
    }
    return panel;
  }

  // ------------------------------------------------------------------ decisions

  // The choice being made, if it is an eat or a target choice: the live decision's (its
  // listed actions) or the previewed one of a play not yet sent (its options).
  function choice() {
    const decision = state.view && state.view.decision;
    if (decision && decision.player === me && state.legal) {
      if (decision.kind === "eat") return { kind: "eat", menu: legalOf("eat").map(({ action }) => action) };
      if (decision.kind === "target" || decision.kind === "tutor" || decision.kind === "play") {
        return { kind: "target", menu: legalOf("target").map(({ action }) => action) };
      }
      return null;
    }
    const selection = state.selection;
    if (!decision && selection && selection.kind === "play" && selection.preview) {
      return { kind: selection.preview.kind, menu: selection.preview.options };
    }
    return null;
  }

  // The live decision's answer: the listed action equal to `action`, by its index.
  const answer = (action) => send(indexOf(action));

  function eatToggle(menu, card, text) {
    const chosen = state.eating.includes(card);
    const next = chosen ? state.eating.filter((c) => c !== card) : [...state.eating, card].sort((a, b) => a - b);
    // A card can be added only if the cards chosen with it are part of some listed action.
    const possible = chosen || menu.some((action) => next.every((c) => action.cards.includes(c)));
    return el("button", { type: "button", class: "eat", text: `${text} (${nutritionText(card)})`,
                          "aria-pressed": chosen ? "true" : "false", disabled: state.busy || !possible,
                          onclick: () => { state.eating = next; render(); } });
  }

  // What a card gives when eaten, as printed or shown: a prey's nutrition, a predator's ATK.
  function nutritionText(id) {
    const view = state.view;
    const creature = view.players.flatMap((p) => p.field).find((c) => c.card === id);
    if (creature) {
      return creature.nutrition !== undefined ? `nutrition ${creature.nutrition}` : `Edible, ATK ${creature.atk}`;
    }
    const card = cardsById(view).get(id);
    const printed = card && POOL && POOL.get(card.name);
    if (!printed) return "nutrition ?";
    return printed.nutrition !== undefined ? `nutrition ${printed.nutrition}` : `ATK ${printed.atk}`;
  }

  // The row under a choice: Cancel (only before the play is sent), Clear, and Confirm.
  function choiceRow({ cancel }, clear, confirm) {
    return el("div", { class: "row" },
      cancel ? button("Cancel", cancel) : null, clear, confirm);
  }

  // What to eat, from `menu` (eat actions): a live decision's or a preview's.
  function eatPanel(choiceOf) {
    const { prompt, menu, confirm, hint } = choiceOf;
    const panel = el("section", { class: "decision eat", "aria-label": "Choose what to eat" });
    add(panel, el("h2", { text: prompt || "Choose up to 3 creatures to eat" }));
    if (hint) add(panel, el("p", { class: "hint", text: hint }));
    const offered = new Set(menu.flatMap((action) => action.cards));
    const ownCarrion = new Set(state.view.players[me].carrion.map((c) => c.card));
    const onField = [...offered].filter((c) => !ownCarrion.has(c));
    const fromCarrion = [...offered].filter((c) => ownCarrion.has(c));
    if (onField.length) {
      add(panel, el("h3", { text: "On your field" }),
        el("div", { class: "choices", role: "group", "aria-label": "Creatures on your field to eat" },
          ...onField.map((c) => eatToggle(menu, c, `Eat ${nameOf(c)}`))));
    }
    if (fromCarrion.length) {
      add(panel, el("h3", { text: "From your carrion pile (Scavenge)" }),
        el("div", { class: "choices", role: "group", "aria-label": "Carrion cards to eat" },
          ...fromCarrion.map((c) => eatToggle(menu, c, `Eat ${nameOf(c)} from carrion`))));
    }
    const exact = menu.find((action) => sameJSON(action.cards, state.eating));
    const text = state.eating.length
      ? `Confirm eating ${state.eating.length} (${state.eating.map(nutritionText).join(" + ")})`
      : "Confirm: eat nothing (dry drop)";
    add(panel, choiceRow(choiceOf,
      button("Clear", () => { state.eating = []; render(); }, { disabled: state.busy || !state.eating.length }),
      button(text, () => confirm(exact), { class: "primary", disabled: state.busy || !exact })));
    return panel;
  }

  // Whom to target, from `menu` (target actions): a live decision's or a preview's; `cards`
  // are the cards a decision offers from a deck or a pile, shown in full once chosen.
  function targetPanel(choiceOf) {
    const { prompt, menu, confirm, hint, cards } = choiceOf;
    const panel = el("section", { class: "decision target", "aria-label": "Choose a target" });
    add(panel, el("h2", { text: prompt || "Choose a target" }));
    if (hint) add(panel, el("p", { class: "hint", text: hint }));
    const list = el("div", { class: "choices", role: "group", "aria-label": "Targets" });
    for (const action of menu) {
      const text = action.player !== undefined
        ? `Target ${action.player === me ? "yourself" : "the rival"}`
        : `Target ${nameOf(action.card)}`;
      const pressed = state.target !== null && sameJSON(state.target, action);
      list.append(button(text, () => { state.target = action; render(); },
                         { "aria-pressed": pressed ? "true" : "false", class: "target" }));
    }
    add(panel, list);
    const chosen = (cards || []).find((c) => state.target !== null && state.target.card === c.card);
    if (chosen) add(panel, fullCard(chosen, "chosen"));
    add(panel, choiceRow(choiceOf,
      button("Clear", () => { state.target = null; render(); }, { disabled: state.busy || state.target === null }),
      button("Confirm target", () => confirm(state.target),
             { class: "primary", disabled: state.busy || state.target === null })));
    return panel;
  }

  // "Choose one": a modal dialog over the board with one button per listed option.
  function chooseModal(decision) {
    const labels = modalLabels(decision.prompt);
    const dialog = el("div", { class: "modal", role: "dialog", "aria-modal": "true",
                               "aria-label": "Choose one" });
    const box = el("div", { class: "modal-box" },
      el("h2", { text: (decision.prompt || "Choose one").split("—")[0].trim() }));
    for (const { action, index } of legalOf("choose")) {
      const label = labels.get(action.option) || `Option ${action.option}`;
      add(box, button(label, () => send(index), { class: "primary" }));
    }
    dialog.append(box);
    return dialog;
  }

  function orderPanel(decision) {
    const panel = el("section", { class: "decision order", "aria-label": "Choose what resolves first" });
    add(panel, el("h2", { text: decision.prompt || "Choose which effect resolves next" }));
    for (const { action, index } of legalOf("order")) {
      add(panel, button(`Resolve ${nameOf(action.card)} first`, () => send(index)));
    }
    return panel;
  }

  function decisionPanel(view) {
    if (!state.legal) return null;
    const decision = view.decision;
    if (!decision) return freePanel();
    if (decision.kind === "choose") return chooseModal(decision);
    if (decision.kind === "order") return orderPanel(decision);
    // A live eat or target decision: the play is sent, so no Cancel (§14).
    const { kind, menu } = choice();
    const live = { prompt: decision.prompt, menu, confirm: answer, cards: decision.cards };
    return kind === "eat" ? eatPanel(live) : targetPanel(live);
  }

  // ------------------------------------------------------------------ events

  function logPanel() {
    const list = el("ol", { class: "events", "aria-label": "Events", "aria-live": "polite" });
    for (const line of state.lines.slice(-MAX_LOG)) list.append(el("li", { text: line }));
    return el("section", { class: "log" }, el("h2", { text: "Events" }), list);
  }

  function trapBanner() {
    if (!state.sprung.length) return null;
    return el("p", { class: "trap-banner", role: "status",
                     text: state.sprung.map((e) => `${who(e.seat)} sprang trap ${e.name || `#${e.card}`}!`).join(" ") });
  }

  function result(view) {
    if (view.phase !== "over" && view.winner == null) return null;
    const text = view.winner == null ? `Draw: ${view.end_reason}`
      : me == null ? `Seat ${view.winner} wins: ${view.end_reason}`
      : view.winner === me ? `You win: ${view.end_reason}` : `The rival wins: ${view.end_reason}`;
    return el("p", { class: "winner", role: "status", text });
  }

  function render(animate = false) {
    const view = state.view;
    if (!view) return;
    if (animate) state.animate = true;
    const scrolled = root.querySelector(".events");
    root.replaceChildren();
    add(root, header(view));
    add(root, trapBanner());
    const order = me == null ? [0, 1] : [1 - me, me];
    const table = el("div", { class: "table" });
    for (const seat of order) table.append(side(view, seat));
    add(root, table);
    const panel = decisionPanel(view);
    if (panel) add(root, panel);
    if (state.notice) add(root, el("p", { class: "notice", role: "status", text: state.notice }));
    if (state.message) add(root, el("p", { class: "refused", role: "alert", text: state.message }));
    add(root, result(view));
    if (me != null && view.hand) add(root, hand(view));
    add(root, logPanel());
    if (scrolled) {
      const list = root.querySelector(".events");
      list.scrollTop = list.scrollHeight;
    }
    state.animate = false; // a redraw for a click replays no animation
  }

  // After a play confirmed with its choice: answer the engine's decision with that choice
  // when it lists it; else say what the rival's trap changed (§14: no cancelling now).
  function followUp(view, events) {
    const confirmed = state.confirmed;
    const decision = view.decision;
    const { card, kind, choice: wanted, name } = confirmed;
    if (decision && decision.player === me && decision.kind === kind && decision.source === card) {
      state.confirmed = null;
      const index = (state.legal || []).findIndex((action) => sameJSON(action, wanted));
      if (index >= 0) {
        send(index);
      } else {
        state.notice = `A trap changed the choice for ${name}: what you confirmed is no longer ` +
          "possible. Choose again (the play is confirmed and cannot be cancelled).";
      }
      return;
    }
    if ((view.hand || []).some((c) => c.card === card)) {
      state.confirmed = null;
      state.notice = `The play of ${name} was negated: the card is back in your hand.`;
      return;
    }
    const inFlight = ((view.resolution && view.resolution.in_flight) || []).some((c) => c.card === card);
    if (inFlight) return; // something else is decided first (an effect the trap set off)
    // Resolved without asking: a trap left one option (the engine took it) or none.
    state.confirmed = null;
    const made = events.find((e) => e.kind === kind
      && (kind === "eat" ? e.predator === card : e.source === card));
    const same = made && (kind === "eat" ? sameJSON(made.eaten, wanted.cards)
      : (made.card ?? null) === (wanted.card ?? null) && (made.player ?? null) === (wanted.player ?? null));
    if (!same) state.notice = `A trap changed the choice for ${name}: the engine took what was left.`;
  }

  function snapshot(view) {
    return {
      creatures: new Map(view.players.flatMap((p) => p.field).map((c) => [c.card, c])),
      hp: view.players.map((p) => p.hp),
    };
  }

  return {
    update(frame) {
      const view = frame.view;
      root.dataset.seq = frame.seq; // which frame is drawn (tests match the page to it)
      // A new decision, or an answer to the reply just sent: start the choice afresh.
      const fresh = state.busy || !sameJSON(frame.legal, state.legal)
        || !sameJSON(view.decision, state.view && state.view.decision);
      const events = newEvents(state.view && state.view.log, view.log);
      state.sprung = events.filter((e) => e.kind === "trap");
      state.before = state.view ? snapshot(state.view) : null;
      state.animate = true;
      state.lastAnimate = true;
      state.lines = [...state.lines, ...(frame.log || [])].slice(-MAX_LOG);
      state.view = view;
      state.legal = frame.legal;
      state.previews = frame.previews || {};
      if (fresh) {
        state.busy = false;
        state.selection = null;
        state.eating = [];
        state.target = null;
        state.message = "";
      }
      if (state.confirmed && me != null) followUp(view, events);
      render();
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("foodchain-board");
    },
  };
}
