"""How much a page, a client address and the whole class may send, counted in the server's memory
(nothing is written for a refusal, so a flood costs the class's file nothing).

Limits are per page first (a student's key), then per client address (a school's computers behind
one router share an address, so its limit holds a whole class), and class-wide only far above what a
class of 40 sends: one page can neither fill the class nor starve the others.

>>> clock = lambda: 1000.0
>>> wrong = Window(limit=2, seconds=60, clock=clock)
>>> wrong.take("10.0.0.7"); wrong.take("10.0.0.7")
>>> wrong.take("10.0.0.7")
Traceback (most recent call last):
...
corinth.classroom.store.TooMuch: too many tries from this computer: try again in 20 seconds
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from corinth.shared.language import N_, _, ngettext

from .store import TooMuch

# What one student's pages may send in a minute (a mark is about 200 bytes). A lesson page's reports
# (where the student is, each check of an exercise and each hint: about 300 bytes, one every 2 s at
# most; measured 3 reports, 932 bytes, for a lesson opened, scrolled to a step, five checks and a hint)
# count in a minute of their own: a busy lesson page is asked to wait (and sends again after), but
# never holds up the student's answer to the live puzzle, which a timer may close.
PAGE_BYTES = 4096
ADDRESS_BYTES = 512 * 1024  # what one client address may send in a minute: a class behind a router
CLASS_BYTES = 4 * 1024 * 1024  # what the whole class may send in a minute: 25 times a class of 40
SMALLEST = 32  # bytes a message counts at least
WRONG_CODES = 10  # wrong class codes a client address may try in a minute
NEW_STUDENTS = 60  # new students one client address may add in an hour (a class of 40 and more)
TRACKED = 10_000  # pages and addresses remembered at once; the oldest are forgotten first


class Window:
    """At most ``limit`` (tries, or bytes) per ``who`` in each window of ``seconds``; beyond it,
    ``TooMuch`` with ``retry_after``, the seconds until the window ends. Thread-safe."""

    def __init__(
        self,
        limit: int,
        seconds: float,
        clock: Callable[[], float] = time.time,
        refusal: str = N_("too many tries from this computer"),
    ):
        self.limit, self.seconds, self.clock, self.refusal = limit, seconds, clock, refusal
        self.refused = 0  # tries refused since the server started
        self._used: dict[object, tuple[int, int]] = {}  # who -> (window, used in it)
        self._lock = threading.Lock()

    def take(self, who: object, amount: int = 1) -> None:
        """Count ``amount`` for ``who``, or refuse it (counting nothing) when it would go over."""
        now = self.clock()
        window = int(now // self.seconds)
        with self._lock:
            start, used = self._used.get(who, (window, 0))
            used = used if start == window else 0
            if used + amount > self.limit:
                raise self._refusal(now)
            self._used.pop(who, None)  # re-inserted last: the dict keeps the most recent last
            self._used[who] = (window, used + amount)
            while len(self._used) > TRACKED:
                del self._used[next(iter(self._used))]

    def give_back(self, who: object, amount: int) -> None:
        """Undo a ``take`` of ``amount`` in the current window (a message refused further on)."""
        window = int(self.clock() // self.seconds)
        with self._lock:
            start, used = self._used.get(who, (window, 0))
            if start == window:
                self._used[who] = (window, max(0, used - amount))

    def check(self, who: object) -> None:
        """Refuse (``TooMuch``) if ``who`` has used the whole window, counting nothing."""
        if self.used(who) >= self.limit:
            raise self._refusal(self.clock())

    def _refusal(self, now: float) -> TooMuch:
        """A refusal, counted, with the seconds until the window ends."""
        self.refused += 1
        wait = max(1, round((int(now // self.seconds) + 1) * self.seconds - now))
        said = ngettext(
            "{refusal}: try again in {n} second", "{refusal}: try again in {n} seconds", wait
        )
        return TooMuch(said.format(refusal=_(self.refusal), n=wait), retry_after=wait)

    def used(self, who: object) -> int:
        """What ``who`` used in the current window."""
        window = int(self.clock() // self.seconds)
        start, used = self._used.get(who, (window, 0))
        return used if start == window else 0


class Limits:
    """The class's limits: a page's messages, a client address's, the class's; wrong class codes and
    new students per client address.

    >>> limits = Limits(clock=lambda: 0.0)
    >>> limits.message("key-of-ada", "10.0.0.7", 200)
    >>> limits.pages.used("key-of-ada"), limits.addresses.used("10.0.0.7")
    (200, 200)
    """

    def __init__(self, clock: Callable[[], float] = time.time):
        self.pages = Window(
            PAGE_BYTES, 60, clock, N_("too many messages in a minute from this page")
        )
        self.addresses = Window(
            ADDRESS_BYTES, 60, clock, N_("too many messages in a minute from this computer")
        )
        self.whole_class = Window(
            CLASS_BYTES, 60, clock, N_("the class is sending too much at once")
        )
        self.codes = Window(
            WRONG_CODES, 60, clock, N_("too many wrong class codes from this computer")
        )
        self.joins = Window(
            NEW_STUDENTS, 3600, clock, N_("too many new students from this computer")
        )

    def message(self, page: str, address: str, size: int) -> None:
        """Count a message of ``size`` bytes from a student's ``page`` at ``address``, or refuse it
        (``TooMuch``) where it would take the page, the address or the class over its minute."""
        size = max(size, SMALLEST)
        taken = []
        try:
            for window, who in (
                (self.pages, page),
                (self.addresses, address),
                (self.whole_class, ""),
            ):
                window.take(who, size)
                taken.append((window, who))
        except TooMuch:
            for window, who in taken:  # a refused message counts nowhere
                window.give_back(who, size)
            raise

    def new_student(self, address: str) -> None:
        """A join that adds a row: at most ``NEW_STUDENTS`` an hour from one client address."""
        self.joins.take(address)

    def wrong_code(self, address: str) -> None:
        """A wrong class code tried: counted; the eleventh in a minute is refused (``TooMuch``)."""
        self.codes.take(address)

    def code_allowed(self, address: str) -> None:
        """Refuse any code, even the right one, from an address that used up its wrong tries: else
        the eleventh try would still tell a right code from a wrong one."""
        self.codes.check(address)


__all__ = ["Limits", "Window", "TooMuch"]
