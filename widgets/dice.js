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

const fill = (text, values) =>
  text.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));

/** English as written: the words of a helper called without a board's translator. */
const english = (text, values) => fill(text, values);

/**
 * A board's words in the kernel's language (docs/translating.md): t and tn, called with literal
 * strings, read the widget's `words` trait (Python fills it with corinth.shared.language.js_words
 * from this module's source, which is where the catalogue finds them too).
 */
export function translator(model) {
  const words = () => model.get("words") || {};
  const t = (text, values) => fill(words()[text] ?? text, values);
  const tn = (one, many, n, values) => {
    const forms = words()[`${one}\u0000${many}`];
    const plural = (words()["\u0000lang"] || "en") === "fr" ? n > 1 : n !== 1;
    return fill(forms ? forms[plural ? 1 : 0] : plural ? many : one, { n, ...values });
  };
  return { t, tn };
}

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
 *
 * For 3 s after it lands, a focus that falls back to the page (a late redraw hid and showed the
 * control again) is put back, until the learner clicks or gives the focus to anything else. One
 * request per game is followed: a newer one (or `takeFocus`) ends the one before.
 */
export function focusWhenShown(from, cls) {
  const game = from.closest(".corinth-game") || document.body;
  const id = takeFocus(game);
  const before = document.activeElement;
  const deadline = Date.now() + 60000;
  let landed = null; // when the focus first reached the control
  let target = null;
  const leave = (e) => {
    // the learner (or the page) chose another place, or the learner clicked or touched the page
    if (e.type === "pointerdown" || e.target !== target) landed = -Infinity;
  };
  const stop = () => {
    document.removeEventListener("focusin", leave, true);
    document.removeEventListener("pointerdown", leave, true);
  };
  const lost = (a) => !a || a === document.body || a.offsetParent === null;
  const attempt = () => {
    const now = Date.now();
    if (game.__corinthFocus !== id || now > deadline || (landed !== null && now > landed + 3000)) {
      return stop();
    }
    const box = game.querySelector("." + cls);
    target = box && (box.matches("button, select") ? box : box.querySelector("button, select"));
    const active = document.activeElement;
    if (landed === null ? !(lost(active) || active === before) : active !== target && !lost(active)) {
      return stop();
    }
    if (target && target.offsetParent !== null && !target.disabled && active !== target) {
      target.focus({ preventScroll: landed !== null });
    }
    if (landed === null && document.activeElement === target) {
      landed = now;
      document.addEventListener("focusin", leave, true);
      document.addEventListener("pointerdown", leave, true);
    }
    setTimeout(attempt, landed === null ? 50 : 100);
  };
  attempt();
}

/** A new focus request for `game` (a board's own `focus`, or `focusWhenShown`): the one before it
 * stops following its control. Returns the request's number. */
export function takeFocus(game) {
  game.__corinthFocus = (game.__corinthFocus || 0) + 1;
  return game.__corinthFocus;
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
export function legend(items, t = english) {
  const list = h("ul", { class: "corinth-legend-list" });
  for (const [sample, words] of items) {
    const mark = h("span", { class: `corinth-legend-sample ${sample}`, "aria-hidden": "true" });
    list.appendChild(h("li", {}, mark, h("span", { text: words })));
  }
  return h("details", { class: "corinth-legend" }, h("summary", { text: t("What the marks mean") }), list);
}

// A board's message ("… (A4b)"): the words as text, the rule's ID on hover only, behind a "rule" mark.
// With `words` (a rule's ID → its words, as the board sends them), the mark opens the rule's words.
export function showMessage(el, text, words = null, t = english) {
  const m = /^(.*?) ?\(([A-Z]\d+[a-z]?(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*)\)(\.?)$/s.exec(text || "");
  el.replaceChildren(m ? m[1] : text || "");
  if (m) el.append(ruleMark(m[2], words, t), m[3]);
}

const RULE_IDS = / ?\(([A-Z]\d+[a-z]?(?:(?:, | and |–|-)[A-Z]\d+[a-z]?)*)\)/g;

/**
 * Sentences with their rules' IDs ("(G3)") each behind a "rule" mark, as text and marks (never HTML),
 * the marks opening the rules' `words` (corinth.ui._base.words_html does the same in Python).
 */
export function withRuleMarks(text, words = null, t = english) {
  const parts = [];
  let last = 0;
  for (const m of (text || "").matchAll(RULE_IDS)) {
    parts.push(document.createTextNode(text.slice(last, m.index)), ruleMark(m[1], words, t));
    last = m.index + m[0].length;
  }
  parts.push(document.createTextNode((text || "").slice(last)));
  return parts;
}

/**
 * The "rule" mark of `ids` ("C2, R2"): its ID on hover; where `words` has a rule's words, the mark
 * is reached by the keyboard and opens them in a small card on focus, hover or a click (ruleCards).
 */
export function ruleMark(ids, words = null, t = english) {
  const lines = (ids.match(/[A-Z]\d+[a-z]?/g) || [])
    .filter((id) => words && words[id])
    .map((id) => t("Rule {id}: {words}", { id, words: words[id] }));
  const mark = h("sup", { class: "corinth-rule", title: t("Rule {ids}", { ids }), text: t("rule") });
  if (lines.length) {
    const said = lines.join("\n");
    const attrs = { tabindex: "0", role: "button", "aria-label": said, "data-words": said, "data-lm-suppress-shortcuts": "true" };
    for (const [k, v] of Object.entries(attrs)) {
      mark.setAttribute(k, v);
    }
  }
  return mark;
}

/**
 * Once per page: every "rule" mark that carries its rule's words (data-words: a board's, or one in
 * the HTML of a hint or a verdict) opens them in a small card beside it, on hover, on keyboard focus
 * or on a click (Enter and Space too); Escape, or leaving it, closes the card. The card lies over the
 * page (fixed, kept inside the window), so no scrolled box around the mark cuts it.
 */
export function ruleCards() {
  if (window.corinthRuleCards) return;
  window.corinthRuleCards = true;
  const card = h("div", { class: "corinth-rule-pop", role: "tooltip", id: "corinth-rule-pop" });
  card.hidden = true;
  let shown = null;
  const markOf = (e) => (e.target instanceof Element ? e.target.closest(".corinth-rule[data-words]") : null);
  function show(mark) {
    if (!document.body.contains(card)) document.body.appendChild(card);
    mark.removeAttribute("title"); // the card says it: no browser tooltip over it
    card.replaceChildren();
    for (const line of mark.dataset.words.split("\n")) {
      // "Rule A3c: …", "Règle A3c : …", "Regel A3c: …": the rule's name in bold, then its words
      const m = /^(\S+ [A-Z]\d+[a-z]?)\s?: (.*)$/s.exec(line);
      card.appendChild(h("p", {}, h("b", { text: m ? m[1] : "" }), document.createTextNode(m ? ` ${m[2]}` : line)));
    }
    card.hidden = false;
    place(mark);
    mark.setAttribute("aria-expanded", "true");
    shown = mark;
  }
  function place(mark) {
    const at = mark.getBoundingClientRect();
    const width = Math.min(340, window.innerWidth - 16);
    card.style.width = `${width}px`;
    card.style.left = `${Math.max(8, Math.min(at.left, window.innerWidth - width - 8))}px`;
    const below = at.bottom + 4;
    const high = card.offsetHeight;
    card.style.top = `${below + high <= window.innerHeight - 8 ? below : Math.max(8, at.top - high - 4)}px`;
  }
  function hide() {
    if (shown) shown.setAttribute("aria-expanded", "false");
    card.hidden = true;
    shown = null;
  }
  document.addEventListener("mouseover", (e) => {
    const mark = markOf(e);
    if (mark && mark !== shown) show(mark);
  });
  document.addEventListener("mouseout", (e) => {
    const mark = markOf(e);
    if (mark && mark === shown && document.activeElement !== mark) hide();
  });
  document.addEventListener("focusin", (e) => {
    const mark = markOf(e);
    if (mark) show(mark);
    else if (shown) hide();
  });
  document.addEventListener("focusout", (e) => {
    if (markOf(e) === shown) hide();
  });
  document.addEventListener("click", (e) => {
    const mark = markOf(e);
    if (mark) (mark === shown && !card.hidden ? hide : show)(mark);
  });
  document.addEventListener(
    "keydown",
    (e) => {
      const mark = markOf(e);
      if (e.key === "Escape" && shown) hide();
      else if (mark && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        (mark === shown && !card.hidden ? hide : show)(mark);
      }
    },
    true,
  );
  // the page scrolled (focus brings a mark into view): the card follows its mark
  window.addEventListener("scroll", () => shown && !card.hidden && place(shown), true);
}
