"""Falsch: wählt a), das ändert nicht, woran das Modell sich entscheidet."""

antwort = "a"
