"""Falsch: wählt b), das ändert nicht, woran das Modell sich entscheidet."""

antwort = "b"
