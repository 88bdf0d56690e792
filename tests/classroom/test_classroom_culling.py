"""The classroom's kernel manager and the idle culler, without a server: a pool's kernel taken by a
page while a cull sweep runs is the page's, not an idle kernel (corinth/classroom/server.py)."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

pytest.importorskip("voila")


def _swept_manager(**settings):
    """The classroom's kernel manager over kernels as plain records; ending one is recorded, and
    the first ending lets a page take the pool's kernel meanwhile (as a page request served while
    the sweep waits). Imported here, not at the top: jupyter_server costs a second and a half to
    import, paid by every test process that collects this file, not only the one that runs it."""
    from corinth.classroom.server import ClassroomKernelManager

    class SweptManager(ClassroomKernelManager):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.ended: list[str] = []
            self.take_during_first_ending = False

        async def shutdown_kernel(self, kernel_id, now=False, restart=False):
            self.ended.append(kernel_id)
            if self.take_during_first_ending:
                self.take_during_first_ending = False
                self._pools["11_corintho.ipynb"].clear()  # the page took it
                await asyncio.sleep(0)
            self._kernels.pop(kernel_id, None)

    return SweptManager(**settings)


def _pooled(kernel_id: str) -> asyncio.Future:
    done = asyncio.get_running_loop().create_future()
    done.set_result({"kernel_id": kernel_id})
    return done


def _kernel(idle_seconds: float) -> SimpleNamespace:
    return SimpleNamespace(
        last_activity=datetime.now(UTC) - timedelta(seconds=idle_seconds),
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )


async def _sweep(take_meanwhile: bool) -> list[str]:
    manager = _swept_manager(cull_idle_timeout=90, cull_connected=False, cull_busy=False)
    manager._kernels = {"left": _kernel(200), "pooled": _kernel(155)}
    manager._kernel_connections = {"left": 0, "pooled": 0}
    manager._pools = {"11_corintho.ipynb": [_pooled("pooled")]}
    manager._note_taken()  # the manager's last look: "pooled" waits in its pool
    manager.take_during_first_ending = take_meanwhile
    for kernel_id in list(manager._kernels):  # the culler's sweep, one kernel after the other
        if kernel_id in manager.waiting():
            continue  # Voilà's pools are never culled
        await manager.cull_kernel_if_idle(kernel_id)
    return manager.ended


def test_a_pool_kernel_taken_during_a_cull_sweep_is_not_culled_by_it():
    assert asyncio.run(_sweep(take_meanwhile=True)) == ["left"]


def test_a_kernel_left_idle_without_a_page_is_culled():
    assert asyncio.run(_sweep(take_meanwhile=False)) == ["left"]


async def _handed_after(seconds: float) -> list[str]:
    """A pool's kernel handed to a page ``seconds`` ago, the page not connected yet (a class's slow
    devices still loading it); the culler's sweep then."""
    manager = _swept_manager(
        cull_idle_timeout=90, cull_connected=False, cull_busy=False, connect_timeout=300
    )
    manager._kernels = {"handed": _kernel(400)}
    manager._kernel_connections = {"handed": 0}
    manager._pools = {"05_play_a_game.ipynb": [_pooled("handed")]}
    manager._note_taken()
    manager._pools["05_play_a_game.ipynb"].clear()  # a page takes it
    manager._note_taken()
    handed = datetime.now(UTC) - timedelta(seconds=seconds)
    manager._handed["handed"] = manager._kernels["handed"].last_activity = handed
    await manager.cull_kernel_if_idle("handed")
    return manager.ended


def test_a_kernel_handed_to_a_page_waits_for_it_to_connect_up_to_connect_timeout():
    assert asyncio.run(_handed_after(100)) == []  # past cull_idle_timeout, the page still loading
    assert asyncio.run(_handed_after(310)) == ["handed"]  # a page that never came


async def _late_page(pause: bool) -> tuple[list[str], list[str]]:
    """A lesson's page whose second part comes only once the log has said it is late (``pause``),
    its pool's kernel taken and busy meanwhile; what the page got and what the log said."""
    from corinth.classroom.server import LessonHandler

    manager = _swept_manager()
    manager._kernels = {"taken": _kernel(0)}
    manager._kernels["taken"].execution_state = "busy"
    manager._kernel_connections = {"taken": 0}
    manager._pools = {"05_play_a_game.ipynb": [_pooled("taken")]}
    manager._note_taken()
    manager._pools["05_play_a_game.ipynb"].clear()  # a page took it

    said = []
    logged = asyncio.Event()

    async def lesson():
        yield "<head>"
        if pause:
            await logged.wait()  # late until the log has said so
        yield "</html>"

    def warning(text, *args):
        said.append(text % args)
        logged.set()

    log = SimpleNamespace(warning=warning)
    handler = SimpleNamespace(kernel_manager=manager, log=log)
    got = [
        chunk
        async for chunk in LessonHandler._told_when_late(
            handler, lesson(), "05_play_a_game.ipynb", every=0.05
        )
    ]
    return got, said


def test_a_page_waiting_on_its_lessons_kernel_is_told_in_the_log_with_the_kernels_state():
    got, said = asyncio.run(_late_page(pause=True))
    assert got == ["<head>", "</html>"]
    assert len(said) == 1, said
    assert said[0].startswith("A page of 05_play_a_game.ipynb has waited 0 s for its lesson")
    assert said[0].endswith("not connected yet: taken (busy)")


def test_a_page_served_in_time_leaves_no_line_in_the_log():
    assert asyncio.run(_late_page(pause=False)) == (["<head>", "</html>"], [])


class _Client:
    """A kernel's client, as far as the classroom reads it (jupyter_client's AsyncKernelClient):
    its shell channel's socket, its kernel (``parent``), and the kernel's-info request."""

    def __init__(self, socket, kernel):
        self._shell_channel = SimpleNamespace(socket=socket)
        self._iopub_channel = None
        self.parent = kernel
        self.asked = 0

    def kernel_info(self):
        self.asked += 1
        self._shell_channel.socket.send(b"kernel_info_request")


async def _answer_stuck(where: str, wake: bool) -> tuple[bool, list[str]]:
    """A lesson's run waits for its kernel's answer on a real zmq asyncio socket, its kernel idle
    for 10 s, and the answer is stuck ``where``:

    - "reader": it has arrived, but its wakeup is lost (the socket's edge-triggered signal consumed
      by a read of its events that bypasses pyzmq's asyncio socket);
    - "kernel": the kernel holds it back until it hears from the client again.

    Then ``wake`` or not, two rounds of the classroom's looking after; whether the run got its
    answer, and what the log said."""
    import zmq
    import zmq.asyncio

    said = []
    log = logging.getLogger("corinth.tests.waking")
    log.addHandler(handler := logging.Handler())
    handler.emit = lambda record: said.append(record.getMessage())
    manager = _swept_manager(log=log)
    context = zmq.asyncio.Context()
    kernel_end, reader = context.socket(zmq.PAIR), context.socket(zmq.PAIR)
    try:
        kernel_end.bind("inproc://answers")
        reader.connect("inproc://answers")
        idle = SimpleNamespace(
            kernel_id="k1",
            execution_state="idle",
            last_activity=datetime.now(UTC) - timedelta(seconds=10),
        )
        client = _Client(reader, idle)
        manager.lesson_clients.add(client)
        waiting = asyncio.ensure_future(reader.poll())
        await asyncio.sleep(0.05)
        if where == "reader":
            await kernel_end.send(b"execute_reply")
            zmq.Socket.shadow(reader.underlying).get(zmq.EVENTS)  # the lost wakeup
        else:

            async def holding_kernel():
                await kernel_end.recv()  # held until the client is heard from again
                await kernel_end.send(b"execute_reply")

            held = asyncio.ensure_future(holding_kernel())
        await asyncio.sleep(0.2)
        assert not waiting.done(), "the answer was not stuck: this test shows nothing"
        if wake:
            manager.wake_readers()
            manager.wake_readers()  # a second round, in the same instant
            await asyncio.sleep(0.1)
        woken = waiting.done()
        waiting.cancel()
        if where == "kernel":
            held.cancel()
            assert client.asked == (1 if wake else 0)  # once per ``held_after``, not every round
        return woken, said
    finally:
        log.removeHandler(handler)
        kernel_end.close(linger=0)
        reader.close(linger=0)
        context.term()


def test_a_kernels_answer_whose_wakeup_was_lost_is_read_once_the_classroom_wakes_its_reader():
    woken, said = asyncio.run(_answer_stuck("reader", wake=True))
    assert woken
    assert "A kernel's answer waited unread (kernel k1); its reader was woken" in said


def test_an_answer_held_back_by_an_idle_kernel_comes_once_the_classroom_asks_the_kernel_again():
    woken, said = asyncio.run(_answer_stuck("kernel", wake=True))
    assert woken
    assert said == [
        "A lesson waited 10 s for its answer from the idle kernel k1; asked again (1 of 3)"
    ]


def test_an_idle_kernel_is_asked_again_three_times_at_most_and_left_to_the_culler():
    """Asked ``held_after`` seconds apart, three times; the kernel's last activity, which the
    culler and the bound read, is left as the kernel's own."""
    from corinth.classroom.server import ASKS

    manager = _swept_manager(held_after=5)
    manager.log = logging.getLogger("corinth.tests.asking")
    quiet_since = datetime.now(UTC) - timedelta(seconds=10)
    kernel = SimpleNamespace(kernel_id="k1", execution_state="idle", last_activity=quiet_since)
    client = _Client(socket=None, kernel=kernel)
    client.kernel_info = lambda: None  # no socket here: only whether it is asked
    asked = [
        manager._ask_again(client, quiet_since + timedelta(seconds=seconds))
        for seconds in (1, 6, 8, 12, 18, 24, 60)
    ]
    assert asked == [0, 1, 0, 1, 1, 0, 0] and sum(asked) == ASKS
    assert kernel.last_activity == quiet_since
    kernel.execution_state = "busy"  # a slow cell is never asked about
    assert manager._ask_again(_Client(None, kernel), quiet_since + timedelta(hours=1)) == 0


def test_without_the_classrooms_looking_after_them_stuck_answers_never_come():
    assert asyncio.run(_answer_stuck("reader", wake=False)) == (False, [])
    assert asyncio.run(_answer_stuck("kernel", wake=False)) == (False, [])


def test_the_classrooms_kernels_tell_it_of_every_client_made_for_them():
    """Voilà's runs of a lesson, pre-heated or for a page, each make a client of the lesson's
    kernel (``km.client()``): the classroom's kernels are its own kind, which note them."""
    from corinth.classroom.server import ClassroomKernel

    manager = _swept_manager()
    kernel = manager.kernel_manager_factory(parent=manager, kernel_name="python3")
    assert isinstance(kernel, ClassroomKernel)
    client = kernel.client()
    assert set(manager.lesson_clients) == {client}


def test_the_classroom_starts_waking_readers_with_its_first_kernel(monkeypatch):
    """The waking runs on its own, every ``wake_interval`` seconds, once a kernel has started
    (0: never)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    async def started(self, *args, **kwargs):
        return "kernel"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", started)

    async def start(**settings):
        manager = _swept_manager(**settings)
        await manager.start_kernel()
        waker = manager._waker
        running = waker is not None and waker.is_running()
        if waker is not None:
            waker.stop()
        return running, getattr(waker, "callback_time", None)

    assert asyncio.run(start()) == (True, 2000)
    assert asyncio.run(start(wake_interval=0)) == (False, None)


def test_a_page_closed_while_its_lesson_is_late_stops_waiting_for_it():
    """The student closes the page (tornado calls ``on_connection_close``) while its lesson's next
    part is late: the part still awaited is cancelled, not left running for nobody."""
    from corinth.classroom.server import LessonHandler

    async def closed_early() -> bool:
        reached_end = asyncio.Event()

        async def lesson():
            yield "<head>"
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                reached_end.set()
                raise
            yield "</html>"

        class Page(LessonHandler):  # its loop, without a server around it
            kernel_manager, log = _swept_manager(), None

        handler = Page.__new__(Page)
        page = handler._told_when_late(lesson(), "05_play_a_game.ipynb", every=0.05)
        assert await page.__anext__() == "<head>"
        handler.on_connection_close()
        rest = [chunk async for chunk in page]
        await asyncio.sleep(0)
        return rest == [] and reached_end.is_set()

    assert asyncio.run(closed_early())
