"""Hält ein Ergebnis wie None, 0 oder "" für einen Fehler (prüft den Wert statt der Ausnahme)."""

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
        ergebnis = funktion(**eingabe.model_dump())
    except ValidationError as e:
        return fehler(kurzfehler(e))
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
    if not ergebnis:
        return fehler("Das Werkzeug hat nichts geliefert.")
    return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}
