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
    let data = {};
    try {
      data = await response.json();
    } catch (e) {
      data = {};
    }
    return { ok: response.ok, status: response.status, data };
  }

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  // --- the student's page ----------------------------------------------------------------------

  function student(base) {
    const joined = document.getElementById("joined");
    const nameInput = document.getElementById("name");
    const status = document.getElementById("live-status");
    const puzzleBox = document.getElementById("puzzle");
    const choicesBox = document.getElementById("choices");
    const revealBox = document.getElementById("reveal");
    let shown = 0;

    function sayJoined() {
      const me = mine();
      if (!me.key) {
        joined.textContent = "Type a name and press Join, or join without a name.";
        return;
      }
      joined.textContent = me.name ? `You are in the class as ${me.name}.` : "You are in the class (no name).";
      nameInput.value = me.name || "";
    }

    async function join(name) {
      const me = mine();
      let answer;
      if (me.key) answer = await post(`${base}class/api/name`, { key: me.key, name });
      if (!me.key || answer.status === 403) answer = await post(`${base}class/api/join`, { name });
      if (!answer.ok) {
        joined.textContent = answer.data.error || "The class could not take it: try again.";
        return;
      }
      keep({ ...mine(), key: answer.data.key || mine().key, name: answer.data.name ?? name });
      sayJoined();
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
      const me = mine();
      if (!me.key) await join(nameInput.value.trim());
      const result = await post(`${base}class/api/answer`, { key: mine().key, puzzle: number, move });
      if (!result.ok) status.textContent = result.data.error || "Your answer did not reach the class.";
      poll();
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
      for (const b of choicesBox.querySelectorAll("button")) {
        b.setAttribute("aria-pressed", String(b.dataset.move === data.mine));
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

    async function poll() {
      const me = mine();
      try {
        const response = await fetch(`${base}class/api/live?key=${encodeURIComponent(me.key || "")}`, {
          credentials: "same-origin",
          cache: "no-store",
        });
        const data = await response.json();
        if (!data.puzzle) {
          puzzleBox.hidden = true;
          shown = 0;
          status.textContent = "No puzzle yet: your teacher will send one.";
        } else drawPuzzle(data);
      } catch (e) {
        status.textContent = "Waiting for the class's server…";
      }
    }

    sayJoined();
    poll();
    setInterval(poll, POLL_MS);
  }

  // --- the teacher's page -----------------------------------------------------------------------

  function teacher(base) {
    const secret = window.location.pathname.replace(/\/$/, "").split("/").pop();
    const headers = { "X-Teacher": secret };
    const get = async (what) => {
      const response = await fetch(`${base}teacher/api/${what}`, { headers, cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      return response;
    };
    const act = (what, body) => post(`${base}teacher/api/${what}`, body || {}, headers);
    const sendStatus = document.getElementById("send-status");
    let shownPuzzle = 0;

    document.getElementById("projector").addEventListener("click", (event) => {
      const on = document.body.classList.toggle("projector");
      event.target.setAttribute("aria-pressed", String(on));
    });
    document.getElementById("csv").addEventListener("click", async (event) => {
      event.preventDefault();
      const blob = await (await get("class.csv")).blob();
      const link = el("a", { href: URL.createObjectURL(blob), download: "class.csv" });
      document.body.append(link);
      link.click();
      link.remove();
    });

    async function send(body) {
      sendStatus.textContent = "Sending… (the solver ranks every move)";
      const result = await act("send", body);
      sendStatus.textContent = result.ok ? "Sent: the class sees it now." : result.data.error || "It could not be sent.";
      refresh();
    }
    document.getElementById("send").addEventListener("click", () =>
      send({ ref: document.getElementById("pick").value }),
    );
    document.getElementById("send-saved").addEventListener("click", () =>
      send({ saved: document.getElementById("saved").value }),
    );
    document.getElementById("reveal").addEventListener("click", async () => {
      await act("reveal");
      refresh();
    });
    document.getElementById("stop").addEventListener("click", async () => {
      await act("stop");
      refresh();
    });
    let armed = false;
    document.getElementById("end").addEventListener("click", async (event) => {
      const note = document.getElementById("end-note");
      if (!armed) {
        armed = true;
        event.target.textContent = "Click again: forget every student, mark and answer";
        return;
      }
      armed = false;
      event.target.textContent = "End the class";
      await act("end");
      note.textContent = "The class was ended: every name, mark and answer is forgotten.";
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

    async function refresh() {
      try {
        const state = await (await get("state")).json();
        document.getElementById("code").textContent = state.code;
        document.getElementById("join-url").textContent = state.join.replace(/\/[^/]*$/, "");
        drawStudents(state.students);
        drawLive(state.live);
      } catch (e) {
        document.getElementById("count").textContent = "Waiting for the class's server…";
      }
    }

    (async () => {
      try {
        document.getElementById("qr").innerHTML = await (await get("qr.svg")).text();
        const { puzzles } = await (await get("catalogue")).json();
        const pick = document.getElementById("pick");
        for (const game of [...new Set(puzzles.map((p) => p.game))]) {
          const group = el("optgroup", { label: game });
          for (const p of puzzles.filter((q) => q.game === game)) group.append(el("option", { value: p.ref, text: `${p.ref.split("/")[1]} — ${p.title}` }));
          pick.append(group);
        }
      } catch (e) {
        sendStatus.textContent = "The puzzle list could not be read: reload the page.";
      }
    })();
    refresh();
    setInterval(refresh, POLL_MS);
  }

  window.CorinthClass = { student, teacher };
})();
