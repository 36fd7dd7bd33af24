// What every board needs and none should write again, served at /static/board-kit.js for
// boards to import: `el` builds an element (the pages' own helper), and `loadStyle` adds a
// board's stylesheet, found beside the board's module, to the page once.

import { el } from "/static/common.js";

export { el };

/** Add the stylesheet `name` beside the module at `moduleUrl` (pass `import.meta.url`). */
export function loadStyle(moduleUrl, name = "board.css") {
  const href = new URL(`./${name}`, moduleUrl).href;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}
