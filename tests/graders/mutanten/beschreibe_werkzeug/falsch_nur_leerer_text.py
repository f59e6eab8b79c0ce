"""Falsch: lehnt nur "" ab, eine Beschreibung aus Leerzeichen geht durch."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if beschreibung == "":
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
