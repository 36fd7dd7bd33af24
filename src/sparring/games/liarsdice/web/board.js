// The Liar's Dice board: a thin renderer of one seat's view and its legal actions.
//
// It draws what the view holds: the seat's own dice (the only faces the view has before a
// call), every seat's dice count, this round's bids with the standing one and its bidder,
// whose turn it is, the last call's reveal (every hand, as the view's results give it) and
// the events in words. It offers exactly LEGAL: a bid is built by choosing a quantity (the
// quantities some listed bid names) and then a face (the faces listed with that quantity),
// which is selection, not rules; "Challenge" and "Spot on" appear only when listed. The
// reply is the chosen action's index in LEGAL.
//
// The contract with the page (docs/web-boards.md): mount(root, ctx) -> {update, destroy}.

import { el, loadStyle, sendReply, tickClock as tickBoardClock } from "/static/board-kit.js";

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const FACE_NAME = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six" };
const FACE_NAMES = { 1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes" };
const CALL_WORDS = { challenge: "Challenge (liar!)", spot_on: "Spot on" };

// A bid in words, as the game says it: "3 fours", "1 six".
const sayBid = (quantity, face) =>
  `${quantity} ${(quantity === 1 ? FACE_NAME : FACE_NAMES)[face] || `of face ${face}`}`;

// One die showing its face (a face the view gave this page), or a hidden die.
function die(face) {
  if (face == null) return el("span", { class: "die hidden", "aria-hidden": "true", text: "■" });
  return el("span", { class: "die", "data-face": face, "aria-hidden": "true",
                      text: PIPS[face] || "?" });
}

export function mount(root, ctx) {
  loadStyle(import.meta.url);
  const me = ctx.hello.seat; // null: a spectator
  const names = ctx.hello.seat_names || [];
  const state = { view: null, legal: null, clocks: [], busy: false, message: "", quantity: null,
                  justLost: new Set() }; // seats whose die the call since the last frame took
  root.classList.add("liarsdice-board");
  const ticker = setInterval(tickClock, 200);

  // ------------------------------------------------------------------ words

  // Seats go by number in every sentence (several may share a name, say three greedy
  // agents); the card adds the name the table gives a seat when it says more.
  const seatName = (seat) => `Seat ${seat}`;
  const playerName = (seat) => (names[seat] && names[seat] !== seatName(seat) ? names[seat] : null);
  const who = (seat) => (seat === me ? `${seatName(seat)} (you)` : seatName(seat));
  const handText = (hand) => (hand.length ? hand.join(" ") : "-");
  const hands = (all) => all
    .map((hand, seat) => (hand.length ? `${who(seat)} ${handText(hand)}` : null))
    .filter(Boolean).join("; ");

  function describe(e) {
    switch (e.kind) {
      case "ld_round": {
        const dice = e.dice.map((n, s) => (n ? `${who(s)} ${n}` : null)).filter(Boolean).join(", ");
        return `Round ${e.round}, opened by ${who(e.opener)}; dice: ${dice}`;
      }
      case "ld_roll": return `${who(e.seat)} rolled ${handText(e.hand)}`;
      case "ld_bid": return `${who(e.seat)} bids ${sayBid(e.quantity, e.face)}`;
      case "ld_call":
        return `${who(e.seat)} ${e.call === "challenge" ? "challenges" : "calls spot on"} `
          + `${who(e.bidder)}'s ${sayBid(e.quantity, e.face)}`;
      case "ld_reveal":
        return `Revealed: ${hands(e.hands)} — ${e.count} `
          + `${e.count === 1 ? "die counts" : "dice count"} as ${FACE_NAMES[e.face]}`;
      case "ld_lose": return `${who(e.seat)} loses a die (${e.dice} left)`;
      case "ld_out": return `${who(e.seat)} is out`;
      case "ld_void": return `Round ${e.round} is void after ${who(e.seat)} forfeited`;
      case "ld_forfeit": return `${who(e.seat)} forfeits: ${e.reason}`;
      case "ld_game_end": return `${who(e.winner)} wins: ${e.reason}`;
      default: return e.kind;
    }
  }

  function actionWords(action) {
    if (action.type === "bid") return `Bid ${sayBid(action.quantity, action.face)}`;
    return CALL_WORDS[action.type] || action.type;
  }

  // ------------------------------------------------------------------ replies

  const send = (index) => sendReply(ctx, state, render, { index });

  // The listed bids, each with its index in LEGAL.
  function listedBids() {
    const out = [];
    (state.legal || []).forEach((action, index) => {
      if (action.type === "bid") out.push([action, index]);
    });
    return out;
  }

  // ------------------------------------------------------------------ the clock

  function tickClock() {
    tickBoardClock(root);
  }

  function clockPanel(view) {
    const running = (state.clocks || []).filter((c) => c.deadline != null);
    const mover = running.find((c) => me == null || c.seat === me) || running[0];
    if (!mover || view.winner != null) return null;
    const whom = mover.seat === me ? "you" : seatName(mover.seat);
    return el("div", { class: "clock", role: "timer", "aria-label": `Decision clock (${whom})`,
                       "data-deadline": mover.deadline },
      el("span", { text: `Decision clock (${whom}): ` }), el("span", { class: "left" }));
  }

  // ------------------------------------------------------------------ the table

  function header(view) {
    const mover = view.to_move.length ? view.to_move[0] : null;
    const turn = view.winner != null ? "Game over"
      : mover == null ? "" : mover === me ? "Your turn" : `${seatName(mover)} to move`;
    return el("header", { class: "status" },
      el("span", { class: "round", text: `Round ${view.round}` }),
      el("span", { class: "turn", role: "status", text: turn }),
      el("span", { class: "in-play",
                   text: `${view.dice.reduce((a, b) => a + b, 0)} dice in play` }),
      clockPanel(view));
  }

  function seatCard(view, seat) {
    const count = view.dice[seat];
    const own = seat === me;
    const shown = own ? view.my_dice : [];
    const marks = [];
    if (view.to_move.includes(seat)) marks.push("to move");
    if (seat === view.opener && view.winner == null) marks.push("opened the round");
    if (view.winner === seat) marks.push("winner");
    const counted = count === 0 ? "out" : `${count} ${count === 1 ? "die" : "dice"}`;
    const dice = shown.length ? `${counted}: ${shown.join(" ")}` : counted;
    const label = `${who(seat)}: ${dice}${marks.length ? `, ${marks.join(", ")}` : ""}`;
    const row = el("div", { class: "dice-row" });
    if (count > 0) {
      if (shown.length) shown.forEach((face) => row.append(die(face)));
      else for (let i = 0; i < count; i += 1) row.append(die(null));
    }
    return el("li", { class: ["seat", own ? "own" : "", count === 0 ? "out" : "",
                              view.to_move.includes(seat) ? "moving" : ""].join(" ").trim(),
                      "data-seat": seat, "aria-label": label },
      el("div", { class: "seat-name", text: who(seat) }),
      playerName(seat) ? el("div", { class: "player-name", text: playerName(seat) }) : null,
      row,
      el("div", { class: "seat-count", text: [counted, ...marks].join(" · ") }),
      state.justLost.has(seat)
        ? el("span", { class: "delta", "aria-hidden": "true", text: "−1" }) : null);
  }

  function seats(view) {
    const list = el("ul", { class: "seats", "aria-label": "Players and their dice" });
    view.dice.forEach((_, seat) => list.append(seatCard(view, seat)));
    return list;
  }

  function bidsPanel(view) {
    const section = el("section", { class: "bids", "aria-label": "This round's bids" });
    const last = view.bids[view.bids.length - 1];
    section.append(el("p", { class: "current-bid", role: "status", "aria-label": "Current bid",
      text: last ? `Current bid: ${sayBid(last.quantity, last.face)}, by ${who(last.seat)}`
        : view.winner != null ? "No bid: the game is over" : "No bid yet this round" }));
    if (view.bids.length) {
      const list = el("ol", { class: "bid-history", "aria-label": "Bidding history" });
      for (const b of view.bids) {
        list.append(el("li", { text: `${who(b.seat)}: ${sayBid(b.quantity, b.face)}` }));
      }
      section.append(list);
    }
    return section;
  }

  function revealPanel(view) {
    const result = view.results[view.results.length - 1];
    if (!result) return null;
    const call = result.call === "challenge" ? "challenged" : "called spot on";
    const section = el("section", { class: state.justLost.size ? "reveal fresh" : "reveal",
                                    "aria-label": `Round ${result.round} revealed` });
    section.append(el("h2", { text: `Round ${result.round} revealed` }),
      el("p", { text: `${who(result.caller)} ${call} ${who(result.bidder)}'s `
        + `${sayBid(result.quantity, result.face)}: there were ${result.count}. `
        + `A die lost by ${result.losers.map(who).join(", ")}.` }));
    const list = el("ul", { class: "revealed-hands" });
    result.hands.forEach((hand, seat) => {
      if (!hand.length) return;
      const label = `${who(seat)} had ${handText(hand)}`;
      list.append(el("li", { "aria-label": label, "data-seat": seat },
        el("span", { class: "seat-name", text: `${who(seat)}: ` }), ...hand.map(die)));
    });
    section.append(list);
    return section;
  }

  function logPanel(view) {
    const list = el("ol", { class: "events", "aria-label": "Recent events",
                            "aria-live": "polite" });
    for (const entry of (view.log || []).slice(-16)) {
      list.append(el("li", { text: describe(entry) }));
    }
    return el("section", { class: "log" }, el("h2", { text: "Events" }), list);
  }

  // ------------------------------------------------------------------ the decision

  function decisionPanel() {
    if (!Array.isArray(state.legal) || !state.legal.length) return null;
    const panel = el("section", { class: "decision", "aria-label": "Your move" });
    panel.append(el("h2", { text: "Your move" }));
    const bids = listedBids();
    if (bids.length) {
      const quantities = [...new Set(bids.map(([b]) => b.quantity))].sort((a, b) => a - b);
      if (!quantities.includes(state.quantity)) state.quantity = quantities[0];
      const select = el("select", { id: "ld-quantity", disabled: state.busy,
        onchange: (event) => { state.quantity = Number(event.target.value); render(); } });
      for (const q of quantities) {
        select.append(el("option", { value: q, selected: q === state.quantity, text: String(q) }));
      }
      const faces = bids.filter(([b]) => b.quantity === state.quantity)
        .sort(([a], [b]) => a.face - b.face);
      const row = el("div", { class: "choices", role: "group", "aria-label": "Bid" });
      for (const [bid, index] of faces) {
        row.append(el("button", { type: "button", class: "face", disabled: state.busy,
                                  "aria-label": actionWords(bid), onclick: () => send(index) },
          el("span", { class: "pip", "aria-hidden": "true", text: PIPS[bid.face] }),
          el("span", { text: ` ${sayBid(bid.quantity, bid.face)}` })));
      }
      panel.append(el("div", { class: "quantity" },
        el("label", { for: "ld-quantity", text: "Quantity " }), select), row);
    }
    const calls = el("div", { class: "choices calls", role: "group", "aria-label": "Call" });
    state.legal.forEach((action, index) => {
      if (action.type === "bid") return;
      calls.append(el("button", { type: "button", class: `call ${action.type}`,
                                  disabled: state.busy, onclick: () => send(index),
                                  text: actionWords(action) }));
    });
    if (calls.childElementCount) panel.append(calls);
    return panel;
  }

  function winner(view) {
    if (view.winner == null) return null;
    const text = view.winner === me ? "You win" : `${seatName(view.winner)} wins`;
    return el("p", { class: "winner", role: "status", text });
  }

  function render() {
    const view = state.view;
    if (!view) return;
    root.replaceChildren();
    root.append(header(view));
    const main = el("div", { class: "main" }, seats(view), bidsPanel(view));
    const panel = decisionPanel();
    if (panel) main.append(panel);
    if (state.message) {
      main.append(el("p", { class: "refused", role: "alert", text: state.message }));
    }
    const end = winner(view);
    if (end) main.append(end);
    root.append(el("div", { class: "layout" }, main,
      el("div", { class: "side" }, revealPanel(view), logPanel(view))));
    tickClock();
    state.justLost = new Set(); // a redraw for a click replays no animation
  }

  // The seats that lost a die to a call made since `before` (the previous frame's view).
  function losersSince(before, view) {
    const seen = before ? before.results.length : view.results.length;
    return new Set(view.results.slice(seen).flatMap((result) => result.losers));
  }

  return {
    update(frame) {
      // A new decision, or the answer to the reply just sent: start the choice afresh.
      const fresh = state.busy || JSON.stringify(frame.legal) !== JSON.stringify(state.legal);
      state.justLost = losersSince(state.view, frame.view);
      state.view = frame.view;
      state.legal = frame.legal;
      state.clocks = frame.clocks || [];
      if (fresh) {
        state.busy = false;
        state.message = "";
        state.quantity = null;
      }
      render();
    },
    destroy() {
      clearInterval(ticker);
      root.replaceChildren();
      root.classList.remove("liarsdice-board");
    },
  };
}
