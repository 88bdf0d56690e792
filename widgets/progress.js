// A learner's progress, kept in this browser (localStorage), never on the server: which exercises and
// puzzles are solved. On a lesson page it restores the marks of this page's exercises, writes new ones
// and names the next step to do (or, once all are solved, the next lesson); on the lesson list it
// shows every lesson's count, "✓ finished" on finished lessons and "Continue here →" on the first one
// not finished. "Reset my progress" forgets them all. The same words as Progress.line and
// Progress.course in corinth/ui/progress.py.
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

  function drawCourse(stored, lessons) {
    // The lesson list: one line per lesson with its count, linked; finished ones marked in words,
    // the first one not finished marked "Continue here →" (or "Start here →" before any mark).
    let all = 0;
    let done = 0;
    let finished = 0;
    let here = false;
    const anything = lessons.some((lesson) => lesson.items.some((name) => stored[name]));
    for (const lesson of lessons) {
      const n = lesson.items.filter((name) => stored[name]).length;
      const extra = lesson.extra || [];
      all += lesson.items.length;
      done += n;
      const item = h("li", {}, h("a", { href: lesson.file, text: lesson.title }));
      let count = ` — ${n} of ${lesson.items.length} solved`;
      if (extra.length) count += ` · ${extra.filter((name) => stored[name]).length} of ${extra.length} puzzles`;
      item.appendChild(h("span", { text: count }));
      if (n === lesson.items.length) {
        finished += 1;
        item.classList.add("corinth-progress-finished");
        item.appendChild(h("span", { text: " ✓ finished", style: "font-weight: 600" }));
      } else if (!here) {
        here = true;
        const words = anything ? "Continue here →" : "Start here →";
        item.classList.add("corinth-progress-here");
        item.setAttribute("aria-current", "step");
        item.append(
          h("span", { text: " · " }),
          h("a", {
            href: lesson.file,
            class: "corinth-progress-continue",
            text: words,
            "aria-label": `${words.slice(0, -2)}: ${lesson.title}`,
            style: "font-weight: 700",
          }),
        );
      }
      map.appendChild(item);
    }
    line.textContent =
      `Your progress: ${finished} of ${lessons.length} lessons finished, ${done} of ${all} ` +
      "exercises solved (kept in this browser).";
    if (lessons.length && finished === lessons.length) line.textContent += " Every lesson finished ✓";
  }

  function drawLesson(stored) {
    // A lesson: its count, then the next step whose exercise is not solved, or the next lesson.
    const items = model.get("items");
    const steps = model.get("steps");
    const needed = steps.flatMap((step) => step.items);
    const counted = needed.length ? needed : items;
    const extra = items.filter((name) => !counted.includes(name));
    let text = `This lesson: ${counted.filter((name) => stored[name]).length} of ${counted.length} exercises solved`;
    if (extra.length) {
      text += `, and ${extra.filter((name) => stored[name]).length} of ${extra.length} puzzles of the trainer`;
    }
    line.replaceChildren(document.createTextNode(`${text} (kept in this browser).`));
    for (const step of steps) {
      const i = step.items.findIndex((name) => !stored[name]);
      if (i >= 0) {
        line.append(
          " Next: ",
          h("a", { href: `#${step.anchor}`, class: "corinth-progress-next", text: step.title }),
          ` — ${step.labels[i]}`,
        );
        return;
      }
    }
    if (steps.length && counted.every((name) => stored[name])) {
      const following = model.get("next_lesson");
      line.append(" ✓ Lesson finished");
      if (following && following.file) {
        line.append(
          " — next: ",
          h("a", { href: following.file, class: "corinth-progress-next", text: following.title }),
        );
      } else {
        line.append(".");
      }
    }
  }

  function draw() {
    const stored = read();
    const lessons = model.get("lessons");
    map.replaceChildren();
    if (lessons.length) drawCourse(stored, lessons);
    else drawLesson(stored);
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
  model.on("change:steps", draw);
  draw();
}

export default { render };
