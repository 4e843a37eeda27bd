// Small helpers for the generated pages; no inline scripts or handlers anywhere.
(function () {
  "use strict";

  // A rule's copy-link button copies its full address. Material's clipboard handler
  // copies an element's data-clipboard-text when it is clicked; set it just before
  // (capture phase), from where the page is read now: on disk, a server or a sub-path.
  document.addEventListener("click", function (event) {
    const button = event.target instanceof Element && event.target.closest("[data-kb-copy-link]");
    if (!button) return;
    const url = new URL(button.getAttribute("data-kb-copy-link"), window.location.href);
    button.setAttribute("data-clipboard-text", url.href);
  }, true);
})();

// Suggested searches (home page) and addresses ending in ?q=QUERY open the header
// search with that query, as if it had been typed.
(function () {
  "use strict";

  function searchFor(query) {
    const box = document.querySelector("[data-kb-search-query]");
    if (!box || !query) return;
    const toggle = document.getElementById("__search");
    if (toggle) toggle.checked = true;
    box.value = query;
    box.focus();
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element && event.target.closest("[data-kb-search-for]");
    if (!link) return;
    event.preventDefault();
    searchFor(link.getAttribute("data-kb-search-for"));
  });

  function fromAddress() {
    searchFor(new URLSearchParams(window.location.search).get("q"));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fromAddress);
  else fromAddress();
})();
