// The generic board: any game's view as readable structured text, and its legal actions
// as a list of buttons (or, for a game's compact form, a choice by index). It holds no
// rules: it offers exactly what the frame's "legal" lists, and replies with its index.

import { el } from "/static/common.js";

/** Buttons shown at most; past this, the index field picks among the rest. */
const MAX_BUTTONS = 400;

export function mount(root, ctx) {
  const view = el("div", { class: "view" });
  const prompt = el("p", { class: "prompt muted" });
  const actions = el("div", { class: "actions" });
  const chooser = el("div", { class: "chooser" });
  root.append(el("div", { class: "generic-board" }, prompt, actions, chooser, view));
  let busy = false;

  async function reply(message, button) {
    if (busy) return;
    busy = true;
    for (const each of actions.querySelectorAll("button")) each.disabled = true;
    const answer = await ctx.act(message);
    busy = false;
    if (!answer.ok && button) for (const each of actions.querySelectorAll("button")) each.disabled = false;
  }

  function showActions(frame) {
    actions.replaceChildren();
    chooser.replaceChildren();
    if (frame.legal === null || frame.legal === undefined) {
      prompt.textContent = frame.finished ? ctx.t("game-over")
        : ctx.hello.seat === null ? ctx.t("spectating") : ctx.t("waiting");
      return;
    }
    prompt.textContent = `${ctx.t("your-turn")}: ${frame.legal_count} legal action${frame.legal_count === 1 ? "" : "s"}`;
    if (Array.isArray(frame.legal)) {
      frame.legal.slice(0, MAX_BUTTONS).forEach((action, index) => {
        const button = el("button", { type: "button", "data-index": index, title: JSON.stringify(action) },
          describe(action));
        button.addEventListener("click", () => reply({ index }, button));
        actions.append(button);
      });
      if (frame.legal.length <= MAX_BUTTONS) return;
    } else {
      chooser.append(el("pre", { class: "view" }, JSON.stringify(frame.legal, null, 1)));
    }
    const field = el("input", { type: "number", min: 0, max: frame.legal_count - 1, value: 0, "aria-label": "index" });
    const play = el("button", { type: "button" }, "Play the action at this index");
    play.addEventListener("click", () => reply({ index: Number(field.value) }, play));
    const text = el("textarea", { "aria-label": "action", placeholder: '{"type": ...}' });
    const send = el("button", { type: "button", class: "secondary" }, "Play this action (JSON)");
    send.addEventListener("click", () => {
      let action;
      try { action = JSON.parse(text.value); } catch { ctx.error?.("that is not JSON"); return; }
      reply({ action }, send);
    });
    chooser.append(el("div", { class: "actions" }, field, play), text, send);
  }

  return {
    update(frame) {
      view.replaceChildren(tree(frame.view, "view", true));
      showActions(frame);
    },
    destroy() { root.replaceChildren(); },
  };
}

/** An action in a few words: its type, then its fields. */
function describe(action) {
  if (action === null || typeof action !== "object") return String(action);
  const { type, ...rest } = action;
  const fields = Object.entries(rest).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return [type ?? "", ...fields].join(" ").trim() || JSON.stringify(action);
}

/** A JSON value as nested, foldable text. */
function tree(value, name, open = false) {
  if (value === null || typeof value !== "object") {
    return el("div", { class: "kv" }, el("span", { class: "key" }, `${name}: `), JSON.stringify(value));
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const simple = entries.every(([, item]) => item === null || typeof item !== "object");
  if (simple && entries.length <= 8) {
    const text = Array.isArray(value) ? JSON.stringify(value)
      : entries.map(([key, item]) => `${key}: ${JSON.stringify(item)}`).join(", ");
    return el("div", { class: "kv" }, el("span", { class: "key" }, `${name}: `), text);
  }
  const details = el("details", { open: open || entries.length <= 6 },
    el("summary", {}, `${name} ${Array.isArray(value) ? `[${entries.length}]` : "{…}"}`));
  for (const [key, item] of entries) details.append(tree(item, key));
  return details;
}
