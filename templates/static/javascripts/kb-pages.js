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
