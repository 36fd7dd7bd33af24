// What every board needs and none should write again, served at /static/board-kit.js for
// boards to import: `el` builds an element (the pages' own helper), `loadStyle` adds a
// board's stylesheet, found beside the board's module, to the page once, and `sendReply`
// sends a decision's reply the way every board does.

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
