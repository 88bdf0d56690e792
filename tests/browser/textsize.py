"""How large a page's words are as drawn: every visible text node (HTML and SVG labels alike) with
its rendered font size in CSS px, for a test that asks whether a page reads from the back of a room.

HTML text's size is its computed ``font-size`` times the CSS zoom and transforms above it; SVG text's
is its ``font-size`` times the scale the SVG is drawn at (``getScreenCTM``), so a 14 px label in a
harbor drawn at a third of its size counts as 4.7 px. Text that is not drawn is left out: under
``display: none`` or ``visibility: hidden``, in a closed ``<details>``, clipped to a pixel for screen
readers only, transparent, or of no area. A ``<select>`` counts its shown option once.
"""

from __future__ import annotations

TEXT_SIZES_JS = r"""
(root) => {
  root = root ? document.querySelector(root) : document.body;
  const scaleOf = (m) => (m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1);
  const hiddenAbove = (el) => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return true;
      if (s.clip && s.clip !== "auto" && s.position === "absolute") return true;
      if ((s.overflow === "hidden" || s.overflow === "clip") && e instanceof HTMLElement &&
          (e.clientWidth <= 1 || e.clientHeight <= 1)) return true;
    }
    return false;
  };
  const htmlScale = (el) => {
    // The zoom (CSS zoom, multiplied down the tree) and transforms between CSS px and the screen:
    // the element's drawn width over its layout width.
    const box = el.getBoundingClientRect();
    let zoom = 1;
    for (let e = el; e; e = e.parentElement) zoom *= Number(getComputedStyle(e).zoom) || 1;
    const layout = el.offsetWidth;  // layout px, before zoom and transforms
    const drawn = layout > 0 && box.width > 0 ? box.width / layout : 0;
    return { zoom, drawn };
  };
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.replace(/\s+/g, " ").trim();
    if (!text) continue;
    const el = node.parentElement;
    if (!el || el.closest("script, style, noscript, template, title, option, textarea")) continue;
    const shut = el.closest("details:not([open])");
    if (shut && !el.closest("summary")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width * r.height > 2);
    if (!rects.length || hiddenAbove(el)) continue;
    let size;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) size = px * scaleOf(el.getScreenCTM());
    else {
      const { zoom, drawn } = htmlScale(el);
      size = px * (drawn && Math.abs(drawn - zoom) > 0.05 * zoom ? drawn : zoom);
    }
    const r = rects[0];
    found.push({ text: text.slice(0, 40), size: Math.round(size * 10) / 10,
                 svg: el instanceof SVGElement, x: Math.round(r.x), y: Math.round(r.y),
                 tag: el.tagName.toLowerCase(), cls: String(el.className.baseVal ?? el.className).slice(0, 40) });
  }
  for (const sel of root.querySelectorAll("select")) {
    const box = sel.getBoundingClientRect();
    if (box.width * box.height <= 2 || hiddenAbove(sel) || !sel.selectedOptions.length) continue;
    const { zoom, drawn } = htmlScale(sel);
    const scale = drawn && Math.abs(drawn - zoom) > 0.05 * zoom ? drawn : zoom;
    found.push({ text: sel.selectedOptions[0].text.slice(0, 40),
                 size: Math.round(parseFloat(getComputedStyle(sel).fontSize) * scale * 10) / 10,
                 svg: false, x: Math.round(box.x), y: Math.round(box.y), tag: "select", cls: "" });
  }
  return found;
}
"""


def text_sizes(page, root: str | None = None) -> list[dict]:
    """Every visible text of ``page`` (or of the element ``root`` selects): its words (cut to 40
    characters), rendered size in px, whether SVG, where it starts, its element's tag and class."""
    return page.evaluate(TEXT_SIZES_JS, root)


def percentile(sizes: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``sizes``."""
    ordered = sorted(sizes)
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary(page, root: str | None = None) -> dict:
    """The 5th percentile and the smallest of a page's rendered text sizes, how many texts, and the
    ten smallest (to say which words are small)."""
    found = text_sizes(page, root)
    sizes = [t["size"] for t in found]
    return {
        "p5": percentile(sizes, 5),
        "min": min(sizes, default=0.0),
        "count": len(found),
        "smallest": sorted(found, key=lambda t: t["size"])[:10],
    }
