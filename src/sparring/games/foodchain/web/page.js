// Food Chain's own page: the card pool by kingdom with each card's text (pool.json, written
// from the engine's pool), and a deck builder. Whether a deck is legal is the engine's
// question, asked through the server (POST /api/games/foodchain/options with the deck as a
// seat's deck option, exactly as creating a table checks it): the page counts cards for
// display only. Legal decks are saved in this browser (localStorage) and offered as the
// deck option of a new table against a built-in agent.

import { el } from "/static/common.js";

const GAME = "foodchain";
const STORE = "sparring.foodchain.decks";
const $ = (id) => document.getElementById(id);

const state = { pool: null, byName: new Map(), deck: [], agents: [] };

export function savedDecks() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "{}");
  } catch {
    return {};
  }
}

async function postJSON(url, body) {
  const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
                                    body: JSON.stringify(body) });
  const data = await answer.json();
  return answer.ok ? { ok: true, data } : { ok: false, message: data.error || answer.statusText };
}

// The engine's verdict on the deck, as the deck option of seat 0.
async function checkDeck() {
  const answer = await postJSON(`/api/games/${GAME}/options`, { deck0: state.deck });
  const verdict = $("verdict");
  if (answer.ok) {
    verdict.className = "ok";
    verdict.setAttribute("role", "status");
    verdict.textContent = "A legal deck.";
  } else {
    verdict.className = "refused";
    verdict.setAttribute("role", "alert");
    verdict.textContent = answer.message;
  }
  return answer.ok;
}

function cardEntry(card) {
  const inDeck = state.deck.includes(card.name);
  const stats = card.atk !== undefined
    ? `ATK ${card.atk} · HP ${card.hp}${card.nutrition !== undefined ? ` · nutrition ${card.nutrition}` : ""}` : "";
  return el("article", { class: `card ${card.category}`, role: "listitem", "aria-label": card.name },
    el("strong", { text: card.name }),
    el("p", { class: "meta", text: [card.category.replace("_", " "), stats].filter(Boolean).join(" · ") }),
    card.keywords.length ? el("p", { class: "meta", text: card.keywords.join(", ") }) : null,
    el("p", { class: "text", text: card.text }),
    el("button", { type: "button", "aria-pressed": inDeck ? "true" : "false",
                   text: inDeck ? `Remove ${card.name} from the deck` : `Add ${card.name} to the deck`,
                   onclick: () => toggle(card.name) }));
}

function toggle(name) {
  state.deck = state.deck.includes(name) ? state.deck.filter((n) => n !== name) : [...state.deck, name];
  $("verdict").textContent = "";
  draw();
}

function chosenCards() {
  const kingdom = $("kingdom").value;
  const cards = kingdom === "Tokens" ? state.pool.tokens
    : state.pool.kingdoms.find((k) => k.name === kingdom).cards;
  const category = $("category").value;
  return cards.filter((card) => !category || card.category === category);
}

function drawDeck() {
  const counts = {};
  for (const name of state.deck) {
    const category = (state.byName.get(name) || { category: "unknown" }).category;
    counts[category] = (counts[category] || 0) + 1;
  }
  $("deck-count").textContent = `${state.deck.length} cards` +
    (state.deck.length ? `: ${Object.entries(counts).map(([k, n]) => `${n} ${k.replace("_", " ")}`).join(", ")}` : "");
  $("deck").replaceChildren(...state.deck.map((name) => el("li", {}, name,
    el("button", { type: "button", "aria-label": `Take ${name} out`, text: "×", onclick: () => toggle(name) }))));
}

function drawSaved() {
  const decks = savedDecks();
  $("saved").replaceChildren(...Object.entries(decks).map(([name, cards]) => el("li", {},
    el("strong", { text: name }), " ",
    el("button", { type: "button", text: `Edit ${name}`, onclick: () => {
      state.deck = [...cards];
      $("deck-name").value = name;
      draw();
    } }), " ",
    el("button", { type: "button", text: `Delete ${name}`, onclick: () => {
      const kept = savedDecks();
      delete kept[name];
      localStorage.setItem(STORE, JSON.stringify(kept));
      drawSaved();
    } }), " ",
    el("button", { type: "button", class: "primary", text: `Play with ${name}`, onclick: () => play(cards) }))));
  if (!Object.keys(decks).length) $("saved").append(el("li", { text: "No saved decks yet." }));
}

// A new table: this browser's person in seat 0 with the deck, a built-in agent in seat 1.
async function play(cards) {
  const answer = await postJSON("/api/tables", {
    game: GAME, options: { deck0: cards },
    seats: [{ kind: "person", name: "You", clock: "correspondence", days: 1 },
            { kind: "builtin", agent: $("opponent").value }],
  });
  if (!answer.ok) {
    $("verdict").className = "refused";
    $("verdict").textContent = answer.message;
    return;
  }
  location.href = answer.data.seats[0].invitation;
}

async function save() {
  if (!(await checkDeck())) return;
  const decks = savedDecks();
  const name = $("deck-name").value.trim() || "My deck";
  decks[name] = [...state.deck];
  localStorage.setItem(STORE, JSON.stringify(decks));
  $("verdict").textContent = `Saved "${name}".`;
  drawSaved();
}

function draw() {
  $("cards").replaceChildren(...chosenCards().map(cardEntry));
  drawDeck();
}

async function start() {
  state.pool = await (await fetch(new URL("./pool.json", import.meta.url))).json();
  for (const kingdom of state.pool.kingdoms) for (const card of kingdom.cards) state.byName.set(card.name, card);
  for (const card of state.pool.tokens) state.byName.set(card.name, card);
  $("kingdom").replaceChildren(...state.pool.kingdoms.map((k) => el("option", { value: k.name, text: k.name })),
                               el("option", { value: "Tokens", text: "Tokens" }));
  const categories = [...new Set([...state.byName.values()].map((c) => c.category))].sort();
  $("category").append(...categories.map((c) => el("option", { value: c, text: c.replace("_", " ") })));
  $("prebuilt").append(...Object.keys(state.pool.prebuilt).map((n) => el("option", { value: n, text: n })));
  $("kingdom").addEventListener("change", draw);
  $("category").addEventListener("change", draw);
  $("prebuilt").addEventListener("change", () => {
    const name = $("prebuilt").value;
    if (!name) return;
    state.deck = [...state.pool.prebuilt[name]];
    $("deck-name").value = name;
    $("verdict").textContent = "";
    draw();
  });
  $("check").addEventListener("click", checkDeck);
  $("save").addEventListener("click", save);
  $("clear").addEventListener("click", () => { state.deck = []; $("verdict").textContent = ""; draw(); });
  draw();
  drawSaved();
  await listOpponents();
  document.body.dataset.ready = "true";
}

// The game's built-in agents, as the lobby offers them (none when the server has no lobby).
async function listOpponents() {
  try {
    const games = await (await fetch("/api/games")).json();
    const game = games.find((g) => g.name === GAME);
    $("opponent").replaceChildren(...(game ? game.agents : []).map((a) => el("option", { value: a, text: a })));
  } catch {
    $("opponent").replaceChildren();
  }
}

start();
