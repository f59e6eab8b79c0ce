"""Falsch: \\w passt in Python auch auf Umlaute (Unicode), das Muster der API nicht."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[\w-]{1,128}", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
