"""Falsch: der Ablehnungstext nennt das Werkzeug nicht."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return "Abgelehnt: Zustimmung fehlt."
            return "Abgelehnt: nicht erlaubt."

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
