"""``python3 -m cardgames``: the same as the ``cardgames`` command."""

import sys

from cardgames.cli import command

sys.exit(command())
