"""Falsch: ersetzt die Funktionen im übergebenen dict, statt ein neues dict zu bauen."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                return f"Abgelehnt: {name} braucht deine Zustimmung, und die kam nicht."
            return f"Abgelehnt: {name} ist hier nicht erlaubt."

        return aufruf

    for name, funktion in list(werkzeuge.items()):
        werkzeuge[name] = bewacht(name, funktion)
    return werkzeuge
