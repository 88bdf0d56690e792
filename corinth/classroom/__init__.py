"""The lessons served to a class: Voilà on one machine (``python -m corinth.classroom``), JupyterHub
beyond it (``jupyterhub_config.py`` in this folder).

Everything here configures existing servers (Voilà, jupyter_server, JupyterHub); nothing serves pages
itself. It imports Jupyter packages, so the engine never imports it.
"""

# Addresses of this machine only: the classroom needs no token to listen there.
LOCAL = ("127.0.0.1", "localhost", "::1")
