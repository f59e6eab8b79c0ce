"""Falsch: die Nummer der Option statt ihres Buchstabens."""

antwort = 4
