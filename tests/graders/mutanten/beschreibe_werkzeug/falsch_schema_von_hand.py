"""Falsch: baut das Schema von Hand aus den Feldtypen; required, Beschreibungen und Grenzen gehen verloren."""

import re

TYPEN = {int: "integer", str: "string", bool: "boolean", float: "number"}


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    eigenschaften = {
        feld: {"type": TYPEN.get(info.annotation, "string")} for feld, info in Eingabe.model_fields.items()
    }
    return {"name": name, "description": beschreibung,
            "input_schema": {"type": "object", "properties": eigenschaften}}
