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
  ``teacher/<SECRET>/report``: the class on one printable page, after class.

What the teacher's page reads: each student's lesson, the step in view and for how long, their
wrong tries and hints there (on exercises and on every game's puzzle boards and trainers),
flagged "may need help" past the teacher's thresholds (and listed first); each exercise's and
puzzle's tries and solvers, the hardest marked; each student's answers over time.
What it does: rename or take out a student, keep the class to one lesson, preview a live puzzle
and pick the moves offered, a timer that closes answers, the reveal with or without names.

The class's state is the ``Store`` (SQLite in the class's folder), called off the server's event
loop, as the solver is: a class file held by another program delays that request only, never a
lesson. What a page may send is bounded by ``limits.py``; every error of the two APIs is JSON with a
sentence the page shows.
"""

from __future__ import annotations

import asyncio
import csv
import functools
import hashlib
import html
import http
import inspect
import io
import json
import re
import secrets
import time
import tomllib
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from tornado.log import app_log

from corinth.shared.language import (
    LANGUAGES,
    N_,
    _,
    current_language,
    fill_template,
    from_environment,
    js_words,
    ngettext,
    number,
    speaking,
)

from .lessons import INDEX, NOTEBOOKS, english_name, language_of, localized
from .limits import Limits
from .live import LiveError, LivePuzzle, catalogue, from_saved_game, live_puzzle
from .store import (
    MOST_CHOICES,
    Event,
    Sent,
    Store,
    StoreError,
    StoreUnavailable,
    TooMuch,
    UnknownStudent,
    check_folder,
)

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
# The language a student (or the teacher) chose on a page, kept by the browser (the same name as the
# lesson list's choice in localStorage); the class's language otherwise.
LANGUAGE_COOKIE = "corinth-language"
CODE_FORM = re.compile(r"[A-Z]+-\d{4}")
HELP_WRONG, HELP_MINUTES = 3, 5  # flag a student past 3 wrong tries or 5 minutes on one step
ACTIVE_SECONDS = 120  # a student whose pages said nothing for longer is away (never flagged)
TIMERS = (0, 30, 60, 120)  # the live puzzle's timer, in seconds (0: none)
ALL_CHOICES = 12  # a position with at most this many moves offers them all by default
DEFAULT_CHOICES = 6  # else this many: the solver's best few and the nearest wrong ones
PREVIEWS = 8  # puzzles previewed and kept ready to send


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
    seen: tuple = ([], None, [])  # the class, its live puzzle, its exercises as last read
    present: dict = field(default_factory=dict)  # a student's key -> when a page of theirs asked
    previews: OrderedDict = field(default_factory=OrderedDict)  # puzzles previewed, by token
    lock: str = ""  # the one lesson (its English file) the class's lesson list shows, or '' for all
    language: str = "en"  # the class's: its pages' and lessons' unless a student chose another
    help_wrong: int = HELP_WRONG
    help_minutes: int = HELP_MINUTES
    _exercises: tuple = (-1, [])  # the exercises' figures, by the store's version

    @classmethod
    def open(cls, folder: Path, token: str = "", address: str = "", language: str = "") -> Class:
        """The class kept in ``folder`` (made if new): its code and secret survive a restart. A
        folder this server cannot write, or a damaged class file, is refused with one sentence
        (``ClassFileError``) before anything starts. ``language``: the class's (the environment's
        by default)."""
        check_folder(folder)
        store = Store(folder / "class.sqlite3")
        # A class kept from before codes had four digits gets a new, longer code.
        code = store.setting("code", class_code, valid=CODE_FORM.fullmatch)
        secret = store.setting("secret", lambda: secrets.token_urlsafe(24))
        cookies = store.setting("cookie_secret", lambda: secrets.token_hex(32))
        the_class = cls(store, token, address, code, secret, cookies)
        the_class.language = language if language in LANGUAGES else from_environment()
        the_class.read_choices()
        return the_class

    def read_choices(self) -> None:
        """The teacher's choices kept in the store (read once: every page asks every second)."""
        lock = self.store.value("lock")
        self.lock = lock if lock in dict(lesson_list()) else ""
        self.help_wrong = _number(self.store.value("help_wrong"), HELP_WRONG, 0, 99)
        self.help_minutes = _number(self.store.value("help_minutes"), HELP_MINUTES, 1, 180)

    def here(self, key: str) -> None:
        """A page of this student asked the class (its polls): they are here, not away."""
        present = self.present
        present.pop(key, None)
        present[key] = time.time()
        while len(present) > 2000:  # far above a class: the oldest go first
            del present[next(iter(present))]

    def locked(self, language: str | None = None) -> dict | None:
        """The lesson the class is kept to, as the lesson list of ``language`` (the one spoken now)
        names it, or None: ``file`` in that language (where the lesson has that translation)."""
        if not self.lock:
            return None
        language = language or current_language()
        titles = dict(lesson_list(NOTEBOOKS, language))
        return {
            "file": lesson_in(self.lock, language, NOTEBOOKS),
            "title": titles.get(self.lock) or dict(lesson_list())[self.lock],
        }

    def join_url(self, base: str = "/") -> str:
        return f"{self.address}{base}join/{self.code}"

    def teacher_url(self, base: str = "/") -> str:
        return f"{self.address}{base}teacher/{self.secret}"


def _number(text: object, default: int, low: int, high: int) -> int:
    """A whole number the teacher set, within ``low``..``high``; ``default`` for anything else.

    >>> _number("4", 3, 0, 99), _number("", 3, 0, 99), _number(500, 3, 0, 99), _number(True, 3, 0, 9)
    (4, 3, 99, 3)
    """
    if isinstance(text, bool):
        return default
    try:
        value = int(text)
    except (TypeError, ValueError):
        return default
    return min(max(value, low), high)


_LESSON_LINK = re.compile(r"\[([^\]]+)\]\((\d\d[a-z]?_[\w.-]+\.ipynb)\)")


@functools.cache
def lesson_list(folder: Path = NOTEBOOKS, language: str = "en") -> tuple[tuple[str, str], ...]:
    """The lessons of the lesson list, as (English file, title in ``language``), in its order (the
    lessons a teacher may keep the class to): the titles of that language's lesson list where it
    exists (``index.fr.ipynb``), the English ones otherwise.

    >>> lessons = dict(lesson_list())
    >>> lessons["05_play_a_game.ipynb"]
    '05 Play a game'
    """
    index = folder / localized(INDEX, language)
    if not index.is_file():
        index = folder / INDEX
    try:
        cells = json.loads(index.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return ()
    found: dict[str, str] = {}
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for title, file in _LESSON_LINK.findall("".join(cell.get("source", ""))):
                found.setdefault(english_name(file), title)
    return tuple(found.items())


def lesson_in(name: str, language: str, folder: Path = NOTEBOOKS) -> str:
    """A lesson's file in ``language`` where it has that translation (the English file otherwise):
    the same lesson in every language counts as one (progress, the lesson lock).

    >>> lesson_in("05_play_a_game.ipynb", "en")
    '05_play_a_game.ipynb'
    """
    there = localized(name, language)
    return there if (folder / there).is_file() else english_name(name)


@functools.cache
def _questions(stamp: int, path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def exercise_words(item: str, folder: Path = NOTEBOOKS) -> str:
    """An exercise as the teacher reads it: its question (without markup), or the puzzle it is.

    >>> exercise_words("00-rounds-with-four")
    '“With 4 players, how many rounds does a game last?”'
    >>> exercise_words("puzzle-t1-02"), exercise_words("zz-unknown")
    ('the puzzle t1-02', 'an exercise (zz-unknown)')
    """
    for prefix in ("puzzle-", "corintho-", "courts-"):
        if item.startswith(prefix):
            return _("the puzzle {name}").format(name=item[len(prefix) :])
    path = folder / "exercises.toml"
    try:
        questions = _questions(path.stat().st_mtime_ns, path)
    except (OSError, tomllib.TOMLDecodeError):
        questions = {}
    question = questions.get(item, {}).get("question", "")
    words = re.sub(r"<[^>]+>|[*`]", "", _(question.strip()) if question else "").strip()
    if not words:
        return _("an exercise ({name})").format(name=item)
    words = " ".join(words.split())
    short = words if len(words) <= 90 else words[:90].rsplit(" ", 1)[0] + "…"
    return _("“{question}”").format(question=short)


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
        (rf"{b}/teacher/([A-Za-z0-9_-]{{10,64}})/report/?", TeacherReportHandler, options),
        (
            rf"{b}/teacher/([A-Za-z0-9_-]{{10,64}})/handouts(/|/index(?:\.fr|\.de)?\.html|/\d\d[a-z]?_[a-z0-9_]+(?:\.(?:fr|de)(?:_answers)?)?\.pdf)?",
            HandoutsHandler,
            options,
        ),
        (
            rf"{b}/teacher/api/(state|catalogue|class\.csv|qr\.svg|student)",
            TeacherReadHandler,
            options,
        ),
        (
            rf"{b}/teacher/api/(send|preview|reveal|stop|end|rename|remove|lock|help)",
            TeacherActionHandler,
            options,
        ),
        (rf"{b}/teacher/api/(.*)", NoSuchCall, options),
    ]


@functools.cache
def _page_in(name: str, language: str) -> str:
    """A page's file with its ``_("…")`` in ``language`` (read and filled once per language)."""
    with speaking(language):
        return fill_template((PAGES / name).read_text(encoding="utf-8"))


def _page(name: str, **values: str) -> str:
    """A page in the language spoken now: its ``_("…")`` in that language, ``{{lang}}`` the
    language, ``{{words}}`` the words of ``class.js`` (JSON, for its ``t()``), ``{{languages}}``
    the language switch, and the ``{{key}}`` of ``values``."""
    text = _page_in(name, current_language())
    values = {
        "lang": current_language(),
        "words": page_words(current_language()),
        "languages": language_switch(current_language()),
        **values,
    }
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


@functools.cache
def page_words(language: str) -> str:
    """The words ``class.js`` shows, in ``language``, as JSON safe inside a ``<script>``."""
    with speaking(language):
        words = js_words((PAGES / "class.js").read_text(encoding="utf-8"))
    return json.dumps(words, ensure_ascii=False).replace("</", "<\\/")


def language_switch(language: str) -> str:
    """The switch "English · Français · Deutsch": each language named in itself, the page's own
    marked; ``class.js`` keeps a choice in the browser (and the server reads its cookie)."""
    links = [
        f'<a href="?language={code}" hreflang="{code}" lang="{code}" data-language="{code}"'
        + (' aria-current="true"' if code == language else "")
        + f">{name}</a>"
        for code, name in LANGUAGES.items()
    ]
    with speaking(language):
        label = _("Language")
    return f'<nav class="languages" aria-label="{html.escape(label)}">{" · ".join(links)}</nav>'


def asked_language(handler: tornado.web.RequestHandler, the_class: Class) -> str:
    """The language of a request: one asked in its address (``?language=de``, kept in the
    browser's cookie from then on), else the browser's choice (its cookie), else the class's."""
    asked = handler.get_query_argument("language", "")
    if asked in LANGUAGES:
        handler.set_cookie(
            LANGUAGE_COOKIE,
            asked,
            path=handler.settings.get("base_url", "/"),
            samesite="Lax",
            expires_days=365,
        )
        return asked
    chosen = handler.get_cookie(LANGUAGE_COOKIE, "")
    return chosen if chosen in LANGUAGES else the_class.language


class _Speaking:
    """A class page or call answered in its request's language (``asked_language``): its words,
    its refusals, its store's sentences. Mixed in before tornado's or jupyter_server's handler."""

    def language(self) -> str:
        return asked_language(self, self.the_class)

    async def _execute(self, transforms, *args, **kwargs):
        with speaking(self.language()):
            return await super()._execute(transforms, *args, **kwargs)


# What a page shows for each refusal of the two APIs where the refusal names nothing better.
SENTENCES = {
    400: N_("The class could not read that message: reload the page."),
    403: N_("This page is not logged in to the class: open the class's address again."),
    404: N_("The class has no such call: reload the page."),
    405: N_("The class does not take that kind of request."),
    413: N_("That message is too large for the class."),
    429: N_("Too many messages at once: wait a moment."),
    503: N_("The class's notes cannot be saved right now: try again in a moment."),
}


def sentence_of(said: object) -> str:
    """A refusal's words as a sentence for the page: a capital, a full stop.

    >>> sentence_of("name: at most 40 characters")
    'Name: at most 40 characters.'
    """
    text = str(said)
    return f"{text[:1].upper()}{text[1:]}."


class _Api(_Speaking):
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
        sentence = _(SENTENCES[status_code]) if status_code in SENTENCES else f"{phrase}."
        if said and said != phrase:  # the refusal's own words
            sentence = (
                f"{sentence[:-1]} ({said})." if status_code in (400, 413) else sentence_of(said)
            )
        self.refuse(status_code, sentence, 60 if status_code in (429, 503) else 0)

    async def store(self, call, *args, **kwargs):
        """A store call off the event loop: a class file held elsewhere delays this request only."""
        return await asyncio.to_thread(call, *args, **kwargs)

    def refused(self, exc: Exception) -> bool:
        """Answer a store's refusal; False for anything else."""
        if isinstance(exc, TooMuch):
            self.refuse(429, sentence_of(exc), exc.retry_after)
        elif isinstance(exc, UnknownStudent):
            self.refuse(403, f"{exc}.", member=False, **({"removed": True} if exc.removed else {}))
        elif isinstance(exc, StoreUnavailable):
            self.refuse(503, str(exc), 30)
        elif isinstance(exc, StoreError):
            self.refuse(400, sentence_of(exc))
        else:
            return False
        return True


def _json_body(handler: _Api) -> dict:
    try:
        data = json.loads(handler.body() or b"{}")
    except ValueError:
        raise tornado.web.HTTPError(400, reason=_("it is not JSON")) from None
    if not isinstance(data, dict):
        raise tornado.web.HTTPError(400, reason=_("expected an object"))
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


class JoinHandler(_Speaking, tornado.web.RequestHandler):
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
            self.finish(_page("join.html", base=base, problem="", code=""))
            return
        typed = html.escape(code[:40], quote=True)  # a refused code stays in the box, to correct
        limits, address = self.the_class.limits, self.request.remote_ip
        try:
            limits.code_allowed(address)
            if not secrets.compare_digest(plain_code(code), plain_code(self.the_class.code)):
                self.the_class.wrong_codes += 1
                limits.wrong_code(address)
                self.set_status(404)
                problem = _("No class has this code: check it on the board.")
                self.finish(_page("join.html", base=base, problem=problem, code=typed))
                return
        except TooMuch as exc:
            self.set_status(429)
            self.set_header("Retry-After", str(exc.retry_after))
            problem = ngettext(
                "Too many wrong codes from this computer: try again in {n} second.",
                "Too many wrong codes from this computer: try again in {n} seconds.",
                exc.retry_after,
            ).format(n=exc.retry_after)
            self.finish(_page("join.html", base=base, problem=problem, code=typed))
            return
        provider = self.settings.get("identity_provider")
        if provider is not None and provider.token:  # Voilà with a token: log this page in
            provider.set_login_cookie(self, provider.generate_anonymous_user(self))
        # Projector mode asked in the join address is kept; nothing else of it is.
        shown = "?projector=1" if self.get_argument("projector", "") == "1" else ""
        self.redirect(f"{base}class{shown}")


class StudentPage(_Speaking, _Student):
    @tornado.web.authenticated
    def get(self) -> None:
        self.xsrf_token  # noqa: B018 - reading it sets the cookie the page sends back
        self.set_header("Cache-Control", "no-store")
        # the lesson list in the page's language (index.fr.ipynb), where it is translated
        index = lesson_in(INDEX, current_language())
        lessons = (
            self.settings.get("corinth_lessons_url") or f"{self.class_base}voila/render/index.ipynb"
        )
        lessons = lessons.replace(INDEX, index)
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
            # A lesson page's reports (where the student is, each check and hint) count apart from
            # the student's other messages: a busy lesson page never holds up an answer to the
            # live puzzle, which a timer may close.
            page = key if isinstance(key, str) else f"join {address}"
            limits.message(f"{page} lesson" if action == "progress" else page, address, size)
            await self.store(store.check_owner, key, self.owner)
            if action == "name":
                name = await self.store(store.rename, key, data.get("name", ""))
                self.finish({"ok": True, "name": name})
                return
            if action == "progress":
                await self.store(
                    store.progress,
                    key,
                    data.get("lesson"),
                    data.get("step", ""),
                    data.get("finished"),
                    data.get("done", False),
                    data.get("events", ()),
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
    reveals it, without which stored puzzle it is (a number only), this student's own answer and
    name as the class shows it, the seconds left to answer (``closes_in``, with a timer), whether
    the page's key is still a student's of the class (``member``: false once the class was ended,
    and ``removed`` where the teacher took the student out), and the lesson the teacher keeps the
    class to (``lock``)."""

    async def get(self) -> None:
        self.logged_in()
        self.set_header("Cache-Control", "no-store")
        key = self.get_argument("key", "")
        the_class = self.the_class
        store = the_class.store
        try:
            sent = await self.store(store.live)
            member = await self.store(store.knows, key) if key else False
            name, mine = "", ""
            if member:
                name, mine = await self.store(store.me, key, sent.id if sent else None)
                the_class.here(key)
            removed = await self.store(store.removed, key) if key and not member else False
        except (StoreError, StoreUnavailable) as exc:
            self.refused(exc)
            return
        # The lock as the asking page's lesson list names it: a lesson page's own language (its
        # address, as the browser sends it), else the page's.
        referer = self.request.headers.get("Referer", "")
        page = referer.split("?", 1)[0] if "/voila/render/" in referer else ""
        out = {
            "puzzle": None,
            "member": member,
            "lock": the_class.locked(language_of(page) if page else None),
        }
        if member:
            out["name"] = name
        if removed:
            out["removed"] = True
        if sent is None:
            self.finish(out)
            return
        hidden = ("ranking", "explanation", "ref", "title")
        shown = {k: v for k, v in sent.data.items() if k not in hidden}
        shown.update(game=_(shown.get("game", "")), question=_(shown.get("question", "")))
        out.update(number=sent.id, puzzle=shown, mine=mine, revealed=sent.revealed, **_timer(sent))
        if sent.revealed:
            out["ranking"] = sent.data["ranking"]
            out["explanation"] = _(sent.data.get("explanation", ""))
        self.finish(out)


def _timer(sent: Sent) -> dict:
    """The live puzzle's timer for a page: its length and the seconds left (none without one)."""
    if sent.closes is None:
        return {}
    return {
        "seconds": round(sent.closes - sent.sent),
        "closes_in": round(max(0.0, sent.closes - time.time()), 2),
    }


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
            raise tornado.web.HTTPError(403, reason=_("the teacher's page only"))
        self.set_header("Cache-Control", "no-store")
        await super().prepare()


class TeacherPageHandler(_Speaking, tornado.web.RequestHandler):
    def initialize(self, the_class: Class) -> None:
        self.the_class = the_class

    def opened(self, secret: str) -> str:
        """The page's base URL, once the secret in its address is the teacher's (else 404)."""
        if not secrets.compare_digest(secret.encode(), self.the_class.secret.encode()):
            raise tornado.web.HTTPError(404)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the secret is in this page's address
        return self.settings.get("base_url", "/")

    def get(self, secret: str) -> None:
        self.finish(_page("teacher.html", base=self.opened(secret)))


HANDOUTS = Path(__file__).resolve().parents[2] / "build" / "handouts"  # what make handouts writes


class HandoutsHandler(TeacherPageHandler):
    """``teacher/<SECRET>/handouts/``: the printable handouts ``make handouts`` wrote (their index
    and PDFs), read-only, for the teacher only."""

    def get(self, secret: str, name: str | None = None) -> None:
        self.opened(secret)
        if name is None:  # the index's links are relative to the folder
            self.redirect(f"{self.request.path}/")
            return
        index = HANDOUTS / f"index.{current_language()}.html"  # make handouts LANGUAGE=fr
        file = HANDOUTS / name.strip("/") if name.strip("/") else index
        if file == index and not file.is_file():
            file = HANDOUTS / "index.html"
        if not file.is_file() or file.is_symlink():
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(
                _(
                    "No handouts yet: run make handouts on the class's computer, then reload this "
                    "page."
                )
            )
            return
        kind = "application/pdf" if file.suffix == ".pdf" else "text/html; charset=utf-8"
        self.set_header("Content-Type", kind)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(file.read_bytes())


class TeacherReportHandler(TeacherPageHandler):
    """``teacher/<SECRET>/report``: the class on one printable page (a PDF through the browser's
    print)."""

    async def get(self, secret: str) -> None:
        base = self.opened(secret)
        try:
            text = await asyncio.to_thread(report_html, self.the_class, base)
        except StoreUnavailable as exc:
            self.set_status(503)
            self.set_header("Retry-After", "30")
            title = _("The class")
            text = (
                f'<!DOCTYPE html><html lang="{current_language()}"><head><meta charset="utf-8">'
                f"<title>{_e(title)}</title></head><body><main>"
                f"<p>{html.escape(str(exc))}</p></main></body></html>"
            )
        self.finish(text)


# --- what the teacher reads --------------------------------------------------------------------


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def students_count(n: int) -> str:
    return ngettext("{n} student", "{n} students", n).format(n=n)


def duration(seconds: float) -> str:
    """Time on a step in words.

    >>> with speaking("en"):
    ...     duration(42), duration(61), duration(330), duration(3900)
    ('42 s', '1 min', '5 min', '1 h 5 min')
    """
    seconds = int(seconds)
    if seconds < 60:
        return _("{n} s").format(n=seconds)
    minutes = seconds // 60
    if minutes < 60:
        return _("{n} min").format(n=minutes)
    return _("{hours} h {minutes} min").format(hours=minutes // 60, minutes=minutes % 60)


def clock(at: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(at))


def day(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))


LONG_DAYS = {"fr": "d MMMM y", "de": "d. MMMM y"}  # "28 novembre 2026", "28. November 2026"


def long_day(at: float) -> str:
    """'28 November 2026', as the language spoken now writes a day."""
    when = time.localtime(at)
    pattern = LONG_DAYS.get(current_language())
    if pattern:
        from datetime import date

        from babel.dates import format_date

        day_ = date(when.tm_year, when.tm_mon, when.tm_mday)
        return format_date(day_, pattern, locale=current_language())
    return f"{when.tm_mday} {time.strftime('%B %Y', when)}"


def labels(students) -> dict[int, str]:
    """Each student as the teacher's page names them: by name, or counted in the order they joined
    ("Student 3 (no name)")."""
    return {
        s.id: s.name or _("Student {n} (no name)").format(n=i) for i, s in enumerate(students, 1)
    }


def class_rows(the_class: Class, students=None, now: float | None = None) -> list[dict]:
    """Each student as the teacher's table shows them: the lesson and the step in view, how long
    they have been on it, their wrong tries and hints there, and whether they may need help (more
    wrong tries, or longer on a step whose exercises are not all solved, than the teacher's
    thresholds, while a page of theirs is open); those first, then in the order they joined."""
    now = time.time() if now is None else now
    students = the_class.store.students() if students is None else students
    named = labels(students)
    rows = []
    for s in students:
        last = max(s.seen, the_class.present.get(s.key, 0.0))
        active = now - last < ACTIVE_SECONDS
        on_step = max(0.0, now - s.step_since) if s.step_since and s.lesson else 0.0
        why = []
        if active and s.step and not s.step_done:
            if s.wrong_here > the_class.help_wrong:
                why.append(
                    ngettext(
                        "{n} wrong try on this step", "{n} wrong tries on this step", s.wrong_here
                    ).format(n=s.wrong_here)
                )
            if on_step > the_class.help_minutes * 60:
                why.append(_("{time} on this step").format(time=duration(on_step)))
        rows.append(
            {
                "id": s.id,
                "name": s.name,
                "label": named[s.id],
                "lesson": s.lesson,
                "step": s.step,
                "on_step": round(on_step // 60 * 60),
                # in minutes: the table changes once a minute, not every second
                "time_here": (duration(on_step) if on_step >= 60 else _("under 1 min"))
                if s.lesson and s.step
                else "",
                "wrong": s.wrong_here,
                "hints": s.hints_here,
                "finished": list(s.finished),
                "active": active,
                "help": bool(why),
                "why": _("{first} and {second}").format(first=why[0], second=why[1])
                if len(why) == 2
                else "".join(why),
            }
        )
    rows.sort(key=lambda r: not r["help"])  # flagged first; else in the order they joined
    return rows


def exercise_rows(the_class: Class) -> list[dict]:
    """Each exercise the class checked, hardest first (most wrong tries per student who tried it,
    then the fewest solved), with its question in words; the first is marked ``hardest`` once
    anyone got it wrong. Worked out again only after a write."""
    version = the_class.store.version
    if the_class._exercises[0] != version:
        rows = [{**e, "words": exercise_words(e["item"])} for e in the_class.store.exercises()]
        rows.sort(
            key=lambda r: (
                -(r["wrong"] / r["tried"]) if r["tried"] else 0.0,
                r["solved"] / r["tried"] if r["tried"] else 1.0,
                r["item"],
            )
        )
        for i, row in enumerate(rows):
            row["hardest"] = i == 0 and row["wrong"] > 0
        the_class._exercises = (version, rows)
    return the_class._exercises[1]


def puzzle_chart(sent: Sent, answers: dict[int, str], names: dict[int, str]) -> dict:
    # ``names``: every student of the class by number, '' for one without a name
    """A live puzzle for the teacher: the question, how many chose each move, and once revealed
    the ranking with how many found the best move, and who answered what only where the teacher
    chose to name them (``named``; students without a name are counted, never named)."""
    counts: dict[str, int] = {}
    for move in answers.values():
        counts[move] = counts.get(move, 0) + 1
    data = sent.data
    out = {
        "number": sent.id,
        "ref": sent.ref,
        "game": _(data["game"]),
        "title": _(data["title"]),
        "question": _(data["question"]),
        "picture": data["picture"],
        "answered": len(answers),
        "students": len(names),
        "offered": len(data["choices"]),
        "moves": data.get("moves", len(data["choices"])),
        "bars": [
            {"move": c["move"], "words": c["words"], "count": counts.get(c["move"], 0)}
            for c in data["choices"]
            if counts.get(c["move"], 0)
        ],
        "revealed": sent.revealed,
        "named": sent.named,
        **_timer(sent),
    }
    if sent.revealed:
        best = {r["move"] for r in data["ranking"] if r["best"]}
        found = [sid for sid, move in answers.items() if move in best]
        named = {sid: names[sid] for sid in answers if names.get(sid)}

        def who(sids) -> dict:
            return {
                "names": sorted(named[s] for s in sids if s in named),
                "unnamed": sum(1 for s in sids if s not in named),
            }

        ranking = []
        for r in data["ranking"]:
            row = {**r, "count": counts.get(r["move"], 0)}
            if sent.named:
                row.update(who([s for s, m in answers.items() if m == r["move"]]))
            ranking.append(row)
        out["ranking"] = ranking
        out["explanation"] = _(data.get("explanation", ""))
        out["found"] = len(found)
        picked = who(found) if sent.named else {"names": [], "unnamed": 0}
        out["found_names"], out["found_unnamed"] = picked["names"], picked["unnamed"]
    return out


def chart(the_class: Class, students=None) -> dict | None:
    """The live puzzle for the teacher (``puzzle_chart``), or None."""
    sent = the_class.store.live()
    if sent is None:
        return None
    students = the_class.store.students() if students is None else students
    return puzzle_chart(sent, the_class.store.answers(sent.id), {s.id: s.name for s in students})


def state(the_class: Class, base: str) -> dict:
    """What the teacher's page shows, read at once: the class, the live puzzle, the exercises,
    what went wrong with the class's file, the wrong class codes tried, and the teacher's choices
    (the lesson the class is kept to, when a student is flagged)."""
    try:
        students = the_class.store.students()
        the_class.seen = (
            class_rows(the_class, students),
            chart(the_class, students),
            exercise_rows(the_class),
        )
    except StoreUnavailable:
        pass  # the page shows what was read last, and why it is not new (``problems``)
    return {
        "code": the_class.code,
        "join": the_class.join_url(base),
        "students": the_class.seen[0],
        "live": the_class.seen[1],
        "exercises": the_class.seen[2],
        "problems": the_class.store.report(),
        "refused_codes": the_class.wrong_codes,
        "blocked_codes": the_class.limits.codes.refused,
        "lock": the_class.locked(),
        "help": {"wrong": the_class.help_wrong, "minutes": the_class.help_minutes},
    }


def answer_rows(events: list[Event], puzzles: dict[int, Sent]) -> list[dict]:
    """A student's checks, hints and answers to the live puzzles, in order, in words: what was
    asked, the answer, whether it was right (None for a hint), and which try it was."""
    tries: dict[str, int] = {}
    rows = []
    for e in events:
        row = {"at": e.at, "time": clock(e.at), "lesson": e.lesson, "step": e.step}
        if e.kind == "live":
            key = f"live {e.item}"
            sent = puzzles.get(int(e.item)) if e.item.isdigit() else None
            data = sent.data if sent else {}
            words = {c["move"]: c["words"] for c in data.get("choices", ())}
            best = {r["move"] for r in data.get("ranking", ()) if r["best"]}
            right = e.answer in best
            title = _(data.get("title", ""))
            row.update(
                kind="puzzle",
                what=_("Class puzzle {n} ({title})").format(n=e.item, title=title)
                if title
                else _("Class puzzle {n}").format(n=e.item),
                answer=words.get(e.answer, e.answer),
                right=right,
                result=_("the best move") if right else _("not the best move"),
            )
        elif e.kind == "check":
            key = e.item
            row.update(
                kind="exercise",
                what=exercise_words(e.item),
                answer=e.answer,
                right=bool(e.right),
                result=_("right") if e.right else _("not right"),
            )
        else:
            key = ""
            row.update(
                kind=e.kind,
                what=exercise_words(e.item),
                answer="",
                right=None,
                result=_("asked for a hint") if e.kind == "hint" else _("showed the answer"),
            )
        if key:
            tries[key] = tries.get(key, 0) + 1
        row["tries"] = tries.get(key, 0) if key else None
        rows.append(row)
    return rows


def history(the_class: Class, student: object) -> dict:
    """One student's answers over time, for the teacher's page (a student's row opens it)."""
    students = the_class.store.students()
    found = next((s for s in students if s.id == student), None)
    if found is None or isinstance(student, bool):
        raise StoreError(_("this student is no longer in the class"))
    puzzles = {p.id: p for p in the_class.store.puzzles()}
    rows = answer_rows(the_class.store.events(found.id), puzzles)
    return {"id": found.id, "name": found.name, "label": labels(students)[found.id], "rows": rows}


def class_day(the_class: Class, students=None) -> float:
    """When the class began: its first student joined (now, before anyone did)."""
    students = the_class.store.students() if students is None else students
    return min((s.joined for s in students if s.joined), default=time.time())


# The record's columns, in the language of the page that downloads it (a teacher reads them in a
# spreadsheet; the rows' words are in that language too).
RECORD_COLUMNS = [
    N_("row"),
    N_("student"),
    N_("lesson"),
    N_("step"),
    N_("lessons finished"),
    N_("exercise or puzzle"),
    N_("answer"),
    N_("right"),
    N_("tries"),
    N_("hints"),
    N_("date"),
    N_("time"),
]


def record_csv(the_class: Class) -> str:
    """The class as a spreadsheet (UTF-8 with a byte-order mark, which spreadsheets need to read
    accents and dashes): one row per student (where they are, what they finished, their tries and
    hints), then one per answer, in order (each check of an exercise and each answer to a live
    puzzle: the student, the lesson, what was asked, the answer, right or not, which try, when)."""
    store = the_class.store
    students = store.students()
    named = labels(students)
    events = store.events()
    rows = answer_rows(events, {p.id: p for p in store.puzzles()})
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_(column) for column in RECORD_COLUMNS])
    totals: dict[int, list[int]] = {}
    for e in events:
        count = totals.setdefault(e.student, [0, 0])
        count[0] += e.kind == "check"
        count[1] += e.kind in ("hint", "shown")
    for s in students:
        tries, hints = totals.get(s.id, [0, 0])
        writer.writerow(
            [
                _("student"),
                *map(_csv_safe, (named[s.id], s.lesson, s.step, "; ".join(s.finished))),
                "",
                "",
                "",
                tries,
                hints,
                day(s.joined) if s.joined else "",
                clock(s.joined) if s.joined else "",
            ]
        )
    for e, row in zip(events, rows):
        if row["kind"] not in ("exercise", "puzzle") or e.student not in named:
            continue
        writer.writerow(
            [
                _("answer"),
                *map(_csv_safe, (named[e.student], row["lesson"], row["step"], "")),
                _csv_safe(row["what"]),
                _csv_safe(row["answer"]),
                _("yes") if row["right"] else _("no"),
                row["tries"],
                "",
                day(e.at),
                row["time"],
            ]
        )
    return "\ufeff" + out.getvalue()


def record_name(the_class: Class) -> str:
    """The record's file name, with the class's date: ``class-2026-11-28.csv``."""
    return f"class-{day(class_day(the_class))}.csv"


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet shows as text: a leading =, +, - or @ would be read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


# --- the report after class ------------------------------------------------------------------


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _bars(chart_: dict) -> str:
    bars = sorted(chart_["bars"], key=lambda b: -b["count"])
    if not bars:
        nobody = _("Nobody answered.")
        return f"<p>{_e(nobody)}</p>"
    top = max(b["count"] for b in bars)
    items = "".join(
        f"<li><span>{_e(b['words'])} — {_e(students_count(b['count']))}</span>"
        f'<span class="bar" style="width: {100 * b["count"] / top:.0f}%" aria-hidden="true">'
        "</span></li>"
        for b in bars
    )
    label = _e(_("How many chose each move"))
    return f'<ul class="bars" aria-label="{label}">{items}</ul>'


def _head(*columns: str) -> str:
    """A table's start: its column headings."""
    cells = "".join(f'<th scope="col">{_e(c)}</th>' for c in columns)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>"


def report_html(the_class: Class, base: str) -> str:
    """The class on one page to print after class: who finished what, the exercises the class
    found hardest, and each live puzzle with its chart and the solver's answer."""
    store = the_class.store
    students = store.students()
    puzzles = store.puzzles()
    when = long_day(class_day(the_class, students))
    title = _e(_("The class of {day}").format(day=when))
    counts = ngettext(
        "{students}; {n} puzzle for the whole class.",
        "{students}; {n} puzzles for the whole class.",
        len(puzzles),
    ).format(students=students_count(len(students)), n=len(puzzles))
    button = _("Print this report")
    pdf = _("To keep it as a PDF, choose “Save as PDF” as the printer.")
    out = [
        f'<!DOCTYPE html><html lang="{current_language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{title}</title>"
        f'<link rel="stylesheet" href="{_e(base)}class/class.css"></head>'
        '<body class="report"><main>'
        f"<h1>{title}</h1>"
        f"<p>{_e(counts)}</p>"
        '<p class="no-print"><button id="print" class="primary" type="button">'
        f"{_e(button)}</button> {_e(pdf)}</p>",
        _report_students(the_class, students),
        _report_hardest(the_class),
        _report_puzzles(the_class, students, puzzles),
        "</main><script>document.getElementById('print')"
        ".addEventListener('click', () => window.print());</script></body></html>",
    ]
    return "".join(out)


def _report_students(the_class: Class, students: list) -> str:
    """The report's first part: each student's finished lessons, last place and exercises solved."""
    named = labels(students)
    solved: dict[int, set[str]] = {}
    for e in the_class.store.events():
        if e.kind == "check" and e.right:
            solved.setdefault(e.student, set()).add(e.item)
    heading = _("Who finished what")
    out = [f'<section aria-labelledby="who-title"><h2 id="who-title">{_e(heading)}</h2>']
    if not students:
        nobody = _("No student joined.")
        return out[0] + f"<p>{_e(nobody)}</p></section>"
    out.append(
        _head(_("Student"), _("Lessons finished"), _("Where they were last"), _("Exercises solved"))
    )
    for s in students:
        where = " — ".join(x for x in (s.lesson, s.step) if x) or "—"
        out.append(
            f"<tr><td>{_e(named[s.id])}</td><td>{_e(', '.join(s.finished) or '—')}</td>"
            f"<td>{_e(where)}</td><td>{len(solved.get(s.id, ()))}</td></tr>"
        )
    return "".join(out) + "</tbody></table></section>"


def _report_hardest(the_class: Class) -> str:
    """The report's second part: the exercises the class tried, hardest first (eight at most)."""
    heading = _("The exercises the class found hardest")
    hardest = _("hardest")
    out = [f'<section aria-labelledby="hard-title"><h2 id="hard-title">{_e(heading)}</h2>']
    hard = [r for r in exercise_rows(the_class) if r["tried"]][:8]
    if not hard:
        none = _("No exercise was checked in this class.")
        return out[0] + f"<p>{_e(none)}</p></section>"
    out.append(
        _head(
            _("Exercise"),
            _("Lesson"),
            _("Solved by"),
            _("Tries to solve it"),
            _("Wrong tries"),
            _("Hints"),
        )
    )
    for r in hard:
        mark = f' <strong class="flag">{_e(hardest)}</strong>' if r["hardest"] else ""
        tries = "—" if r["tries"] is None else _("{n} on average").format(n=number(r["tries"]))
        solved = _("{solved} of {tried}").format(solved=r["solved"], tried=r["tried"])
        out.append(
            f"<tr><td>{_e(r['words'])}{mark}</td><td>{_e(r['lesson'])}</td>"
            f"<td>{_e(solved)}</td><td>{_e(tries)}</td>"
            f"<td>{r['wrong']}</td><td>{r['hints']}</td></tr>"
        )
    return "".join(out) + "</tbody></table></section>"


def _report_puzzles(the_class: Class, students: list, puzzles: list) -> str:
    """The report's last part: each live puzzle with its chart and the solver's answer."""
    heading = _("The puzzles for the whole class")
    out = [f'<section aria-labelledby="live-title"><h2 id="live-title">{_e(heading)}</h2>']
    if not puzzles:
        none = _("No puzzle was sent to the class.")
        out.append(f"<p>{_e(none)}</p>")
    names = {s.id: s.name for s in students}
    for sent in puzzles:
        chart_ = puzzle_chart(sent, the_class.store.answers(sent.id), names)
        best = [r for r in sent.data.get("ranking", ()) if r["best"]]
        answer = "; ".join(f"{r['words']} ({r['verdict']})" for r in best) or "—"
        best_words = _("The solver’s answer: {answer}").format(answer=answer)
        puzzle = _("Puzzle {n}: {title}, {game}").format(
            n=sent.id, title=chart_["title"], game=chart_["game"]
        )
        answered = ngettext("{n} answer.", "{n} answers.", chart_["answered"]).format(
            n=chart_["answered"]
        )
        out.append(
            f'<section class="puzzle" aria-labelledby="puzzle-{sent.id}">'
            f'<h3 id="puzzle-{sent.id}">{_e(puzzle)}</h3><p>{_e(chart_["question"])}</p>'
            f'<div class="report-puzzle"><div class="picture">{chart_["picture"]}</div><div>'
            f"<p>{_e(answered)}</p>{_bars(chart_)}"
            f'<p class="best">{_e(best_words)}</p>'
            f"<p>{_e(_(sent.data.get('explanation', '')))}</p></div></div></section>"
        )
    return "".join(out) + "</section>"


# --- the teacher's calls -------------------------------------------------------------------------


class TeacherReadHandler(_TeacherHandler):
    async def get(self, what: str) -> None:
        the_class, base = self.the_class, self.settings.get("base_url", "/")
        try:
            if what == "state":
                self.finish(await self.store(state, the_class, base))
            elif what == "catalogue":
                found = await asyncio.to_thread(catalogue)
                self.finish(
                    {
                        "puzzles": [{"ref": r, "game": _(g), "title": _(t)} for r, g, t in found],
                        "lessons": [
                            {"file": f, "title": t}
                            for f, t in lesson_list(NOTEBOOKS, current_language())
                        ],
                        "timers": list(TIMERS),
                    }
                )
            elif what == "qr.svg":
                self.set_header("Content-Type", "image/svg+xml")
                self.finish(qr_svg(the_class.join_url(base)))
            elif what == "student":
                number = self.get_argument("id", "")
                student = int(number) if number.isdigit() else None
                self.finish(await self.store(history, the_class, student))
            else:
                text = await self.store(record_csv, the_class)
                name = await self.store(record_name, the_class)
                self.set_header("Content-Type", "text/csv; charset=utf-8")
                self.set_header("Content-Disposition", f'attachment; filename="{name}"')
                self.finish(text)
        except (StoreError, StoreUnavailable) as exc:
            self.refused(exc)


def default_choices(live: LivePuzzle) -> list[str]:
    """The moves a class chooses from unless the teacher picks others: every move of a position
    with a few; else six, the solver's best few (up to three) and the wrong moves it ranks nearest
    them (the tempting ones), each worded differently, in the game's order.

    >>> moves = default_choices(live_puzzle("corintho/x4-01"))
    >>> len(moves), "base d4" in moves
    (6, True)
    """
    if len(live.choices) <= ALL_CHOICES:
        return [c["move"] for c in live.choices]
    picked: list[str] = []
    words: set[str] = set()
    for best, most in ((True, 3), (False, DEFAULT_CHOICES)):
        for r in live.ranking:
            if len(picked) >= most:
                break
            if r["best"] == best and r["words"] not in words:
                words.add(r["words"])
                picked.append(r["move"])
    order = {c["move"]: i for i, c in enumerate(live.choices)}
    return sorted(picked, key=lambda m: order.get(m, 0))


def offer(live: LivePuzzle, choices: object = None) -> dict:
    """What the class is sent: the puzzle with the moves the teacher picked (``choices``; None:
    ``default_choices``), its ranking cut to them (the best move kept first, marked not offered,
    where the teacher left every best move out), and how many moves the position has."""
    moves = [c["move"] for c in live.choices]
    if choices is None:
        picked = set(default_choices(live))
    else:
        if not isinstance(choices, list) or not all(isinstance(m, str) for m in choices):
            raise LiveError(_("the moves to offer: a list of moves"))
        picked = set(choices)
        if not picked <= set(moves):
            raise LiveError(_("one of the moves ticked is not a move of this position"))
        if len(picked) < min(2, len(moves)):
            raise LiveError(_("tick at least two moves for the class to choose from"))
        if len(picked) > MOST_CHOICES:
            raise LiveError(
                _("tick at most {n} moves: the class reads every one").format(n=MOST_CHOICES)
            )
    data = live.to_dict()
    data["picture"] = live.picture
    data["choices"] = [c for c in live.choices if c["move"] in picked]
    ranking = [r for r in live.ranking if r["move"] in picked]
    if not any(r["best"] for r in ranking):
        ranking[:0] = [{**r, "offered": False} for r in live.ranking if r["best"]][:1]
    data["ranking"] = ranking
    data["moves"] = len(moves)
    return data


class TeacherActionHandler(_TeacherHandler):
    async def _puzzle(self, data: dict) -> tuple[str, LivePuzzle]:
        """The puzzle a preview or a send names: one previewed (by its token), else a stored
        puzzle (``ref``) or the teacher's saved game (``saved``), built (the solver ranks every
        move) and kept for the send that follows a preview."""
        previews = self.the_class.previews
        token = data.get("preview")
        if isinstance(token, str) and token in previews:
            return token, previews[token]
        saved = data.get("saved")
        source = ("saved", saved) if saved else ("ref", data.get("ref"))
        token = hashlib.sha256(json.dumps(source).encode()).hexdigest()[:20]
        if token not in previews:
            if saved:
                previews[token] = await asyncio.to_thread(from_saved_game, saved)
            else:
                previews[token] = await asyncio.to_thread(live_puzzle, data.get("ref"))
        previews.move_to_end(token)
        while len(previews) > PREVIEWS:
            previews.popitem(last=False)
        return token, previews[token]

    async def post(self, action: str) -> None:
        the_class = self.the_class
        store = the_class.store
        data = _json_body(self)
        try:
            if action in ("preview", "send"):
                try:
                    token, live = await self._puzzle(data)
                    if action == "preview":
                        self.finish(preview(token, live))
                        return
                    offered = offer(live, data.get("choices"))
                    seconds = data.get("seconds", 0)
                    if isinstance(seconds, bool) or seconds not in TIMERS:
                        raise LiveError(
                            _("the timer is 30 seconds, 1 minute or 2 minutes, or none")
                        )
                except LiveError as exc:
                    self.refuse(400, sentence_of(exc))
                    return
                sent = await self.store(store.send, live.ref, offered, seconds)
                self.finish({"number": sent.id})
                return
            out: dict = {"ok": True}
            if action == "rename":
                out["name"] = await self.store(
                    store.rename_student, data.get("student"), data.get("name", "")
                )
            elif action == "remove":
                await self.store(store.remove, data.get("student"))
            elif action == "lock":
                lesson = data.get("lesson") or ""
                lesson = english_name(lesson) if isinstance(lesson, str) else lesson
                if lesson and lesson not in dict(lesson_list()):
                    raise StoreError(_("choose a lesson of the lesson list"))
                await self.store(store.put, "lock", lesson)
                the_class.lock = lesson
                out["lock"] = the_class.locked()
            elif action == "help":
                wrong = _number(data.get("wrong"), the_class.help_wrong, 0, 99)
                minutes = _number(data.get("minutes"), the_class.help_minutes, 1, 180)
                await self.store(store.put, "help_wrong", str(wrong))
                await self.store(store.put, "help_minutes", str(minutes))
                the_class.help_wrong, the_class.help_minutes = wrong, minutes
                out["help"] = {"wrong": wrong, "minutes": minutes}
            else:
                sent = await self.store(store.live)
                if action == "reveal" and sent is not None:
                    await self.store(store.reveal, sent.id, data.get("names") is True)
                elif action == "stop":
                    await self.store(store.stop)
                elif action == "end":
                    await self.store(store.end_class)
                    the_class.present.clear()
        except (StoreError, StoreUnavailable) as exc:
            self.refused(exc)
            return
        self.finish(out)


def preview(token: str, live: LivePuzzle) -> dict:
    """A puzzle as the teacher previews it: the question and picture, how many moves the
    position has, every move ranked (with the solver's verdict) and the moves ticked by default."""
    return {
        "preview": token,
        "ref": live.ref,
        "game": _(live.game),
        "title": _(live.title),
        "question": _(live.question),
        "picture": live.picture,
        "count": len(live.choices),
        "moves": [{k: r[k] for k in ("move", "words", "verdict", "best")} for r in live.ranking],
        "picked": default_choices(live),
        "most": MOST_CHOICES,
    }


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG, dark on light, with a text label for screen readers."""
    import segno

    out = io.BytesIO()
    title = _("QR code: {address}").format(address=text)
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, title=title)
    return out.getvalue().decode()


__all__ = ["Class", "handlers", "class_code", "qr_svg"]
