// The replay stepper: every step is on the page already; the turns show another without
// loading the page again (each link still works without script: a page per step).
"use strict";
(function () {
  const replay = document.getElementById("replay");
  if (!replay) return;
  const board = document.getElementById("step-board");
  const turns = document.querySelectorAll("#turns a[data-turn]");
  const listed = document.querySelectorAll("a[data-goto]");

  function show(index) {
    const step = document.getElementById("step-" + index);
    if (!step) return;
    document.getElementById("step-" + replay.dataset.step).hidden = true;
    step.hidden = false;
    replay.dataset.step = String(index);
    board.src = step.dataset.picture;
    board.alt = step.querySelector("h2").textContent;
    turns.forEach(function (turn) {
      const to = step.getAttribute("data-to-" + turn.dataset.turn.replace("_", "-"));
      const target = document.getElementById("step-" + to);
      turn.href = target.dataset.link;
      if (Number(to) === index) turn.setAttribute("aria-disabled", "true");
      else turn.removeAttribute("aria-disabled");
    });
    listed.forEach(function (link) {
      if (Number(link.dataset.goto) === index) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    });
    window.history.replaceState(null, "", step.dataset.link);
  }

  function target(turn) {
    const step = document.getElementById("step-" + replay.dataset.step);
    return Number(step.getAttribute("data-to-" + turn.replace("_", "-")));
  }

  turns.forEach(function (turn) {
    turn.addEventListener("click", function (event) {
      event.preventDefault();
      show(target(turn.dataset.turn));
    });
  });
  listed.forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      show(Number(link.dataset.goto));
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") show(target("next"));
    else if (event.key === "ArrowLeft") show(target("back"));
  });
})();
