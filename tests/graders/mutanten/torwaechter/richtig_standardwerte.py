"""Richtig, anders gebaut: Schleife mit def, das Werkzeug wird über Standardwerte gebunden."""


def torwaechter(werkzeuge, regeln, bestaetige):
    neu = {}
    for name, funktion in werkzeuge.items():
        def aufruf(_name=name, _funktion=funktion, **argumente):
            regel = regeln.get(_name)
            if regel not in ("erlaubt", "nachfragen"):
                return f"Abgelehnt: Das Werkzeug {_name} darf hier nicht benutzt werden."
            if regel == "nachfragen" and not bestaetige(_name, dict(argumente)):
                return f"Abgelehnt: Der Aufruf von {_name} wurde nicht bestätigt."
            return _funktion(**argumente)

        neu[name] = aufruf
    return neu
