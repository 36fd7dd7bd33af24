// Small helpers the pages share: building elements, fetching JSON, reading the URL.

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** An element `tag` ("svg:TAG" for an SVG one) with `attributes` ("text" sets its text,
 * "onX" adds a listener) and `children` (nodes, or text). */
export function el(tag, attributes = {}, ...children) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS(SVG_NAMESPACE, tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function getJSON(url) {
  const response = await fetch(url);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

/** The last part of the page's path: a table's id, a match's number, a tournament. */
export function lastPathPart() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

/** The board module a page mounts: the one the server names in its hello, or the generic
 * board with `?board=generic` in the page's address (any game's raw view and every legal
 * action, whatever board the game has: for checking what a board draws). */
export function boardModule(hello) {
  const generic = new URLSearchParams(location.search).get("board") === "generic";
  return generic ? "/static/generic-board.js" : hello.board;
}

/** Words the pages show; a board may ask for them with ctx.t(key). */
const WORDS = {
  "your-turn": "Your move",
  "waiting": "Waiting for the other seats",
  "spectating": "You are watching",
  "game-over": "Game over",
};

export function t(key) {
  return WORDS[key] ?? key;
}

export function seconds(value) {
  if (value === null || value === undefined) return "";
  if (value >= 86400) return `${(value / 86400).toFixed(1)} d`;
  if (value >= 3600) return `${(value / 3600).toFixed(1)} h`;
  if (value >= 60) return `${Math.floor(value / 60)}:${String(Math.floor(value % 60)).padStart(2, "0")}`;
  return `${value.toFixed(1)} s`;
}

export function header() {
  return el("header", { class: "bar" },
    el("a", { href: "/" }, "sparring"),
    el("nav", {}, el("a", { href: "/" }, "Lobby"), el("a", { href: "/tournaments" }, "Tournaments")));
}
