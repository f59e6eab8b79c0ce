"""Baut den Verlauf jede Runde als neue Liste (messages = [*messages, ...]) und zählt die übrigen Aufrufe in einer while-Schleife herunter."""

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
    uebrig = max_aufrufe
    while uebrig > 0:
        uebrig -= 1
        antwort = modell(messages)
        wuensche = [b for b in antwort if b.get("type") == "tool_use"]
        if len(wuensche) == 0:
            return text_von(antwort)
        ergebnisse = list(map(lambda b: tool_result_fuer(b, werkzeuge), wuensche))
        messages = [*messages, {"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
    raise ZuVieleRunden(f"Nach {max_aufrufe} Aufrufen immer noch ein Werkzeugwunsch")
