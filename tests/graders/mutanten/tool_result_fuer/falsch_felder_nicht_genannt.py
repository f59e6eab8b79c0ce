"""Meldet ungültige Argumente nur pauschal, ohne die betroffenen Felder zu nennen."""

from pydantic import ValidationError


def tool_result_fuer(block, werkzeuge):
    def fehler(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Werkzeug {block['name']}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError:
        return fehler("Ungültige Argumente, bitte nochmal versuchen.")
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(funktion(**eingabe.model_dump()))}
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
