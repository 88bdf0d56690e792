"""The handouts printed by Chromium (``make handouts``): every lesson's handout and answer key as
PDFs of their own, each with at least one page of the size that fits A4 and US Letter, their words
read back from the PDF (a small reader of Chromium's PDFs below, ``pdftotext`` beside it where it is
installed), the index linking every PDF, and the same PDF from the same lesson.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import unicodedata
import zlib
from pathlib import Path

import pytest

from corinth.handouts import build, make_handout, page_count
from corinth.handouts.printing import chromium

pytestmark = pytest.mark.browser

PAGE_SIZE = (594.96, 791.04)  # 210 × 279 mm in points: A4's width, US Letter's height


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Every lesson's handout and key, printed once for the module: (folder, PDFs)."""
    try:
        chromium()
    except RuntimeError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run on CI: {exc}", pytrace=False)
        pytest.skip(str(exc))
    out = tmp_path_factory.mktemp("handouts")
    with contextlib.redirect_stdout(io.StringIO()):
        return out, build(out)


def pdf_objects(data: bytes) -> dict[int, bytes]:
    """The objects of a PDF as Chromium writes it (no object streams), streams inflated."""
    objects = {}
    for number, body in re.findall(rb"(\d+) 0 obj\s*(.*?)endobj", data, re.S):
        stream = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S)
        if stream and b"/FlateDecode" in body[: stream.start()]:
            body = body[: stream.start()] + zlib.decompress(stream.group(1))
        objects[int(number)] = body
    return objects


def _cmap(text: bytes) -> dict[int, str]:
    """A ToUnicode map: glyph code → characters (its bfchar and bfrange entries)."""
    chars = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for code, uni in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            chars[int(code, 16)] = bytes.fromhex(uni.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for low, high, uni in re.findall(rb"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
            first = int(uni, 16)
            for i, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                chars[code] = chr(first + i)
    return chars


def pdf_text(data: bytes) -> list[str]:
    """Each page's words: the glyphs its text shows, through each font's ToUnicode map, a line
    for each text position set (Chromium places glyphs one by one, spaces as glyphs)."""
    objects = pdf_objects(data)
    fonts = {}
    for number, body in objects.items():
        to_unicode = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if to_unicode:
            fonts[number] = _cmap(objects[int(to_unicode.group(1))])
    pages = []
    for body in objects.values():
        if not re.search(rb"/Type\s*/Page(?![A-Za-z])", body):
            continue
        names = {
            name: fonts.get(int(ref), {}) for name, ref in re.findall(rb"/(F\d+) (\d+) 0 R", body)
        }
        contents = objects[int(re.search(rb"/Contents (\d+) 0 R", body).group(1))]
        font, out = {}, []
        for token in re.finditer(rb"/(F\d+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj|\bTm\b|\bBT\b", contents):
            if token.group(1):
                font = names.get(token.group(1), {})
            elif token.group(2):
                hexed = token.group(2).decode()
                out += [font.get(int(hexed[i : i + 4], 16), "") for i in range(0, len(hexed), 4)]
            else:
                out.append("\n")
        lines = unicodedata.normalize("NFKC", "".join(out)).split("\n")
        pages.append("\n".join(" ".join(line.split()) for line in lines if line.strip()))
    return pages


def test_every_lesson_has_a_handout_and_a_key_each_with_pages_that_fit_both_papers(printed):
    out, written = printed
    names = sorted(p.name for p in written)
    handouts = [n for n in names if not n.endswith("_answers.pdf")]
    assert len(handouts) >= 13 and len(names) == 2 * len(handouts)
    for handout in handouts:
        assert handout.replace(".pdf", "_answers.pdf") in names
    for pdf in written:
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF-")
        pages = page_count(data)
        assert pages >= 1, pdf.name
        boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
        assert len(boxes) == pages
        for width, height in boxes:
            assert (round(float(width), 2), round(float(height), 2)) == PAGE_SIZE
        if shutil.which("pdfinfo"):  # poppler's count, where it is installed
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
            assert re.search(r"^Pages:\s+(\d+)$", info, re.M).group(1) == str(pages)


def test_the_printed_words_have_the_steps_the_exercises_and_a_separate_key(printed):
    out, _ = printed
    for number in ("01", "06", "11b", "12b"):
        handout = make_handout(number)
        text = "\n".join(pdf_text((out / f"{handout.stem}.pdf").read_bytes()))
        key = "\n".join(pdf_text((out / f"{handout.stem}_answers.pdf").read_bytes()))
        flat, flat_key = " ".join(text.split()), " ".join(key.split())
        for part in handout.parts:
            if part.step:
                assert part.step in flat, (number, part.step)
        for ex in handout.exercises:
            assert f"Exercise {ex.number}" in text.splitlines(), (number, ex.number)
            assert f"Exercise {ex.number}" in key.splitlines(), (number, ex.number)
        assert "Answer:" not in flat and "answer key" not in flat
        assert flat_key.count("Answer:") == len(handout.exercises)
        assert "ask(" not in flat and "()" not in flat
        if shutil.which("pdftotext"):  # poppler reads the same words, where it is installed
            pdf = out / f"{handout.stem}.pdf"
            read = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
            assert handout.parts[-1].step in " ".join(read.stdout.split())


def test_the_index_links_every_pdf_of_the_folder(printed):
    out, written = printed
    index = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)">', index)
    assert sorted(links) == sorted(p.name for p in written)
    assert all((out / link).exists() for link in links)
    for pdf in written:
        assert f"({page_count(pdf.read_bytes())} page" in index.split(f'href="{pdf.name}"')[1]


def test_the_same_lesson_prints_the_same_pdf(printed, tmp_path):
    out, _ = printed
    with contextlib.redirect_stdout(io.StringIO()):
        again = build(tmp_path, ["04"])
    for pdf in again:
        assert pdf.read_bytes() == (Path(out) / pdf.name).read_bytes(), pdf.name
