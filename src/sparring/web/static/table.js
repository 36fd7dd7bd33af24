// The table page: opens the table's socket, says hello (with the seat token from the
// link's fragment, or none to watch), imports the board module the hello names, and
// passes it every frame; shows the seats, clocks, log, errors and the result. A dropped
// socket is reopened, and the server answers a new hello with the game as it is now.

import { boardModule, el, header, lastPathPart, seconds, t } from "/static/common.js";

const tableId = lastPathPart();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);
document.getElementById("top").replaceWith(header());

let socket = null;
let hello = null;
let board = null;
let boardUrl = null;
let frame = null;
let lastSeq = 0;
let retry = 500;
let finished = false;
let inOrder = Promise.resolve();   // messages are handled one after another, as they came
const pending = [];   // resolvers of acts awaiting their ack or error, oldest first

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/table/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    socket.send(JSON.stringify({ type: "hello", token }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    inOrder = inOrder.then(() => receive(message)).catch((error) => note(String(error)));
  });
  socket.addEventListener("close", () => {
    while (pending.length) pending.shift()({ ok: false, message: "connection lost" });
    $("status").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

async function receive(message) {
  if (message.type === "hello") return greet(message);
  if (message.type === "frame") return show(message);
  if (message.type === "ack") return pending.shift()?.({ ok: true, seq: message.seq });
  if (message.type === "error") {
    note(message.message);
    pending.shift()?.({ ok: false, message: message.message });
  }
}

async function greet(message) {
  hello = message;
  $("log").replaceChildren();   // the first frame after a hello carries the whole log
  document.title = `sparring — ${message.title}`;
  $("title").textContent = `${message.title} — table ${message.table}`;
  const wanted = boardModule(message);
  if (boardUrl !== wanted) {
    board?.destroy();
    const module = await import(wanted);
    boardUrl = wanted;
    $("board").replaceChildren();
    board = module.mount($("board"), { hello, act, t });
  }
}

function act(reply) {
  return new Promise((resolve) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      resolve({ ok: false, message: "not connected" });
      return;
    }
    pending.push(resolve);
    const decision = frame?.decision ?? undefined;
    socket.send(JSON.stringify({ type: "act", decision, ...reply }));
  });
}

async function show(message) {
  if (message.seq < lastSeq) return;   // never shown backwards
  lastSeq = message.seq;
  frame = message;
  const you = hello.seat === null ? "watching" : `playing seat ${hello.seat} (${hello.seat_names[hello.seat]})`;
  $("status").textContent = `You are ${you}. Move ${message.seq}.`;
  showSeats();
  for (const line of message.log) $("log").append(el("p", {}, line));
  $("log").scrollTop = $("log").scrollHeight;
  if (message.finished && message.result) showResult(message.result);
  board.update(message);
}

function showSeats() {
  const seats = hello.seat_names.map((name, seat) => {
    const clock = frame.clocks.find((each) => each.seat === seat);
    return el("div", {
      class: `seat${frame.to_move.includes(seat) ? " to-move" : ""}${seat === hello.seat ? " me" : ""}`,
      "data-seat": seat,
    }, `${seat}: ${name}`, " ", el("span", { class: "clock", "data-deadline": clock?.deadline ?? "" }),
    el("span", { class: "muted" }, ` ${clock?.mode ?? ""}`));
  });
  $("seats").replaceChildren(...seats);
  tick();
}

function tick() {
  for (const span of document.querySelectorAll(".clock")) {
    const deadline = Number(span.dataset.deadline);
    if (!deadline || finished) { span.textContent = ""; continue; }
    const left = Math.max(0, deadline - Date.now() / 1000);
    span.textContent = seconds(left);
    span.classList.toggle("low", left < 5);
  }
}

function showResult(result) {
  finished = true;
  const winner = result.winner === null ? "nobody" : `seat ${result.winner} (${hello.seat_names[result.winner]})`;
  $("result").replaceChildren(el("div", { class: "banner", id: "outcome" },
    `${t("game-over")}: winner ${winner}. ${result.detail || ""} `,
    result.match ? el("a", { href: `/replay/${result.match}` }, "Step through the replay") : null));
}

function note(text) {
  $("errors").prepend(el("p", { class: "error" }, text));
}

setInterval(tick, 250);
connect();
