"""Aces Up solitaire: pure rules (``rules``), the classic course program (``program``) and its CLI."""
