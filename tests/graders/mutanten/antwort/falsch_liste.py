"""Falsch: der Buchstabe als Liste statt als Text."""

antwort = ["d"]
