"""Falsch: nimmt die alte Grenze von 64 Zeichen und lehnt gültige Namen mit 65 bis 128 Zeichen ab."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
