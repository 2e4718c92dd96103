"""cardgames: four classic card-game programs on one small, pure-Python card engine."""

__version__ = "0.1.0"
