"""Anders, aber richtig: entfernt die von pydantic erzeugten "title"-Einträge (Felder namens title bleiben)."""

import re

MUSTER = re.compile(r"^[a-zA-Z0-9_-]{1,128}\Z")


def _ohne_titel(knoten, in_eigenschaften=False):
    if isinstance(knoten, list):
        return [_ohne_titel(x) for x in knoten]
    if not isinstance(knoten, dict):
        return knoten
    if in_eigenschaften:
        return {k: _ohne_titel(v) for k, v in knoten.items()}
    return {
        k: _ohne_titel(v, in_eigenschaften=k in ("properties", "$defs"))
        for k, v in knoten.items()
        if k != "title"
    }


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not MUSTER.match(name):
        raise ValueError(f"Der Name {name} passt nicht auf ^[a-zA-Z0-9_-]{{1,128}}$.")
    if beschreibung.strip() == "":
        raise ValueError("Beschreibung fehlt.")
    return {"input_schema": _ohne_titel(Eingabe.model_json_schema()), "name": name, "description": beschreibung}
