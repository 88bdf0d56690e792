"""The class as a whole, served beside the lessons by the classroom's own Voilà server: a student's
page that joins the class and answers the live puzzle, and the teacher's page that sees the class,
sends a puzzle, watches the answers come in and reveals the solver's ranking.

Addresses (under the server's base URL):

- ``join/<CODE>``: the short address a student types (or the QR code holds); it stands for the
  class's token and leads to ``class``, the student's page. ``join`` alone asks for the code.
- ``class``: the student's page (the class's token, as every lesson); its ``class/api/…`` take a
  student's name, progress marks and answer, each tied to the random key the page was given when it
  joined, so a page writes only its own student's rows.
- ``teacher/<SECRET>``: the teacher's page; its ``teacher/api/…`` need the secret in the
  ``X-Teacher`` header, which no student has (not even with the class's token).

The class's state is the ``Store`` (SQLite in the class's folder); the solver runs off the server's
event loop.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import tornado.web
from jupyter_server.base.handlers import JupyterHandler

from .live import LiveError, LivePuzzle, catalogue, from_saved_game, live_puzzle
from .store import Store, StoreError, TooMuch, UnknownStudent

PAGES = Path(__file__).resolve().parent / "pages"
MAX_BODY = 8 * 1024  # bytes of one student's message: a name, a mark or an answer
MAX_TEACHER_BODY = 256 * 1024  # a pasted saved game
WORDS = ("harbor", "market", "goats", "gold", "column", "capital", "temple", "olive", "amber")


def class_code() -> str:
    """A short code a class can read off the board: a word and two digits, e.g. ``GOATS-42``."""
    return f"{secrets.choice(WORDS).upper()}-{secrets.randbelow(90) + 10}"


@dataclass
class Class:
    """Everything the class's handlers share: the store, the class code, the teacher's secret, the
    class's token (for the join link) and the live puzzle as built."""

    store: Store
    token: str = ""
    address: str = ""  # how students reach this server, e.g. http://192.168.1.20:8866
    code: str = ""
    secret: str = ""
    cookie_secret: str = ""  # the server's, kept so a restart does not log the students out

    @classmethod
    def open(cls, folder: Path, token: str = "", address: str = "") -> Class:
        """The class kept in ``folder`` (made if new): its code and secret survive a restart."""
        folder.mkdir(parents=True, exist_ok=True)
        store = Store(folder / "class.sqlite3")
        code = store.setting("code", class_code)
        secret = store.setting("secret", lambda: secrets.token_urlsafe(24))
        cookies = store.setting("cookie_secret", lambda: secrets.token_hex(32))
        return cls(store, token, address, code, secret, cookies)

    def join_url(self, base: str = "/") -> str:
        return f"{self.address}{base}join/{self.code}"

    def teacher_url(self, base: str = "/") -> str:
        return f"{self.address}{base}teacher/{self.secret}"


def handlers(base: str, the_class: Class, students: tuple | None = None) -> list[tuple]:
    """The class's routes: for the classroom's Voilà, or (``students``: the page, api and live
    handlers of another login) for the school hub's service."""
    options = {"the_class": the_class}
    b = base.rstrip("/")
    page, api, live = students or (StudentPageHandler, StudentApiHandler, StudentLiveHandler)
    return [
        (rf"{b}/join/?", JoinHandler, options),
        (rf"{b}/join/([A-Za-z0-9-]{{1,20}})/?", JoinHandler, options),
        (rf"{b}/class/?", page, options),
        (rf"{b}/class/api/(join|name|progress|answer)", api, options),
        (rf"{b}/class/api/live", live, options),
        (rf"{b}/class/(class\.js|class\.css)", PageFileHandler, options),
        (rf"{b}/teacher/([A-Za-z0-9_-]{{10,64}})/?", TeacherPageHandler, options),
        (rf"{b}/teacher/api/(state|catalogue|class\.csv|qr\.svg)", TeacherReadHandler, options),
        (rf"{b}/teacher/api/(send|reveal|stop|end)", TeacherActionHandler, options),
    ]


def _page(name: str, **values: str) -> str:
    text = (PAGES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def _json_body(handler: tornado.web.RequestHandler, limit: int) -> dict:
    body = handler.request.body
    if len(body) > limit:
        raise tornado.web.HTTPError(413, reason="message too large")
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise tornado.web.HTTPError(400, reason="not JSON") from None
    if not isinstance(data, dict):
        raise tornado.web.HTTPError(400, reason="expected an object")
    return data


class _Student:
    """A page or call of a student. The server's own login decides who may come (Voilà: the class's
    token; the school hub: the hub's login, through ``service.py``); ``owner`` is who the login
    says the student is, where it says (the hub's user name), else None."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    @property
    def owner(self) -> str | None:
        return None

    @property
    def class_base(self) -> str:
        return self.settings.get("base_url", "/")

    def refuse(self, status: int, message: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": message}))


class JoinHandler(tornado.web.RequestHandler):
    """``join/<CODE>``: the class code stands for the token: it logs the page in and opens the
    student's page. ``join`` alone shows a field for the code."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def get(self, code: str | None = None) -> None:
        base = self.settings.get("base_url", "/")
        self.set_header("Cache-Control", "no-store")
        if code is None:
            self.finish(_page("join.html", base=base, problem=""))
            return
        if not secrets.compare_digest(code.upper(), self.the_class.code):
            self.set_status(404)
            self.finish(
                _page(
                    "join.html", base=base, problem="No class has this code: check it on the board."
                )
            )
            return
        token = f"?token={self.the_class.token}" if self.the_class.token else ""
        self.redirect(f"{base}class{token}")


class StudentPage(_Student):
    @tornado.web.authenticated
    def get(self) -> None:
        self.xsrf_token  # noqa: B018 - reading it sets the cookie the page sends back
        self.set_header("Cache-Control", "no-store")
        lessons = (
            self.settings.get("corinth_lessons_url") or f"{self.class_base}voila/render/index.ipynb"
        )
        self.finish(_page("student.html", base=self.class_base, lessons=lessons))


class PageFileHandler(tornado.web.RequestHandler):
    """The pages' own script and style (no secret in them: the join and teacher's pages use them)."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def get(self, name: str) -> None:
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.finish((PAGES / name).read_bytes())


class StudentApi(_Student):
    """A student's writes: join (a name or none), a new name, a progress mark, an answer."""

    @tornado.web.authenticated
    async def post(self, action: str) -> None:
        data = _json_body(self, MAX_BODY)
        store, size = self.the_class.store, len(self.request.body)
        try:
            if action == "join":
                student = store.join(data.get("name", ""), size, owner=self.owner)
                self.finish({"key": student.key, "name": student.name})
                return
            key = data.get("key")
            store.check_owner(key, self.owner)
            if action == "name":
                store.rename(key, data.get("name", ""), size)
            elif action == "progress":
                store.progress(
                    key, data.get("lesson"), data.get("step", ""), data.get("finished", []), size
                )
            else:
                live = store.live()
                choices = {c["move"] for c in live.data["choices"]} if live else set()
                store.answer(key, data.get("puzzle"), data.get("move"), choices, size)
        except TooMuch as exc:
            self.refuse(429, str(exc))
            return
        except UnknownStudent as exc:
            self.refuse(403, str(exc))
            return
        except StoreError as exc:
            self.refuse(400, str(exc))
            return
        self.finish({"ok": True})


class StudentLive(_Student):
    """The live puzzle as a student's page shows it: the puzzle without its ranking until the teacher
    reveals it, and this student's own answer."""

    @tornado.web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        sent = self.the_class.store.live()
        if sent is None:
            self.finish({"puzzle": None})
            return
        number, data = sent.id, sent.data
        key = self.get_argument("key", "")
        try:
            mine = self.the_class.store.my_answer(key, number) if key else ""
        except UnknownStudent:
            mine = ""
        shown = {k: v for k, v in data.items() if k not in ("ranking", "explanation")}
        out = {"number": number, "puzzle": shown, "mine": mine, "revealed": sent.revealed}
        if sent.revealed:
            out["ranking"] = data["ranking"]
            out["explanation"] = data.get("explanation", "")
        self.finish(out)


class StudentPageHandler(StudentPage, JupyterHandler):
    """The student's page in the classroom's Voilà: the class's token, as every lesson."""


class StudentApiHandler(StudentApi, JupyterHandler):
    pass


class StudentLiveHandler(StudentLive, JupyterHandler):
    pass


class _TeacherHandler(tornado.web.RequestHandler):
    """The teacher's calls: the secret in the ``X-Teacher`` header (a student's token or cookie
    opens nothing here)."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def prepare(self) -> None:
        given = self.request.headers.get("X-Teacher", "")
        if not secrets.compare_digest(given.encode(), self.the_class.secret.encode()):
            raise tornado.web.HTTPError(403, reason="the teacher's page only")
        self.set_header("Cache-Control", "no-store")


class TeacherPageHandler(tornado.web.RequestHandler):
    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def get(self, secret: str) -> None:
        if not secrets.compare_digest(secret.encode(), self.the_class.secret.encode()):
            raise tornado.web.HTTPError(404)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the secret is in this page's address
        base = self.settings.get("base_url", "/")
        self.finish(_page("teacher.html", base=base))


def class_rows(the_class: Class) -> list[dict]:
    """Each student as the teacher's table shows them: named ones by name, the others counted."""
    now = time.time()
    return [
        {
            "name": s.name,
            "lesson": s.lesson,
            "step": s.step,
            "finished": list(s.finished),
            "active": now - s.seen < 120,
        }
        for s in the_class.store.students()
    ]


def chart(the_class: Class) -> dict | None:
    """The live puzzle for the teacher: the question, how many chose each move, and once revealed
    the ranking with who found the best move."""
    sent = the_class.store.live()
    if sent is None:
        return None
    answers = the_class.store.answers(sent.id)
    names = {s.id: s.name for s in the_class.store.students()}
    counts: dict[str, int] = {}
    for move in answers.values():
        counts[move] = counts.get(move, 0) + 1
    data = sent.data
    out = {
        "number": sent.id,
        "ref": sent.ref,
        "game": data["game"],
        "title": data["title"],
        "question": data["question"],
        "picture": data["picture"],
        "answered": len(answers),
        "students": len(names),
        "bars": [
            {"move": c["move"], "words": c["words"], "count": counts.get(c["move"], 0)}
            for c in data["choices"]
            if counts.get(c["move"], 0)
        ],
        "revealed": sent.revealed,
    }
    if sent.revealed:
        best = {r["move"] for r in data["ranking"] if r["best"]}
        found = [sid for sid, move in answers.items() if move in best]
        out["ranking"] = [{**r, "count": counts.get(r["move"], 0)} for r in data["ranking"]]
        out["explanation"] = data.get("explanation", "")
        out["found_names"] = sorted(names[s] for s in found if names.get(s))
        out["found_unnamed"] = sum(1 for s in found if not names.get(s))
    return out


class TeacherReadHandler(_TeacherHandler):
    def get(self, what: str) -> None:
        the_class = self.the_class
        if what == "state":
            self.finish(
                {
                    "code": the_class.code,
                    "join": the_class.join_url(self.settings.get("base_url", "/")),
                    "students": class_rows(the_class),
                    "live": chart(the_class),
                }
            )
        elif what == "catalogue":
            self.finish({"puzzles": [{"ref": r, "game": g, "title": t} for r, g, t in catalogue()]})
        elif what == "qr.svg":
            self.set_header("Content-Type", "image/svg+xml")
            self.finish(qr_svg(the_class.join_url(self.settings.get("base_url", "/"))))
        else:
            out = io.StringIO()
            writer = csv.writer(out)
            writer.writerow(["name", "lesson", "step", "finished"])
            for row in class_rows(the_class):
                writer.writerow(
                    [
                        _csv_safe(row["name"] or "(no name)"),
                        _csv_safe(row["lesson"]),
                        _csv_safe(row["step"]),
                        _csv_safe("; ".join(row["finished"])),
                    ]
                )
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
            self.finish(out.getvalue())


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet shows as text: a leading =, +, - or @ would be read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


class TeacherActionHandler(_TeacherHandler):
    async def post(self, action: str) -> None:
        the_class = self.the_class
        if action == "send":
            data = _json_body(self, MAX_TEACHER_BODY)
            try:
                if data.get("saved"):
                    live: LivePuzzle = await asyncio.to_thread(from_saved_game, data["saved"])
                else:
                    live = await asyncio.to_thread(live_puzzle, data.get("ref"))
            except LiveError as exc:
                self.set_status(400)
                self.finish({"error": str(exc)})
                return
            sent = the_class.store.send(live.ref, live.to_dict())
            self.finish({"number": sent.id})
            return
        sent = the_class.store.live()
        if action == "reveal" and sent is not None:
            the_class.store.reveal(sent.id)
        elif action == "stop":
            the_class.store.stop()
        elif action == "end":
            the_class.store.end_class()
        self.finish({"ok": True})


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG, dark on light, with a text label for screen readers."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, title=f"QR code: {text}")
    return out.getvalue().decode()


__all__ = ["Class", "handlers", "class_code", "qr_svg"]
