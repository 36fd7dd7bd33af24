// Tournaments from the store: the list, and one tournament's leaderboard and head-to-head
// (the same report as `sparring leaderboard T --json`).

import { el, getJSON, header } from "/static/common.js";

const $ = (id) => document.getElementById(id);
document.getElementById("top").replaceWith(header());
const parts = location.pathname.split("/").filter(Boolean);

function cell(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function grid(rows) {
  if (!rows.length) return el("p", { class: "muted" }, "Nothing yet.");
  const columns = Object.keys(rows[0]);
  return el("table", { class: "list" }, el("tr", {}, ...columns.map((name) => el("th", {}, name))),
    ...rows.map((row) => el("tr", {}, ...columns.map((name) => el("td", {}, cell(row[name]))))));
}

async function list() {
  const found = await getJSON("/api/tournaments");
  $("content").replaceChildren(found.length
    ? el("table", { class: "list" }, ...found.map((each) => el("tr", {},
      el("td", {}, el("a", { href: `/tournaments/${encodeURIComponent(each.name)}` }, each.name)),
      el("td", {}, each.game), el("td", {}, each.format), el("td", {}, each.entrants.join(", ")))))
    : el("p", { class: "muted" }, "No tournament in this store yet (sparring tournament …)."));
}

async function one(name) {
  const report = await getJSON(`/api/tournaments/${encodeURIComponent(name)}`);
  $("title").textContent = `${report.tournament} — ${report.game}, ${report.format}`;
  const names = Object.keys(report.head_to_head);
  const matrix = names.map((a) => Object.fromEntries([["", a],
    ...names.map((b) => [b, a === b ? "—" : cell(report.head_to_head[a][b]?.score ?? report.head_to_head[a][b])])]));
  $("content").replaceChildren(
    el("p", { class: "muted" }, `${report.games_played} of ${report.games_scheduled} games played`),
    el("h2", {}, "Leaderboard"), grid(report.leaderboard),
    el("h2", {}, "Head to head"), grid(matrix));
}

(parts.length > 1 ? one(decodeURIComponent(parts[1])) : list())
  .catch((error) => { $("content").replaceChildren(el("p", { class: "error" }, error.message)); });
