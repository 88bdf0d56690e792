// The harbor board: six districts, Gold on top. Built once; `update` changes it in place.
// Colours come from Python in each group's data (corinth/render/palette.py); keys in widgets/README.md.
import { die, focusWhenShown, guardKeys, h, legend, roving, showMessage, takeFocus, translator } from "./dice.js";

// What the harbor's borders mean; each sample uses the board's own classes (boards.css).
const harborLegend = (t) => [
  ["corinth-district legal", t("green border: a group you may take now (click it)")],
  ["corinth-district selected", t("red border: the group you chose")],
  ["corinth-district", t("grey border: a district you cannot take from now")],
];

function render({ model, el }) {
  const { t } = translator(model);
  const root = h("div", { class: "corinth-board corinth-harbor" });
  guardKeys(root);
  const caption = h("div", { class: "corinth-caption" });
  const list = h("div", { class: "corinth-harbor-rows", role: "group", "aria-label": t("Harbor") });
  const status = h("div", { class: "corinth-status", role: "status", "aria-live": "polite" });
  // Whose turn it is, read out by screen readers when it changes ("Round 2 — your turn: …").
  const announce = h("div", { class: "corinth-announce", role: "status", "aria-live": "polite" });
  root.append(caption, list, status, announce, legend(harborLegend(t), t));
  el.appendChild(root);

  // Rows top to bottom: Gold first (the board is read bottom to top, C2).
  const count = model.get("groups").length;
  const rows = [];
  for (let k = 0; k < count; k++) {
    const row = h("button", { class: "corinth-district", type: "button" });
    const title = h("span", { class: "corinth-district-title" });
    const value = h("span", { class: "corinth-group-value" });
    const dice = h("span", { class: "corinth-dice" });
    row.append(title, value, dice);
    row.addEventListener("click", () => choose(k));
    list.appendChild(row);
    rows.push({ row, title, value, dice, key: "" });
  }
  const nav = roving(list, rows.map((r) => r.row), 1, (k) => choose(k));

  function groupAt(k) {
    const groups = model.get("groups");
    return groups[groups.length - 1 - k];
  }

  function choose(k) {
    if (!model.get("interactive")) return;
    const g = groupAt(k);
    model.send({ event: "select", district: g.district });
  }

  function update() {
    const selected = model.get("selected");
    caption.textContent = t("Harbor — {caption}", { caption: model.get("caption") });
    rows.forEach((r, k) => {
      const g = groupAt(k);
      r.row.dataset.district = g.district;
      r.row.style.setProperty("--district", g.colour);
      r.row.style.setProperty("--district-fill", g.fill);
      r.row.style.setProperty("--district-ink", g.ink);
      r.row.classList.toggle("legal", g.legal);
      r.row.classList.toggle("empty", !g.size);
      r.row.classList.toggle("selected", g.district === selected);
      r.row.classList.toggle("hinted", g.district === model.get("hinted"));
      r.row.setAttribute("aria-pressed", g.district === selected ? "true" : "false");
      r.row.setAttribute("aria-label", g.label);
      r.title.textContent = g.title;
      r.value.textContent = g.size ? `${g.face}×${g.size}` : "—";
      const key = `${g.face}/${g.white}/${g.yellow}`;
      if (key !== r.key) {
        r.key = key;
        r.dice.replaceChildren();
        for (let i = 0; i < g.white; i++) r.dice.appendChild(die(g.face, false));
        for (let i = 0; i < g.yellow; i++) r.dice.appendChild(die(g.face, true));
      }
    });
    showMessage(status, model.get("message"), null, t);
    if (announce.textContent !== model.get("announce")) announce.textContent = model.get("announce");
    root.classList.toggle("readonly", !model.get("interactive"));
  }

  // Python asks for focus after a move (`{focus: true}`): the selected or first takeable group; or
  // (`{focus_shown: class}`) for another control of the game, once the page shows it.
  function onMessage(msg) {
    if (msg && msg.focus_shown) return focusWhenShown(root, msg.focus_shown);
    if (!msg || !msg.focus) return;
    takeFocus(root.closest(".corinth-game") || document.body); // a pending focusWhenShown stops
    let k = rows.findIndex((r, j) => groupAt(j).district === model.get("selected"));
    if (k < 0) k = rows.findIndex((r, j) => groupAt(j).legal);
    nav.focus(Math.max(0, k));
  }

  update();
  const names = ["groups", "selected", "caption", "message", "interactive", "announce", "hinted"];
  for (const name of names) model.on(`change:${name}`, update);
  model.on("msg:custom", onMessage);
  return () => {
    for (const name of names) model.off(`change:${name}`, update);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
