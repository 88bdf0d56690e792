// A player's sheet: the market with the steward, tracks, buildings, score, then shops and bonuses.
// The DOM is built once for the sheet's shape; `update` changes classes and texts in place.
// Colours and cell pictures come from Python in the board data (corinth/render/palette.py);
// the market's size comes from `board.size`. The keys are listed in widgets/README.md.
import { guardKeys, h, legend, roving, showMessage, translator } from "./dice.js";

const CELL = 58; // px, keep in step with boards.css (.corinth-cell)
// What the sheet's marks mean; each sample uses the board's own classes (boards.css).
const sheetLegend = (t) => [
  ["corinth-cell reachable", t("solid green border: a steward walk can end on this cell now")],
  ["corinth-cell next", t("dashed green border: the next step of the walk you are drawing")],
  ["corinth-cell circled", t("red ring: a circled cell (the steward stopped there)")],
  ["corinth-cell used", t("grey, words struck through: used up, no walk may cross it")],
  ["corinth-spot circled", t("filled square on a track: gold or goats you have")],
  ["corinth-spot crossed", t("crossed square: spent (or a roll-track spot used)")],
  ["corinth-bonus", t("dashed box: a district bonus still open")],
  ["corinth-bonus claimed", t("green box: a bonus you claimed; struck through: lost to another player")],
];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function render({ model, el }) {
  const { t, tn } = translator(model);
  // The score's terms (corinth.rules.scoring.TERMS, then total) as the sheet prints them.
  const termWords = {
    shops: t("shops"),
    bonuses: t("bonuses"),
    gold: t("gold"),
    goats: t("goats"),
    market: t("market"),
    temple: t("temple"),
    total: t("total"),
  };
  const root = h("div", { class: "corinth-board corinth-sheet" });
  guardKeys(root);
  el.appendChild(root);
  let built = "";
  let parts = null;

  function build(b) {
    root.replaceChildren();
    const size = b.size;
    const title = h("div", { class: "corinth-caption" });
    const total = h("span", { class: "corinth-total" });
    const header = h("div", { class: "corinth-sheet-header" }, title, total);

    const shops = h("div", { class: "corinth-shops", role: "group", "aria-label": t("Shops") });
    const shopNodes = b.districts.map((d) => {
      const row = h("div", { class: "corinth-shop-row" });
      row.style.setProperty("--district", d.colour);
      row.style.setProperty("--district-fill", d.fill);
      row.style.setProperty("--district-ink", d.ink);
      row.appendChild(h("span", { class: "corinth-district-title", text: d.title }));
      const boxes = d.shops.map((s) => {
        const box = h("span", { class: "corinth-shop", role: "img" });
        const goods = [];
        for (let i = 0; i < s.goods; i++) {
          const g = h("span", { class: "corinth-good" });
          goods.push(g);
          box.appendChild(g);
        }
        box.appendChild(h("span", { class: "corinth-points", text: String(s.points) }));
        row.appendChild(box);
        return { box, goods };
      });
      const bonus = h("span", { class: "corinth-bonus", role: "img" });
      row.appendChild(bonus);
      shops.appendChild(row);
      return { boxes, bonus };
    });

    // The market: a grid of rows of cells (ARIA grid), one tab stop (the steward's cell), arrows move.
    const marketWrap = h("div", { class: "corinth-market-wrap" });
    marketWrap.style.setProperty("--cells", size);
    const market = h("div", { class: "corinth-market", role: "grid", "aria-label": t("Market") });
    const overlay = svg("svg", {
      class: "corinth-path",
      "aria-hidden": "true",
      viewBox: `0 0 ${size * CELL} ${size * CELL}`,
    });
    const line = svg("polyline");
    overlay.appendChild(line);
    const rowsEl = [];
    for (let r = 0; r < size; r++) {
      const row = h("div", { class: "corinth-market-row", role: "row" });
      rowsEl.push(row);
      market.appendChild(row);
    }
    const cells = b.market.map((c) => {
      const gridcell = h("div", { class: "corinth-gridcell", role: "gridcell" });
      const btn = h("button", { class: "corinth-cell", type: "button" });
      btn.dataset.cell = c.name;
      btn.dataset.kind = c.kind;
      const pic = svg("svg", { class: "corinth-picture", viewBox: "0 0 1 1", "aria-hidden": "true" });
      const poly = svg("polygon");
      pic.appendChild(poly);
      const label = h("span", { class: "corinth-cell-text", "aria-hidden": "true" });
      const step = h("span", { class: "corinth-step", "aria-hidden": "true" });
      btn.append(pic, label, step);
      btn.addEventListener("click", () => choose(c.index));
      gridcell.appendChild(btn);
      rowsEl[Math.floor(c.index / size)].appendChild(gridcell);
      return { btn, label, step, poly, kind: "" };
    });
    marketWrap.append(market, overlay);
    const nav = roving(market, cells.map((c) => c.btn), size, (i) => choose(i));

    const track = (name) => {
      const wrap = h("div", { class: `corinth-track corinth-track-${name}`, role: "img" });
      const head = h("span", { class: "corinth-track-title" });
      const marks = h("span", { class: "corinth-marks" });
      wrap.append(head, marks);
      return { wrap, head, marks, spots: [] };
    };
    const gold = track("gold");
    const goats = track("goats");
    const buildings = h("div", { class: "corinth-buildings", role: "group", "aria-label": t("Buildings") });
    const buildingNodes = b.buildings.map(() => {
      const node = h("span", { class: "corinth-building", role: "img" });
      buildings.appendChild(node);
      return node;
    });
    const turns = h("div", { class: "corinth-turns", role: "img" });
    const score = h("table", { class: "corinth-score", "aria-label": t("Score (E1)") });
    const scoreCells = {};
    const body = h("tbody");
    // The score's terms, in the order of the board data (corinth.rules.scoring.TERMS, then total).
    for (const term of Object.keys(b.score)) {
      const td = h("td");
      const th = h("th", { text: termWords[term] ?? term, scope: "row" });
      body.appendChild(h("tr", { class: term === "total" ? "total" : "" }, th, td));
      scoreCells[term] = td;
    }
    score.appendChild(body);
    // Written scoring spots and earned yellow dice: two lines, never run together.
    const written = h("div", { class: "corinth-written" });
    const yellow = h("div", { class: "corinth-written" });
    const side = h("div", { class: "corinth-side" }, gold.wrap, goats.wrap, turns, buildings, score, written, yellow);
    const middle = h("div", { class: "corinth-sheet-middle" }, marketWrap, side);
    const status = h("div", { class: "corinth-status", role: "status", "aria-live": "polite" });
    root.append(header, middle, shops, status, legend(sheetLegend(t), t));
    return { size, title, total, shopNodes, cells, line, gold, goats, buildingNodes, turns, scoreCells, written, yellow, status, nav, market };
  }

  function choose(i) {
    if (!model.get("interactive")) return;
    model.send({ event: "cell", index: i });
  }

  // A track's words: its head ("Gold: 2 held") and what a screen reader reads.
  const trackWords = {
    gold: (d) => [
      t("Gold: {held} held", d),
      t("Gold track: {circled} circled, {crossed} crossed, {held} held", d),
    ],
    goats: (d) => [
      t("Goats: {held} held", d),
      t("Goats track: {circled} circled, {crossed} crossed, {held} held", d),
    ],
  };

  function fillTrack(track, name, data) {
    if (track.spots.length !== data.track) {
      track.marks.replaceChildren();
      track.spots = [];
      for (let i = 0; i < data.track; i++) {
        const s = h("span", { class: "corinth-spot" });
        track.marks.appendChild(s);
        track.spots.push(s);
      }
    }
    track.spots.forEach((s, i) => {
      s.classList.toggle("circled", i < data.circled);
      s.classList.toggle("crossed", i < data.crossed);
    });
    const held = data.circled - data.crossed;
    const [head, label] = trackWords[name]({ held, circled: data.circled, crossed: data.crossed });
    track.head.textContent = head;
    track.wrap.setAttribute("aria-label", label);
  }

  function update() {
    const b = model.get("board");
    if (!b || !b.market) return;
    const shape = JSON.stringify([
      b.size,
      b.districts.map((d) => d.shops.map((s) => s.goods)),
      b.buildings.length,
      Object.keys(b.score),
    ]);
    if (shape !== built) {
      built = shape;
      parts = build(b);
    }
    const p = parts;
    const size = p.size;
    p.title.textContent = b.current
      ? t("{title}'s sheet — to play", { title: b.title })
      : t("{title}'s sheet", { title: b.title });
    p.total.textContent = tn("{n} point", "{n} points", b.score.total);
    b.districts.forEach((d, k) => {
      const node = p.shopNodes[k];
      d.shops.forEach((s, j) => {
        const box = node.boxes[j];
        box.box.classList.toggle("complete", s.complete);
        box.box.setAttribute("aria-label", s.label);
        box.goods.forEach((g, i) => g.classList.toggle("checked", i < s.filled));
      });
      node.bonus.className = `corinth-bonus ${d.bonus_status}`;
      node.bonus.textContent = d.bonus ? t("bonus {bonus}", { bonus: d.bonus }) : t("no bonus");
      const said = { district: d.title, bonus: d.bonus };
      const bonusLabel = {
        open: t("{district} bonus {bonus}: open", said),
        claimed: t("{district} bonus {bonus}: claimed", said),
        lost: t("{district} bonus {bonus}: lost", said),
      };
      node.bonus.setAttribute(
        "aria-label",
        d.bonus ? bonusLabel[d.bonus_status] ?? `${d.title} bonus ${d.bonus}: ${d.bonus_status}` : t("{district}: no bonus", said),
      );
    });
    b.market.forEach((c, i) => {
      const node = p.cells[i];
      node.btn.className = "corinth-cell";
      for (const flag of ["circled", "used", "steward", "reachable", "next"]) {
        if (c[flag]) node.btn.classList.add(flag);
      }
      if (c.step) node.btn.classList.add("in-path");
      const hintStep = model.get("hinted").indexOf(i);
      if (hintStep >= 0) node.btn.classList.add("hinted");
      if (model.get("named").includes(i)) node.btn.classList.add("named");
      // A cell the lesson's text names: outlined for as long as the lesson shows the board.
      const highlighted = (model.get("highlight") || []).includes(i);
      node.btn.classList.toggle("highlighted", highlighted);
      if (highlighted) node.btn.dataset.highlight = "true";
      else delete node.btn.dataset.highlight;
      node.btn.dataset.hint = hintStep >= 0 ? String(hintStep + 1) : "";
      if (node.kind !== c.kind) {
        node.kind = c.kind;
        node.btn.style.setProperty("--kind", c.colour);
        node.btn.style.setProperty("--kind-fill", c.fill);
        node.btn.style.setProperty("--kind-ink", c.ink);
        node.poly.setAttribute("points", c.picture);
      }
      node.btn.setAttribute("aria-label", c.label);
      node.label.textContent = c.words;
      // The steward stands where no path step is drawn, so its pawn shares the step's corner.
      node.step.textContent = c.step ? String(c.step) : c.steward ? "♟" : "";
    });
    // The keyboard's way into the market is the steward's cell, unless focus is already inside.
    if (!p.market.contains(document.activeElement)) p.nav.focus(b.steward, false);
    const points = b.path.length ? [b.steward, ...b.path] : [];
    p.line.setAttribute(
      "points",
      points.map((i) => `${(i % size) * CELL + CELL / 2},${Math.floor(i / size) * CELL + CELL / 2}`).join(" "),
    );
    fillTrack(p.gold, "gold", b.gold);
    fillTrack(p.goats, "goats", b.goats);
    b.buildings.forEach((bd, k) => {
      const node = p.buildingNodes[k];
      node.classList.toggle("built", bd.built);
      const cost = { building: bd.title, gold: bd.gold, goats: bd.goats };
      node.textContent = t("{building}: {gold} gold + {goats} goats", cost);
      node.setAttribute(
        "aria-label",
        bd.built
          ? t("{building}, costs {gold} gold and {goats} goats, built", cost)
          : t("{building}, costs {gold} gold and {goats} goats, not built", cost),
      );
    });
    p.turns.replaceChildren(h("span", { class: "corinth-track-title", text: t("Roll track") }));
    for (let i = 0; i < b.turns.track; i++) {
      p.turns.appendChild(h("span", { class: "corinth-turn" + (i < b.turns.crossed ? " crossed" : "") }));
    }
    p.turns.setAttribute(
      "aria-label",
      t("Roll track: {crossed} of {track} spots crossed", { crossed: b.turns.crossed, track: b.turns.track }),
    );
    for (const t of Object.keys(b.score)) p.scoreCells[t].textContent = String(b.score[t]);
    p.written.textContent = b.scores.length ? t("Scoring spots written: {spots}", { spots: b.scores.join(", ") }) : "";
    p.yellow.textContent = b.yellow ? t("Yellow dice earned: {n}", { n: b.yellow }) : "";
    showMessage(p.status, model.get("message"), null, t);
    root.classList.toggle("ready", model.get("path_ready"));
  }

  // Python asks for focus after a move (`{focus: true}`): the market's tab stop takes it.
  function onMessage(msg) {
    if (msg && msg.focus && parts) parts.nav.focus(parts.nav.cursor);
  }

  update();
  const names = ["board", "message", "path_ready", "hinted", "named", "highlight"];
  for (const n of names) model.on(`change:${n}`, update);
  model.on("msg:custom", onMessage);
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
