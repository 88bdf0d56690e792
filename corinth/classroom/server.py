"""Voilà for a class: a bound on the kernels, lessons only, and a page's own shutdown request accepted.

Small subclasses of Voilà's and jupyter_server's own classes, configured by ``voila.py`` in this folder:

- ``ClassroomKernelManager`` (jupyter_server's kernel manager, which Voilà wraps with its pools of
  pre-heated kernels) counts the students' kernels and admits a new page only below the bound; at the
  bound it first ends kernels whose page never connected or has gone, then refuses. A kernel handed
  to a page is not culled before the page connects, for up to ``connect_timeout``.
- ``LessonHandler`` (Voilà's page handler) serves only the lessons, answers "the class is full" (HTTP
  503) past the bound, and sets the ``_xsrf`` cookie that the page's shutdown request sends back, so
  closing or reloading a page ends its kernel at once (Voilà's bug #1458 refuses it otherwise).
- ``ClosedKernelHandler`` answers jupyter_server's kernel API (``/api/kernels/<id>``) with a refusal
  to ending, restarting or changing a kernel, whatever token or cookie the request carries: a student
  who knows a kernel's id cannot end another's lesson (a page ends its own through Voilà's shutdown).
- ``Classroom`` (the Voilà application) puts those handlers in place and reads ``voila.py`` from here;
  its server reads no request body over ``MAX_REQUEST_BODY`` (refused from its Content-Length), and
  its log never prints a token, a class code or the teacher's secret (``Scrubbed``).
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import os
import re
import weakref
from datetime import timedelta
from pathlib import Path

import tornado.ioloop
import tornado.web
import zmq
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from traitlets import Dict, Float, Int, List, Unicode, default
from voila.app import Voila
from voila.paths import STATIC_ROOT
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from corinth.shared.front_ends import FRONT_ENDS, FRONT_ENDS_PATH
from corinth.shared.language import LANGUAGES, _, from_environment, js_words, speaking

from . import LOCAL, TEMPLATES
from .lessons import language_of

HERE = Path(__file__).resolve().parent
# No request of a class carries more than a teacher's pasted saved game (256 KB, refused beyond by its
# own handler with a 413); anything larger is refused by the server from its Content-Length, before
# a byte of it is read (tornado's default reads up to 100 MB into memory first).
MAX_REQUEST_BODY = 512 * 1024
SECRETS = re.compile(
    r"(?P<query>[?&][^=&\s]*(?:token|key|code|xsrf|secret)[^=&\s]*=)[^&\s\"']*"
    r"|(?P<path>/(?:join|teacher)/)(?!api/)[^/?\s\"']+",
    re.IGNORECASE,
)


def scrub(text: str) -> str:
    """A log line without its secrets: a token or key in an address's query, a class code or the
    teacher's secret in its path.

    >>> scrub("403 GET /voila/render/index.ipynb?token=blue-harbor-42 (127.0.0.1)")
    '403 GET /voila/render/index.ipynb?token=[secret] (127.0.0.1)'
    >>> scrub("302 GET /join/GOLD-2742 ; 200 GET /teacher/s3cr3t-s3cr3t ; GET /teacher/api/state")
    '302 GET /join/[secret] ; 200 GET /teacher/[secret] ; GET /teacher/api/state'
    """
    return SECRETS.sub(lambda m: (m.group("query") or m.group("path")) + "[secret]", text)


class Scrubbed(logging.Filter):
    """Rewrites each record of the server's loggers through ``scrub`` before it is written."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = scrub(message)
        if clean != message:
            record.msg, record.args = clean, ()
        return True


def scrub_logs(*loggers: logging.Logger) -> None:
    """Scrub what the server and tornado log (requests, refusals, errors)."""
    for logger in (
        *loggers,
        logging.getLogger("tornado.access"),
        logging.getLogger("tornado.application"),
        logging.getLogger("tornado.general"),
    ):
        if not any(isinstance(f, Scrubbed) for f in logger.filters):
            logger.addFilter(Scrubbed())


FULL_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{full}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">
<main><h1>{full}</h1>
<p>{taken}</p>
<p>{wait}</p>
</main></body></html>
"""


def full_page(seats: int, language: str) -> str:
    """The page a student reads when every seat is taken, in the lesson's language."""
    with speaking(language):
        return FULL_PAGE.format(
            lang=language,
            full=_("The class is full"),
            taken=_(
                "Every seat of this class is taken right now ({seats} students at a time)."
            ).format(seats=seats),
            wait=_(
                "Wait a minute, then reload this page: a seat frees up when another student closes "
                "a lesson."
            ),
        )


CONNECTION_JS = TEMPLATES / "voila" / "templates" / "corinth-classroom" / "static" / "connection.js"


@functools.cache
def connection_words() -> str:
    """The words of a lesson page's connection script in every language, as JSON (the page picks
    its lesson's language's, from the lesson's name): Voilà renders a page before a student asks
    for it, so it cannot know the student's language then."""
    import json

    source = CONNECTION_JS.read_text(encoding="utf-8")
    words = {}
    for code in LANGUAGES:
        with speaking(code):
            words[code] = js_words(source)
    return json.dumps(words, ensure_ascii=False).replace("</", "<\\/")


ASKS = 3  # times an idle kernel is asked again for an answer a lesson's run waits for


def _socket_of(channel) -> zmq.Socket | None:
    """A kernel client's channel's open socket, or None."""
    socket = getattr(channel, "socket", None)
    return socket if isinstance(socket, zmq.Socket) and not socket.closed else None


class ClassroomKernel(ServerKernelManager):
    """One kernel of the class (jupyter_server's), whose clients (Voilà's runs of its lesson, one
    per page or pre-heated) its class's manager looks after (``ClassroomKernelManager.wake_readers``).
    """

    def client(self, **kwargs):
        client = super().client(**kwargs)
        clients = getattr(self.parent, "lesson_clients", None)
        if clients is not None:
            clients.add(client)
        return client


class ClassroomKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a bound on the students' kernels.

    Kernels waiting in a pool (pre-heated for the next student) are not students; every other kernel
    is. ``admit()`` reserves a seat for a page about to start or take a kernel.
    """

    max_students = Int(
        40,
        config=True,
        help="At most this many students' kernels at a time; past it a page gets 'the class is full'.",
    )
    reclaim_after = Float(
        60.0,
        config=True,
        help="""At the bound, a kernel idle this many seconds with no page connected (a closed page, a
        page fetched by a script) is ended to make room for a new student.""",
    )
    connect_timeout = Float(
        300.0,
        config=True,
        help="""A kernel handed to a page that has not connected to it yet is kept this long, whatever
        cull_idle_timeout says: a class opening a lesson at once on slow devices may take minutes
        to load its pages, and a page whose kernel was ended before it connected shows no lesson.""",
    )
    steady_pool_sizes = Dict(
        {},
        config=True,
        help="""Lesson name -> pool size once the start-up pools are filled: a class's lesson starts
        with a kernel per student waiting, then keeps this many (others keep their start-up size).""",
    )
    wake_interval = Float(
        2.0,
        config=True,
        help="""Every this many seconds, the answers the lessons' runs wait for are looked after
        (``wake_readers``); 0: never.""",
    )
    held_after = Float(
        5.0,
        config=True,
        help="""A lesson's run still waiting for its kernel's answer this many seconds after the
        kernel went idle asks the kernel again (``wake_readers``).""",
    )

    @default("kernel_manager_class")
    def _kernel_manager_class_default(self):
        return "corinth.classroom.server.ClassroomKernel"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pending = 0  # pages admitted whose kernel is not started or taken yet
        self._was_waiting: set[str] = set()
        self._handed: dict[str, object] = {}  # kernel id -> when a page took it from a pool
        self._ending: set[str] = set()  # kernels being ended to make room
        # The clients of the kernels: Voilà's runs of a lesson, pre-heated or for a page.
        self.lesson_clients: weakref.WeakSet = weakref.WeakSet()
        self._asked: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # client: times, last
        self._unnoticed: set[int] = set()  # sockets seen with an answer waiting unread, last round
        self._waker: tornado.ioloop.PeriodicCallback | None = None

    async def start_kernel(self, *args, **kwargs):
        if self._waker is None and self.wake_interval > 0:
            self._waker = tornado.ioloop.PeriodicCallback(
                self.wake_readers, self.wake_interval * 1000
            )
            self._waker.start()
        return await super().start_kernel(*args, **kwargs)

    def wake_readers(self) -> int:
        """Look after the answers Voilà's runs of the lessons wait for; how many were stuck.

        Voilà runs a lesson cell by cell and waits, without a time limit, for the kernel's answer
        to each (nbclient, over zmq's asyncio sockets). On a busy machine a lesson's page once in
        many waited for ever (CI, 2026-11-28, twice in lesson 05): the kernel had run the cell
        and gone idle, and its answer never came. Two ways it gets stuck, both with edge-triggered
        wakeups lost (ipykernel's issue 1554, nbclient's 312), and what is done every
        ``wake_interval`` seconds for each run waiting for an answer:

        - the answer has arrived but its reader was never woken: asking the socket for its events
          through pyzmq's asyncio socket schedules the reader, as pyzmq does after each read
          (logged when found two rounds running);
        - the answer is held back in the kernel, which is idle: a request on the same channel (the
          kernel's info, whose answer the run ignores) wakes the kernel's channel, which then
          sends what it held, as a page connecting to the kernel would (logged).

        Neither changes anything when every answer came in time.

        >>> ClassroomKernelManager().wake_readers()
        0
        """
        unnoticed, found, now = set(), 0, utcnow()
        for client in list(self.lesson_clients):
            # The channels' private names: the public ones open a socket when there is none.
            shell = _socket_of(getattr(client, "_shell_channel", None))
            for socket in (shell, _socket_of(getattr(client, "_iopub_channel", None))):
                if socket is None:
                    continue  # not started yet, or the run is done and its channels closed
                read = bool(getattr(socket, "_recv_futures", None))  # someone waits to read
                try:
                    ready = socket.get(zmq.EVENTS) & zmq.POLLIN  # and wakes them if ready
                except zmq.ZMQError:
                    continue
                if read and ready:
                    unnoticed.add(id(socket))
                    if id(socket) in self._unnoticed:
                        found += 1
                        self.log.warning(
                            "A kernel's answer waited unread (kernel %s); its reader was woken",
                            getattr(client.parent, "kernel_id", "?"),
                        )
            if shell is not None and getattr(shell, "_recv_futures", None):
                found += self._ask_again(client, now)
        self._unnoticed = unnoticed
        return found

    def _ask_again(self, client, now) -> int:
        """Ask an idle kernel again for the answer its client's run has waited for ``held_after``
        seconds since the kernel's last message: at most ``ASKS`` times, ``held_after`` apart (the
        kernel's last activity is left as it is, for the culler). 1 if asked now."""
        kernel = getattr(client, "parent", None)
        if getattr(kernel, "execution_state", None) != "idle":
            return 0  # starting, or busy running a slow cell
        last = kernel.last_activity  # set with its state by jupyter_server's watcher
        asked, when = self._asked.get(client, (0, last))
        if asked >= ASKS or now - max(last, when) <= timedelta(seconds=self.held_after):
            return 0
        self._asked[client] = (asked + 1, now)
        self.log.warning(
            "A lesson waited %d s for its answer from the idle kernel %s; asked again (%d of %d)",
            (now - last).total_seconds(),
            getattr(kernel, "kernel_id", "?"),
            asked + 1,
            ASKS,
        )
        client.kernel_info()
        return 1

    def waiting(self) -> set[str]:
        """Kernels pre-heated and waiting in a pool (Voilà's pools; none without pre-heating)."""
        ids = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    def students(self) -> set[str]:
        """The kernels of students' pages (started for a page, or taken from a pool)."""
        return set(self._kernels) - self._note_taken()

    def _note_taken(self) -> set[str]:
        """The waiting kernels; one taken from a pool since the last look counts as active now.

        A pool's kernel last ran when it was pre-heated, maybe minutes before a student took it:
        without this, culling or the bound could end it before the student's page connects.
        """
        waiting = self.waiting()
        for kernel_id in self._was_waiting - waiting:
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = self._handed[kernel_id] = utcnow()
        self._was_waiting = waiting
        for kernel_id in [k for k in self._handed if k not in self._kernels]:
            del self._handed[kernel_id]  # ended before its page connected, or after
        return waiting

    def _connecting(self, kernel_id: str) -> bool:
        """A kernel handed to a page that has not connected yet (no activity since it was taken),
        within ``connect_timeout``."""
        handed = self._handed.get(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if handed is None or kernel is None:
            self._handed.pop(kernel_id, None)
            return False
        if kernel.last_activity > handed or self._kernel_connections.get(kernel_id, 0):
            del self._handed[kernel_id]  # the page connected: the usual culling applies
            return False
        return utcnow() - handed < timedelta(seconds=self.connect_timeout)

    async def cull_kernel_if_idle(self, kernel_id):
        # Looked again for each kernel, not once per sweep: a sweep waits for each kernel it ends,
        # and a page that takes a pool's kernel meanwhile must not lose it to the same sweep.
        self._note_taken()
        if self._connecting(kernel_id):
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    def describe_handed(self) -> str:
        """The kernels handed to pages that have not connected yet, each with its state, for the log.

        >>> ClassroomKernelManager().describe_handed()
        ''
        """
        self._note_taken()
        described = []
        for kernel_id in self._handed:
            kernel = self._kernels.get(kernel_id)
            state = getattr(kernel, "execution_state", "gone") if kernel is not None else "gone"
            described.append(f"{kernel_id} ({state})")
        return ", ".join(described)

    def seats_left(self) -> int:
        return self.max_students - len(self.students()) - self.pending

    def abandoned(self) -> list[str]:
        """Students' kernels with no page connected, idle for ``reclaim_after`` seconds, oldest first."""
        now = utcnow()
        quiet = timedelta(seconds=self.reclaim_after)
        found = []
        for kernel_id in self.students() - self._ending:
            kernel = self._kernels.get(kernel_id)
            if kernel is None or not kernel.trait_has_value("last_activity"):
                continue  # still starting
            last = kernel.last_activity
            if (
                self._kernel_connections.get(kernel_id, 0) == 0
                and getattr(kernel, "execution_state", None) not in ("busy", "starting")
                and now - last > quiet
            ):
                found.append((last, kernel_id))
        return [kernel_id for _, kernel_id in sorted(found)]

    async def admit(self) -> bool:
        """Reserve a seat for a new page; at the bound, end abandoned kernels first. False: full."""
        if self.seats_left() <= 0:
            missing = 1 - self.seats_left()
            gone = self.abandoned()[:missing]
            if gone:
                self.log.info("Class full: ending %d kernel(s) with no page connected", len(gone))
                self._ending.update(gone)  # a request arriving meanwhile picks others
                try:
                    await asyncio.gather(
                        *(self.shutdown_kernel(kernel_id) for kernel_id in gone),
                        return_exceptions=True,
                    )
                finally:
                    self._ending.difference_update(gone)
        if self.seats_left() <= 0:
            return False
        self.pending += 1
        return True

    def settle_pools(self) -> None:
        """After the start-up fill: refill each lesson's pool to its steady size only."""
        pools = getattr(self, "kernel_pools_config", None)
        if pools is None:
            return
        for name, size in self.steady_pool_sizes.items():
            if name in pools:
                pools[name] = {**pools[name], "pool_size": size}


# Voilà's page links two stylesheets of Font Awesome from a CDN, which its own styles already hold
# (the buttons' icons): a school without the internet would wait on them before the page shows,
# and every student's browser would tell the CDN who opened which lesson. A lesson page asks the
# classroom's server only.
_CDN_LINK = re.compile(
    r'[ \t]*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*>\n?'
)


def offline(chunk: str) -> str:
    """A chunk of a lesson's page without the stylesheets Voilà links from a CDN.

    >>> cdn = '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/x.css" type="text/css" />'
    >>> offline(cdn + "<p>A lesson</p>")
    '<p>A lesson</p>'
    """
    return _CDN_LINK.sub("", chunk) if "cdn.jsdelivr.net" in chunk else chunk


def front_end_links(base_url: str) -> str:
    """The page's head links to the boards' front ends the kernels wrote (their stylesheets, and
    their modules to load early): the boards' modules then wait on nothing when the widgets'
    states arrive. On a browser starved of CPU (a class's 25 pages on one core) fetching them
    then took over the 2 s anywidget gives a board to start."""
    try:
        names = sorted(n for n in os.listdir(os.environ.get(FRONT_ENDS, "")) if n[0] != ".")
    except OSError:  # not the classroom's command, or no kernel has written one yet
        return ""
    kinds = {".css": "stylesheet", ".js": "modulepreload"}
    return "".join(
        f'<link rel="{kinds[Path(n).suffix]}" href="{html.escape(base_url + FRONT_ENDS_PATH + n)}">'
        for n in names
        if Path(n).suffix in kinds
    )


class LessonHandler(TornadoVoilaHandler):
    """Voilà's page handler, for the lessons only and within the class's bound."""

    def initialize(self, **kwargs):
        self.lessons = kwargs.pop("lessons")
        super().initialize(**kwargs)

    @tornado.web.authenticated
    async def get(self, path=None):
        if path not in self.lessons:
            raise tornado.web.HTTPError(404)
        manager: ClassroomKernelManager = self.kernel_manager
        if not await manager.admit():
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(full_page(html.escape(str(manager.max_students)), language_of(path)))
            return
        reserved = True
        try:
            # The page's shutdown request on close sends this cookie back as its XSRF proof.
            self.xsrf_token  # noqa: B018 - reading it sets the cookie
            async for chunk in self._told_when_late(self.get_generator(path=path), path):
                if reserved:  # the kernel is started or taken now: it counts as a student's
                    manager.pending -= 1
                    reserved = False
                chunk = offline(chunk)
                if "</head>" in chunk:
                    chunk = chunk.replace("</head>", front_end_links(self.base_url) + "</head>", 1)
                self.write(chunk)
                self.flush()
        finally:
            if reserved:
                manager.pending -= 1
            # Voilà keeps each pre-heated page's request (its address, with the token) for a
            # request-info socket the lessons never open (and the classroom does not serve).
            RequestInfoSocketHandler._cache.clear()

    async def _told_when_late(self, chunks, path: str, every: float = 30.0):
        """``chunks``, as they come; while the next is ``every`` seconds late, a line in the log says
        which lesson waits and on which kernels (handed to a page, not yet connected) in what state:
        a kernel "busy" runs a slow cell of its lesson; "idle" waits for nothing, and the page then
        waits on Voilà itself."""
        manager: ClassroomKernelManager = self.kernel_manager
        chunks = chunks.__aiter__()
        start = asyncio.get_running_loop().time()
        next_chunk = None
        try:
            while True:
                next_chunk = asyncio.ensure_future(chunks.__anext__())
                while not (await asyncio.wait({next_chunk}, timeout=every))[0]:
                    if getattr(self, "gone", False):
                        return  # the student closed the page: nobody waits for the rest
                    waited = asyncio.get_running_loop().time() - start
                    self.log.warning(
                        "A page of %s has waited %d s for its lesson; kernels handed to pages and "
                        "not connected yet: %s",
                        path,
                        waited,
                        manager.describe_handed() or "none",
                    )
                try:
                    chunk = next_chunk.result()
                except StopAsyncIteration:
                    return
                yield chunk
        finally:
            # The page went away (``on_connection_close``), or the server stops, while its lesson
            # was still coming: the rest of it is not run for nobody.
            if next_chunk is not None and not next_chunk.done():
                next_chunk.cancel()

    def on_connection_close(self) -> None:
        self.gone = True  # tornado does not end a handler whose client left: its loop looks here
        super().on_connection_close()


class ConnectionWordsHandler(tornado.web.RequestHandler):
    """``voila/corinth-words.js``: the lesson pages' connection words, in every language (no
    secret in them; the template loads it before ``connection.js``)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.finish(f"window.CorinthConnectionWords = {connection_words()};\n")


class FrontEndHandler(tornado.web.StaticFileHandler):
    """``voila/corinth-front-ends/<name>``: the boards' front ends the kernels wrote
    (``corinth.shared.front_ends``). A name is made from its file's content, so a browser keeps a
    file for good: the next lesson's boards load from its cache."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "public, max-age=31536000, immutable")


class ShutdownHandler(VoilaShutdownKernelHandler):
    """The page's shutdown request on close; an unknown kernel is a 404, not a server error."""

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if kernel_id not in self.kernel_manager:
            raise tornado.web.HTTPError(404)
        await super().post(kernel_id)


class ClosedKernelHandler(KernelHandler):
    """The kernel API of one kernel, closed: a request to end or change a kernel is refused (403)
    before any check of its token or XSRF cookie (a token-authenticated request skips the XSRF
    check), so nothing a student sends reaches it. Reading a kernel's state stays as Voilà has it."""

    def _closed(self, *_args, **_kwargs):
        raise tornado.web.HTTPError(403, "the classroom's kernels are ended by their own page only")

    delete = post = patch = put = _closed

    def check_xsrf_cookie(self):
        if self.request.method not in ("GET", "HEAD", "OPTIONS"):
            self._closed()
        return super().check_xsrf_cookie()


class TemplateFileHandler(TemplateStaticFileHandler):
    """Voilà's template files (``<template>/static/<file>``); any other path is a 404, not a server
    error."""

    def parse_url_path(self, path):
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "static" or ".." in parts or "" in parts:
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)

    def validate_absolute_path(self, root, absolute_path):
        try:
            return super().validate_absolute_path(root, absolute_path)
        except (AttributeError, ValueError, OSError):
            raise tornado.web.HTTPError(404) from None


class Classroom(Voila):
    """Voilà serving the lessons of one folder to a class (``python -m corinth.classroom``)."""

    name = "corinth-classroom"
    lessons = List(
        Unicode(), config=True, help="The notebooks served: the lesson list and the lessons."
    )
    class_dir = Unicode(
        "", config=True, help="The class's folder: its SQLite store, kept across restarts."
    )
    public_address = Unicode(
        "", config=True, help="How students reach this server, e.g. http://192.168.1.20:8866"
    )
    language = Unicode(
        "",
        config=True,
        help="The class's language (en, fr, de): its pages' and lessons' unless a student chose "
        "another; the environment's by default.",
    )

    @default("config_file_paths")
    def _config_file_paths_default(self):
        return [str(HERE)]

    def init_settings(self):
        # Checked again where the values are final: a --Voila.ip or --Voila.token on the command line
        # wins over the launcher's settings.
        if self.ip not in LOCAL and not self.token:
            raise SystemExit(
                f"Serving on {self.ip or 'every network interface'!r} lets other machines in: "
                "give a token the students type once"
            )
        settings = super().init_settings()
        scrub_logs(self.log)
        self.kernel_manager.settle_pools()
        # The sign-out page links a favicon through tornado's static_url, which needs a static folder.
        settings.setdefault("static_path", STATIC_ROOT)
        return settings

    def init_handlers(self):
        handlers = []
        for pattern, handler, *options in super().init_handlers():
            if handler is RequestInfoSocketHandler:
                continue  # it answers without the token, and no lesson asks for the request's info
            if handler is TornadoVoilaHandler:
                handler = LessonHandler
                options = [{**options[0], "lessons": set(self.lessons)}]
            elif handler is VoilaShutdownKernelHandler:
                handler = ShutdownHandler
            elif handler is TemplateStaticFileHandler:
                handler = TemplateFileHandler
            elif handler is KernelHandler:
                handler = ClosedKernelHandler
            handlers.append((pattern, handler, *options))
        words = f"{self.base_url.rstrip('/')}/voila/corinth-words\\.js"
        handlers.insert(0, (words, ConnectionWordsHandler))
        if os.environ.get(FRONT_ENDS):  # set by the classroom's command for its kernels
            files = f"{self.base_url.rstrip('/')}/{FRONT_ENDS_PATH}(.*)"
            handlers.insert(0, (files, FrontEndHandler, {"path": os.environ[FRONT_ENDS]}))
        if self.class_dir:  # the class as a whole: the teacher's page and the live puzzle
            from .store import ClassFileError
            from .teacher import Class
            from .teacher import handlers as class_handlers

            try:
                self.the_class = Class.open(
                    Path(self.class_dir),
                    self.token,
                    self.public_address,
                    self.language or from_environment(),
                )
            except ClassFileError as exc:
                raise SystemExit(str(exc)) from None
            handlers[:0] = class_handlers(self.base_url, self.the_class)
        # Voilà's start() listens right after this, with tornado's own bound on a body (100 MB).
        self.app.listen = functools.partial(self.app.listen, max_body_size=MAX_REQUEST_BODY)
        return handlers
