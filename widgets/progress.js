// A learner's progress, kept in this browser (localStorage), never on the server: which exercises and
// puzzles are solved. On a lesson page it restores the marks of this page's exercises and writes new
// ones; on the lesson list it shows every lesson's count. "Reset my progress" forgets them all.
import { h } from "./dice.js";

const KEY = "corinth-progress-v1";

function read() {
  try {
    const data = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (e) {
    return {}; // storage refused (private window) or damaged: start afresh, never fail the page
  }
}

function write(data) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(data));
  } catch (e) {
    /* storage refused: the marks last as long as the page */
  }
}

function render({ model, el }) {
  const root = h("div", { class: "corinth-progress", role: "region", "aria-label": "Your progress" });
  const line = h("p", { class: "corinth-progress-line", role: "status", "aria-live": "polite" });
  const map = h("ul", { class: "corinth-progress-map" });
  const reset = h("button", { type: "button", class: "corinth-progress-reset", text: "Reset my progress" });
  let armed = false;
  reset.addEventListener("click", () => {
    if (!armed) {
      armed = true;
      reset.textContent = "Click again to forget every solved exercise";
      return;
    }
    armed = false;
    write({});
    reset.textContent = "Reset my progress";
    model.send({ event: "reset" });
    draw();
  });
  root.append(line, map, reset);
  el.appendChild(root);

  function draw() {
    const stored = read();
    const lessons = model.get("lessons");
    map.replaceChildren();
    if (lessons.length) {
      // The lesson list: one line per lesson with its count, linked.
      let all = 0;
      let done = 0;
      for (const lesson of lessons) {
        const n = lesson.items.filter((name) => stored[name]).length;
        all += lesson.items.length;
        done += n;
        const link = h("a", { href: lesson.file, text: lesson.title });
        const mark = n && n === lesson.items.length ? " ✓" : "";
        const count = h("span", { text: ` — ${n} of ${lesson.items.length} solved${mark}` });
        map.appendChild(h("li", {}, link, count));
      }
      line.textContent = `Your progress: ${done} of ${all} exercises and puzzles solved (kept in this browser).`;
    } else {
      const items = model.get("items");
      const n = items.filter((name) => stored[name]).length;
      line.textContent = `This lesson: ${n} of ${items.length} exercises solved (kept in this browser).`;
    }
  }

  // Marks of this page restored from the browser (also for exercises added after the widget was
  // drawn, as in JupyterLab where later cells run after it shows), then new ones written as they come.
  let asked = [];
  function restore() {
    const items = model.get("items");
    const fresh = items.filter((name) => !asked.includes(name));
    asked = items.slice();
    const stored = read();
    const before = fresh.filter((name) => stored[name]);
    if (before.length) model.send({ event: "restore", solved: before });
  }
  restore();
  model.on("change:solved", () => {
    const stored = read();
    for (const name of model.get("solved")) if (!stored[name]) stored[name] = Date.now();
    write(stored);
    draw();
  });
  model.on("change:items", () => {
    restore();
    draw();
  });
  draw();
}

export default { render };
