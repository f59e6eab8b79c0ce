"""Falsch: lässt alles laufen, was nicht ausdrücklich 'verboten' ist (auch Tippfehler)."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            if regel != "verboten":
                return funktion(**argumente)
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
