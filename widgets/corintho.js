// Corintho's board (corinth.ui.CorinthoBoard): 4×4 cells with their stacks drawn, the pieces in hand,
// frozen stacks, a claimed or winning line. Built once; `update` changes it in place. The page only
// draws and reports clicks ({event: "hand" | "cell" | "clear"}); Python applies every move.
// No colour here: boards.css draws with the palette's --corinth-* variables. The traits are listed in
// corinth/ui/corintho.py (CorinthoBoard).
import { guardKeys, h, roving, showMessage, translator } from "./dice.js";

const SIZE = 4;
const CELL = 92; // px per cell (button and its margin), keep in step with boards.css
const PIECES = ["base", "column", "capital"];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// Each piece in a 100-unit-wide box, standing on y = 0 and drawn upwards (negative y): a base is a
// wide stepped slab, a column a tall fluted shaft, a capital a flaring top with two scrolls.
const HEIGHT = { base: 16, column: 40, capital: 20 };

function pieceShape(piece) {
  const g = svg("g", { class: `corinth-piece-shape corinth-piece-${piece}` });
  if (piece === "base") {
    g.append(
      svg("rect", { x: 14, y: -9, width: 72, height: 9, rx: 1.5 }),
      svg("rect", { x: 22, y: -16, width: 56, height: 7, rx: 1.5 }),
    );
  } else if (piece === "column") {
    g.append(svg("rect", { x: 36, y: -40, width: 28, height: 40 }));
    for (const x of [43, 50, 57]) g.append(svg("line", { x1: x, y1: -36, x2: x, y2: -4, class: "flute" }));
  } else {
    g.append(
      svg("polygon", { points: "36,0 64,0 76,-13 24,-13" }),
      svg("rect", { x: 18, y: -20, width: 64, height: 7, rx: 1.5 }),
      svg("circle", { cx: 24, cy: -9, r: 5 }),
      svg("circle", { cx: 76, cy: -9, r: 5 }),
    );
  }
  return g;
}

/** A stack drawn bottom first, standing on the bottom of a 100×100 box. */
function stackPicture(stack, target) {
  target.replaceChildren();
  let y = 97;
  for (const piece of stack) {
    const g = pieceShape(piece);
    g.setAttribute("transform", `translate(0 ${y})`);
    target.appendChild(g);
    y -= HEIGHT[piece];
  }
}

/** One piece alone, for the hands and the legend. */
function piecePicture(piece, cls) {
  const pic = svg("svg", { class: cls, viewBox: `10 -${HEIGHT.column + 2} 80 ${HEIGHT.column + 4}`, "aria-hidden": "true" });
  const g = pieceShape(piece);
  pic.appendChild(g);
  return pic;
}

function legendList(t) {
  const list = h("ul", { class: "corinth-legend-list" });
  const item = (sample, words) => list.appendChild(h("li", {}, sample, h("span", { text: words })));
  item(piecePicture("base", "corinth-legend-piece"), t("base: a wide stepped slab"));
  item(piecePicture("column", "corinth-legend-piece"), t("column: a tall fluted shaft"));
  item(piecePicture("capital", "corinth-legend-piece"), t("capital: a flaring top with two scrolls"));
  const sample = (cls, text = "") =>
    h("span", { class: `corinth-legend-sample corinth-stack-cell ${cls}`, "aria-hidden": "true", text });
  item(sample("frozen"), t("hatched, marked “frozen”: nobody may move this stack yet (K4)"));
  item(sample("selected"), t("red border: the stack you chose to move"));
  item(sample("target"), t("green border: where the chosen piece or stack may go"));
  item(sample("claimed"), t("dashed line: a line claimed, the next player must answer it (W3)"));
  item(sample("winning"), t("thick line: the winning line"));
  return h("details", { class: "corinth-legend" }, h("summary", { text: t("What the marks mean") }), list);
}

function render({ model, el }) {
  const { t, tn } = translator(model);
  // A count of pieces in hand, under its picture: "1 base", "2 columns" (the count is drawn apart).
  const pieceWord = {
    base: (n) => tn("base", "bases", n),
    column: (n) => tn("column", "columns", n),
    capital: (n) => tn("capital", "capitals", n),
  };
  const root = h("div", { class: "corinth-board corinth-corintho" });
  guardKeys(root);
  const caption = h("div", { class: "corinth-caption" });

  // The board: row 4 on top, as the text board; an ARIA grid of buttons with one tab stop.
  const grid = h("div", { class: "corinth-corintho-grid", role: "grid", "aria-label": t("Corintho board, 4 by 4") });
  const cells = new Array(SIZE * SIZE);
  const order = []; // DOM order (row 4 first) → cell index
  for (let r = SIZE - 1; r >= 0; r--) {
    const row = h("div", { class: "corinth-corintho-row", role: "row" });
    for (let c = 0; c < SIZE; c++) {
      const index = r * SIZE + c;
      const gridcell = h("div", { class: "corinth-gridcell-corintho", role: "gridcell" });
      const btn = h("button", { class: "corinth-stack-cell", type: "button" });
      btn.dataset.cell = "abcd"[c] + (r + 1);
      const pic = svg("svg", { class: "corinth-stack", viewBox: "0 0 100 100", "aria-hidden": "true" });
      const pieces = svg("g");
      pic.appendChild(pieces);
      const name = h("span", { class: "corinth-cell-name", "aria-hidden": "true", text: btn.dataset.cell });
      const badge = h("span", { class: "corinth-frozen-badge", "aria-hidden": "true", text: t("frozen") });
      btn.append(pic, name, badge);
      btn.addEventListener("click", () => clickCell(index));
      gridcell.appendChild(btn);
      row.appendChild(gridcell);
      cells[index] = { btn, pieces, key: "" };
      order.push(index);
    }
    grid.appendChild(row);
  }
  const overlay = svg("svg", {
    class: "corinth-corintho-line",
    "aria-hidden": "true",
    viewBox: `0 0 ${SIZE * CELL} ${SIZE * CELL}`,
  });
  const polyline = svg("polyline");
  overlay.appendChild(polyline);
  const gridWrap = h("div", { class: "corinth-corintho-gridwrap" }, grid, overlay);
  const ranks = h("div", { class: "corinth-corintho-ranks", "aria-hidden": "true" });
  for (let r = SIZE; r >= 1; r--) ranks.appendChild(h("span", { text: String(r) }));
  const files = h("div", { class: "corinth-corintho-files", "aria-hidden": "true" });
  for (const f of "abcd") files.appendChild(h("span", { text: f }));
  const boardArea = h(
    "div",
    { class: "corinth-corintho-boardarea" },
    ranks,
    h("div", { class: "corinth-corintho-boardcol" }, gridWrap, files),
  );
  const nav = roving(grid, order.map((i) => cells[i].btn), SIZE, (k) => clickCell(order[k]));
  grid.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      send({ event: "clear" });
    }
  });

  // The pieces in hand: a row per player, one tab stop for all (arrows move, Enter/Space choose).
  const handsBox = h("div", { class: "corinth-corintho-hands", role: "group", "aria-label": t("Pieces in hand") });
  const players = model.get("hands").length;
  const hands = [];
  const handButtons = [];
  for (let p = 0; p < players; p++) {
    const title = h("div", { class: "corinth-hand-title" });
    const row = h("div", { class: "corinth-hand-pieces" });
    const buttons = PIECES.map((piece) => {
      const btn = h("button", { class: "corinth-hand-piece", type: "button" });
      btn.dataset.piece = piece;
      btn.dataset.player = String(p);
      const count = h("span", { class: "corinth-hand-count", "aria-hidden": "true" });
      const word = h("span", { class: "corinth-hand-word", "aria-hidden": "true" });
      btn.append(piecePicture(piece, "corinth-hand-picture"), count, word);
      btn.addEventListener("click", () => chooseHand(p, piece));
      row.appendChild(btn);
      handButtons.push(btn);
      return { btn, count, word };
    });
    const box = h("div", { class: "corinth-hand" }, title, row);
    handsBox.appendChild(box);
    hands.push({ box, title, buttons });
  }
  roving(handsBox, handButtons, PIECES.length, (k) =>
    chooseHand(Math.floor(k / PIECES.length), PIECES[k % PIECES.length]),
  );

  const status = h("div", { class: "corinth-status", role: "status", "aria-live": "polite" });
  const announce = h("div", { class: "corinth-announce", role: "status", "aria-live": "polite" });
  const main = h("div", { class: "corinth-corintho-main" }, boardArea, handsBox);
  root.append(caption, main, status, announce, legendList(t));
  el.appendChild(root);

  let toBoard = false; // a piece chosen in hand: the focus goes to the board once Python agrees

  function send(msg) {
    model.send(msg);
  }
  function clickCell(index) {
    if (!model.get("interactive")) return;
    send({ event: "cell", index });
  }
  function chooseHand(player, piece) {
    if (!model.get("interactive")) return;
    toBoard = true;
    send({ event: "hand", player, piece });
  }

  function drawLine() {
    const line = model.get("line");
    const kind = model.get("line_kind");
    overlay.setAttribute("class", `corinth-corintho-line ${kind}`);
    polyline.setAttribute(
      "points",
      line
        .map((i) => {
          const r = Math.floor(i / SIZE);
          const c = i % SIZE;
          return `${c * CELL + CELL / 2},${(SIZE - 1 - r) * CELL + CELL / 2}`;
        })
        .join(" "),
    );
  }

  function update() {
    const selected = model.get("selected");
    const line = new Set(model.get("line"));
    const kind = model.get("line_kind");
    // its rule on hover, as the sheet's
    showMessage(caption, t("Corintho — {caption}", { caption: model.get("caption") }), null, t);
    for (const c of model.get("cells")) {
      const cell = cells[c.index];
      const key = c.stack.join("/");
      if (key !== cell.key) {
        cell.key = key;
        stackPicture(c.stack, cell.pieces);
      }
      cell.btn.setAttribute("aria-label", c.label);
      cell.btn.classList.toggle("frozen", c.frozen);
      cell.btn.classList.toggle("target", c.target);
      cell.btn.classList.toggle("selected", c.name === selected);
      cell.btn.classList.toggle("claimed", kind === "claimed" && line.has(c.index));
      cell.btn.classList.toggle("winning", kind === "won" && line.has(c.index));
      cell.btn.classList.toggle("empty", c.stack.length === 0);
      cell.btn.setAttribute("aria-pressed", c.name === selected ? "true" : "false");
    }
    model.get("hands").forEach((hand, p) => {
      const node = hands[p];
      if (!node) return;
      node.box.classList.toggle("current", hand.current);
      node.title.textContent = hand.current ? t("{player} — to play", { player: hand.title }) : hand.title;
      hand.pieces.forEach((pc, k) => {
        const b = node.buttons[k];
        b.count.textContent = String(pc.count);
        b.word.textContent = pieceWord[pc.piece] ? pieceWord[pc.piece](pc.count) : pc.piece;
        b.btn.setAttribute("aria-label", pc.label);
        b.btn.classList.toggle("legal", pc.legal);
        b.btn.classList.toggle("none", pc.count === 0);
        const chosen = hand.current && selected === pc.piece;
        b.btn.classList.toggle("selected", chosen);
        b.btn.setAttribute("aria-pressed", chosen ? "true" : "false");
        b.btn.setAttribute("aria-disabled", hand.current && model.get("interactive") ? "false" : "true");
      });
    });
    drawLine();
    showMessage(status, model.get("message"), null, t);
    if (announce.textContent !== model.get("announce")) announce.textContent = model.get("announce");
    root.classList.toggle("readonly", !model.get("interactive"));
  }

  function onSelected() {
    update();
    if (toBoard && PIECES.includes(model.get("selected"))) {
      // Keyboard: the piece is chosen, the next decision is a cell: the first one it may go to.
      const first = order.findIndex((i) => model.get("cells")[i].target);
      nav.focus(first >= 0 ? first : nav.cursor);
    }
    toBoard = false;
  }

  // Python asks for focus (`{focus: true}`): the board's cursor cell.
  function onMessage(msg) {
    if (msg && msg.focus) nav.focus(nav.cursor);
  }

  update();
  const names = ["cells", "hands", "line", "line_kind", "caption", "message", "interactive", "announce"];
  for (const name of names) model.on(`change:${name}`, update);
  model.on("change:selected", onSelected);
  model.on("msg:custom", onMessage);
  return () => {
    for (const name of names) model.off(`change:${name}`, update);
    model.off("change:selected", onSelected);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
