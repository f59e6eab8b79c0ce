"""Nennt bei einer Ausnahme im Werkzeug nur die Meldung, nicht den Typ (bei KeyError bleibt nur "'XX9'")."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def fehler(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Werkzeug {block['name']}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return fehler(kurzfehler(e))
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(funktion(**eingabe.model_dump()))}
    except Exception as e:
        return fehler(str(e))
