# The classroom's settings for Voilà (`make classroom`, `python -m corinth.classroom`). What each value
# means for a teacher is in the README ("In a classroom"); the command's options (the bound, the lesson
# and class size, the address) are set on its command line and win over this file.
import os

from corinth.classroom import TEMPLATES, WIDGET_EXTENSIONS

c = get_config()  # noqa: F821 - traitlets gives config files this function

# The lessons' page: Voilà's own ("lab") with the classroom's small script, which tells a page that
# lost the server so and reloads it when the server is back (jupyter/voila/templates/corinth-classroom
# beside this file). Voilà finds templates on the Jupyter data path, so this folder goes first on it.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(TEMPLATES), *(p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p)]
)
c.VoilaConfiguration.template = "corinth-classroom"
# A lesson's page loads the front-end code of the widgets and nothing else (corinth/classroom).
c.VoilaConfiguration.extension_allowlist = list(WIDGET_EXTENSIONS)

# One kernel per open page, from jupyter_server's kernel manager with the class's bound
# (corinth/classroom/server.py), and lessons opened from kernels that ran them before the student came.
c.VoilaConfiguration.multi_kernel_manager_class = "corinth.classroom.server.ClassroomKernelManager"
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.progressive_rendering = False  # Voilà cannot pre-heat with it on
c.VoilaConfiguration.show_tracebacks = False

# Kernels that end. A page that closes or reloads ends its kernel at once (its shutdown request). A
# kernel with no page connected (the browser crashed, the laptop went to sleep, a script fetched the
# page) ends after 90 s idle, checked every 15 s: within 105 s. A page left open keeps its kernel as
# long as it stays open, however long the student reads (connected kernels are never culled). A page
# that was served its lesson has 5 minutes to connect to its kernel: a class opening a lesson at once
# on slow devices may take that long to load every page.
c.ClassroomKernelManager.cull_idle_timeout = 90
c.ClassroomKernelManager.connect_timeout = 300
c.ClassroomKernelManager.cull_interval = 15
c.ClassroomKernelManager.cull_connected = False
c.ClassroomKernelManager.cull_busy = False
# At the bound, a kernel idle for 60 s with no page connected makes room for a new student at once.
c.ClassroomKernelManager.reclaim_after = 60.0

# Pre-heated kernels: one per lesson waits for the next student; the optional lessons 08-10 start on
# demand. A kernel taken from a pool is replaced 10 s later, so a class arriving together is not slowed
# by the refill.
c.VoilaKernelManager.preheat_denylist = [r"^0[89]_", r"^10_"]
c.VoilaKernelManager.fill_delay = 10.0

# The kernels talk to the server over local sockets in Voilà's private folder, not TCP ports: a
# port chosen for a new kernel could be taken by another program before the kernel bound it, and
# that kernel never started (its lesson's pool stayed a kernel short; 2 of about 25 class starts on a
# busy machine); and no other user of the machine can reach a kernel's port.
c.KernelManager.transport = "ipc"

# A page connecting to its kernel on a very busy machine waits up to 3 minutes for the kernel's first
# answer, instead of giving up after 60 s and leaving the page without its boards.
c.ClassroomKernelManager.kernel_info_timeout = 180

# No silent loss of a lesson's output on a busy machine: wait up to 60 s for a cell's output (nbclient
# waits 4 s), and if it still does not come, say so on the page instead of dropping it.
c.VoilaExecutor.iopub_timeout = 60
c.VoilaExecutor.raise_on_iopub_timeout = True
from corinth.classroom import CELL_TROUBLE  # noqa: E402 - in the class's language: __main__.py

c.VoilaExecutor.cell_error_instruction = CELL_TROUBLE
c.VoilaExecutor.cell_timeout_instruction = c.VoilaExecutor.cell_error_instruction

# Messages from a page are clicks and small values: 64 KiB is far above what any board sends, and a
# page that sends more is disconnected instead of filling its kernel's memory. (jupyter_server pings an
# open page every 30 s, which keeps an idle page's connection open through proxies.)
c.Voila.tornado_settings = {"websocket_max_message_size": 64 * 1024}
