"""Falsch: gibt bei einer Ablehnung None zurück; das Modell erfährt nicht, warum nichts passiert ist."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return None
            return None

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
