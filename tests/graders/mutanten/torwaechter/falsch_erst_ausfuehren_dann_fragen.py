"""Falsch: führt das Werkzeug aus und fragt erst danach (zu spät für eine Zustimmung)."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                ergebnis = funktion(**argumente)
                if bestaetige(name, dict(argumente)):
                    return ergebnis
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
