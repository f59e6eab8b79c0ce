"""Falsch: re.match mit $ lässt einen Zeilenumbruch am Ende des Namens durch."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.match(r"^[a-zA-Z0-9_-]{1,128}$", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
