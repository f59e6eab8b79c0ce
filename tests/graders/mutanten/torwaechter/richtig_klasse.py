"""Richtig, anders gebaut: eine kleine Klasse mit __call__ statt verschachtelter Funktionen."""


class _Bewacht:
    def __init__(self, name, funktion, regel, bestaetige):
        self.name, self.funktion, self.regel, self.bestaetige = name, funktion, regel, bestaetige

    def __call__(self, **argumente):
        if self.regel == "erlaubt":
            return self.funktion(**argumente)
        if self.regel == "nachfragen" and self.bestaetige(self.name, dict(argumente)):
            return self.funktion(**argumente)
        if self.regel == "nachfragen":
            return (f"Abgelehnt: Für '{self.name}' fehlt die Zustimmung. Es wurde nichts ausgeführt; "
                    "sag das der Nutzerin ehrlich.")
        return f"Abgelehnt: '{self.name}' ist gesperrt. Es wurde nichts ausgeführt."


def torwaechter(werkzeuge, regeln, bestaetige):
    return {name: _Bewacht(name, f, regeln.get(name), bestaetige) for name, f in werkzeuge.items()}
