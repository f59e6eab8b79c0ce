"""Falsch: kreuzt mehrere Optionen auf einmal an."""

antwort = "cd"
