"""Richtig, anders gebaut: eine Funktion auf Modulebene, mit functools.partial an Name und Werkzeug gebunden.

Liest die Regel erst beim Aufruf (auch das erfüllt die Aufgabe).
"""

import functools

ERLAUBT, NACHFRAGEN = "erlaubt", "nachfragen"


def _pruefe_und_rufe(name, funktion, regeln, bestaetige, **argumente):
    regel = regeln.get(name, "verboten")
    if regel == ERLAUBT:
        return funktion(**argumente)
    if regel == NACHFRAGEN:
        if bestaetige(name, dict(argumente)) is True:
            return funktion(**argumente)
        grund = "die Nutzerin hat nicht zugestimmt"
    else:
        grund = "das Werkzeug ist nicht freigegeben"
    return f"Abgelehnt: {name} wurde nicht ausgeführt ({grund})."


def torwaechter(werkzeuge, regeln, bestaetige):
    return {name: functools.partial(_pruefe_und_rufe, name, funktion, regeln, bestaetige)
            for name, funktion in werkzeuge.items()}
