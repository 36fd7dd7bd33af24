// What every board needs and none should write again, served at /static/board-kit.js for
// boards to import: `el` builds an element (the pages' own helper), `loadStyle` adds a
// board's stylesheet, found beside the board's module, to the page once, `sendReply`
// sends a decision's reply the way every board does, and `tickClock` counts a board's clock down.

import { el } from "/static/common.js";

export { el };

/** Add the stylesheet `name` beside the module at `moduleUrl` (pass `import.meta.url`). */
export function loadStyle(moduleUrl, name = "board.css") {
  const href = new URL(`./${name}`, moduleUrl).href;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}

/**
 * Send `reply` (`{index}` or `{action}`) through the page's `ctx.act`. The board shows itself
 * busy at once (`state.busy`, no message) so a second click cannot send a second reply; the
 * next frame clears that. A refusal clears it too and shows the server's reason
 * (`state.message`). `render` redraws the board.
 */
export function sendReply(ctx, state, render, reply) {
  state.busy = true;
  state.message = "";
  render();
  return ctx.act(reply).then((answer) => {
    if (!answer.ok) {
      state.busy = false;
      state.message = answer.message || "refused";
      render();
    }
  });
}

/** Seconds left in words: tenths for a live clock, coarser for a correspondence one. */
export function timeLeft(seconds) {
  if (seconds >= 86400) return `${(seconds / 86400).toFixed(1)} d`;
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} h`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
  return `${seconds.toFixed(1)} s`;
}

/**
 * Count down the clock a board drew in `root`: the `.clock` element with its deadline (epoch
 * seconds) in `data-deadline`; its `.left` shows the time left, and it is marked `low` under
 * 3 s. Boards call it from a timer and after each redraw.
 */
export function tickClock(root) {
  const span = root.querySelector(".clock");
  if (!span) return;
  const left = Math.max(0, Number(span.dataset.deadline) - Date.now() / 1000);
  span.querySelector(".left").textContent = timeLeft(left);
  span.classList.toggle("low", left < 3);
}
