"""Falsch: prüft die Zeichen, aber nicht die Höchstlänge von 128."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]+", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
