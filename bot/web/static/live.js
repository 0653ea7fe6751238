// The live board: follows its table's moves (server-sent events) and shows each new board.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live || !window.EventSource) return;
  const board = document.getElementById("board");
  const moves = document.getElementById("moves");
  const status = document.getElementById("status");
  const source = new EventSource(live.dataset.events);
  source.onmessage = function (event) {
    const seen = JSON.parse(event.data);
    if (String(seen.moves) !== live.dataset.moves) {
      live.dataset.moves = String(seen.moves);
      const address = new URL(live.dataset.picture, window.location.href);
      address.searchParams.set("m", String(seen.moves));
      board.src = address.pathname + address.search;
      moves.textContent = String(seen.moves);
    }
    if (seen.status !== "playing") {
      status.textContent = document.getElementById("over-words").textContent;
      source.close();
    }
  };
})();
