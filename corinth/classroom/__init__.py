"""The lessons served to a class: Voilà on one machine (``python -m corinth.classroom``), JupyterHub
beyond it (``jupyterhub_config.py`` in this folder).

Everything here configures existing servers (Voilà, jupyter_server, JupyterHub); nothing serves pages
itself. It imports Jupyter packages, so the engine never imports it.
"""

from pathlib import Path

from corinth.shared.language import N_

# Addresses of this machine only: the classroom needs no token to listen there.
LOCAL = ("127.0.0.1", "localhost", "::1")

# What a lesson's page says where a cell's output did not come in time (voila.py); in the class's
# language (``python -m corinth.classroom --language``).
CELL_TROUBLE = N_(
    "This part of the lesson could not be shown: the computer serving the class is very busy. "
    "Reload the page in a minute."
)

# The front-end code a lesson's page loads (voila.py; benchmarks/voila_floor.py serves Voilà's own
# page with the same): the widgets' and nothing else. Without this list a page loads every
# JupyterLab extension installed beside Voilà (a teacher's own included) into every student's page.
WIDGET_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "anywidget",
)

# The classroom's own Jupyter data folder: its lesson page's template (voila/templates/
# corinth-classroom), which Voilà finds on the Jupyter data path (voila.py puts it first there;
# benchmarks/voila_floor.py serves Voilà's own page with it).
TEMPLATES = Path(__file__).resolve().parent / "jupyter"
