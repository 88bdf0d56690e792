// The class's pages (corinth/classroom/teacher.py): the student's page joins the class and answers
// the live puzzle; the teacher's page shows the class, sends a puzzle, charts the answers as they
// come and reveals the solver's ranking. Every name a student typed is shown with textContent only.
(function () {
  const STORE = "corinth-class-v1";
  const POLL_MS = 1000;
  const LANGUAGE = "corinth-language"; // the language a student chose (localStorage and a cookie)

  // The page's words in its language, given by the server in the page (corinth-words): a message
  // and a plural's two forms, called with literal strings (docs/translating.md).
  const WORDS = (() => {
    try {
      const node = document.getElementById("corinth-words");
      return (node && JSON.parse(node.textContent)) || {};
    } catch (e) {
      return {};
    }
  })();
  const lang = WORDS["\u0000lang"] || "en";
  const fill = (text, values) =>
    text.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
  const t = (text, values) => fill(WORDS[text] ?? text, values);
  const tn = (one, many, n, values) => {
    const forms = WORDS[`${one}\u0000${many}`];
    const plural = lang === "fr" ? n > 1 : n !== 1;
    return fill(forms ? forms[plural ? 1 : 0] : plural ? many : one, { n: number(n), ...values });
  };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function cookie(name) {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
  }

  function mine() {
    try {
      const data = JSON.parse(window.localStorage.getItem(STORE) || "{}");
      return data && typeof data === "object" ? data : {};
    } catch (e) {
      return {};
    }
  }

  function keep(data) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(data));
    } catch (e) {
      /* storage refused: the page still works while it stays open */
    }
  }

  // An answer of the class's server: { ok, status, data, wait, response }. Every refusal carries a
  // sentence for the page (data.error); 429 and 503 say in Retry-After how many seconds to wait.
  async function reply(response) {
    let data = {};
    if ((response.headers.get("Content-Type") || "").includes("json")) {
      try {
        data = await response.json();
      } catch (e) {
        data = {};
      }
    }
    const wait = [429, 503].includes(response.status) ? Math.max(1, parseInt(response.headers.get("Retry-After"), 10) || 30) : 0;
    return { ok: response.ok, status: response.status, data: data && typeof data === "object" ? data : {}, wait, response };
  }

  function offline() {
    return { ok: false, status: 0, data: { error: t("The class's server does not answer: check the network, then try again.") }, wait: 0 };
  }

  async function post(url, body, headers) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        "X-XSRFToken": cookie("_xsrf"),
        "X-Requested-With": "corinth",
        ...(headers || {}),
      },
      body: JSON.stringify(body),
    });
    return reply(response);
  }

  // The sentence to show for a refusal: the server's own, and when to try again (its Retry-After,
  // in place of "in a moment" where the sentence says so).
  function sentence(result, fallback) {
    const said = (typeof result.data.error === "string" && result.data.error) || fallback;
    if (!result.wait || /try again in \d+ seconds?/i.test(said)) return said;
    const when = tn("in {n} second", "in {n} seconds", result.wait);
    if (/try again in a moment/i.test(said)) return said.replace(/(try again) in a moment/i, `$1 ${when}`);
    if (lang !== "en") {
      // the same in the page's language: "réessayez dans 20 secondes" is said already, and "dans
      // un instant" ("gleich") becomes "dans 20 secondes" ("in 20 Sekunden")
      const soon = t("in a moment");
      const words = (text) => new RegExp(`(^|[\\s(])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\\s.,)]|$)`, "i");
      if (words(t("try again in")).test(said) && /\d/.test(said)) return said;
      if (words(soon).test(said)) return said.replace(words(soon), (whole, before) => `${before}${when}`);
    }
    return t("{sentence} Try again {when}.", { sentence: said, when });
  }

  // The page's problems, one per source (its polling, each action), shown together in one live
  // region, rewritten only when they change (a screen reader reads each once).
  function shownProblems(node) {
    const now = new Map();
    function draw() {
      const text = [...now.values()].filter(Boolean).join(" ");
      if (node.textContent !== text) node.textContent = text;
    }
    return {
      set(source, text) {
        now.set(source, text);
        draw();
      },
      clear(source) {
        now.delete(source);
        draw();
      },
      get(source) {
        return now.get(source) || "";
      },
    };
  }

  function number(n) {
    return Number(n).toLocaleString(lang === "en" ? "en-US" : lang); // 2,630; 2 630; 2.630
  }

  // The language switch (English · Français · Deutsch): the choice is kept in this browser, for the
  // class's pages (a cookie the server reads) and the lessons (localStorage, as the lesson list
  // keeps it), and the page comes again in it. A choice made on the lesson list is followed here.
  function languages(base) {
    const path = base || "/";
    const choose = (code) => {
      try {
        window.localStorage.setItem(LANGUAGE, code);
      } catch (e) {
        /* storage refused: the cookie still says it */
      }
      document.cookie = `${LANGUAGE}=${code}; path=${path}; max-age=31536000; samesite=lax`;
    };
    for (const link of document.querySelectorAll("nav.languages a[data-language]")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        choose(link.dataset.language);
        const address = new URL(window.location.href);
        address.searchParams.delete("language");
        window.location.replace(address.toString());
      });
    }
    let kept = "";
    try {
      kept = window.localStorage.getItem(LANGUAGE) || "";
    } catch (e) {
      kept = "";
    }
    const asked = new URLSearchParams(window.location.search).get("language");
    if (asked && ["en", "fr", "de"].includes(asked)) {
      if (kept !== asked) choose(asked);
    } else if (["en", "fr", "de"].includes(kept) && kept !== lang && cookie(LANGUAGE) !== kept) {
      choose(kept); // chosen on the lesson list: this page again, in that language
      window.location.reload();
    }
  }

  // --- the student's page ----------------------------------------------------------------------


  // Projector mode: the page's words and pictures larger, for the back of a room. On from the
  // address (?projector=1, a page a teacher can bookmark) or the teacher's switch.
  function projectorFromAddress() {
    const asked = new URLSearchParams(window.location.search).get("projector");
    if (asked === "1") document.body.classList.add("projector");
    if (asked === "0") document.body.classList.remove("projector");
    return document.body.classList.contains("projector");
  }

  // A picture of two drawings side by side (a Corinth position: the harbor and a sheet, each its
  // own <svg> inside one) is shown as the two drawings, so the page can put them side by side or,
  // in projector mode, one above the other, each as wide as the page.
  function showPicture(box, svg) {
    box.innerHTML = svg; // drawn by the server, no student text
    const outer = box.querySelector(":scope > svg");
    const parts = outer ? [...outer.querySelectorAll(":scope > g > svg")] : [];
    box.classList.toggle("split", parts.length === 2);
    if (parts.length !== 2) return;
    for (const part of parts) {
      part.classList.add(part === parts[0] ? "picture-harbor" : "picture-sheet");
      part.removeAttribute("x");
      part.removeAttribute("y");
    }
    box.replaceChildren(...parts);
  }

  function student(base) {
    projectorFromAddress();
    const joined = document.getElementById("joined");
    const nameInput = document.getElementById("name");
    const joinButton = document.getElementById("join-button");
    const status = document.getElementById("live-status");
    const puzzleBox = document.getElementById("puzzle");
    const choicesBox = document.getElementById("choices");
    const revealBox = document.getElementById("reveal");
    const problems = shownProblems(document.getElementById("live-problem"));
    const joinProblems = shownProblems(document.getElementById("join-problem"));
    let shown = 0;
    let joining = false;
    let retry = null; // an answer the class could not save yet: { number, move, timer }

    function sayJoined() {
      const me = mine();
      document.body.classList.toggle("ended", Boolean(me.ended));
      joinButton.textContent = me.ended ? t("Join again") : t("Join");
      if (me.ended) {
        joined.textContent = me.removed
          ? t("Your teacher took you out of the class. Your name and answers are no longer kept. To take part again, press Join again.")
          : t("The class has ended. Your name and answers are no longer kept. To take part again, press Join again.");
      } else if (!me.key) {
        joined.textContent = t("Type a name and press Join, or join without a name.");
      } else {
        joined.textContent = me.name ? t("You are in the class as {name}.", { name: me.name }) : t("You are in the class (no name).");
      }
      if (document.activeElement !== nameInput) nameInput.value = me.name || "";
    }

    // The teacher ended the class (or took this student out): this page is no longer in it. Said
    // plainly, with no more puzzle to answer, and a way to join again.
    function ended(removed) {
      const me = mine();
      if (!me.key) return;
      keep({ name: me.name || "", ended: true, removed: Boolean(removed) });
      if (retry) clearTimeout(retry.timer);
      retry = null;
      problems.clear("answer");
      showNoPuzzle();
      sayJoined();
    }

    async function join(name) {
      const me = mine();
      joining = true;
      let result;
      try {
        // A page that joins again with its key stays the same student, renamed; after the end of
        // a class it joins afresh.
        const body = me.key && !me.ended ? { name, key: me.key } : { name };
        result = await post(`${base}class/api/join`, body);
      } catch (e) {
        result = offline();
      } finally {
        joining = false;
      }
      if (!result.ok) {
        joinProblems.set("join", sentence(result, t("The class could not take your name: try again.")));
        return false;
      }
      joinProblems.clear("join");
      keep({ key: result.data.key || me.key, name: result.data.name ?? name });
      sayJoined();
      poll();
      return true;
    }

    document.getElementById("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      join(nameInput.value.trim());
    });
    document.getElementById("no-name").addEventListener("click", () => {
      nameInput.value = "";
      join("");
    });

    async function answer(number, move) {
      if (retry) clearTimeout(retry.timer);
      retry = null;
      if (!mine().key && !(await join(nameInput.value.trim()))) return;
      let result;
      try {
        result = await post(`${base}class/api/answer`, { key: mine().key, puzzle: number, move });
      } catch (e) {
        result = offline();
      }
      if (result.ok) {
        problems.clear("answer");
      } else if (result.status === 403 && result.data.member === false) {
        ended(result.data.removed); // the class was ended (or this student taken out of it)
        return;
      } else if (result.wait) {
        // The class cannot take it now (too many messages, or its notes cannot be saved): said,
        // and sent again by itself once the server's wait is over.
        problems.set("answer", t("Your answer is not saved yet. {sentence} This page will send it again by itself then.", { sentence: sentence(result, "") }));
        retry = { number, move, timer: setTimeout(() => answer(number, move), result.wait * 1000) };
      } else {
        problems.set("answer", sentence(result, t("Your answer did not reach the class: try again.")));
      }
      poll();
    }

    function showNoPuzzle() {
      puzzleBox.hidden = true;
      choicesBox.replaceChildren();
      shown = 0;
      clock.set(undefined);
      const me = mine();
      status.textContent = me.ended
        ? me.removed
          ? t("No puzzle: you are no longer in the class.")
          : t("No puzzle: the class has ended.")
        : t("No puzzle yet: your teacher will send one.");
    }

    // The puzzle's timer; at zero the answers close (the server refuses any later one).
    let lastData = null;
    const clock = countdown(document.getElementById("timer"), () => {
      if (lastData && !lastData.revealed) for (const b of choicesBox.querySelectorAll("button")) b.disabled = true;
    });

    function drawPuzzle(data) {
      const p = data.puzzle;
      puzzleBox.hidden = false;
      if (shown !== data.number) {
        shown = data.number;
        document.getElementById("question").textContent = t("{game}: {question}", { game: p.game, question: p.question });
        showPicture(document.getElementById("picture"), p.picture);
        choicesBox.replaceChildren(
          ...p.choices.map((c) => {
            const b = el("button", { type: "button", "aria-pressed": "false", "data-move": c.move, text: c.words });
            b.addEventListener("click", () => answer(shown, c.move));
            return b;
          }),
        );
        // Projector mode: a new puzzle brought to the top of the screen, its question and the
        // position in view (below the name form it started under the fold), unless a name is
        // being typed.
        if (document.body.classList.contains("projector") && document.activeElement !== nameInput) {
          document.getElementById("live").scrollIntoView({ block: "start" });
        }
      }
      lastData = data;
      clock.set(data.closes_in);
      const timeUp = clock.up();
      const mineNow = retry && retry.number === data.number ? retry.move : data.mine;
      for (const b of choicesBox.querySelectorAll("button")) {
        b.setAttribute("aria-pressed", String(b.dataset.move === mineNow));
        b.disabled = data.revealed || timeUp;
      }
      const picked = p.choices.find((c) => c.move === data.mine);
      if (data.revealed) {
        const best = data.ranking.filter((r) => r.best).map((r) => r.move);
        status.textContent = picked
          ? best.includes(data.mine)
            ? t("You found the best move!")
            : t("Not the best move this time: see why below.")
          : t("Your teacher showed the answer.");
        revealBox.hidden = false;
        revealBox.replaceChildren(
          el("p", { text: data.explanation || "" }),
          el(
            "ol",
            {},
            ...data.ranking.slice(0, 8).map((r) =>
              el(
                "li",
                { class: r.best ? "best" : "" },
                `${r.words} — ${r.verdict}${r.best ? t(" (best)") : ""}${r.offered === false ? t(" (not among the choices)") : ""}`,
              ),
            ),
          ),
        );
      } else if (timeUp) {
        revealBox.hidden = true;
        status.textContent = picked
          ? t("Your answer: {move} The time is up: your teacher will show the answer.", { move: picked.words })
          : t("The time is up: your teacher will show the answer.");
      } else {
        revealBox.hidden = true;
        status.textContent = picked
          ? t("Your answer: {move} You can change it until your teacher shows the answer.", { move: picked.words })
          : t("A puzzle from your teacher: choose your move below.");
      }
    }

    let timer = null;
    async function poll() {
      clearTimeout(timer);
      let next = POLL_MS;
      const key = mine().key || "";
      try {
        const response = await fetch(`${base}class/api/live?key=${encodeURIComponent(key)}`, {
          credentials: "same-origin",
          cache: "no-store",
        });
        const result = await reply(response);
        if (!result.ok) {
          problems.set("poll", sentence(result, t("The class's server did not answer: this page tries again.")));
          if (result.wait) next = result.wait * 1000;
        } else {
          problems.clear("poll");
          const data = result.data;
          if (key && data.member === false && !joining && mine().key === key) ended(data.removed);
          // the name as the class shows it: the teacher may rename, and a second "Alex" is "Alex (2)"
          if (key && data.member && typeof data.name === "string" && !joining && mine().key === key && mine().name !== data.name) {
            keep({ ...mine(), name: data.name });
            sayJoined();
          }
          if (mine().ended || !data.puzzle) showNoPuzzle();
          else drawPuzzle(data);
        }
      } catch (e) {
        problems.set("poll", t("Waiting for the class's server…"));
      }
      timer = setTimeout(poll, next);
    }

    sayJoined();
    if (mine().ended) showNoPuzzle();
    poll();
  }

  // --- the teacher's page -----------------------------------------------------------------------

  function teacher(base) {
    const secret = window.location.pathname.replace(/\/$/, "").split("/").pop();
    const headers = { "X-Teacher": secret };
    const $ = (id) => document.getElementById(id);
    const read = async (what) => {
      try {
        return await reply(await fetch(`${base}teacher/api/${what}`, { headers, cache: "no-store" }));
      } catch (e) {
        return offline();
      }
    };
    const act = async (what, body) => {
      try {
        return await post(`${base}teacher/api/${what}`, body || {}, headers);
      } catch (e) {
        return offline();
      }
    };
    const sendStatus = $("send-status");
    const problems = shownProblems($("teacher-problem"));
    let shownPuzzle = 0;
    let lastState = null;

    $("projector").setAttribute("aria-pressed", String(projectorFromAddress()));
    $("projector").addEventListener("click", (event) => {
      const on = document.body.classList.toggle("projector");
      event.target.setAttribute("aria-pressed", String(on));
    });
    $("report").href = `${window.location.pathname.replace(/\/$/, "")}/report`;
    $("handouts").href = `${window.location.pathname.replace(/\/$/, "")}/handouts/`;

    // The class's record (the CSV of every student and every answer), fetched with the teacher's
    // secret and saved under the name the server gives it (with the class's date).
    let recordName = "class.csv";
    async function download() {
      const result = await read("class.csv");
      if (!result.ok) {
        problems.set("csv", sentence(result, t("The record could not be downloaded: try again.")));
        return false;
      }
      problems.clear("csv");
      const named = /filename="([^"]+)"/.exec(result.response.headers.get("Content-Disposition") || "");
      recordName = named ? named[1] : "class.csv";
      const blob = await result.response.blob();
      const link = el("a", { href: URL.createObjectURL(blob), download: recordName });
      document.body.append(link);
      link.click();
      link.remove();
      return true;
    }
    $("csv").addEventListener("click", (event) => {
      event.preventDefault();
      download();
    });

    // --- a puzzle for the class: previewed, its moves picked, a timer, then sent -----------------
    let previewed = null; // { data, source, shown }
    const previewBox = $("preview-box");
    const movesList = $("preview-moves");

    function picked() {
      return previewed ? [...previewed.ticked] : [];
    }
    function sayPicked() {
      if (!previewed) return;
      const n = previewed.ticked.size;
      const most = previewed.data.most || 40;
      const words =
        n < 2
          ? tn("{n} move ticked: tick at least two.", "{n} moves ticked: tick at least two.", n)
          : n > most
            ? tn("{n} move ticked: at most {most}, please.", "{n} moves ticked: at most {most}, please.", n, { most: number(most) })
            : tn("The class will choose among the {n} move ticked.", "The class will choose among the {n} moves ticked.", n);
      $("preview-picked").textContent = words;
      $("send-preview").disabled = n < Math.min(2, previewed.data.count) || n > most;
    }
    function listMoves(moves) {
      for (const m of moves) {
        const id = `move-${movesList.children.length}`;
        const box = el("input", { type: "checkbox", id, value: m.move });
        box.checked = previewed.ticked.has(m.move);
        box.addEventListener("change", () => {
          if (box.checked) previewed.ticked.add(m.move);
          else previewed.ticked.delete(m.move);
          sayPicked();
        });
        const words = `${m.words} — ${m.verdict}${m.best ? t(" (best)") : ""}`;
        movesList.append(el("li", { class: m.best ? "best" : "" }, box, el("label", { for: id, text: words })));
        previewed.listed.add(m.move);
      }
      $("preview-more").hidden = previewed.listed.size >= previewed.data.moves.length;
      sayPicked();
    }
    function moreMoves(count) {
      // The moves in the solver's order, a page at a time (a position may have thousands).
      listMoves(previewed.data.moves.filter((m) => !previewed.listed.has(m.move)).slice(0, count));
    }
    function showPreview(data, source) {
      previewed = { data, source, ticked: new Set(data.picked), listed: new Set() };
      previewBox.hidden = false;
      $("preview-title").textContent = t("Preview: {game}, {title}", { game: data.game, title: data.title });
      $("preview-question").textContent = data.question;
      showPicture($("preview-picture"), data.picture);
      $("preview-count").textContent =
        data.count > data.picked.length
          ? tn(
              "This position has {n} move: tick the ones the class chooses from.",
              "This position has {n} moves: tick the ones the class chooses from.",
              data.count,
            )
          : tn("This position has {n} move: the class chooses among them all.", "This position has {n} moves: the class chooses among them all.", data.count);
      movesList.replaceChildren();
      // the first ones in the solver's order, and every move ticked wherever the solver ranks it
      const first = data.moves.slice(0, 24);
      listMoves([...first, ...data.moves.slice(24).filter((m) => previewed.ticked.has(m.move))]);
    }
    async function preview(source) {
      sendStatus.textContent = t("Preparing the preview… (the solver ranks every move)");
      const result = await act("preview", source);
      if (!result.ok) {
        sendStatus.textContent = sentence(result, t("The preview could not be made: try again."));
        return;
      }
      sendStatus.textContent = "";
      showPreview(result.data, source);
      $("preview-title").setAttribute("tabindex", "-1");
      $("preview-title").focus();
    }
    $("preview-more").addEventListener("click", () => moreMoves(100));
    $("preview").addEventListener("click", () => preview({ ref: $("pick").value }));
    $("preview-saved").addEventListener("click", () => preview({ saved: $("saved").value }));

    async function send(body) {
      sendStatus.textContent = t("Sending… (the solver ranks every move)");
      const result = await act("send", body);
      sendStatus.textContent = result.ok ? t("Sent: the class sees it now.") : sentence(result, t("It could not be sent: try again."));
      if (result.ok) {
        previewBox.hidden = true;
        previewed = null;
      }
      refresh();
    }
    $("send").addEventListener("click", () => {
      const ref = $("pick").value;
      if (previewed && previewed.source.ref === ref) $("send-preview").click();
      else send({ ref, seconds: Number($("timer").value) || 0 });
    });
    $("send-preview").addEventListener("click", () => {
      if (!previewed) return;
      send({ ...previewed.source, preview: previewed.data.preview, choices: picked(), seconds: Number($("timer").value) || 0 });
    });

    async function action(what, failed, body) {
      const result = await act(what, body);
      if (result.ok) problems.clear(what);
      else problems.set(what, sentence(result, failed));
      refresh();
      return result;
    }
    $("reveal").addEventListener("click", () =>
      action("reveal", t("The answer could not be shown: try again."), { names: $("reveal-names").checked }),
    );
    $("stop").addEventListener("click", () => action("stop", t("The puzzle could not be closed: try again.")));

    // --- the teacher's choices: when to flag a student, the lesson the class is kept to ----------
    let helpEdited = false;
    for (const id of ["help-wrong", "help-minutes"]) $(id).addEventListener("input", () => (helpEdited = true));
    $("help-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const result = await act("help", { wrong: Number($("help-wrong").value), minutes: Number($("help-minutes").value) });
      $("help-status").textContent = result.ok ? t("Saved.") : sentence(result, t("Not saved: try again."));
      if (result.ok) helpEdited = false;
      refresh();
    });
    async function lock(lesson) {
      const result = await act("lock", { lesson });
      if (!result.ok) $("lock-status").textContent = sentence(result, t("The lessons could not be changed: try again."));
      refresh();
    }
    $("lock").addEventListener("click", () => lock($("lock-pick").value));
    $("unlock").addEventListener("click", () => lock(""));
    function drawLock(state) {
      const kept = state.lock && state.lock.title;
      const text = kept ? t("The class sees one lesson: {lesson}.", { lesson: state.lock.title }) : t("Every lesson.");
      if ($("lock-status").textContent !== text) $("lock-status").textContent = text;
      $("unlock").disabled = !kept;
    }

    // --- a student: their answers over time, rename, take out of the class -----------------------
    const studentDialog = $("student-dialog");
    let openStudent = null; // { id, opener }
    let removeArmed = false;
    async function showStudent() {
      if (!openStudent) return;
      const result = await read(`student?id=${openStudent.id}`);
      if (!openStudent) return;
      if (!result.ok) {
        $("student-status").textContent = sentence(result, t("This student could not be read: try again."));
        return;
      }
      const data = result.data;
      $("student-title").textContent = data.label;
      if (!$("rename").dataset.edited && (document.activeElement !== $("rename") || $("rename").dataset.for !== String(data.id))) {
        $("rename").value = data.name;
        $("rename").dataset.for = String(data.id);
      }
      const rows = data.rows || [];
      $("answers-none").hidden = rows.length > 0;
      $("answers-table").hidden = rows.length === 0;
      const words = JSON.stringify(rows);
      if ($("answers").dataset.shown !== words) {
        $("answers").dataset.shown = words;
        $("answers").replaceChildren(
          ...rows.map((r) =>
            el(
              "tr",
              { class: r.right === true ? "right" : r.right === false ? "wrong" : "" },
              el("td", { text: r.time }),
              el("td", { text: r.lesson || "—" }),
              el("td", { text: r.what }),
              el("td", { text: r.answer || "—" }),
              el("td", { text: r.result }),
              el("td", { text: r.tries ? String(r.tries) : "" }),
            ),
          ),
        );
      }
    }
    function openStudentDialog(id, opener) {
      openStudent = { id, opener };
      removeArmed = false;
      $("remove").textContent = t("Take out of the class");
      $("student-status").textContent = "";
      $("rename").dataset.edited = "";
      $("rename").dataset.for = "";
      $("rename").value = "";
      $("answers").dataset.shown = "";
      $("answers").replaceChildren();
      studentDialog.showModal();
      $("rename").focus();
      showStudent();
    }
    studentDialog.addEventListener("close", () => {
      const opener = openStudent && openStudent.opener;
      openStudent = null;
      const again = opener && document.querySelector(`#students button[data-id="${opener}"]`);
      if (again) again.focus();
      else $("class-title").focus();
    });
    $("student-close").addEventListener("click", () => studentDialog.close());
    $("rename").addEventListener("input", () => ($("rename").dataset.edited = "1"));
    $("rename-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!openStudent) return;
      const result = await act("rename", { student: openStudent.id, name: $("rename").value.trim() });
      $("student-status").textContent = result.ok
        ? result.data.name
          ? t("Renamed: {name}.", { name: result.data.name })
          : t("Now without a name.")
        : sentence(result, t("The name could not be changed: try again."));
      if (result.ok) $("rename").dataset.edited = "";
      refresh();
      showStudent();
    });
    $("remove").addEventListener("click", async () => {
      if (!openStudent) return;
      if (!removeArmed) {
        removeArmed = true;
        $("remove").textContent = t("Press again to take {name} out of the class", { name: $("student-title").textContent });
        $("student-status").textContent = t("Their name, marks and answers will be erased; their page will say so.");
        return;
      }
      const name = $("student-title").textContent;
      const result = await act("remove", { student: openStudent.id });
      if (!result.ok) {
        $("student-status").textContent = sentence(result, t("The student could not be taken out: try again."));
        return;
      }
      openStudent.opener = null;
      studentDialog.close();
      $("end-note").textContent = "";
      $("count").dataset.note = t("{name} was taken out of the class.", { name });
      refresh();
    });

    // --- End the class: a dialog that offers the record first and says what will be erased -------
    const endButton = $("end");
    const dialog = $("end-dialog");
    const dialogStatus = $("end-dialog-status");
    const note = $("end-note");
    endButton.addEventListener("click", () => {
      dialogStatus.textContent = "";
      note.textContent = "";
      dialog.showModal();
      $("end-download").focus();
    });
    dialog.addEventListener("close", () => endButton.focus());
    $("end-keep").addEventListener("click", () => dialog.close());
    $("end-download").addEventListener("click", async () => {
      dialogStatus.textContent = t("Downloading the record…");
      const done = await download();
      dialogStatus.textContent = done
        ? t("The record is downloaded ({file}). You can end the class now.", { file: recordName })
        : problems.get("csv");
    });
    $("end-confirm").addEventListener("click", async () => {
      dialogStatus.textContent = t("Ending the class…");
      const result = await act("end");
      if (!result.ok) {
        dialogStatus.textContent = sentence(result, t("The class could not be ended: try again."));
        return;
      }
      dialog.close();
      note.textContent = t("The class was ended: every name, mark and answer is erased.");
      refresh();
    });

    // --- what the page shows, every second --------------------------------------------------------
    function drawStudents(rows) {
      const named = rows.filter((r) => r.name).length;
      const gone = $("count").dataset.note || "";
      const joined =
        rows.length - named
          ? tn("{n} student joined ({unnamed} without a name).", "{n} students joined ({unnamed} without a name).", rows.length, {
              unnamed: number(rows.length - named),
            })
          : tn("{n} student joined.", "{n} students joined.", rows.length);
      $("count").textContent = joined + (gone ? ` ${gone}` : "");
      const flagged = rows.filter((r) => r.help).length;
      const helpText = flagged ? tn("{n} student may need help: listed first.", "{n} students may need help: listed first.", flagged) : "";
      if ($("help-count").textContent !== helpText) $("help-count").textContent = helpText;
      const body = $("students");
      const words = JSON.stringify(rows);
      if (body.dataset.shown === words) return;
      body.dataset.shown = words;
      const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.id : null;
      body.replaceChildren(
        ...rows.map((r) => {
          const who = el("button", { type: "button", class: "link", "data-id": String(r.id), text: r.label });
          who.addEventListener("click", (event) => {
            event.stopPropagation();
            openStudentDialog(r.id, r.id);
          });
          const first = el("td", {}, who);
          if (r.help) first.append(el("br"), el("strong", { class: "flag", text: t("May need help") }), el("span", { class: "why", text: ` (${r.why})` }));
          else if (!r.active) first.append(el("span", { class: "note", text: t(" (away)") }));
          const row = el(
            "tr",
            { class: r.help ? "needs-help" : "" },
            first,
            el("td", { text: r.lesson || "—" }),
            el("td", { text: r.step || "—" }),
            el("td", { text: r.time_here || "—" }),
            el("td", { text: r.lesson && r.step ? String(r.wrong) : "—" }),
            el("td", { text: r.lesson && r.step ? String(r.hints) : "—" }),
            el("td", { text: r.finished.length ? r.finished.join(", ") : "—" }),
          );
          row.addEventListener("click", () => openStudentDialog(r.id, r.id));
          return row;
        }),
      );
      if (focused) {
        const again = body.querySelector(`button[data-id="${focused}"]`);
        if (again) again.focus();
      }
    }

    function drawExercises(rows) {
      const list = Array.isArray(rows) ? rows.filter((r) => r.tried || r.hints) : [];
      $("exercises-none").hidden = list.length > 0;
      $("exercises-table").hidden = list.length === 0;
      const body = $("exercises");
      const words = JSON.stringify(list);
      if (body.dataset.shown === words) return;
      body.dataset.shown = words;
      body.replaceChildren(
        ...list.map((r) => {
          const what = el("td", { text: r.words });
          if (r.hardest) what.append(" ", el("strong", { class: "flag", text: t("hardest") }));
          return el(
            "tr",
            { class: r.hardest ? "hardest" : "" },
            what,
            el("td", { text: r.lesson || "—" }),
            el("td", { text: t("{solved} of {tried}", { solved: number(r.solved), tried: number(r.tried) }) }),
            el("td", { text: r.tries === null || r.tries === undefined ? "—" : t("{n} on average", { n: number(r.tries) }) }),
            el("td", { text: String(r.wrong) }),
            el("td", { text: String(r.hints) }),
          );
        }),
      );
    }

    // What went wrong with the class's file, for the teacher to read, and the wrong codes tried.
    function drawFaults(state) {
      const box = $("faults");
      const list = Array.isArray(state.problems) ? state.problems : [];
      const words = list.join("\n");
      if (box.dataset.shown !== words) {
        box.dataset.shown = words;
        box.hidden = !list.length;
        $("fault-list").replaceChildren(...list.map((p) => el("li", { text: p })));
      }
      const refused = Number(state.refused_codes) || 0;
      const codes = $("refused");
      const text =
        refused > 0
          ? tn(
              "{n} wrong class code refused since the class's server started.",
              "{n} wrong class codes refused since the class's server started.",
              refused,
            )
          : "";
      if (codes.textContent !== text) codes.textContent = text;
    }

    const liveTimer = countdown($("live-timer"));

    function who(names, unnamed) {
      const parts = [...names];
      if (unnamed) parts.push(tn("{n} student without a name", "{n} students without a name", unnamed));
      return parts.join(", ");
    }

    function drawLive(live) {
      const box = $("live");
      box.hidden = !live;
      liveTimer.set(live ? live.closes_in : undefined);
      if (!live) {
        shownPuzzle = 0;
        return;
      }
      if (shownPuzzle !== live.number) {
        shownPuzzle = live.number;
        $("question").textContent = t("{game}: {question}", { game: live.game, question: live.question });
        showPicture($("picture"), live.picture);
      }
      const offered =
        live.offered && live.moves && live.offered < live.moves
          ? t("The class chooses among {offered} of the position's {moves} moves.", { offered: number(live.offered), moves: number(live.moves) })
          : "";
      if ($("offered").textContent !== offered) $("offered").textContent = offered;
      $("answered").textContent = t("{answers} from {students}.", {
        answers: tn("{n} answer", "{n} answers", live.answered),
        students: tn("{n} student", "{n} students", live.students),
      });
      const top = Math.max(1, ...live.bars.map((b) => b.count));
      $("bars").replaceChildren(
        ...live.bars
          .slice()
          .sort((a, b) => b.count - a.count)
          .map((b) =>
            el(
              "li",
              {},
              el("span", { text: `${b.words} — ${tn("{n} student", "{n} students", b.count)}` }),
              el("span", { class: "bar", style: `width: ${(100 * b.count) / top}%`, "aria-hidden": "true" }),
            ),
          ),
      );
      const ranking = $("ranking");
      ranking.hidden = !live.revealed;
      $("reveal").disabled = live.revealed;
      $("reveal-names").disabled = live.revealed;
      if (live.revealed) {
        const found = Number(live.found) || 0;
        const names = live.named ? who(live.found_names || [], live.found_unnamed || 0) : "";
        const said = found
          ? live.named
            ? t("Found the best move: {names}.", { names })
            : t("Found the best move: {names}.", { names: tn("{n} student", "{n} students", found) })
          : t("Nobody found the best move this time.");
        const columns = [
          el("th", { scope: "col", text: t("Move") }),
          el("th", { scope: "col", text: t("What it gives") }),
          el("th", { scope: "col", text: t("Chosen by") }),
        ];
        if (live.named) columns.push(el("th", { scope: "col", text: t("Who") }));
        ranking.replaceChildren(
          el("h3", { text: t("The solver's ranking") }),
          el("p", { class: "best", text: said }),
          el("p", { text: live.explanation || "" }),
          el(
            "table",
            {},
            el("thead", {}, el("tr", {}, ...columns)),
            el(
              "tbody",
              {},
              ...live.ranking.slice(0, 12).map((r) => {
                const cells = [
                  el("td", { text: r.words + (r.best ? t(" (best)") : "") + (r.offered === false ? t(" (not among the choices)") : "") }),
                  el("td", { text: r.verdict }),
                  el("td", { text: String(r.count) }),
                ];
                if (live.named) cells.push(el("td", { text: who(r.names || [], r.unnamed || 0) || "—" }));
                return el("tr", { class: r.best ? "best" : "" }, ...cells);
              }),
            ),
          ),
        );
      }
    }

    let timer = null;
    async function refresh() {
      clearTimeout(timer);
      let next = POLL_MS;
      const result = await read("state");
      if (result.ok) {
        problems.clear("state");
        const state = result.data;
        lastState = state;
        $("code").textContent = state.code;
        $("join-url").textContent = state.join.replace(/\/[^/]*$/, "");
        drawFaults(state);
        drawStudents(state.students || []);
        drawExercises(state.exercises);
        drawLive(state.live);
        drawLock(state);
        if (state.help && !helpEdited && ![$("help-wrong"), $("help-minutes")].includes(document.activeElement)) {
          $("help-wrong").value = state.help.wrong;
          $("help-minutes").value = state.help.minutes;
        }
        if (openStudent) showStudent();
      } else if (result.status === 0) {
        problems.set("state", t("Waiting for the class's server…"));
      } else {
        problems.set("state", sentence(result, t("The class could not be read: this page tries again.")));
        if (result.wait) next = result.wait * 1000;
      }
      timer = setTimeout(refresh, next);
    }

    (async () => {
      const qr = await read("qr.svg");
      if (qr.ok) $("qr").innerHTML = await qr.response.text(); // drawn by the server
      const list = await read("catalogue");
      if (!list.ok) {
        sendStatus.textContent = sentence(list, t("The puzzle list could not be read: reload the page."));
        return;
      }
      const pick = $("pick");
      const puzzles = list.data.puzzles || [];
      for (const game of [...new Set(puzzles.map((p) => p.game))]) {
        const group = el("optgroup", { label: game });
        for (const p of puzzles.filter((q) => q.game === game)) group.append(el("option", { value: p.ref, text: `${p.ref.split("/")[1]} — ${p.title}` }));
        pick.append(group);
      }
      const lessons = list.data.lessons || [];
      $("lock-pick").replaceChildren(...lessons.map((l) => el("option", { value: l.file, text: l.title })));
      // the lesson list's values are the English lessons; the lock names the page's language's
      if (lastState && lastState.lock) $("lock-pick").value = lastState.lock.file.replace(/\.(fr|de)\.ipynb$/, ".ipynb");
    })();
    refresh();
  }

  // "1:05" for 65 seconds.
  function clockText(seconds) {
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  // A live puzzle's timer on a page, counted down from the seconds left that the server gave at
  // each poll (its clock, not this computer's), "Time is up" at zero; ``atZero`` runs then.
  function countdown(node, atZero) {
    let deadline = null;
    function draw() {
      node.hidden = deadline === null;
      if (deadline === null) return;
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const text = left > 0 ? t("Time left: {time}", { time: clockText(left) }) : t("Time is up: answers are closed.");
      if (node.textContent !== text) node.textContent = text;
      if (left === 0 && atZero) atZero();
    }
    setInterval(draw, 250);
    return {
      set(closesIn) {
        if (typeof closesIn !== "number") deadline = null;
        else {
          const next = Date.now() + closesIn * 1000;
          if (deadline === null || Math.abs(next - deadline) > 1500) deadline = next;
        }
        draw();
      },
      up: () => deadline !== null && deadline <= Date.now(),
    };
  }

  window.CorinthClass = { student, teacher, languages };
})();
