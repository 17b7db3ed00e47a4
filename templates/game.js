// tabula's game pages: ← and → step through the plies, Home and End jump to the start and
// to now, and the page showing "now" follows the game live (server-sent `move` events
// carrying the new state, board, replay links and moves). Without JavaScript the same
// links work as plain links.
(() => {
  "use strict";

  const keys = {
    ArrowLeft: '.replay a[rel="prev"]',
    ArrowRight: '.replay a[rel="next"]',
    Home: '.replay a[data-key="start"]',
    End: '.replay a[data-key="now"]',
  };

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
      return;
    }
    const selector = keys[event.key];
    const link = selector && document.querySelector(selector);
    if (!link) return;
    event.preventDefault();
    if (link.href !== window.location.href) window.location.assign(link.href);
  });

  const layout = document.querySelector("[data-live]");
  if (!layout || !("EventSource" in window)) return;

  const source = new EventSource(layout.dataset.live);
  // Whether the page is following the game right now (for styles and tests alike).
  source.addEventListener("open", () => layout.setAttribute("data-following", "yes"));
  source.addEventListener("error", () => layout.setAttribute("data-following", "no"));
  source.addEventListener("move", (event) => {
    const template = document.createElement("template");
    template.innerHTML = event.data;
    const fragment = template.content;
    for (const selector of [".state", ".board", ".replay"]) {
      const fresh = fragment.querySelector(selector);
      const old = document.querySelector(selector);
      if (fresh && old) old.replaceWith(fresh);
    }
    const plies = fragment.querySelectorAll(".moves li");
    if (plies.length === 0) return;
    let list = document.querySelector(".moves");
    if (!list) {
      list = document.createElement("ol");
      list.className = "moves";
      const none = document.querySelector(".no-moves");
      if (none) none.replaceWith(list);
      else return;
    }
    for (const current of list.querySelectorAll("[aria-current]")) {
      current.removeAttribute("aria-current");
    }
    list.append(...plies);
  });
})();
