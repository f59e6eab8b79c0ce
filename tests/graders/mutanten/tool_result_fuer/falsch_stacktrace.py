"""Schickt bei einer Ausnahme den ganzen Stacktrace (mit Pfaden und Code-Zeilen) an das Modell."""

import traceback

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
    except Exception:
        return fehler(traceback.format_exc())
