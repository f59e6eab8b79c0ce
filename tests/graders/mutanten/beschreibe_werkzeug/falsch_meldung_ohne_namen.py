"""Falsch: die Meldung zu einem ungültigen Namen verschweigt, welcher Name gemeint ist."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name):
        raise ValueError("Ungültiger Werkzeugname.")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
