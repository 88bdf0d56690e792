"""The boards' front ends as files a server serves: where the classroom and the widgets meet.

In the classroom the boards' front ends are files its server serves (``corinth.classroom``): each
kernel writes each front end once into the folder the classroom names in its environment, under a
name made from its content, and the widget's own ``_esm`` is a few lines that import it
(``corinth.ui._base.FrontEnd``). A lesson page's widget state is then lighter by the texts (lesson
05: 550 of its 850 KB, twelve boards each carrying its own copy), and the browser fetches, compiles
and keeps each front end once, however many boards use it and however many lessons follow. Anywhere
else (JupyterLab, a saved notebook) a widget carries the texts themselves, as anywidget has them.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

FRONT_ENDS = "CORINTH_FRONT_ENDS"  # the folder of files, in the kernels' environment
FRONT_ENDS_PATH = "voila/corinth-front-ends/"  # where the server serves it, under its base URL


def served_file(text: str, suffix: str) -> str:
    """The name of ``text``'s file in the classroom's folder of front ends, written there if it is
    not yet (several kernels may write it at once: each writes whole files under its own name and
    renames them, so no page reads half of one).

    >>> import tempfile
    >>> os.environ[FRONT_ENDS] = tempfile.mkdtemp()
    >>> name = served_file("export default {};", ".js")
    >>> name.endswith(".js"), len(name), served_file("export default {};", ".js") == name
    (True, 19, True)
    >>> del os.environ[FRONT_ENDS]
    """
    name = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] + suffix
    path = Path(os.environ[FRONT_ENDS]) / name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{name}.{os.getpid()}")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    return name
