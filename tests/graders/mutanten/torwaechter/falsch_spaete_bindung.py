"""Falsch: definiert die innere Funktion direkt in der Schleife; alle sehen das letzte Werkzeug."""
# ruff: noqa: B023  (der Fehler ist hier Absicht: das ist der Mutant)


def torwaechter(werkzeuge, regeln, bestaetige):
    bewacht = {}
    for name, funktion in werkzeuge.items():
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        bewacht[name] = aufruf
    return bewacht
