"""The 52-card Sevens solitaire: rules, collected lines, program and ``cardgames solitaire-2``."""
