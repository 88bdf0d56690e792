// The class's pages (corinth/classroom/teacher.py): the student's page joins the class and answers
// the live puzzle; the teacher's page shows the class, sends a puzzle, charts the answers as they
// come and reveals the solver's ranking. Every name a student typed is shown with textContent only.
(function () {
  const STORE = "corinth-class-v1";
  const POLL_MS = 1000;

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
    return { ok: false, status: 0, data: { error: "The class's server does not answer: check the network, then try again." }, wait: 0 };
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
    const when = `in ${plural(result.wait, "second", "seconds")}`;
    if (/try again in a moment/i.test(said)) return said.replace(/(try again) in a moment/i, `$1 ${when}`);
    return `${said} Try again ${when}.`;
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

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  // --- the student's page ----------------------------------------------------------------------

  function student(base) {
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
      joinButton.textContent = me.ended ? "Join again" : "Join";
      if (me.ended) {
        joined.textContent =
          "The class has ended. Your name and answers are no longer kept. To take part again, press Join again.";
      } else if (!me.key) {
        joined.textContent = "Type a name and press Join, or join without a name.";
      } else {
        joined.textContent = me.name ? `You are in the class as ${me.name}.` : "You are in the class (no name).";
      }
      if (document.activeElement !== nameInput) nameInput.value = me.name || "";
    }

    // The teacher ended the class (or took this student out): this page is no longer in it. Said
    // plainly, with no more puzzle to answer, and a way to join again.
    function ended() {
      const me = mine();
      if (!me.key) return;
      keep({ name: me.name || "", ended: true });
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
        joinProblems.set("join", sentence(result, "The class could not take your name: try again."));
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
        ended(); // the class was ended (or this student taken out of it)
        return;
      } else if (result.wait) {
        // The class cannot take it now (too many messages, or its notes cannot be saved): said,
        // and sent again by itself once the server's wait is over.
        problems.set("answer", `Your answer is not saved yet. ${sentence(result, "")} This page will send it again by itself then.`);
        retry = { number, move, timer: setTimeout(() => answer(number, move), result.wait * 1000) };
      } else {
        problems.set("answer", sentence(result, "Your answer did not reach the class: try again."));
      }
      poll();
    }

    function showNoPuzzle() {
      puzzleBox.hidden = true;
      choicesBox.replaceChildren();
      shown = 0;
      status.textContent = mine().ended ? "No puzzle: the class has ended." : "No puzzle yet: your teacher will send one.";
    }

    function drawPuzzle(data) {
      const p = data.puzzle;
      puzzleBox.hidden = false;
      if (shown !== data.number) {
        shown = data.number;
        document.getElementById("question").textContent = `${p.game}: ${p.question}`;
        document.getElementById("picture").innerHTML = p.picture; // drawn by the server, no student text
        choicesBox.replaceChildren(
          ...p.choices.map((c) => {
            const b = el("button", { type: "button", "aria-pressed": "false", "data-move": c.move, text: c.words });
            b.addEventListener("click", () => answer(shown, c.move));
            return b;
          }),
        );
      }
      const mineNow = retry && retry.number === data.number ? retry.move : data.mine;
      for (const b of choicesBox.querySelectorAll("button")) {
        b.setAttribute("aria-pressed", String(b.dataset.move === mineNow));
        b.disabled = data.revealed;
      }
      const picked = p.choices.find((c) => c.move === data.mine);
      if (data.revealed) {
        const best = data.ranking.filter((r) => r.best).map((r) => r.move);
        status.textContent = picked
          ? best.includes(data.mine)
            ? "You found the best move!"
            : "Not the best move this time: see why below."
          : "Your teacher showed the answer.";
        revealBox.hidden = false;
        revealBox.replaceChildren(
          el("p", { text: data.explanation || "" }),
          el(
            "ol",
            {},
            ...data.ranking.slice(0, 8).map((r) =>
              el("li", { class: r.best ? "best" : "" }, `${r.words} — ${r.verdict}${r.best ? " (best)" : ""}`),
            ),
          ),
        );
      } else {
        revealBox.hidden = true;
        status.textContent = picked
          ? `Your answer: ${picked.words} You can change it until your teacher shows the answer.`
          : "A puzzle from your teacher: choose your move below.";
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
          problems.set("poll", sentence(result, "The class's server did not answer: this page tries again."));
          if (result.wait) next = result.wait * 1000;
        } else {
          problems.clear("poll");
          const data = result.data;
          if (key && data.member === false && !joining && mine().key === key) ended();
          if (mine().ended || !data.puzzle) showNoPuzzle();
          else drawPuzzle(data);
        }
      } catch (e) {
        problems.set("poll", "Waiting for the class's server…");
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
    const sendStatus = document.getElementById("send-status");
    const problems = shownProblems(document.getElementById("teacher-problem"));
    let shownPuzzle = 0;

    document.getElementById("projector").addEventListener("click", (event) => {
      const on = document.body.classList.toggle("projector");
      event.target.setAttribute("aria-pressed", String(on));
    });

    // The class's record (the CSV of every student), fetched with the teacher's secret and saved.
    async function download() {
      const result = await read("class.csv");
      if (!result.ok) {
        problems.set("csv", sentence(result, "The record could not be downloaded: try again."));
        return false;
      }
      problems.clear("csv");
      const blob = await result.response.blob();
      const link = el("a", { href: URL.createObjectURL(blob), download: "class.csv" });
      document.body.append(link);
      link.click();
      link.remove();
      return true;
    }
    document.getElementById("csv").addEventListener("click", (event) => {
      event.preventDefault();
      download();
    });

    async function send(body) {
      sendStatus.textContent = "Sending… (the solver ranks every move)";
      const result = await act("send", body);
      sendStatus.textContent = result.ok ? "Sent: the class sees it now." : sentence(result, "It could not be sent: try again.");
      refresh();
    }
    document.getElementById("send").addEventListener("click", () =>
      send({ ref: document.getElementById("pick").value }),
    );
    document.getElementById("send-saved").addEventListener("click", () =>
      send({ saved: document.getElementById("saved").value }),
    );
    async function action(what, failed) {
      const result = await act(what);
      if (result.ok) problems.clear(what);
      else problems.set(what, sentence(result, failed));
      refresh();
      return result;
    }
    document.getElementById("reveal").addEventListener("click", () =>
      action("reveal", "The answer could not be shown: try again."),
    );
    document.getElementById("stop").addEventListener("click", () =>
      action("stop", "The puzzle could not be closed: try again."),
    );

    // "End the class": a dialog that offers the record first and says what will be erased.
    const endButton = document.getElementById("end");
    const dialog = document.getElementById("end-dialog");
    const dialogStatus = document.getElementById("end-dialog-status");
    const note = document.getElementById("end-note");
    endButton.addEventListener("click", () => {
      dialogStatus.textContent = "";
      note.textContent = "";
      dialog.showModal();
      document.getElementById("end-download").focus();
    });
    dialog.addEventListener("close", () => endButton.focus());
    document.getElementById("end-keep").addEventListener("click", () => dialog.close());
    document.getElementById("end-download").addEventListener("click", async () => {
      dialogStatus.textContent = "Downloading the record…";
      const done = await download();
      dialogStatus.textContent = done
        ? "The record is downloaded (class.csv). You can end the class now."
        : problems.get("csv");
    });
    document.getElementById("end-confirm").addEventListener("click", async () => {
      dialogStatus.textContent = "Ending the class…";
      const result = await act("end");
      if (!result.ok) {
        dialogStatus.textContent = sentence(result, "The class could not be ended: try again.");
        return;
      }
      dialog.close();
      note.textContent = "The class was ended: every name, mark and answer is erased.";
      refresh();
    });

    function drawStudents(rows) {
      const named = rows.filter((r) => r.name).length;
      document.getElementById("count").textContent =
        `${plural(rows.length, "student", "students")} joined` +
        (rows.length - named ? ` (${rows.length - named} without a name).` : ".");
      document.getElementById("students").replaceChildren(
        ...rows.map((r, i) =>
          el(
            "tr",
            {},
            el("td", { text: r.name || `Student ${i + 1} (no name)` }),
            el("td", { text: r.lesson || "—" }),
            el("td", { text: r.step || "—" }),
            el("td", { text: r.finished.length ? r.finished.join(", ") : "—" }),
          ),
        ),
      );
    }

    // What went wrong with the class's file, for the teacher to read, and the wrong codes tried.
    function drawFaults(state) {
      const box = document.getElementById("faults");
      const list = Array.isArray(state.problems) ? state.problems : [];
      const words = list.join("\n");
      if (box.dataset.shown !== words) {
        box.dataset.shown = words;
        box.hidden = !list.length;
        document.getElementById("fault-list").replaceChildren(...list.map((p) => el("li", { text: p })));
      }
      const refused = Number(state.refused_codes) || 0;
      const codes = document.getElementById("refused");
      const text = refused > 0 ? `${plural(refused, "wrong class code", "wrong class codes")} refused since the class's server started.` : "";
      if (codes.textContent !== text) codes.textContent = text;
    }

    function drawLive(live) {
      const box = document.getElementById("live");
      box.hidden = !live;
      if (!live) {
        shownPuzzle = 0;
        return;
      }
      if (shownPuzzle !== live.number) {
        shownPuzzle = live.number;
        document.getElementById("question").textContent = `${live.game}: ${live.question}`;
        document.getElementById("picture").innerHTML = live.picture;
      }
      document.getElementById("answered").textContent =
        `${plural(live.answered, "answer", "answers")} from ${plural(live.students, "student", "students")}.`;
      const top = Math.max(1, ...live.bars.map((b) => b.count));
      document.getElementById("bars").replaceChildren(
        ...live.bars
          .slice()
          .sort((a, b) => b.count - a.count)
          .map((b) =>
            el(
              "li",
              {},
              el("span", { text: `${b.words} — ${plural(b.count, "student", "students")}` }),
              el("span", { class: "bar", style: `width: ${(100 * b.count) / top}%`, "aria-hidden": "true" }),
            ),
          ),
      );
      const ranking = document.getElementById("ranking");
      ranking.hidden = !live.revealed;
      document.getElementById("reveal").disabled = live.revealed;
      if (live.revealed) {
        const who = live.found_names.length
          ? `Found the best move: ${live.found_names.join(", ")}` +
            (live.found_unnamed ? ` and ${plural(live.found_unnamed, "student", "students")} without a name.` : ".")
          : live.found_unnamed
            ? `Found the best move: ${plural(live.found_unnamed, "student", "students")} without a name.`
            : "Nobody found the best move this time.";
        ranking.replaceChildren(
          el("h3", { text: "The solver's ranking" }),
          el("p", { class: "best", text: who }),
          el("p", { text: live.explanation || "" }),
          el(
            "table",
            {},
            el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Move" }), el("th", { scope: "col", text: "What it gives" }), el("th", { scope: "col", text: "Chosen by" }))),
            el(
              "tbody",
              {},
              ...live.ranking.slice(0, 12).map((r) =>
                el(
                  "tr",
                  { class: r.best ? "best" : "" },
                  el("td", { text: r.words + (r.best ? " (best)" : "") }),
                  el("td", { text: r.verdict }),
                  el("td", { text: String(r.count) }),
                ),
              ),
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
        document.getElementById("code").textContent = state.code;
        document.getElementById("join-url").textContent = state.join.replace(/\/[^/]*$/, "");
        drawFaults(state);
        drawStudents(state.students);
        drawLive(state.live);
      } else if (result.status === 0) {
        problems.set("state", "Waiting for the class's server…");
      } else {
        problems.set("state", sentence(result, "The class could not be read: this page tries again."));
        if (result.wait) next = result.wait * 1000;
      }
      timer = setTimeout(refresh, next);
    }

    (async () => {
      const qr = await read("qr.svg");
      if (qr.ok) document.getElementById("qr").innerHTML = await qr.response.text(); // drawn by the server
      const list = await read("catalogue");
      if (!list.ok) {
        sendStatus.textContent = sentence(list, "The puzzle list could not be read: reload the page.");
        return;
      }
      const pick = document.getElementById("pick");
      const puzzles = list.data.puzzles || [];
      for (const game of [...new Set(puzzles.map((p) => p.game))]) {
        const group = el("optgroup", { label: game });
        for (const p of puzzles.filter((q) => q.game === game)) group.append(el("option", { value: p.ref, text: `${p.ref.split("/")[1]} — ${p.title}` }));
        pick.append(group);
      }
    })();
    refresh();
  }

  window.CorinthClass = { student, teacher };
})();
