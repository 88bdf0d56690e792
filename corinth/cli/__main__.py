"""``python -m corinth.cli``."""

import sys

from corinth.cli import main

sys.exit(main())
