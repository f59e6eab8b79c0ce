"""Falsch: str.isalnum() lässt auch Umlaute und ß durch, die API erlaubt nur a-z und A-Z."""


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not (1 <= len(name) <= 128) or not name.replace("_", "").replace("-", "").isalnum():
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}
