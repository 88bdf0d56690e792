// The Four Courts' board (corinth.ui.courts.CourtsBoard): the four Courts in a cross as on a table,
// each seat's cards on its own side of each Court (North above, East right, South below, West left),
// the tokens on the Courts and in front of each player, the bonus colours and the reserve in the
// middle, the learner's hand as buttons, this round's cards in the order they are played. Built once;
// `update` changes it in place. The page only draws what the learner's seat may see and reports
// clicks ({event: "card" | "court" | "token"}); Python applies every move. In a puzzle, a card clicked
// is held (pressed), and a Court clicked then answers. Traits: see courts.py.
import { guardKeys, h, legend, ruleCards, showMessage, translator, withRuleMarks } from "./dice.js";

const CROSS = { Island: "top", Consul: "right", Rite: "bottom", Window: "left" };
const SIDES = ["north", "east", "south", "west"];

// A suit's name and its token's two letters, in the board's language (the data says "Moons").
function suitWords(t) {
  const name = { Moons: t("Moons"), Suns: t("Suns"), Waves: t("Waves"), Leaves: t("Leaves"), Wyrms: t("Wyrms"), Knots: t("Knots") };
  // the first letters of the suit's name, on its tokens
  const letter = { Moons: t("Mo"), Suns: t("Su"), Waves: t("Wa"), Leaves: t("Le"), Wyrms: t("Wy"), Knots: t("Kn") };
  return { name: (colour) => name[colour] ?? colour, letter: (colour) => letter[colour] ?? colour.slice(0, 2) };
}

function render({ model, el }) {
  const { t } = translator(model);
  const suit = suitWords(t);
  const token = (colour, extra = {}) =>
    h("span", { class: `corinth-token suit-${colour.toLowerCase()}`, text: suit.letter(colour), title: suit.name(colour), ...extra });
  const root = h("div", { class: "corinth-board corinth-courts" });
  guardKeys(root);
  ruleCards(); // the "rule" marks open their rules' words, here and in the hints and verdicts
  const send = (msg) => model.send(msg);

  // The cross: a 3×3 grid, the Courts on the arms, the bonus colours and the reserve in the middle.
  const cross = h("div", { class: "corinth-courts-cross", role: "group", "aria-label": t("The table: four Courts") });
  const courtNodes = [];
  for (let k = 0; k < 4; k++) {
    const box = h("section", { class: "corinth-court" });
    const title = h("h3", { class: "corinth-court-name" });
    const place = h("button", { class: "corinth-court-place", type: "button" });
    place.addEventListener("click", () => send({ event: "court", court: k }));
    const tokens = h("div", { class: "corinth-court-tokens" });
    // Each seat's side (S1): its mark ("N", "N, you") then its cards, on that side of the Court.
    const sides = {};
    for (const side of SIDES) {
      const label = h("span", { class: "corinth-side-label", "aria-hidden": "true" });
      const cards = h("span", { class: "corinth-side-cards" });
      sides[side] = { box: h("div", { class: `corinth-court-side side-${side}` }, label, cards), label, cards };
    }
    const centre = h("div", { class: "corinth-court-centre" }, title, tokens, place);
    box.append(sides.north.box, sides.west.box, centre, sides.east.box, sides.south.box);
    cross.appendChild(box);
    courtNodes.push({ box, title, place, tokens, sides });
  }
  const middle = h("div", { class: "corinth-courts-middle" });
  cross.appendChild(middle);

  // The side panel: what to do, the players, the hand, this round's cards, the legend.
  const caption = h("div", { class: "corinth-caption" });
  const status = h("div", { class: "corinth-status", role: "status" });
  const live = h("div", { class: "corinth-courts-announce", "aria-live": "polite" });
  // After "A new deal", under its line: the deal before's last round, folded (a summary the keyboard
  // opens with Enter or Space), so the new deal does not wipe out what was just played.
  const lastList = h("ol", { class: "corinth-courts-last-round-list" });
  const lastBox = h("details", { class: "corinth-courts-last-round" }, h("summary", { text: t("The last round of the deal before") }), lastList);
  let lastShown = "";
  // Once the game is over: how it ended, the tokens, the bonus tokens, the points and the tie-break.
  const endList = h("ul", { class: "corinth-courts-end-list" });
  const endBox = h("section", { class: "corinth-courts-end", "aria-label": t("The end of the game") }, h("h3", { text: t("The end of the game") }), endList);
  const seatsBox = h("table", { class: "corinth-courts-seats" });
  const handBox = h("div", { class: "corinth-courts-hand", role: "group", "aria-label": t("Your hand") });
  const revealHead = h("h3", { text: t("This round, highest first") });
  const revealBox = h("ol", { class: "corinth-courts-revealed", "aria-label": t("This round's cards, highest first") });
  const panel = h(
    "div",
    { class: "corinth-courts-panel" },
    caption,
    status,
    endBox,
    h("h3", { text: t("Players") }),
    seatsBox,
    h("h3", { text: t("Your hand") }),
    handBox,
    revealHead,
    revealBox,
    legend(
      [
        ["corinth-court-place legal", t("green border: your card may go beside this Court")],
        ["corinth-token suit-wyrms", t("a token, by its colour and the first letters of its suit")],
        ["corinth-courts-card", t("a card on a player's side of a Court: its name and rank")],
        [
          "corinth-side-label",
          t("N, E, S, W: the side of each Court where North, East, South or West plays (you: yours)"),
        ],
      ],
      t,
    ),
    live,
    lastBox,
  );
  root.append(h("div", { class: "corinth-courts-layout" }, cross, panel));
  el.appendChild(root);

  // Where the keyboard goes after an update rebuilt or disabled the focused button: the next thing
  // to do (a Court or token the card may take, else the same card, else a card of the hand), so a
  // learner playing by keys is never sent back to the top of the page.
  function keepFocus(had) {
    const now = document.activeElement;
    if (!had || (root.contains(now) && !now.disabled)) return;
    const target =
      cross.querySelector(".corinth-token-take, .corinth-court-place:not([disabled])") ||
      (had.card && handBox.querySelector(`[data-card="${had.card}"]:not([disabled])`)) ||
      handBox.querySelector("button:not([disabled])");
    if (target) target.focus();
  }

  function update() {
    const active = document.activeElement;
    const had = root.contains(active) ? { card: active.dataset?.card } : null;
    const courts = model.get("courts");
    courts.forEach((c, k) => {
      const n = courtNodes[k];
      n.box.className = `corinth-court at-${CROSS[c.name]}`;
      n.title.textContent = t("The {court}", { court: c.name });
      n.title.title = c.suits.map(suit.name).join(", ");
      n.tokens.replaceChildren();
      const takes = new Set(c.takes);
      for (const colour of c.tokens) {
        if (takes.has(colour)) {
          const b = h("button", { type: "button", class: "corinth-token-take", "aria-label": t("Place beside the {court} and take a {colour} token", { court: c.name, colour: suit.name(colour) }) }, token(colour, { "aria-hidden": "true" }));
          b.addEventListener("click", () => send({ event: "token", court: k, colour }));
          n.tokens.appendChild(b);
          takes.delete(colour);
        } else {
          n.tokens.appendChild(token(colour, { role: "img", "aria-label": t("{colour} token", { colour: suit.name(colour) }) }));
        }
      }
      // a suit a line
      n.place.textContent = c.legal ? (c.takes.length ? t("Take a token above") : t("Place here")) : c.suits.map(suit.name).join("\n");
      n.place.className = "corinth-court-place" + (c.legal ? " legal" : "");
      n.place.disabled = !c.legal || c.takes.length > 0;
      n.place.setAttribute("aria-label", c.label);
      for (const side of SIDES) {
        n.sides[side].box.hidden = true; // a side with no seat (West, three players) is not drawn
        n.sides[side].cards.replaceChildren();
      }
      for (const s of c.sides) {
        const side = n.sides[SIDES[s.seat]];
        side.box.hidden = false;
        side.box.classList.toggle("mine", Boolean(s.me));
        side.label.textContent = s.mark;
        for (const card of s.cards) {
          side.cards.appendChild(h("span", { class: "corinth-courts-card", title: card.label, text: card.short }));
        }
      }
    });
    middle.replaceChildren(
      h(
        "div",
        { class: "corinth-courts-bonus" },
        h("b", { text: t("Bonus colours") }),
        ...model.get("bonus").map((c) => token(c, { role: "img", "aria-label": t("bonus colour {colour}", { colour: suit.name(c) }) })),
      ),
      h(
        "div",
        { class: "corinth-courts-reserve" },
        h("b", { text: t("Reserve") }),
        ...model.get("reserve").map((r) =>
          h(
            "span",
            { class: "corinth-reserve-count" },
            token(r.colour, { "aria-hidden": "true" }),
            h("span", { text: `×${r.count}`, "aria-label": t("{count} {colour} in reserve", { count: r.count, colour: suit.name(r.colour) }) }),
          ),
        ),
      ),
    );
    seatsBox.replaceChildren(
      h("tr", {}, h("th", { text: t("Player") }), h("th", { text: t("Points") }), h("th", { text: t("Tokens") }), h("th", { text: t("Cards") })),
    );
    for (const s of model.get("seats")) {
      const tokens = h("td", { class: "corinth-seat-tokens" });
      for (const [colour, count] of Object.entries(s.tokens)) {
        for (let i = 0; i < count; i++) {
          tokens.appendChild(token(colour, { role: "img", "aria-label": t("{colour} token", { colour: suit.name(colour) }) }));
        }
      }
      const cards = s.chosen ? t("{cards}, one laid face down", { cards: s.cards }) : String(s.cards);
      seatsBox.appendChild(
        h("tr", { class: s.me ? "me" : "" }, h("td", { text: s.name }), h("td", { text: String(s.points) }), tokens, h("td", { text: cards })),
      );
    }
    handBox.replaceChildren();
    for (const card of model.get("hand")) {
      const b = h("button", { type: "button", class: "corinth-courts-handcard" + (card.legal ? " legal" : "") + (card.held ? " held" : ""), "aria-label": card.action || t("Lay {card} face down", { card: card.label }) });
      if ("held" in card) b.setAttribute("aria-pressed", String(card.held)); // a puzzle: a card held, not laid
      b.dataset.card = card.word;
      b.append(h("span", { class: "corinth-card-face", text: card.short }), h("span", { class: "corinth-card-suits" }, ...card.suits.map((c) => token(c, { "aria-hidden": "true" }))));
      b.disabled = !card.legal;
      b.addEventListener("click", () => send({ event: "card", word: card.word }));
      handBox.appendChild(b);
    }
    revealHead.hidden = model.get("revealed").length === 0; // nothing revealed yet: no empty heading
    revealBox.replaceChildren(
      ...model.get("revealed").map((r) => {
        const said = { seat: r.name, card: r.label, note: r.note };
        return h("li", { class: r.note ? "placed" : "", text: r.note ? t("{seat}: {card} ({note})", said) : t("{seat}: {card}", said) });
      }),
    );
    caption.textContent = model.get("caption");
    const rules = model.get("rules");
    showMessage(status, model.get("message"), rules, t); // its rule's words behind a "rule" mark
    const ending = model.get("ending");
    endBox.hidden = ending.length === 0;
    endList.replaceChildren(...ending.map((line) => h("li", {}, ...withRuleMarks(line, rules, t))));
    live.textContent = model.get("announce");
    const last = model.get("last_round");
    lastBox.hidden = last.length === 0;
    if (last.join("\n") !== lastShown) {
      lastShown = last.join("\n");
      lastBox.open = false; // another deal's last round: folded again
      lastList.replaceChildren(...last.map((line) => h("li", { text: line })));
    }
    keepFocus(had);
  }
  // Python asks for a part of the puzzle around the board to be shown (a new hint): scrolled into
  // view once drawn, the least the page needs to move.
  model.on("msg:custom", (msg) => {
    if (!msg || typeof msg.scroll !== "string") return;
    setTimeout(() => {
      const part = el.closest(".corinth-courts-puzzle")?.querySelector(`.${CSS.escape(msg.scroll)}`);
      if (part) part.scrollIntoView({ block: "nearest" });
    }, 150);
  });
  update();
  for (const name of ["courts", "seats", "hand", "revealed", "bonus", "reserve", "caption", "message", "announce", "ending", "rules", "last_round"]) {
    model.on(`change:${name}`, update);
  }
}

export default { render };
