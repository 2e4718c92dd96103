"""``python3 -m cardgames``: the same as the ``cardgames`` command."""

import sys

from cardgames.cli import main

sys.exit(main())
