"""Schreibt zusätzlich "name" in das tool_result; die echte API lehnt unbekannte Felder ab."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def ergebnis(text, fehler=False):
        erg = {"type": "tool_result", "tool_use_id": block["id"], "name": block["name"], "content": text}
        if fehler:
            erg["is_error"] = True
        return erg

    if block["name"] not in werkzeuge:
        return ergebnis(f"Unbekanntes Werkzeug {block['name']}", True)
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return ergebnis(kurzfehler(e), True)
    try:
        return ergebnis(str(funktion(**eingabe.model_dump())))
    except Exception as e:
        return ergebnis(f"{type(e).__name__}: {e}", True)
