"""Falsch: ein Buchstabe, den es als Option nicht gibt."""

antwort = "e"
