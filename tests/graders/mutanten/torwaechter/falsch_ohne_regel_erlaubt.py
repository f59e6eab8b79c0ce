"""Falsch: ein Werkzeug ohne Regel gilt als erlaubt (offen statt sicher)."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "erlaubt")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
