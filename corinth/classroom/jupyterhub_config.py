"""JupyterHub for a school: each student logs in and gets the Corinth lessons as apps (Voilà, code
hidden) in a Jupyter server of their own, stopped when they log out.

As it stands it runs a trial on one machine: one password for the class, every student's server a
process of the user who starts the hub. It needs corinth installed from its checkout (the lessons are
copied from its notebooks/ folder) with JupyterHub beside it, and JupyterHub's proxy:

    make install && .venv/bin/pip install 'jupyterhub>=5' jupyterhub-idle-culler
    npm install -g configurable-http-proxy

JupyterHub keeps its database and cookie secret in the folder it starts in: give it one of its own.

    REPO=$PWD; mkdir -p ~/corinth-hub && cd ~/corinth-hub
    CORINTH_LESSONS=$PWD/lessons CORINTH_HUB_PASSWORD=blue-harbor-42 \
        $REPO/.venv/bin/jupyterhub -f $REPO/corinth/classroom/jupyterhub_config.py

Students open http://127.0.0.1:8000/ (with CORINTH_HUB_IP=0.0.0.0: the machine's address), log in
with any name and the class password, and land on the lesson list.

The settings below come from environment variables:

    CORINTH_HUB_IP             where the hub listens (127.0.0.1: this machine only; 0.0.0.0: the network)
    CORINTH_HUB_PORT           its port (8000)
    CORINTH_HUB_PASSWORD       the class password, 8 characters or more
    CORINTH_HUB_USERS          who may log in, e.g. "ana,ben,chloe" (empty: any name)
    CORINTH_HUB_AUTHENTICATOR  how students log in (shared-password)
    CORINTH_HUB_SPAWNER        how their servers start (simple)
    CORINTH_LESSONS            the lessons folder (/srv/corinth/lessons)
"""

import importlib.util
import os
import sys
from pathlib import Path

from corinth.classroom import lessons
from corinth.shared.language import from_environment

c = get_config()  # noqa: F821 (JupyterHub defines get_config when it reads this file)


def _env(name: str, default: str) -> str:
    return os.environ.get(name, "").strip() or default


# --- Where students connect ----------------------------------------------------------------------
# 127.0.0.1 lets in this machine only. On a school network use 0.0.0.0 and serve HTTPS, either here
# (c.JupyterHub.ssl_cert and c.JupyterHub.ssl_key) or behind the school's web server.
c.JupyterHub.bind_url = (
    f"http://{_env('CORINTH_HUB_IP', '127.0.0.1')}:{_env('CORINTH_HUB_PORT', '8000')}"
)

# --- The lessons ---------------------------------------------------------------------------------
# Emptied and filled again from notebooks/ each time the hub starts: the index and the lessons it
# links to, with the files they read. Keep nothing else in this folder.
LESSONS = _env("CORINTH_LESSONS", "/srv/corinth/lessons")
lessons.prepare(Path(LESSONS))
# Every student's server opens in the lessons folder, on the lesson list as an app: in the hub's
# language (CORINTH_LANGUAGE, LANG, …) where the lessons are translated (index.fr.ipynb).
c.Spawner.notebook_dir = LESSONS
c.Spawner.default_url = (
    "/voila/render/" + lessons.in_language([lessons.INDEX], from_environment(), Path(LESSONS))[0]
)
# Each cell's output shows as soon as it has run, so the first board comes before the rest.
c.Spawner.args = ["--VoilaConfiguration.progressive_rendering=True"]

# --- Logging in ----------------------------------------------------------------------------------
# A real school logs students in with its own accounts, e.g. OAuthenticator (Google, Microsoft,
# GitLab, any OpenID Connect): pip install oauthenticator, then CORINTH_HUB_AUTHENTICATOR=generic-oauth
# (or google, azuread, ...) and its c.GenericOAuthenticator settings at the end of this file.
# "pam" uses the machine's own user accounts.
# The trial's "shared-password": one password for the class, and whoever knows it can log in under
# any name, someone else's too. "dummy" (jupyterhub.auth.DummyAuthenticator) is the older way to say it.
authenticator = _env("CORINTH_HUB_AUTHENTICATOR", "shared-password")
c.JupyterHub.authenticator_class = authenticator
if authenticator in ("shared-password", "dummy", "jupyterhub.auth.DummyAuthenticator"):
    password = os.environ.get("CORINTH_HUB_PASSWORD", "")
    if len(password) < 8:
        sys.exit("Set CORINTH_HUB_PASSWORD to the class password (8 characters or more).")
    if authenticator == "shared-password":
        c.SharedPasswordAuthenticator.user_password = password
    else:
        c.DummyAuthenticator.password = password
users = {
    name.strip() for name in os.environ.get("CORINTH_HUB_USERS", "").split(",") if name.strip()
}
if users:
    c.Authenticator.allowed_users = users
else:
    c.Authenticator.allow_all = True  # any name, with the password

# Logging out stops the student's server and its lessons' kernels.
c.JupyterHub.shutdown_on_logout = True

# --- Students' servers ---------------------------------------------------------------------------
# The trial's "simple": each server is a process of the user who runs the hub, home /tmp/<name>.
# Students are NOT kept apart: each can run code as that user and change the lessons folder. A real
# school gives each student a server of their own with a spawner that keeps them apart, e.g.
# SystemdSpawner (CORINTH_HUB_SPAWNER=systemd, students with accounts on this machine),
# DockerSpawner (=docker) or KubeSpawner (Zero to JupyterHub on Kubernetes), with the lessons folder
# mounted read-only at the same path.
spawner = _env("CORINTH_HUB_SPAWNER", "simple")
c.JupyterHub.spawner_class = spawner
if spawner in ("simple", "localprocess", "default"):
    # The students' servers and kernels use the hub's own Python, where corinth and Voilà are.
    c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
    if os.geteuid() == 0:
        # Every student's server (and its terminal) would run as root: only on a machine of its own
        # for a trial, said so explicitly (the project's CI does, on 127.0.0.1).
        if _env("CORINTH_HUB_TRIAL_AS_ROOT", "") != "yes":
            raise SystemExit(
                "The trial spawner runs every student's server as the hub's user, here root: run the "
                "hub as an ordinary user, use a spawner that keeps students apart, or set "
                "CORINTH_HUB_TRIAL_AS_ROOT=yes on a machine used for nothing else."
            )
        c.Spawner.args.append("--allow-root")  # Jupyter refuses to run as root without it

# Memory and CPU per student. Each lesson a student has open is a kernel of 90-130 MB, next to the
# student's server (about 170 MB). Only spawners that run servers in containers or systemd units
# enforce limits (not "simple"), e.g. for up to four lessons open at once:
# c.Spawner.mem_limit = "800M"
# c.Spawner.cpu_limit = 1

# Stopping the hub stops every student's server too.
c.JupyterHub.cleanup_servers = True

# Servers nobody has used for an hour are stopped (a student who closes the tab without logging out),
# when the idle culler is installed (pip install jupyterhub-idle-culler).
if importlib.util.find_spec("jupyterhub_idle_culler") is not None:
    c.JupyterHub.services = [
        {
            "name": "idle-culler",
            "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],
        }
    ]
    c.JupyterHub.load_roles = [
        {
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }
    ]

# --- The class as a whole ------------------------------------------------------------------------
# The teacher's page and the live puzzle (corinth/classroom/service.py) as a service of the hub at
# /services/class/: students open /services/class/class (a link on the lesson list), the teacher's
# page is written to teacher.txt in the class's folder (CORINTH_CLASS_DIR). Every student may use it.
_earlier = c.JupyterHub.services if isinstance(c.JupyterHub.services, list) else []
c.JupyterHub.services = [
    *_earlier,
    {
        "name": "class",
        "url": f"http://127.0.0.1:{_env('CORINTH_CLASS_PORT', '10101')}",
        "command": [sys.executable, "-m", "corinth.classroom.service"],
        "oauth_no_confirm": True,
        "environment": {
            k: v for k, v in os.environ.items() if k in ("CORINTH_CLASS_DIR", "HOME", "PATH")
        },
    },
]
_earlier = c.JupyterHub.load_roles if isinstance(c.JupyterHub.load_roles, list) else []
c.JupyterHub.load_roles = [
    *_earlier,
    {"name": "user", "scopes": ["self", "access:services!service=class"]},
]
