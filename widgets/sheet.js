// A player's sheet: shops, bonuses, market, tracks, buildings, turns, score.
// The DOM is built once for the sheet's shape; `update` changes classes and texts in place.
import { h, roving } from "./dice.js";

const SIZE = 5;
const CELL = 56; // px, keep in step with boards.css (.corinth-market)
const TERMS = ["shops", "bonuses", "gold", "goats", "market", "temple"];

function render({ model, el }) {
  const root = h("div", { class: "corinth-board corinth-sheet" });
  el.appendChild(root);
  let built = "";
  let parts = null;

  function build(b) {
    root.replaceChildren();
    const title = h("div", { class: "corinth-caption" });
    const total = h("span", { class: "corinth-total" });
    const header = h("div", { class: "corinth-sheet-header" }, title, total);

    const shops = h("div", { class: "corinth-shops", role: "group", "aria-label": "Shops" });
    const shopNodes = b.districts.map((d) => {
      const row = h("div", { class: "corinth-shop-row" });
      row.style.setProperty("--district", d.colour);
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

    const marketWrap = h("div", { class: "corinth-market-wrap" });
    const market = h("div", { class: "corinth-market", role: "grid", "aria-label": "Market" });
    const overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    overlay.setAttribute("class", "corinth-path");
    overlay.setAttribute("aria-hidden", "true");
    overlay.setAttribute("viewBox", `0 0 ${SIZE * CELL} ${SIZE * CELL}`);
    const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
    overlay.appendChild(line);
    const cells = b.market.map((c) => {
      const btn = h("button", { class: "corinth-cell", type: "button", role: "gridcell" });
      btn.dataset.cell = c.name;
      btn.dataset.kind = c.kind;
      const label = h("span", { class: "corinth-cell-text" });
      const step = h("span", { class: "corinth-step" });
      btn.append(label, step);
      btn.addEventListener("click", () => choose(c.index));
      market.appendChild(btn);
      return { btn, label, step };
    });
    marketWrap.append(market, overlay);
    const nav = roving(market, cells.map((c) => c.btn), SIZE, (i) => choose(i));

    const track = (name) => {
      const wrap = h("div", { class: `corinth-track corinth-track-${name}`, role: "img" });
      const head = h("span", { class: "corinth-track-title" });
      const marks = h("span", { class: "corinth-marks" });
      wrap.append(head, marks);
      return { wrap, head, marks, spots: [] };
    };
    const gold = track("gold");
    const goats = track("goats");
    const buildings = h("div", { class: "corinth-buildings", role: "group", "aria-label": "Buildings" });
    const buildingNodes = b.buildings.map(() => {
      const node = h("span", { class: "corinth-building", role: "img" });
      buildings.appendChild(node);
      return node;
    });
    const turns = h("div", { class: "corinth-turns", role: "img" });
    const score = h("table", { class: "corinth-score", "aria-label": "Score (E1)" });
    const scoreCells = {};
    for (const t of [...TERMS, "total"]) {
      const td = h("td");
      score.appendChild(h("tr", { class: t === "total" ? "total" : "" }, h("th", { text: t }), td));
      scoreCells[t] = td;
    }
    const written = h("div", { class: "corinth-written" });
    const side = h("div", { class: "corinth-side" }, gold.wrap, goats.wrap, buildings, turns, score, written);
    const middle = h("div", { class: "corinth-sheet-middle" }, marketWrap, side);
    const status = h("div", { class: "corinth-status", role: "status", "aria-live": "polite" });
    root.append(header, shops, middle, status);
    return { title, total, shopNodes, cells, line, gold, goats, buildingNodes, turns, scoreCells, written, status, nav };
  }

  function choose(i) {
    if (!model.get("interactive")) return;
    model.send({ event: "cell", index: i });
  }

  function fillTrack(t, name, data) {
    if (t.spots.length !== data.track) {
      t.marks.replaceChildren();
      t.spots = [];
      for (let i = 0; i < data.track; i++) {
        const s = h("span", { class: "corinth-spot" });
        t.marks.appendChild(s);
        t.spots.push(s);
      }
    }
    t.spots.forEach((s, i) => {
      s.classList.toggle("circled", i < data.circled);
      s.classList.toggle("crossed", i < data.crossed);
    });
    const held = data.circled - data.crossed;
    t.head.textContent = `${name} ${held}`;
    t.wrap.setAttribute("aria-label", `${name} track: ${data.circled} circled, ${data.crossed} crossed, ${held} held`);
  }

  function update() {
    const b = model.get("board");
    if (!b || !b.market) return;
    const shape = JSON.stringify([b.districts.map((d) => d.shops.map((s) => s.goods)), b.buildings.length]);
    if (shape !== built) {
      built = shape;
      parts = build(b);
    }
    const p = parts;
    p.title.textContent = `${b.title}'s sheet` + (b.current ? " — to play" : "");
    p.total.textContent = `${b.score.total} points`;
    b.districts.forEach((d, k) => {
      const node = p.shopNodes[k];
      d.shops.forEach((s, j) => {
        const box = node.boxes[j];
        box.box.classList.toggle("complete", s.complete);
        box.box.setAttribute("aria-label", s.label);
        box.goods.forEach((g, i) => g.classList.toggle("checked", i < s.filled));
      });
      node.bonus.className = `corinth-bonus ${d.bonus_status}`;
      node.bonus.textContent = d.bonus ? `bonus ${d.bonus}` : "no bonus";
      node.bonus.setAttribute("aria-label", d.bonus ? `${d.title} bonus ${d.bonus}: ${d.bonus_status}` : `${d.title}: no bonus`);
    });
    b.market.forEach((c, i) => {
      const node = p.cells[i];
      node.btn.className = "corinth-cell";
      for (const flag of ["circled", "used", "steward", "reachable", "next"]) {
        if (c[flag]) node.btn.classList.add(flag);
      }
      if (c.step) node.btn.classList.add("in-path");
      node.btn.style.setProperty("--kind", c.colour || "#333");
      node.btn.setAttribute("aria-label", c.label);
      node.label.textContent = c.steward ? "♟ " + (c.kind === "steward" ? "steward" : c.text) : c.text;
      node.step.textContent = c.step ? String(c.step) : "";
    });
    const steward = b.market.find((c) => c.steward).index;
    const points = b.path.length ? [steward, ...b.path] : [];
    p.line.setAttribute(
      "points",
      points.map((i) => `${(i % SIZE) * CELL + CELL / 2},${Math.floor(i / SIZE) * CELL + CELL / 2}`).join(" "),
    );
    fillTrack(p.gold, "Gold", b.gold);
    fillTrack(p.goats, "Goats", b.goats);
    b.buildings.forEach((bd, k) => {
      const node = p.buildingNodes[k];
      node.classList.toggle("built", bd.built);
      node.textContent = `${bd.title} · ${bd.gold} gold + ${bd.goats} goats`;
      node.setAttribute("aria-label", `${bd.title}, costs ${bd.gold} gold and ${bd.goats} goats, ${bd.built ? "built" : "not built"}`);
    });
    p.turns.replaceChildren(h("span", { class: "corinth-track-title", text: "Turns" }));
    for (let i = 0; i < b.turns.track; i++) {
      p.turns.appendChild(h("span", { class: "corinth-turn" + (i < b.turns.crossed ? " crossed" : "") }));
    }
    p.turns.setAttribute("aria-label", `Turn track: ${b.turns.crossed} of ${b.turns.track} spots crossed`);
    for (const t of [...TERMS, "total"]) p.scoreCells[t].textContent = String(b.score[t]);
    p.written.textContent = b.scores.length ? `Scoring spots written: ${b.scores.join(", ")}` : "";
    if (b.yellow) p.written.textContent += `  Yellow dice earned: ${b.yellow}`;
    p.status.textContent = model.get("message");
    root.classList.toggle("ready", model.get("path_ready"));
  }

  update();
  const names = ["board", "message", "path_ready"];
  for (const n of names) model.on(`change:${n}`, update);
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
  };
}

export default { render };
