"""Bewertung der Übungen: versteckte pytest-Prüfungen, isoliert ausgeführt."""
