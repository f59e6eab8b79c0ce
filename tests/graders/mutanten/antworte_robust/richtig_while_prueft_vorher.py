"""while-Schleife mit Zähler; will die letzte erlaubte Antwort ein Werkzeug, wirft sie ZuVieleRunden, ohne die Werkzeuge noch auszuführen."""

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von


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
    aufgerufen = 0
    while True:
        antwort = modell(messages)
        aufgerufen += 1
        if not any(b["type"] == "tool_use" for b in antwort):
            return text_von(antwort)
        if aufgerufen >= max_aufrufe:
            raise ZuVieleRunden(f"{aufgerufen} Aufrufe, das Modell will immer noch ein Werkzeug")
        ergebnisse = []
        for block in antwort:
            if block["type"] == "tool_use":
                ergebnisse.append(tool_result_fuer(block, werkzeuge))
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": ergebnisse})
