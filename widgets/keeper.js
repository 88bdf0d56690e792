// Keeps a game's moves in this browser (localStorage), as the progress marks are kept: a reload of
// the lesson sends them back to Python, which replays them through the rules (or ignores them).
function render({ model, el }) {
  const key = `corinth-game:${model.get("key")}`;
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(key) || "null");
  } catch (e) {
    stored = null;
  }
  if (
    stored &&
    stored.signature === model.get("signature") &&
    Array.isArray(stored.moves) &&
    stored.moves.length > model.get("moves").length
  ) {
    model.send({ event: "restore", moves: stored.moves.slice(0, 4000) });
  }
  function save() {
    try {
      localStorage.setItem(key, JSON.stringify({ signature: model.get("signature"), moves: model.get("moves") }));
    } catch (e) {
      // a browser that keeps nothing (private mode, full storage): the game is simply not kept
    }
  }
  model.on("change:moves", save);
  el.classList.add("corinth-keeper");
  return () => model.off("change:moves", save);
}

export default { render };
