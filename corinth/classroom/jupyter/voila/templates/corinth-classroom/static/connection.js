// A lesson page that lost the class's computer says so, and comes back by itself.
//
// A lesson runs in a kernel of its own on the classroom's server, reached by one websocket. When the
// server stops (a restart, the teacher's laptop asleep), the socket closes and the kernel is gone:
// Check does nothing, the teacher's page stops hearing from this page, and nothing on the page said
// why. This script, loaded in the page's head before Voilà's own, watches the kernel's socket. Once it
// closes and does not open again, the page shows one sentence and asks the server, once a second,
// about its kernel; as soon as the server answers (the kernel gone after a restart), the page reloads,
// which runs the lesson again in a new kernel and restores the learner's marks from this browser.
// A busy or slow server is left alone: its socket stays open, and only a closed socket counts.
(function () {
  "use strict";
  const Native = window.WebSocket;
  if (!Native || window.CorinthConnection) return;

  // The page's language, from its lesson's name (05_play_a_game.fr.ipynb: French), and its words in
  // it, which the server gives for every language (voila/corinth-words.js, loaded before this).
  const found = /\.(fr|de)\.ipynb$/.exec(decodeURIComponent(window.location.pathname));
  const LANGUAGE = found ? found[1] : "en";
  if (document.documentElement) document.documentElement.lang = LANGUAGE;
  const all = window.CorinthConnectionWords;
  const WORDS = (all && typeof all === "object" && all[LANGUAGE]) || {};
  const t = (text) => WORDS[text] ?? text;
  const SENTENCE = t("The connection to the class's computer was lost: this page will reload when it is back.");
  const TOO_OFTEN = t("The connection to the class's computer keeps failing: reload this page in a minute.");

  // Voilà's own "Running <lesson>..." while the lesson loads, in the lesson's language.
  if (LANGUAGE !== "en" && window.MutationObserver) {
    const loading = t("Loading the lesson…");
    const watcher = new MutationObserver(() => {
      const node = document.getElementById("loading_text");
      if (node) {
        node.textContent = loading;
        watcher.disconnect();
      }
    });
    watcher.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => watcher.disconnect());
  }
  const CHANNELS = /\/api\/kernels\/([0-9a-f-]{36})\/channels(\?|$)/;
  const PROBE_MS = 1000; // how often a lost page asks the server again
  const PROBE_TIMEOUT_MS = 4000; // a question the server does not answer in time: still away
  const REOPEN_MS = 10000; // the server has the kernel but the socket did not open again: reload
  const RELOADS = "corinth-reloads-v1"; // recent automatic reloads of this tab (sessionStorage)

  let leaving = false; // the page itself is closing or reloading: its socket's end is no loss
  let watching = null; // the lost socket being watched: { probe, since }
  let opened = 0; // time the last kernel socket opened
  const open = new Set(); // the kernel sockets open now

  function markLeaving() {
    leaving = true;
    // A navigation that does not happen (a download, a cancelled leave) leaves the page alive.
    setTimeout(() => {
      leaving = false;
    }, 3000);
  }
  window.addEventListener("beforeunload", markLeaving, true);
  window.addEventListener("pagehide", markLeaving, true);

  function banner() {
    let box = document.getElementById("corinth-connection-lost");
    if (!box && document.body) {
      box = document.createElement("div");
      box.id = "corinth-connection-lost";
      box.setAttribute("role", "alert");
      box.style.cssText =
        "position: fixed; top: 0; left: 0; right: 0; z-index: 10000; padding: 12px 20px; " +
        "background: #fff4ce; color: #1b1b1b; border-bottom: 3px solid #8a5a00; " +
        "font: 600 18px/1.4 system-ui, sans-serif; text-align: center;";
      document.body.appendChild(box);
    }
    return box;
  }

  function say(text) {
    const box = banner();
    if (box && box.textContent !== text) box.textContent = text;
  }

  function quiet() {
    const box = document.getElementById("corinth-connection-lost");
    if (box) box.remove();
  }

  // No endless reloading: at most 3 automatic reloads of this tab in 2 minutes.
  function mayReload() {
    const now = Date.now();
    let recent = [];
    try {
      recent = JSON.parse(window.sessionStorage.getItem(RELOADS) || "[]").filter((t) => now - t < 120000);
    } catch (e) {
      recent = [];
    }
    if (recent.length >= 3) return false;
    try {
      window.sessionStorage.setItem(RELOADS, JSON.stringify([...recent, now]));
    } catch (e) {
      /* storage refused: the count lasts as long as the page */
    }
    return true;
  }

  function comeBack() {
    watching = null;
    say(SENTENCE);
    if (mayReload()) window.location.reload();
    else say(TOO_OFTEN);
  }

  // The server's word on this kernel: "away" (no answer), "alive" (it still has the kernel), or
  // "back" (it answers, without the kernel: restarted).
  async function ask(probe) {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), PROBE_TIMEOUT_MS);
    try {
      const response = await fetch(probe, { credentials: "same-origin", cache: "no-store", signal: stop.signal });
      if (response.ok) return "alive";
      return [502, 503, 504].includes(response.status) ? "away" : "back";
    } catch (e) {
      return "away";
    } finally {
      clearTimeout(timer);
    }
  }

  async function watch() {
    while (watching) {
      const lost = watching;
      if (opened > lost.since || open.size) {
        watching = null; // the socket opened again by itself (Voilà reconnects): nothing was lost
        quiet();
        return;
      }
      const word = await ask(lost.probe);
      if (watching !== lost || leaving) return;
      if (opened > lost.since || open.size) continue;
      if (word === "back" || (word === "alive" && Date.now() - lost.since > REOPEN_MS)) {
        comeBack();
        return;
      }
      if (word === "away") say(SENTENCE);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  }

  function lost(url) {
    if (leaving || watching || open.size) return;
    // The kernel's own address on the same server, with the token the socket carried, if any.
    const address = new URL(url, window.location.href);
    address.protocol = address.protocol === "wss:" ? "https:" : "http:";
    const token = address.searchParams.get("token");
    address.pathname = address.pathname.replace(/\/channels$/, "");
    address.search = token ? `?token=${encodeURIComponent(token)}` : "";
    watching = { probe: address.toString(), since: Date.now() };
    watch();
  }

  // Voilà's kernel socket, watched; a socket the page closes itself (leaving, or Voilà replacing
  // it) is no loss: only one the server or the network ended.
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!CHANNELS.test(String(url))) return;
      let closedHere = false;
      this.close = (...args) => {
        closedHere = true;
        return Native.prototype.close.apply(this, args);
      };
      this.addEventListener("open", () => {
        opened = Date.now();
        open.add(this);
      });
      this.addEventListener("close", () => {
        open.delete(this);
        if (!closedHere) lost(String(url));
      });
    }
  }
  window.WebSocket = Watched;
  window.CorinthConnection = { sentence: SENTENCE };
})();
