// @ts-check
// Builds a board's ARIA grid (rows of gridcells, a button per live position), and later names
// its positions, each in one call from Python (app/web/board.py). Made element by element across the Python–JavaScript bridge, a
// 50×50 board took thousands of calls and a quarter of a second in one task; here it is one.
// Also a few other many-element or big-string jobs Python hands over in one call (below).
(function () {
  "use strict";
  // rows: [[rowIndex or null, [[kind or null, row, col, colIndex or null], ...]], ...]
  //   rowIndex null: a ring row with nothing on it (role none); kind null: a gap (no button).
  // Returns the buttons in the order the live positions were listed.
  window.masumeBuildGrid = function (grid, rows) {
    var buttons = [];
    var fragment = document.createDocumentFragment();
    rows.forEach(function (spec) {
      var row = document.createElement("div");
      row.className = "board-row";
      if (spec[0] == null) {
        row.setAttribute("role", "none");
      } else {
        row.setAttribute("role", "row");
        if (spec[0] > 0) row.setAttribute("aria-rowindex", String(spec[0]));
      }
      spec[1].forEach(function (cell) {
        var holder = document.createElement("div");
        if (cell[0] == null) {
          holder.className = "board-cell board-gap";
          holder.setAttribute("role", "presentation");
        } else {
          holder.className = "board-cell";
          holder.setAttribute("role", "gridcell");
          if (cell[3] > 0) holder.setAttribute("aria-colindex", String(cell[3]));
          var button = document.createElement("button");
          button.className = cell[0];
          button.type = "button";
          button.setAttribute("data-row", String(cell[1]));
          button.setAttribute("data-col", String(cell[2]));
          button.tabIndex = -1;
          holder.appendChild(button);
          buttons.push(button);
        }
        row.appendChild(holder);
      });
      fragment.appendChild(row);
    });
    grid.appendChild(fragment);
    return buttons;
  };

  // items: [[button, code, text, pressed or null], ...]: each position's words, code and
  // aria-pressed after a move, in one call (a 50×50 board changes 2,500 of them at once).
  window.masumeDescribe = function (items) {
    items.forEach(function (item) {
      var button = item[0];
      var note = button.getAttribute("data-note-text");
      button.setAttribute("data-label", item[2]);
      button.setAttribute("aria-label", note ? item[2] + ", " + note : item[2]);
      button.setAttribute("data-code", String(item[1]));
      if (item[3] != null) button.setAttribute("aria-pressed", item[3]);
    });
  };

  // Adds a class to many buttons in one call (a reveal marks every cell an opening uncovered), each with
  // its animation delay when `delays` is given.
  window.masumeAddClass = function (buttons, cls, delays) {
    buttons.forEach(function (button, index) {
      if (delays) button.style.animationDelay = delays[index];
      button.classList.add(cls);
    });
  };

  // The page's hash for Python (app/web/shell.py), or null when it is longer than `max`: a
  // string's trip into Python costs a copy of it, and a 1 MB link took 50-470 ms just to be
  // read there before it was refused. Its length is checked here, where reading it is free.
  window.masumeHash = function (max) {
    var hash = window.location.hash;
    return hash.length > max ? null : hash;
  };

  // Focuses an element without letting the browser scroll anything, then brings it into view by
  // scrolling only this page's own boxes: the board's frame (a board larger than its room scrolls
  // there) and this document, the least that shows it (below the root's scroll-padding-top, where
  // a stylesheet sets one). A plain focus() scrolls every document up to the top one to show the
  // element: in a game portal's frame that moved the portal's page at each arrow key.
  window.masumeFocus = function (node) {
    node.focus({preventScroll: true});
    var frame = node.closest && node.closest(".board-frame");
    if (frame) nearest(frame, node);
    var box = node.getBoundingClientRect();
    var top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    var dy = box.top < top ? box.top - top : Math.max(0, Math.min(box.bottom - window.innerHeight, box.top - top));
    var dx = box.left < 0 ? box.left : Math.max(0, Math.min(box.right - window.innerWidth, box.left));
    if (dx || dy) window.scrollBy(dx, dy);
  };
  // Scrolls a box (its padding edge) by the least that shows `node` whole, or its start when it is larger.
  function nearest(box, node) {
    var outer = box.getBoundingClientRect();
    var inner = node.getBoundingClientRect();
    var left = outer.left + box.clientLeft;
    var top = outer.top + box.clientTop;
    if (inner.left < left) box.scrollLeft -= left - inner.left;
    else if (inner.right > left + box.clientWidth) box.scrollLeft += Math.min(inner.right - left - box.clientWidth, inner.left - left);
    if (inner.top < top) box.scrollTop -= top - inner.top;
    else if (inner.bottom > top + box.clientHeight) box.scrollTop += Math.min(inner.bottom - top - box.clientHeight, inner.top - top);
  }

  // A finished board's buttons stay focusable for review but report disabled: all of them in one call.
  window.masumeSetDisabled = function (grid, disabled) {
    grid.querySelectorAll("button").forEach(function (button) {
      if (disabled) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    });
  };
})();
