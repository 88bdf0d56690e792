"""The class as a whole behind the school hub: the teacher's page and the students' class page as a
JupyterHub service (``/services/class/``), the same pages and store as the classroom's Voilà
(``teacher.py``), with the hub's own login for students: a student is their hub user, and a page
writes only that user's rows. ``jupyterhub_config.py`` starts it; the teacher's page is printed in
the hub's log and written to ``teacher.txt`` in the class's folder.

    CORINTH_CLASS_DIR   the class's folder (its SQLite store), default ~/.local/share/corinth/class
    CORINTH_CLASS_PORT  the service's own port on 127.0.0.1 (default 10101; the hub proxies it)
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

import tornado.ioloop
import tornado.web
from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join

from .teacher import Class, StudentApi, StudentLive, StudentPage, handlers


class _HubStudent(HubOAuthenticated):
    """A student's page or call through the hub: logged in by the hub, known by their user name."""

    @property
    def owner(self) -> str | None:
        user = self.current_user
        return user.get("name") if isinstance(user, dict) else None

    def check_xsrf_cookie(self) -> None:
        # A header only this site's own pages send: another site cannot add it to a request without
        # this service's consent (CORS), so no other page can post as a logged-in student.
        if self.request.headers.get("X-Requested-With") != "corinth":
            raise tornado.web.HTTPError(403, reason="a request from the class's own pages only")


class HubStudentPage(_HubStudent, StudentPage, tornado.web.RequestHandler):
    pass


class HubStudentApi(_HubStudent, StudentApi, tornado.web.RequestHandler):
    pass


class HubStudentLive(_HubStudent, StudentLive, tornado.web.RequestHandler):
    pass


def class_folder() -> Path:
    default = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return Path(os.environ.get("CORINTH_CLASS_DIR") or default / "corinth" / "class")


def make_app() -> tuple[tornado.web.Application, Class]:
    """The service's application, from the environment JupyterHub gives a service."""
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/class/")
    hub_prefix = os.environ.get("JUPYTERHUB_BASE_URL", "/")
    folder = class_folder()
    the_class = Class.open(folder, token="", address=os.environ.get("CORINTH_CLASS_ADDRESS", ""))
    routes = handlers(prefix, the_class, (HubStudentPage, HubStudentApi, HubStudentLive))
    routes.append((url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler))
    app = tornado.web.Application(
        routes,
        base_url=prefix,
        cookie_secret=the_class.cookie_secret.encode(),
        hub_auth=HubOAuth(cache_max_age=60),
        corinth_lessons_url=f"{hub_prefix}hub/user-redirect/voila/render/index.ipynb",
        xsrf_cookies=False,  # checked by _HubStudent's header instead; the teacher's by its secret
    )
    page = f"{the_class.address}{prefix}teacher/{the_class.secret}"
    note = folder / "teacher.txt"
    note.write_text(f"The teacher's page (keep it to yourself): {page}\n", encoding="utf-8")
    note.chmod(0o600)
    print(f"The class: the teacher's page is written to {note}", flush=True)
    return app, the_class


def main() -> None:
    app, _ = make_app()
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    app.listen(url.port or 10101, url.hostname or "127.0.0.1")
    tornado.ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
