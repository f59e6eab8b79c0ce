"""Die Lösung aus dem Entwurf der Lektion: Nachschlagen, Prüfen, Ausführen, je mit eigenem Fehlerfall."""

from pydantic import ValidationError

from fake_model import kurzfehler


def tool_result_fuer(block, werkzeuge):
    def fehler(text):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Tool '{block['name']}'. Verfügbar: {', '.join(werkzeuge)}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return fehler(f"Ungültige Argumente: {kurzfehler(e)}")
    try:
        ergebnis = funktion(**eingabe.model_dump())
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
    return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}
