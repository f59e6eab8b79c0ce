"""Falsch: prüft den Namen gar nicht; ungültige Namen fallen erst bei der API auf."""


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
