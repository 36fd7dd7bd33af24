// The replay page: a stored match stepped through (forward, back, to any decision), seen
// as a spectator or as any seat. The server builds every frame by replaying the stored
// actions through the engine; this page only shows them, on the game's board.

import { boardModule, el, getJSON, header, lastPathPart, t } from "/static/common.js";

const matchId = lastPathPart();
const $ = (id) => document.getElementById(id);
document.getElementById("top").replaceWith(header());

let frames = [];
let hello = null;
let board = null;
let boardUrl = null;
let step = 0;

async function load(viewer) {
  const query = viewer === "spectator" ? "" : `?seat=${viewer}`;
  const data = await getJSON(`/api/replays/${encodeURIComponent(matchId)}${query}`);
  hello = data.hello;
  frames = data.frames;
  $("title").textContent = `${hello.title} — match ${matchId}`;
  if (!$("viewer").options.length) {
    $("viewer").append(el("option", { value: "spectator" }, "a spectator"),
      ...hello.seat_names.map((name, seat) => el("option", { value: seat }, `seat ${seat}: ${name}`)));
  }
  const wanted = boardModule(hello);
  if (boardUrl !== wanted || !board) {
    board?.destroy();
    const module = await import(wanted);
    boardUrl = wanted;
    $("board").replaceChildren();
    board = module.mount($("board"), {
      hello,
      act: async () => ({ ok: false, message: "a replay cannot be played" }),
      t,
    });
  }
  $("jump").max = frames.length - 1;
  go(Math.min(step, frames.length - 1));
}

function go(target) {
  step = Math.max(0, Math.min(frames.length - 1, target));
  const frame = frames[step];
  $("position").textContent = `decision ${step} of ${frames.length - 1}`;
  $("jump").value = step;
  $("log").replaceChildren(...frames.slice(0, step + 1).flatMap((each) => each.log).map((line) => el("p", {}, line)));
  $("log").scrollTop = $("log").scrollHeight;
  $("seats").replaceChildren(...hello.seat_names.map((name, seat) =>
    el("div", { class: `seat${frame.to_move.includes(seat) ? " to-move" : ""}` }, `${seat}: ${name}`)));
  $("result").replaceChildren(frame.finished && frame.result
    ? el("div", { class: "banner", id: "outcome" }, `Winner: ${frame.result.winner === null ? "nobody"
      : `seat ${frame.result.winner}`}. ${frame.result.detail || ""}`)
    : "");
  board.update(frame);
}

$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(step - 1));
$("forward").addEventListener("click", () => go(step + 1));
$("last").addEventListener("click", () => go(frames.length - 1));
$("go").addEventListener("click", () => go(Number($("jump").value)));
$("viewer").addEventListener("change", () => load($("viewer").value));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA") return;
  if (event.key === "ArrowRight") go(step + 1);
  if (event.key === "ArrowLeft") go(step - 1);
});

load("spectator").catch((error) => { $("title").textContent = error.message; });
