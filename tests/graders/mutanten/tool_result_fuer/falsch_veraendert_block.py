"""Schreibt die geprüften Argumente in den Block zurück und verändert so den Verlauf."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def fehler(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Werkzeug {block['name']}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        block["input"] = Eingabe.model_validate(block["input"]).model_dump()
    except ValidationError as e:
        return fehler(kurzfehler(e))
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(funktion(**block["input"]))}
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
