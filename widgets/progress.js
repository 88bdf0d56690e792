// A learner's progress, kept in this browser (localStorage), never on the server: which exercises and
// puzzles are solved. On a lesson page it restores the marks of this page's exercises, writes new ones
// and names the next step to do (or, once all are solved, the next lesson); on the lesson list it
// shows every lesson's count, "✓ finished" on finished lessons and "Continue here →" on the first one
// not finished. "Reset my progress" forgets them all. The same words as Progress.line and
// Progress.course in corinth/ui/progress.py.
import { h } from "./dice.js";

const KEY = "corinth-progress-v1";
// The language the learner chose on the lesson list's switch (the classroom's pages read it too).
const LANGUAGE_KEY = "corinth-language";

// The page's words in its language: the widget's `words` trait (js_words of this file, in Python),
// read by the two functions t and tn, always called with literal strings (docs/translating.md).
function progressTranslator(model) {
  const words = () => model.get("words") || {};
  const fill = (text, values) =>
    text.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
  const t = (text, values) => fill(words()[text] ?? text, values);
  const tn = (one, many, n, values) => {
    const forms = words()[`${one}\u0000${many}`];
    const plural = (words()["\u0000lang"] || "en") === "fr" ? n > 1 : n !== 1;
    return fill(forms ? forms[plural ? 1 : 0] : plural ? many : one, { n, ...values });
  };
  const language = () => words()["\u0000lang"] || "en";
  return { t, tn, language };
}

// A sentence with some of its {placeholders} filled by page elements (a link), the others by text:
// the words around them stay in the order the language puts them.
function sentence(text, values) {
  const nodes = [];
  let last = 0;
  for (const found of text.matchAll(/\{(\w+)\}/g)) {
    if (found.index > last) nodes.push(text.slice(last, found.index));
    const value = values[found[1]];
    nodes.push(value === undefined ? found[0] : value instanceof Node ? value : String(value));
    last = found.index + found[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

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
// here) tells the teacher's page which lesson it is on, the step in view (and whether its exercises
// are all solved), which lessons are finished, and each check of an exercise or of a puzzle on a
// board or trainer (the answer, right or not), each hint and each answer shown, as the kernel tells
// this page of them (Progress.tell). It shows a link when the teacher puts a puzzle in front of the
// class, and on the lesson list only the lesson the teacher keeps the class to. Outside the
// classroom (JupyterLab, or a page that never joined) it sends nothing.
const CLASS = "corinth-class-v1";
const PROJECTOR = "corinth-projector-v1";
const REPORT_MS = 2000; // at most one report every 2 s: checks and hints close together go as one
const MOST_EVENTS = 20; // checks and hints one report carries (the class's bound)
const KEPT_EVENTS = 60; // waiting to be sent (the class asked this page to wait): the oldest go first

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

// What this page last told the class, and what waits to be told: one report at a time, at most one
// every REPORT_MS, and after a refusal with a wait (429, 503) none before the wait is over; nothing
// waiting is lost meanwhile (up to KEPT_EVENTS).
const report = { lesson: "", step: "", done: true, finishedNow: [], events: [], sent: "", finished: "" };
let reportTimer = null;
let reporting = false;
let lastSent = 0;
let waitUntil = 0;

function reportToClass(lesson, step, done, finishedNow) {
  Object.assign(report, { lesson: lesson.slice(0, 120), step: step.slice(0, 120), done: Boolean(done), finishedNow });
  scheduleReport();
}

function tellClass(event) {
  if (classBase() === null || !classMember()) return;
  report.events.push({ ...event, at: Date.now() });
  report.events.splice(0, Math.max(0, report.events.length - KEPT_EVENTS));
  scheduleReport();
}

function scheduleReport() {
  if (reportTimer || reporting || classBase() === null || !classMember() || !report.lesson) return;
  reportTimer = setTimeout(sendReport, Math.max(0, lastSent + REPORT_MS - Date.now(), waitUntil - Date.now()));
}

async function sendReport() {
  reportTimer = null;
  const base = classBase();
  const me = classMember();
  if (base === null || !me) return;
  const finished = Array.from(new Set([...(me.finished || []), ...report.finishedNow])).slice(0, 60);
  const where = JSON.stringify([me.key, report.lesson, report.step, report.done]);
  const newFinished = JSON.stringify([me.key, finished]) !== report.finished;
  if (!report.events.length && where === report.sent && !newFinished) return;
  const events = report.events.slice(0, MOST_EVENTS);
  const body = { key: me.key, lesson: report.lesson, step: report.step, done: report.done };
  if (newFinished) body.finished = finished;
  if (events.length) {
    body.events = events.map((e) => {
      const out = { kind: e.kind, item: e.item, ago: Math.round((Date.now() - e.at) / 1000) };
      if (e.kind === "check") Object.assign(out, { answer: String(e.answer || "").slice(0, 80), right: Boolean(e.right) });
      if (e.step && e.step !== report.step) out.step = e.step.slice(0, 120);
      return out;
    });
  }
  reporting = true;
  lastSent = Date.now();
  try {
    const response = await fetch(`${base}class/api/progress`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf(), "X-Requested-With": "corinth" },
      body: JSON.stringify(body),
    });
    if ([429, 503].includes(response.status)) {
      // The class asks this page to wait: everything is sent again after the wait.
      waitUntil = Date.now() + 1000 * Math.max(1, parseInt(response.headers.get("Retry-After"), 10) || 30);
    } else {
      report.events.splice(0, events.length); // taken, or refused for good (sent again, refused again)
      report.sent = where;
      if (newFinished) report.finished = JSON.stringify([me.key, finished]);
      if (response.ok && newFinished) {
        try {
          window.localStorage.setItem(CLASS, JSON.stringify({ ...me, finished }));
        } catch (e) {
          /* storage refused: the teacher still got this mark */
        }
      }
      if (response.status === 403) {
        const data = await response.json().catch(() => ({}));
        if (data.member === false) leftClass(Boolean(data.removed));
      }
    }
  } catch (e) {
    waitUntil = Date.now() + 5000; // no answer from the class's server: try again in a while
  } finally {
    reporting = false;
  }
  scheduleReport();
}

// The class was ended (or this student taken out of it by the teacher: ``removed``): the page forgets
// its key, stops reporting, and says so where the class's link was, with the way to join again.
const endedListeners = new Set();
function leftClass(removed) {
  const me = classMember();
  if (!me) return;
  try {
    const { key, ...rest } = me;
    window.localStorage.setItem(CLASS, JSON.stringify(rest));
  } catch (e) {
    /* storage refused: the next report is refused again, and says so again */
  }
  report.events = [];
  for (const listener of endedListeners) listener(removed);
}

function projector(on) {
  // Larger text and boards for a projector: every word at least 18 px at 1280×720 (the boards' own
  // labels as drawn, through their zoom), kept for every lesson; ?projector=1 on a lesson's address
  // turns it on (?projector=0 off). The boards are zoomed whole, so their layout keeps its
  // proportions (a harbor's names never run into their counts); the game's harbor column and its
  // sheet may wrap, one above the other, rather than be cut at the page's edge.
  if (!document.getElementById("corinth-projector-style")) {
    const style = document.createElement("style");
    style.id = "corinth-projector-style";
    const p = "body.corinth-projector";
    style.textContent = [
      `${p} { --jp-content-font-size1: 20px; --jp-ui-font-size1: 18px; --jp-code-font-size: 18px;` +
        " --jp-content-font-size2: 22px; --jp-widgets-font-size: 20px; --jp-widgets-inline-height: 40px;" +
        " --jp-widgets-inline-label-width: 160px; }",
      `${p} .jp-RenderedHTMLCommon, ${p} .jp-OutputArea-output { font-size: 20px; }`,
      `${p} .jp-OutputArea-output .widget-html-content, ${p} .jp-OutputArea-output .widget-label,` +
        ` ${p} .jp-OutputArea-output .widget-button, ${p} .jp-OutputArea-output .widget-toggle-button,` +
        ` ${p} .jp-OutputArea-output .widget-radio-box label, ${p} .jp-OutputArea-output select,` +
        ` ${p} .jp-OutputArea-output input { font-size: 20px; }`,
      `${p} .corinth-board { zoom: 1.5; }`,
      // A lesson's drawings (a sheet, the rules' pictures): their smallest labels (11 units) at 18 px.
      `${p} .jp-OutputArea-output svg:not(.corinth-board svg, svg svg) { zoom: 1.64; max-width: 100%; height: auto; }`,
      `${p} .corinth-progress { font-size: 20px; }`,
      `${p} .corinth-progress-reset, ${p} .corinth-progress-projector { font-size: 20px; padding: 4px 12px; }`,
      `${p} .corinth-rule { font-size: 14px; }`,
      `${p} .corinth-game .widget-hbox { flex-wrap: wrap; }`,
      `${p} .corinth-game .widget-vbox { width: auto !important; max-width: 100%; }`,
      // The last moves and the game's log in full: at this size a box that scrolls would need a key.
      `${p} .corinth-game .widget-html { max-height: none !important; overflow: visible !important; }`,
    ].join("\n");
    document.head.appendChild(style);
  }
  document.body.classList.toggle("corinth-projector", on);
  try {
    window.localStorage.setItem(PROJECTOR, on ? "1" : "");
  } catch (e) {
    /* storage refused: the mode lasts as long as the page */
  }
}

function projectorAsked() {
  // The mode this page starts in: the address's ?projector=1 (or =0), else the last one chosen.
  const asked = new URLSearchParams(window.location.search).get("projector");
  if (asked === "1" || asked === "0") return asked === "1";
  try {
    return window.localStorage.getItem(PROJECTOR) === "1";
  } catch (e) {
    return false;
  }
}

function render({ model, el }) {
  const { t, tn, language } = progressTranslator(model);
  const root = h("div", { class: "corinth-progress", role: "region", "aria-label": t("Your progress") });
  const line = h("p", { class: "corinth-progress-line", role: "status", "aria-live": "polite" });
  const map = h("ul", { class: "corinth-progress-map" });
  const reset = h("button", { type: "button", class: "corinth-progress-reset", text: t("Reset my progress") });
  let armed = false;
  reset.addEventListener("click", () => {
    if (!armed) {
      armed = true;
      reset.textContent = t("Click again to forget every solved exercise");
      return;
    }
    armed = false;
    write({});
    reset.textContent = t("Reset my progress");
    model.send({ event: "reset" });
    draw();
  });
  const screen = h("button", { type: "button", class: "corinth-progress-projector", text: t("Projector mode") });
  const stored = projectorAsked();
  screen.setAttribute("aria-pressed", String(stored));
  if (stored || document.body.classList.contains("corinth-projector")) projector(stored);
  screen.addEventListener("click", () => {
    const on = !document.body.classList.contains("corinth-projector");
    projector(on);
    screen.setAttribute("aria-pressed", String(on));
  });
  const live = h("p", { class: "corinth-progress-live", role: "status", "aria-live": "polite" });
  const lockNote = h("p", { class: "corinth-progress-lock", role: "status", "aria-live": "polite" });
  const inClassroom = classBase() !== null;
  const onList = () => model.get("lessons").length > 0;
  if (inClassroom && onList()) {
    // The lesson list in a classroom or on the school hub: the way to the class's page.
    live.append(
      h("a", {
        href: `${classBase()}class`,
        class: "corinth-progress-class",
        text: t("Your class: join it and answer your teacher's puzzles →"),
      }),
    );
  }
  // The lesson list's language switch: the list in each language it is written in ("English ·
  // Français · Deutsch", Python's `languages`: index.ipynb, index.fr.ipynb, index.de.ipynb), as
  // relative links (JupyterLab and the classroom's /voila/render/ alike), the one shown marked, the
  // choice kept in this browser.
  const switcher = h("nav", { class: "corinth-progress-languages", "aria-label": t("Language") });
  const languages = (model.get("languages") || []).filter(
    (l) => l && typeof l.code === "string" && typeof l.name === "string" && /^index(\.[a-z]{2})?\.ipynb$/.test(l.file),
  );
  if (onList() && languages.length > 1) {
    languages.forEach(({ code, name, file }, i) => {
      if (i) switcher.append(" · ");
      const link = h("a", { href: file, lang: code, hreflang: code, text: name });
      if (code === language()) {
        link.setAttribute("aria-current", "page");
        link.style.fontWeight = "700";
      }
      link.addEventListener("click", () => {
        try {
          window.localStorage.setItem(LANGUAGE_KEY, code);
        } catch (e) {
          /* storage refused: the link still opens the list in that language */
        }
      });
      switcher.append(link);
    });
  }
  root.append(...(switcher.childNodes.length ? [switcher] : []), line, live, lockNote, map, reset, screen);
  el.appendChild(root);

  // The lesson the teacher keeps the class to (the lesson list then shows only it), and the teacher's
  // live puzzle: a link to the class's page while one waits for this student's answer.
  let lock = null;
  function showLock(found) {
    const file = found && typeof found.file === "string" ? found.file : "";
    if ((lock ? lock.file : "") === file) return;
    lock = file ? { file, title: String(found.title || file) } : null;
    const here = window.location.pathname.split("/").pop();
    if (!lock) lockNote.replaceChildren();
    else if (onList()) lockNote.replaceChildren(t("Your teacher keeps the class to one lesson for now: {lesson}.", { lesson: lock.title }));
    else if (lock.file !== here) {
      const link = h("a", { href: lock.file, class: "corinth-progress-next", text: `${lock.title} →` });
      lockNote.replaceChildren(...sentence(t("Your teacher asks the class to work on another lesson: {lesson}"), { lesson: link }));
    } else lockNote.replaceChildren();
    if (onList()) draw();
  }
  async function watchClass() {
    const base = classBase();
    const me = classMember();
    if (base === null || (!me && !onList())) return;
    try {
      const response = await fetch(`${base}class/api/live?key=${encodeURIComponent(me ? me.key : "")}`, {
        credentials: "same-origin",
        cache: "no-store",
      });
      const data = await response.json();
      if (!response.ok) return; // a refusal or a wait: the next look tries again
      showLock(data.lock);
      if (me && data.member === false) {
        leftClass(Boolean(data.removed));
        return;
      }
      if (!me) return;
      if (data.puzzle && !data.mine && !data.revealed && !(data.closes_in === 0)) {
        live.replaceChildren(
          h("a", { href: `${base}class`, class: "corinth-progress-next", text: t("Your teacher sent a puzzle to the class: answer it →") }),
        );
      } else if (!onList()) live.replaceChildren();
    } catch (e) {
      if (!onList()) live.replaceChildren();
    }
  }
  endedListeners.add((removed) => {
    if (!el.isConnected) return;
    const words = removed ? t("You are no longer in the class: join it again →") : t("The class has ended: join it again →");
    live.replaceChildren(h("a", { href: `${classBase()}class`, class: "corinth-progress-next", text: words }));
  });
  if (inClassroom && (classMember() || onList())) {
    watchClass();
    const timer = setInterval(() => {
      if (!el.isConnected) return clearInterval(timer);
      watchClass();
      if (!onList()) reportLesson(read()); // the step in view, also where the page scrolled itself
    }, 3000);
  }

  // What the kernel tells of the learner's checks and hints (Progress.tell): reported to the class.
  model.on("msg:custom", (message) => {
    if (!message || message.event !== "tried" || typeof message.item !== "string") return;
    const step = model.get("steps").find((s) => s.items.includes(message.item));
    tellClass({
      kind: message.kind,
      item: message.item,
      answer: message.answer,
      right: message.right,
      step: step ? step.title : "",
    });
  });

  // The step in view: the last step whose heading is above the upper part of the window (before the
  // first, the start of the lesson). Looked at again once the learner stops scrolling.
  function stepInView() {
    let found = null;
    for (const step of model.get("steps")) {
      const heading = document.getElementById(step.anchor);
      if (!heading) continue;
      if (heading.getBoundingClientRect().top <= window.innerHeight * 0.4) found = step;
      else break;
    }
    return found;
  }
  let scrolled = null;
  function onScroll() {
    if (!el.isConnected) {
      document.removeEventListener("scroll", onScroll, true);
      return;
    }
    clearTimeout(scrolled);
    scrolled = setTimeout(() => onList() || reportLesson(read()), 1500); // once it stays in view
  }
  if (inClassroom) {
    document.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
  }

  function drawCourse(stored, lessons) {
    // The lesson list: one line per lesson with its count, linked; finished ones marked in words,
    // the first one not finished marked "Continue here →" (or "Start here →" before any mark).
    let all = 0;
    let done = 0;
    let finished = 0;
    let here = false;
    const anything = lessons.some((lesson) => lesson.items.some((name) => stored[name]));
    const kept = lock && lessons.some((lesson) => lesson.file === lock.file) ? lock.file : "";
    for (const lesson of lessons) {
      const n = lesson.items.filter((name) => stored[name]).length;
      const extra = lesson.extra || [];
      all += lesson.items.length;
      done += n;
      const item = h("li");
      const count = tn("{lesson} — {done} of {total} solved", "{lesson} — {done} of {total} solved", n);
      // the lesson's link, its count in a span around it (the words in the language's order)
      let words = "";
      for (const part of [...sentence(count, { lesson: h("a", { href: lesson.file, text: lesson.title }), done: n, total: lesson.items.length }), null]) {
        if (typeof part === "string") words += part;
        else {
          if (words) item.appendChild(h("span", { text: words }));
          words = "";
          if (part) item.appendChild(part);
        }
      }
      if (extra.length) {
        const solved = extra.filter((name) => stored[name]).length;
        const puzzles = tn("{done} of {total} puzzles", "{done} of {total} puzzles", solved, { done: solved, total: extra.length });
        item.appendChild(h("span", { text: ` · ${puzzles}` }));
      }
      if (n === lesson.items.length) {
        finished += 1;
        item.classList.add("corinth-progress-finished");
        item.appendChild(h("span", { text: ` ${t("✓ finished")}`, style: "font-weight: 600" }));
      } else if (!here) {
        here = true;
        const words = anything ? t("Continue here →") : t("Start here →");
        const named = anything ? t("Continue here: {lesson}", { lesson: lesson.title }) : t("Start here: {lesson}", { lesson: lesson.title });
        item.classList.add("corinth-progress-here");
        item.setAttribute("aria-current", "step");
        item.append(
          h("span", { text: " · " }),
          h("a", {
            href: lesson.file,
            class: "corinth-progress-continue",
            text: words,
            "aria-label": named,
            style: "font-weight: 700",
          }),
        );
      }
      if (!kept || lesson.file === kept) map.appendChild(item);
    }
    line.textContent = tn(
      "Your progress: {finished} of {lessons} lessons finished, {done} of {total} exercises solved (kept in this browser).",
      "Your progress: {finished} of {lessons} lessons finished, {done} of {total} exercises solved (kept in this browser).",
      finished,
      { finished, lessons: lessons.length, done, total: all },
    );
    reportToClass(
      t("The lesson list"),
      "",
      true,
      lessons.filter((lesson) => lesson.items.length && lesson.items.every((name) => stored[name])).map((lesson) => lesson.title),
    );
    if (lessons.length && finished === lessons.length) line.textContent += ` ${t("Every lesson finished ✓")}`;
  }

  function reportLesson(stored) {
    // The lesson, the step in view and whether its exercises are all solved, the lesson finished.
    const steps = model.get("steps");
    const needed = steps.flatMap((step) => step.items);
    const counted = needed.length ? needed : model.get("items");
    const heading = document.querySelector("h1");
    const title = (heading ? heading.textContent : "") || document.title || model.get("lesson");
    const lesson = title.replace(/[¶#]/g, "").trim();
    const all = counted.length > 0 && counted.every((name) => stored[name]);
    const seen = stepInView();
    const step = seen ? seen.title : steps.length ? t("Start of the lesson") : "";
    const done = seen ? seen.items.every((name) => stored[name]) : true;
    reportToClass(lesson, step, done, all ? [lesson] : []);
  }

  function drawLesson(stored) {
    // A lesson: its count, then the next step whose exercise is not solved, or the next lesson.
    const items = model.get("items");
    const steps = model.get("steps");
    const needed = steps.flatMap((step) => step.items);
    const counted = needed.length ? needed : items;
    const extra = items.filter((name) => !counted.includes(name));
    const done = counted.filter((name) => stored[name]).length;
    const text = extra.length
      ? tn(
          "This lesson: {done} of {total} exercises solved, and {puzzles_done} of {puzzles} puzzles of the trainer (kept in this browser).",
          "This lesson: {done} of {total} exercises solved, and {puzzles_done} of {puzzles} puzzles of the trainer (kept in this browser).",
          done,
          { done, total: counted.length, puzzles_done: extra.filter((name) => stored[name]).length, puzzles: extra.length },
        )
      : tn(
          "This lesson: {done} of {total} exercises solved (kept in this browser).",
          "This lesson: {done} of {total} exercises solved (kept in this browser).",
          done,
          { done, total: counted.length },
        );
    line.replaceChildren(document.createTextNode(text));
    reportLesson(stored);
    for (const step of steps) {
      const i = step.items.findIndex((name) => !stored[name]);
      if (i >= 0) {
        const link = h("a", { href: `#${step.anchor}`, class: "corinth-progress-next", text: step.title });
        line.append(" ", ...sentence(t("Next: {step} — {exercise}"), { step: link, exercise: step.labels[i] }));
        return;
      }
    }
    if (steps.length && counted.every((name) => stored[name])) {
      const following = model.get("next_lesson");
      if (following && following.file) {
        const link = h("a", { href: following.file, class: "corinth-progress-next", text: following.title });
        line.append(" ", ...sentence(t("✓ Lesson finished — next: {lesson}"), { lesson: link }));
      } else {
        line.append(" ", t("✓ Lesson finished."));
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
  model.on("change:words", draw);
  draw();
}

export default { render };
