"""Meldet Fehler nur im Text: is_error fehlt, das Modell hält den Fehlertext für ein Ergebnis."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def ergebnis(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text}

    if block["name"] not in werkzeuge:
        return ergebnis(f"Fehler: unbekanntes Werkzeug {block['name']}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return ergebnis(f"Fehler: {kurzfehler(e)}")
    try:
        return ergebnis(str(funktion(**eingabe.model_dump())))
    except Exception as e:
        return ergebnis(f"Fehler: {type(e).__name__}: {e}")
