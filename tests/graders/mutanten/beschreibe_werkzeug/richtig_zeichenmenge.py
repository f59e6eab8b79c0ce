"""Anders, aber richtig: prüft Länge und Zeichen ohne regulären Ausdruck."""

import string

ERLAUBT = set(string.ascii_letters + string.digits + "_-")


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not 1 <= len(name) <= 128 or not set(name) <= ERLAUBT:
        raise ValueError(f"Werkzeugname {name!r} ist nicht erlaubt.")
    if len(beschreibung.strip()) == 0:
        raise ValueError("Leere Beschreibung: Das Modell entscheidet anhand der Beschreibung.")
    definition = {}
    definition["name"] = name
    definition["description"] = beschreibung
    definition["input_schema"] = Eingabe.model_json_schema()
    return definition
