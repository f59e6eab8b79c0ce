"""Falsch: ein leerer Text statt eines Buchstabens."""

antwort = ""
