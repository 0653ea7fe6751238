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
      // Over, or no longer shown (the server turned its pages off): the last word is said.
      const words = seen.status === "finished" ? "over-words" : "stopped-words";
      status.textContent = document.getElementById(words).textContent;
      source.close();
    }
  };
  // Refused (too many boards followed) or cut off for good: the board stays as it is.
  source.onerror = function () {
    if (source.readyState === EventSource.CLOSED) {
      status.textContent = document.getElementById("stopped-words").textContent;
    }
  };
})();
