"""The lessons served to a class: Voilà on one machine (``python -m corinth.classroom``), JupyterHub
beyond it (``jupyterhub_config.py`` in this folder).

Everything here configures existing servers (Voilà, jupyter_server, JupyterHub); nothing serves pages
itself. It imports Jupyter packages, so the engine never imports it.
"""
