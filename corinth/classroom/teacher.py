"""The class as a whole, served beside the lessons by the classroom's own Voilà server: a student's
page that joins the class and answers the live puzzle, and the teacher's page that sees the class,
sends a puzzle, watches the answers come in and reveals the solver's ranking.

Addresses (under the server's base URL):

- ``join/<CODE>``: the short address a student types (or the QR code holds); it stands for the
  class's token: it logs the page in (a cookie, never the token in an address a student could copy)
  and leads to ``class``, the student's page. ``join`` alone asks for the code. Wrong codes are
  limited per client address and counted on the teacher's page.
- ``class``: the student's page (the class's token, as every lesson); its ``class/api/…`` take a
  student's name, progress marks and answer, each tied to the random key the page was given when it
  joined, so a page writes only its own student's rows.
- ``teacher/<SECRET>``: the teacher's page; its ``teacher/api/…`` need the secret in the
  ``X-Teacher`` header, which no student has (not even with the class's token).

The class's state is the ``Store`` (SQLite in the class's folder), called off the server's event
loop, as the solver is: a class file held by another program delays that request only, never a
lesson. What a page may send is bounded by ``limits.py``; every error of the two APIs is JSON with a
sentence the page shows.
"""

from __future__ import annotations

import asyncio
import csv
import http
import inspect
import io
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from tornado.log import app_log

from .limits import Limits
from .live import LiveError, LivePuzzle, catalogue, from_saved_game, live_puzzle
from .store import Store, StoreError, StoreUnavailable, TooMuch, UnknownStudent, check_folder

PAGES = Path(__file__).resolve().parent / "pages"
MAX_BODY = 2 * 1024  # bytes of one student's message: a name, a mark or an answer
MAX_TEACHER_BODY = 256 * 1024  # a pasted saved game
DRAINED = 64 * 1024  # a body over its bound but under this is read (and dropped) before the 413
# Words a class reads off the board and says aloud: short, common, one spelling each.
WORDS = """acorn amber anchor apple arch barley basket bay bell berry boat bread bridge brook canal
candle capital cart castle cedar cheese clay cliff cloud coin column copper coral corn crane crown
dock dove drum dune eagle feather fig fish flag flute forge fox garden garnet gate goats gold grape
hall hammer harbor hawk hill honey horse island ivory jar jewel kettle lamp lantern lemon lily lion
lute marble market meadow mill mint moon mule nest oak oar olive orange owl palace pearl pepper pine
plum pond port quay raven reed ring river road robe rope rose ruby sail salt scroll shell ship silk
silver spice star steward stone stork sun swan temple tent tiger tower vase vine wagon wall wave
whale wheat wind wolf wool""".split()
STUDENT_COOKIE = "corinth-student"  # the key of the student a browser joined as
CODE_FORM = re.compile(r"[A-Z]+-\d{4}")


def class_code() -> str:
    """A short code a class can read off the board and say aloud: a word and four digits, e.g.
    ``GOATS-4217``, one of 1,125,000 (125 words, 9,000 numbers).

    >>> bool(CODE_FORM.fullmatch(class_code())), len(WORDS) * 9000 >= 10**6
    (True, True)
    """
    return f"{secrets.choice(WORDS).upper()}-{secrets.randbelow(9000) + 1000}"


def plain_code(text: str) -> str:
    """A code as typed, compared: case, spaces and dashes do not matter.

    >>> plain_code("gold 2742") == plain_code("GOLD-2742") == plain_code("Gold2742")
    True
    """
    return re.sub(r"[^A-Z0-9]", "", text.upper())


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
    limits: Limits = field(default_factory=Limits)
    wrong_codes: int = 0  # wrong class codes tried since the server started
    seen: tuple = ([], None)  # the class and its live puzzle as last read, for a store's fault

    @classmethod
    def open(cls, folder: Path, token: str = "", address: str = "") -> Class:
        """The class kept in ``folder`` (made if new): its code and secret survive a restart. A
        folder this server cannot write, or a damaged class file, is refused with one sentence
        (``ClassFileError``) before anything starts."""
        check_folder(folder)
        store = Store(folder / "class.sqlite3")
        # A class kept from before codes had four digits gets a new, longer code.
        code = store.setting("code", class_code, valid=CODE_FORM.fullmatch)
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
        (rf"{b}/join/([^/]{{1,40}})/?", JoinHandler, options),
        (rf"{b}/class/?", page, options),
        (rf"{b}/class/api/(join|name|progress|answer)", api, options),
        (rf"{b}/class/api/live", live, options),
        (rf"{b}/class/api/(.*)", NoSuchCall, options),
        (rf"{b}/class/(class\.js|class\.css)", PageFileHandler, options),
        (rf"{b}/teacher/([A-Za-z0-9_-]{{10,64}})/?", TeacherPageHandler, options),
        (rf"{b}/teacher/api/(state|catalogue|class\.csv|qr\.svg)", TeacherReadHandler, options),
        (rf"{b}/teacher/api/(send|reveal|stop|end)", TeacherActionHandler, options),
        (rf"{b}/teacher/api/(.*)", NoSuchCall, options),
    ]


def _page(name: str, **values: str) -> str:
    text = (PAGES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


# What a page shows for each refusal of the two APIs where the refusal names nothing better.
SENTENCES = {
    400: "The class could not read that message: reload the page.",
    403: "This page is not logged in to the class: open the class's address again.",
    404: "The class has no such call: reload the page.",
    405: "The class does not take that kind of request.",
    413: "That message is too large for the class.",
    429: "Too many messages at once: wait a moment.",
    503: "The class's notes cannot be saved right now: try again in a moment.",
}


class _Api:
    """The two APIs' shared manners: a body bounded before it is read (413 from its
    Content-Length, streamed up to the bound otherwise), and every error as JSON with a sentence,
    never an HTML page. Mixed in before tornado's or jupyter_server's handler."""

    body_limit = MAX_BODY
    _stream_request_body = True  # tornado's stream_request_body, inherited by each handler

    async def prepare(self):
        self._chunks: list[bytes] = []
        self._size = 0
        self._too_large = False
        if self.request.method in ("POST", "PUT", "PATCH"):
            length = self.request.headers.get("Content-Length", "")
            size = int(length) if length.isdigit() else 0
            if size > max(self.body_limit, DRAINED):
                raise tornado.web.HTTPError(413, reason=f"at most {self.body_limit} bytes")
            # A body a little over the bound is read and dropped, so that its sender reads the
            # refusal (a connection closed on unread bytes is reset before the answer is read).
            self._too_large = size > self.body_limit
            self.request.connection.set_max_body_size(max(size, self.body_limit))
        parent = super().prepare
        # jupyter_server sends a GET that its login does not know to the login form: an API
        # answers 403 instead (then write_error's JSON).
        quiet = "_redirect_to_login" in inspect.signature(parent).parameters
        found = parent(_redirect_to_login=False) if quiet else parent()
        if inspect.isawaitable(found):
            await found

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._too_large:
            return
        if self._size > self.body_limit:  # a body sent without its length
            raise tornado.web.HTTPError(413, reason=f"at most {self.body_limit} bytes")
        self._chunks.append(chunk)

    def body(self) -> bytes:
        """The request's body, read within the bound (a 413 for one over it)."""
        if getattr(self, "_too_large", False):
            raise tornado.web.HTTPError(413, reason=f"at most {self.body_limit} bytes")
        return b"".join(getattr(self, "_chunks", ()))

    def refuse(self, status: int, message: str, retry_after: int = 0, **more) -> None:
        self.clear()
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        if retry_after:
            self.set_header("Retry-After", str(retry_after))
        self.finish(json.dumps({"error": message, **more}))

    def write_error(self, status_code: int, **kwargs) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        said = getattr(error, "reason", None)
        phrase = http.HTTPStatus(status_code).phrase
        sentence = SENTENCES.get(status_code) or f"{phrase}."
        if said and said != phrase:  # the refusal's own words
            sentence = (
                f"{sentence[:-1]} ({said})."
                if status_code in (400, 413)
                else f"{said[0].upper()}{said[1:]}."
            )
        self.refuse(status_code, sentence, 60 if status_code in (429, 503) else 0)

    async def store(self, call, *args, **kwargs):
        """A store call off the event loop: a class file held elsewhere delays this request only."""
        return await asyncio.to_thread(call, *args, **kwargs)

    def refused(self, exc: Exception) -> bool:
        """Answer a store's refusal; False for anything else."""
        if isinstance(exc, TooMuch):
            self.refuse(429, f"{str(exc)[0].upper()}{str(exc)[1:]}.", exc.retry_after)
        elif isinstance(exc, UnknownStudent):
            self.refuse(403, f"{exc}.", member=False)
        elif isinstance(exc, StoreUnavailable):
            self.refuse(503, str(exc), 30)
        elif isinstance(exc, StoreError):
            self.refuse(400, f"{str(exc)[0].upper()}{str(exc)[1:]}.")
        else:
            return False
        return True


def _json_body(handler: _Api) -> dict:
    try:
        data = json.loads(handler.body() or b"{}")
    except ValueError:
        raise tornado.web.HTTPError(400, reason="it is not JSON") from None
    if not isinstance(data, dict):
        raise tornado.web.HTTPError(400, reason="expected an object")
    return data


class NoSuchCall(_Api, tornado.web.RequestHandler):
    """Any other address under the two APIs: a 404 in JSON."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def get(self, _what: str) -> None:
        raise tornado.web.HTTPError(404)

    post = get


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

    def logged_in(self) -> None:
        """Refuse (403, in JSON) a call the server's login does not know, where a page would be
        sent to the login form."""
        if not self.current_user:
            raise tornado.web.HTTPError(403)


class JoinHandler(tornado.web.RequestHandler):
    """``join/<CODE>``: the class code stands for the token: it logs the page in (the server's own
    login cookie) and opens the student's page, whose address carries no token. ``join`` alone
    shows a field for the code. Ten wrong codes a minute from one client address, then none (429),
    the right one included."""

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    @property
    def base_url(self) -> str:  # where jupyter_server's login cookie applies
        return self.settings.get("base_url", "/")

    @property
    def log(self):  # jupyter_server's login asks its handler for a log
        return app_log

    def get(self, code: str | None = None) -> None:
        base = self.base_url
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        if code is None:
            self.finish(_page("join.html", base=base, problem=""))
            return
        limits, address = self.the_class.limits, self.request.remote_ip
        try:
            limits.code_allowed(address)
            if not secrets.compare_digest(plain_code(code), plain_code(self.the_class.code)):
                self.the_class.wrong_codes += 1
                limits.wrong_code(address)
                self.set_status(404)
                problem = "No class has this code: check it on the board."
                self.finish(_page("join.html", base=base, problem=problem))
                return
        except TooMuch as exc:
            self.set_status(429)
            self.set_header("Retry-After", str(exc.retry_after))
            problem = (
                f"Too many wrong codes from this computer: try again in {exc.retry_after} seconds."
            )
            self.finish(_page("join.html", base=base, problem=problem))
            return
        provider = self.settings.get("identity_provider")
        if provider is not None and provider.token:  # Voilà with a token: log this page in
            provider.set_login_cookie(self, provider.generate_anonymous_user(self))
        self.redirect(f"{base}class")


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


class StudentApi(_Api, _Student):
    """A student's writes: join (a name or none; a page that joins again with its key stays the
    same student), a new name, a progress mark, an answer. Each is counted against the page, its
    client address and the class (``limits.py``) before the store is asked."""

    async def post(self, action: str) -> None:
        self.logged_in()
        data = _json_body(self)
        store, limits = self.the_class.store, self.the_class.limits
        address, size, key = self.request.remote_ip, len(self.body()), data.get("key")
        try:
            if action == "join":
                # The page's key, from its message or else from the cookie its join set: a page
                # (or a script that keeps its cookies) joining again is the same student.
                key = key if isinstance(key, str) and key else self.get_cookie(STUDENT_COOKIE)
                again = await self.store(store.knows, key, self.owner)
                if not again and self.owner is None:
                    limits.joins.check(address)
                limits.message(key if again else f"join {address}", address, size)
                student = await self.store(
                    store.join, data.get("name", ""), owner=self.owner, key=key
                )
                if not again and self.owner is None:
                    limits.new_student(address)
                self.set_cookie(
                    STUDENT_COOKIE,
                    student.key,
                    path=self.class_base,
                    httponly=True,
                    samesite="Strict",
                    expires_days=1,
                )
                self.finish({"key": student.key, "name": student.name})
                return
            limits.message(key if isinstance(key, str) else f"join {address}", address, size)
            await self.store(store.check_owner, key, self.owner)
            if action == "name":
                await self.store(store.rename, key, data.get("name", ""))
            elif action == "progress":
                await self.store(
                    store.progress,
                    key,
                    data.get("lesson"),
                    data.get("step", ""),
                    data.get("finished", []),
                )
            else:
                live = await self.store(store.live)
                choices = {c["move"] for c in live.data["choices"]} if live else set()
                await self.store(store.answer, key, data.get("puzzle"), data.get("move"), choices)
        except (StoreError, StoreUnavailable) as exc:
            self.refused(exc)
            return
        self.finish({"ok": True})


class StudentLive(_Api, _Student):
    """The live puzzle as a student's page shows it: the puzzle without its ranking until the teacher
    reveals it, without which stored puzzle it is (a number only), this student's own answer, and
    whether the page's key is still a student's of the class (``member``: false once the class was
    ended)."""

    async def get(self) -> None:
        self.logged_in()
        self.set_header("Cache-Control", "no-store")
        key = self.get_argument("key", "")
        try:
            sent = await self.store(self.the_class.store.live)
            member = await self.store(self.the_class.store.knows, key) if key else False
            mine = ""
            if sent is not None and member:
                mine = await self.store(self.the_class.store.my_answer, key, sent.id)
        except (StoreError, StoreUnavailable) as exc:
            self.refused(exc)
            return
        if sent is None:
            self.finish({"puzzle": None, "member": member})
            return
        hidden = ("ranking", "explanation", "ref", "title")
        shown = {k: v for k, v in sent.data.items() if k not in hidden}
        out = {
            "number": sent.id,
            "puzzle": shown,
            "mine": mine,
            "revealed": sent.revealed,
            "member": member,
        }
        if sent.revealed:
            out["ranking"] = sent.data["ranking"]
            out["explanation"] = sent.data.get("explanation", "")
        self.finish(out)


class StudentPageHandler(StudentPage, JupyterHandler):
    """The student's page in the classroom's Voilà: the class's token, as every lesson."""


class StudentApiHandler(StudentApi, JupyterHandler):
    pass


class StudentLiveHandler(StudentLive, JupyterHandler):
    pass


class _TeacherHandler(_Api, tornado.web.RequestHandler):
    """The teacher's calls: the secret in the ``X-Teacher`` header (a student's token or cookie
    opens nothing here)."""

    body_limit = MAX_TEACHER_BODY

    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    async def prepare(self) -> None:
        given = self.request.headers.get("X-Teacher", "")
        if not secrets.compare_digest(given.encode(), self.the_class.secret.encode()):
            raise tornado.web.HTTPError(403, reason="the teacher's page only")
        self.set_header("Cache-Control", "no-store")
        await super().prepare()


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


def state(the_class: Class, base: str) -> dict:
    """What the teacher's page shows, read at once: the class, the live puzzle, what went wrong
    with the class's file, and the wrong class codes tried."""
    try:
        the_class.seen = (class_rows(the_class), chart(the_class))
    except StoreUnavailable:
        pass  # the page shows what was read last, and why it is not new (``problems``)
    return {
        "code": the_class.code,
        "join": the_class.join_url(base),
        "students": the_class.seen[0],
        "live": the_class.seen[1],
        "problems": the_class.store.report(),
        "refused_codes": the_class.wrong_codes,
        "blocked_codes": the_class.limits.codes.refused,
    }


def record_csv(the_class: Class) -> str:
    """The class as a spreadsheet: each student's name, lesson, step and finished lessons."""
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
    return out.getvalue()


class TeacherReadHandler(_TeacherHandler):
    async def get(self, what: str) -> None:
        the_class, base = self.the_class, self.settings.get("base_url", "/")
        try:
            if what == "state":
                self.finish(await self.store(state, the_class, base))
            elif what == "catalogue":
                found = await asyncio.to_thread(catalogue)
                self.finish({"puzzles": [{"ref": r, "game": g, "title": t} for r, g, t in found]})
            elif what == "qr.svg":
                self.set_header("Content-Type", "image/svg+xml")
                self.finish(qr_svg(the_class.join_url(base)))
            else:
                text = await self.store(record_csv, the_class)
                self.set_header("Content-Type", "text/csv; charset=utf-8")
                self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
                self.finish(text)
        except StoreUnavailable as exc:
            self.refused(exc)


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet shows as text: a leading =, +, - or @ would be read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


class TeacherActionHandler(_TeacherHandler):
    async def post(self, action: str) -> None:
        store = self.the_class.store
        data = _json_body(self)
        try:
            if action == "send":
                try:
                    if data.get("saved"):
                        live: LivePuzzle = await asyncio.to_thread(from_saved_game, data["saved"])
                    else:
                        live = await asyncio.to_thread(live_puzzle, data.get("ref"))
                except LiveError as exc:
                    self.refuse(400, f"{str(exc)[0].upper()}{str(exc)[1:]}.")
                    return
                sent = await self.store(store.send, live.ref, live.to_dict())
                self.finish({"number": sent.id})
                return
            sent = await self.store(store.live)
            if action == "reveal" and sent is not None:
                await self.store(store.reveal, sent.id)
            elif action == "stop":
                await self.store(store.stop)
            elif action == "end":
                await self.store(store.end_class)
        except StoreUnavailable as exc:
            self.refused(exc)
            return
        self.finish({"ok": True})


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG, dark on light, with a text label for screen readers."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, title=f"QR code: {text}")
    return out.getvalue().decode()


__all__ = ["Class", "handlers", "class_code", "qr_svg"]
