"""What every game of the explorer shares and no game owns: the game protocol (``protocol``), the game
in progress (``table``), the puzzle machinery (``puzzles``), the games by name (``registry``) and the
bridge to OpenSpiel (``openspiel``, optional).

Nothing here imports a game: a game follows the protocol (``corinth.corintho.protocol``,
``corinth.solver.protocol``) and is found by name through ``registry``.

>>> from corinth.shared import registry
>>> registry.names()
('corinth', 'corintho', 'four-courts')
"""
