"""Falsch: der Platzhalter wurde nicht ersetzt."""

antwort = None
