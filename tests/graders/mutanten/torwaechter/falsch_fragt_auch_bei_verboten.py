"""Falsch: fragt auch bei verbotenen Werkzeugen nach (und führt bei Zustimmung aus)."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel != "erlaubt":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
