"""Richtig: Großbuchstabe D, Groß-/Kleinschreibung zählt nicht."""

antwort = "D"
