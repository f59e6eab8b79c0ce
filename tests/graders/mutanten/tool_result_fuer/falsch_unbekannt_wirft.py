"""Schlägt den Namen ohne Prüfung nach: Ein erfundenes Werkzeug löst KeyError aus."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def fehler(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return fehler(kurzfehler(e))
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(funktion(**eingabe.model_dump()))}
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
