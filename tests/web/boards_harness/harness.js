// The boards' test page: mounts the board module named in a hello message exactly as the
// client shell does (the contract in docs/web-boards.md), hands it the frames the test
// pushes, and records every reply the board sends, answering with the acknowledgement the
// test set (`window.nextAnswer`, by default {ok: true}).

window.acts = [];
window.nextAnswer = { ok: true };

window.startBoard = async (hello) => {
  const module = await import(hello.board);
  const root = document.getElementById("board");
  const ctx = {
    hello,
    act(reply) {
      window.acts.push(reply);
      return Promise.resolve(window.nextAnswer);
    },
    t: (key) => key,
  };
  window.board = module.mount(root, ctx);
  return true;
};

window.pushFrame = (frame) => {
  window.board.update(frame);
  return true;
};
