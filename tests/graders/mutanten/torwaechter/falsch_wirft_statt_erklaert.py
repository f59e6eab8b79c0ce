"""Falsch: wirft PermissionError, statt dem Modell eine Erklärung zurückzugeben."""


def torwaechter(werkzeuge, regeln, bestaetige):
    def bewacht(name, funktion):
        regel = regeln.get(name, "verboten")

        def aufruf(**argumente):
            if regel == "erlaubt":
                return funktion(**argumente)
            if regel == "nachfragen":
                if bestaetige(name, dict(argumente)):
                    return funktion(**argumente)
                raise PermissionError(f"{name} nicht bestätigt")
            raise PermissionError(f"{name} verboten")

        return aufruf

    return {name: bewacht(name, funktion) for name, funktion in werkzeuge.items()}
