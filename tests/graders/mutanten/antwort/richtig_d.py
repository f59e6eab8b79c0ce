"""Richtig: der Buchstabe d."""

antwort = "d"
