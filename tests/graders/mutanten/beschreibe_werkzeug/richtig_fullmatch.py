"""Musterweg: re.fullmatch prüft den ganzen Namen, das Schema kommt von model_json_schema()."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name):
        raise ValueError(f"Ungültiger Werkzeugname {name!r}: erlaubt sind 1 bis 128 Zeichen aus a-z, A-Z, 0-9, _ und -.")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer; schreib, was das Werkzeug liefert und wann es passt.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
