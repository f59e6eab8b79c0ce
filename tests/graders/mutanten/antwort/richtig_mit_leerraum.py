"""Richtig: d mit Leerraum drumherum, der nicht zählt."""

antwort = " d\n"
