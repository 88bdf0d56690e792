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

// The class (make classroom): a page whose student joined the class (the class's page keeps its key
// here) tells the teacher's page which lesson and step it is on and which lessons are finished, and
// shows a link when the teacher puts a puzzle in front of the class. Outside the classroom (JupyterLab,
// or a page that never joined) it sends nothing.
const CLASS = "corinth-class-v1";
const PROJECTOR = "corinth-projector-v1";

function classBase() {
  // The classroom: the class's pages beside the lessons; the school hub: its "class" service.
  const path = window.location.pathname;
  const at = path.indexOf("voila/render/");
  if (at < 0) return null;
  const hub = path.match(/^(.*\/)user\/[^/]+\/voila\/render\//);
  return hub ? `${hub[1]}services/class/` : path.slice(0, at);
}

function classMember() {
  try {
    const data = JSON.parse(window.localStorage.getItem(CLASS) || "{}");
    return data && typeof data === "object" && typeof data.key === "string" ? data : null;
  } catch (e) {
    return null;
  }
}

function xsrf() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("_xsrf="));
  return found ? decodeURIComponent(found.slice(6)) : "";
}

let lastReport = "";
function reportToClass(lesson, step, finishedNow) {
  const base = classBase();
  const me = classMember();
  if (base === null || !me) return;
  const finished = Array.from(new Set([...(me.finished || []), ...finishedNow])).slice(0, 60);
  const body = JSON.stringify({ key: me.key, lesson: lesson.slice(0, 120), step: step.slice(0, 120), finished });
  if (body === lastReport) return;
  lastReport = body;
  try {
    window.localStorage.setItem(CLASS, JSON.stringify({ ...me, finished }));
  } catch (e) {
    /* storage refused: the teacher still gets this mark */
  }
  fetch(`${base}class/api/progress`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf(), "X-Requested-With": "corinth" },
    body,
  })
    .then(async (response) => {
      if (response.status !== 403) return;
      const data = await response.json().catch(() => ({}));
      if (data.member === false) leftClass();
    })
    .catch(() => {});
}

// The class was ended (or this student removed): the page forgets its key, stops reporting, and says
// so where the class's link was, with the way to join again.
const endedListeners = new Set();
function leftClass() {
  const me = classMember();
  if (!me) return;
  try {
    const { key, ...rest } = me;
    window.localStorage.setItem(CLASS, JSON.stringify(rest));
  } catch (e) {
    /* storage refused: the next report is refused again, and says so again */
  }
  for (const listener of endedListeners) listener();
}

function projector(on) {
  // Larger text and boards for a projector: at least 18 px at 1280×720, kept for every lesson.
  if (!document.getElementById("corinth-projector-style")) {
    const style = document.createElement("style");
    style.id = "corinth-projector-style";
    style.textContent =
      "body.corinth-projector { --jp-content-font-size1: 20px; --jp-ui-font-size1: 18px; " +
      "--jp-code-font-size: 18px; --jp-content-font-size2: 22px; }" +
      "body.corinth-projector .jp-RenderedHTMLCommon, body.corinth-projector .corinth-board, " +
      "body.corinth-projector .jp-OutputArea-output { font-size: 20px; }" +
      "body.corinth-projector .corinth-board { zoom: 1.25; }";
    document.head.appendChild(style);
  }
  document.body.classList.toggle("corinth-projector", on);
  try {
    window.localStorage.setItem(PROJECTOR, on ? "1" : "");
  } catch (e) {
    /* storage refused: the mode lasts as long as the page */
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
  const screen = h("button", { type: "button", class: "corinth-progress-projector", text: "Projector mode" });
  const stored = (() => {
    try {
      return window.localStorage.getItem(PROJECTOR) === "1";
    } catch (e) {
      return false;
    }
  })();
  screen.setAttribute("aria-pressed", String(stored));
  if (stored) projector(true);
  screen.addEventListener("click", () => {
    const on = !document.body.classList.contains("corinth-projector");
    projector(on);
    screen.setAttribute("aria-pressed", String(on));
  });
  const live = h("p", { class: "corinth-progress-live", role: "status", "aria-live": "polite" });
  if (classBase() !== null && model.get("lessons").length) {
    // The lesson list in a classroom or on the school hub: the way to the class's page.
    live.append(h("a", { href: `${classBase()}class`, class: "corinth-progress-class", text: "Your class: join it and answer your teacher's puzzles →" }));
  }
  root.append(line, live, map, reset, screen);
  el.appendChild(root);

  // The teacher's live puzzle: a link to the class's page while one waits for this student's answer.
  async function watchClass() {
    const base = classBase();
    const me = classMember();
    if (base === null || !me) return;
    try {
      const response = await fetch(`${base}class/api/live?key=${encodeURIComponent(me.key)}`, {
        credentials: "same-origin",
        cache: "no-store",
      });
      const data = await response.json();
      if (data.member === false) {
        leftClass();
        return;
      }
      if (data.puzzle && !data.mine && !data.revealed) {
        live.replaceChildren(
          h("a", { href: `${base}class`, class: "corinth-progress-next", text: "Your teacher sent a puzzle to the class: answer it →" }),
        );
      } else live.replaceChildren();
    } catch (e) {
      live.replaceChildren();
    }
  }
  endedListeners.add(() => {
    if (!el.isConnected) return;
    live.replaceChildren(
      h("a", { href: `${classBase()}class`, class: "corinth-progress-next", text: "The class has ended: join it again →" }),
    );
  });
  if (classBase() !== null && classMember()) {
    watchClass();
    const timer = setInterval(() => (el.isConnected ? watchClass() : clearInterval(timer)), 3000);
  }

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
    reportToClass(
      "The lesson list",
      "",
      lessons.filter((lesson) => lesson.items.length && lesson.items.every((name) => stored[name])).map((lesson) => lesson.title),
    );
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
    const heading = document.querySelector("h1");
    const title = (heading ? heading.textContent : "") || document.title || model.get("lesson");
    const current = steps.find((step) => step.items.some((name) => !stored[name]));
    const all = counted.length > 0 && counted.every((name) => stored[name]);
    reportToClass(title.replace(/[¶#]/g, "").trim(), current ? current.title : all ? "Lesson finished" : "", all ? [title.replace(/[¶#]/g, "").trim()] : []);
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
