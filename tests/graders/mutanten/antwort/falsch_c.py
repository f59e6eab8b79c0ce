"""Falsch: wählt c), das ändert nicht, woran das Modell sich entscheidet."""

antwort = "c"
