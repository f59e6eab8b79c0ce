"""Setzt is_error bei jedem Ergebnis, auch bei Erfolg (is_error=True statt weglassen)."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def ergebnis(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    if block["name"] not in werkzeuge:
        return ergebnis(f"Unbekanntes Werkzeug {block['name']}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return ergebnis(kurzfehler(e))
    try:
        return ergebnis(str(funktion(**eingabe.model_dump())))
    except Exception as e:
        return ergebnis(f"{type(e).__name__}: {e}")
