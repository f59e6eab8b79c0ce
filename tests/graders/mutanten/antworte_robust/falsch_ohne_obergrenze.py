"""Fragt das Modell, bis es nur noch Text schickt, ohne Obergrenze: ein Modell im Kreis hält die Schleife nie an."""

from pydantic import ValidationError

from fake_model import kurzfehler, text_von


def tool_result_fuer(block, werkzeuge):
    def fehler(meldung):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": meldung, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Werkzeug {block['name']!r}. Verfügbar: {', '.join(werkzeuge)}")
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


def antworte_robust(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    while True:
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [tool_result_fuer(b, werkzeuge) for b in aufrufe]})
