// Shared drawing helpers for the Corinth boards (plain ES module, no bundler).
const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

const NS = "http://www.w3.org/2000/svg";

/** One die as an inline SVG element with its pips drawn. */
export function die(face, yellow) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 4 4");
  svg.setAttribute("class", "corinth-die" + (yellow ? " yellow" : ""));
  svg.setAttribute("aria-hidden", "true");
  const rect = document.createElementNS(NS, "rect");
  Object.entries({ x: 0.1, y: 0.1, width: 3.8, height: 3.8, rx: 0.7 }).forEach(([k, v]) =>
    rect.setAttribute(k, v),
  );
  svg.appendChild(rect);
  for (const [x, y] of PIPS[face] || []) {
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", x);
    c.setAttribute("cy", y);
    c.setAttribute("r", 0.38);
    svg.appendChild(c);
  }
  return svg;
}

/** Make a node; `attrs` may hold class, text, and any attribute. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.appendChild(child);
  return node;
}

/**
 * Keys typed inside a board stay in the board: JupyterLab's notebook shortcuts (`b`, `m`, `d d`, …)
 * listen on the document, so without this a key pressed on a focused cell would insert, change or
 * delete notebook cells. Tab still moves focus (its default action is not prevented).
 */
export function guardKeys(root) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const type of ["keydown", "keypress", "keyup"]) {
    root.addEventListener(type, (e) => e.stopPropagation());
  }
}

/**
 * Focus the control of class `cls` inside the game around `from` once it is on the page: the update
 * that shows it may be drawn after this request, later still on a busy machine (the bots' turns come
 * first, shown one by one). Gives up after a minute, and never takes the focus from where the learner
 * moved it meanwhile (only from the page, a hidden control, or where it was when asked).
 */
export function focusWhenShown(from, cls) {
  const game = from.closest(".corinth-game") || document;
  const before = document.activeElement;
  const deadline = Date.now() + 60000;
  const free = (a) => !a || a === document.body || a === before || a.offsetParent === null;
  const attempt = () => {
    if (!free(document.activeElement) || Date.now() > deadline) return;
    const box = game.querySelector("." + cls);
    const target = box && (box.matches("button, select") ? box : box.querySelector("button, select"));
    if (target && target.offsetParent !== null && !target.disabled) {
      target.focus();
      if (document.activeElement === target) return;
    }
    setTimeout(attempt, 50);
  };
  attempt();
}

/** Roving focus: arrow keys move between `items` laid out in `cols` columns; Enter/Space choose. */
export function roving(container, items, cols, choose) {
  let cursor = 0;
  const focus = (i, move = true) => {
    cursor = Math.max(0, Math.min(items.length - 1, i));
    items.forEach((it, j) => it.setAttribute("tabindex", j === cursor ? "0" : "-1"));
    if (move) items[cursor].focus();
  };
  focus(0, false);
  items.forEach((it, j) => it.addEventListener("focus", () => focus(j, false)));
  container.addEventListener("keydown", (e) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      e.stopPropagation(); // JupyterLab would otherwise move between cells
      focus(cursor + step);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      choose(cursor);
    }
  });
  return { focus, get cursor() { return cursor; } };
}

/**
 * A board's legend: what its borders and marks mean, behind a "What the marks mean" summary (one tab
 * stop, opened with Enter). `items` are [sample class, words] pairs; the sample is drawn with the
 * board's own classes, so it looks exactly like the mark it explains.
 */
export function legend(items) {
  const list = h("ul", { class: "corinth-legend-list" });
  for (const [sample, words] of items) {
    const mark = h("span", { class: `corinth-legend-sample ${sample}`, "aria-hidden": "true" });
    list.appendChild(h("li", {}, mark, h("span", { text: words })));
  }
  return h("details", { class: "corinth-legend" }, h("summary", { text: "What the marks mean" }), list);
}

// A board's message ("… (A4b)"): the words as text, the rule's ID on hover only, behind a "rule" mark.
export function showMessage(el, text) {
  const m = /^(.*?) ?\(([A-Z]\d+[a-z]?(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*)\)(\.?)$/s.exec(text || "");
  el.replaceChildren(m ? m[1] : text || "");
  if (m) el.append(h("sup", { class: "corinth-rule", title: `Rule ${m[2]}`, text: "rule" }), m[3]);
}
