// The lobby: create a table (game, seats, clocks, seed, options), hand out the seats'
// invitation links, list the open seats, the games being played and the finished matches.

import { el, getJSON, header, postJSON } from "/static/common.js";

const $ = (id) => document.getElementById(id);
document.getElementById("top").replaceWith(header());
let games = [];

function chosenGame() {
  return games.find((game) => game.name === $("game").value);
}

function seatRow(index, game) {
  const kind = el("select", { name: "kind", "aria-label": `seat ${index} kind` },
    el("option", { value: "person" }, "person"),
    el("option", { value: "builtin" }, "built-in agent"),
    game.bots.length ? el("option", { value: "bot" }, "bot") : null);
  if (index > 0) kind.value = "builtin";
  const name = el("input", { type: "text", name: "name", placeholder: `Player ${index + 1}`, size: 10 });
  const clock = el("select", { name: "clock" },
    el("option", { value: "live" }, `live (${game.decision_seconds} s a move)`),
    el("option", { value: "correspondence" }, "correspondence"));
  const days = el("input", { type: "number", name: "days", min: 0.01, step: "any", value: 3, size: 4 });
  const listed = el("input", { type: "checkbox", name: "open" });
  const agent = el("input", { type: "text", name: "agent", value: game.agents.includes("random") ? "random" : game.agents[0],
    list: "agents", size: 14 });
  const bot = el("select", { name: "bot" }, ...game.bots.map((name) => el("option", { value: name }, name)));
  const person = el("span", {}, name, clock, el("span", { class: "days" }, days, " days a move"),
    el("label", { style: "display:inline" }, listed, " open to anyone"));
  const row = el("div", { class: "seat-row", "data-seat": index }, `Seat ${index}: `, kind, person, agent, bot);
  function refresh() {
    person.hidden = kind.value !== "person";
    agent.hidden = kind.value !== "builtin";
    bot.hidden = kind.value !== "bot";
    person.querySelector(".days").hidden = clock.value !== "correspondence";
  }
  kind.addEventListener("change", refresh);
  clock.addEventListener("change", refresh);
  refresh();
  row.read = () => {
    if (kind.value === "builtin") return { kind: "builtin", agent: agent.value };
    if (kind.value === "bot") return { kind: "bot", bot: bot.value };
    const seat = { kind: "person", name: name.value || null, clock: clock.value, open: listed.checked };
    if (clock.value === "correspondence") seat.days = Number(days.value);
    return seat;
  };
  return row;
}

function showSeatRows() {
  const game = chosenGame();
  const count = Number($("players").value);
  $("seat-rows").replaceChildren(...Array.from({ length: count }, (_, index) => seatRow(index, game)));
  let list = document.getElementById("agents");
  if (!list) { list = el("datalist", { id: "agents" }); document.body.append(list); }
  list.replaceChildren(...game.agents.map((name) => el("option", { value: name })));
}

function chooseGame() {
  const game = chosenGame();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.min_players;
  $("options").value = JSON.stringify(game.options, null, 1);
  // A game's own page (its cards, a deck builder…), when its board folder has one.
  $("game-page-line").hidden = !game.page;
  if (game.page) {
    $("game-page").href = game.page;
    $("game-page").textContent = `${game.title}: the game's own page`;
  }
  showSeatRows();
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  let options;
  try { options = $("options").value.trim() ? JSON.parse($("options").value) : {}; }
  catch { $("create-error").textContent = "The rule options are not valid JSON."; return; }
  // The number of seats decides a game's player count, where it has one.
  if (options && typeof options === "object" && "players" in options) options.players = Number($("players").value);
  const seed = $("seed").value.trim();
  const body = {
    game: $("game").value,
    options,
    seed: seed === "" ? null : Number(seed),
    seats: [...$("seat-rows").children].map((row) => row.read()),
  };
  try {
    const made = await postJSON("/api/tables", body);
    const links = made.seats.filter((seat) => seat.invitation).map((seat) =>
      el("label", {}, `Seat ${seat.seat} — send this link to its player (it is the seat's key):`,
        el("input", { type: "text", readonly: true, value: new URL(seat.invitation, location.href).href,
          "data-seat": seat.seat, class: "invitation" })));
    $("created").replaceChildren(el("h2", {}, `Table ${made.table} (seed ${made.seed})`), ...links,
      el("p", {}, el("a", { href: made.spectate, id: "watch-link" }, "Watch this table")));
    refreshLists();
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function join(table, seat) {
  try {
    const made = await postJSON(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/join`, {});
    location.href = made.invitation;
  } catch (error) {
    alert(error.message);
  }
}

function tableRows(tables, withJoin) {
  if (!tables.length) return el("p", { class: "muted" }, "None.");
  return el("table", { class: "list" }, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Seats"), el("th", {}, "")),
    ...tables.map((table) => el("tr", {},
      el("td", {}, table.title),
      el("td", {}, table.seats.map((seat) => `${seat.seat}: ${seat.name}`).join(" · ")),
      el("td", {}, withJoin
        ? table.seats.filter((seat) => seat.open).map((seat) =>
          el("button", { type: "button", onclick: () => join(table.table, seat.seat) }, `Join seat ${seat.seat}`))
        : el("a", { href: `/table/${table.table}` }, "Watch")))));
}

async function refreshLists() {
  const lists = await getJSON("/api/tables");
  $("open").replaceChildren(tableRows(lists.open, true));
  $("live").replaceChildren(tableRows(lists.live, false));
  $("finished").replaceChildren(lists.finished.length
    ? el("table", { class: "list" }, ...lists.finished.map((match) => el("tr", {},
      el("td", {}, `#${match.match}`), el("td", {}, match.game), el("td", {}, match.seats.join(" vs ")),
      el("td", {}, match.winner === null ? "draw" : `seat ${match.winner} won`),
      el("td", {}, el("a", { href: `/replay/${match.match}` }, "Replay")))))
    : el("p", { class: "muted" }, "None yet."));
}

async function start() {
  games = await getJSON("/api/games");
  $("game").replaceChildren(...games.map((game) => el("option", { value: game.name }, game.title)));
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("change", showSeatRows);
  $("create").addEventListener("submit", create);
  chooseGame();
  refreshLists();
  setInterval(refreshLists, 5000);
}

start();
