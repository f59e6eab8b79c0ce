"""Falsch: gibt dem Modell den ganzen Stacktrace als Fehlertext."""

import inspect
import traceback

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von, werkzeug_aus_modell


def assistent(modell, frage, werkzeuge=None, max_aufrufe=5):
    werkzeuge = werkzeuge or {}
    tools = [werkzeug_aus_modell(name, inspect.getdoc(funktion), Eingabe)
             for name, (funktion, Eingabe) in werkzeuge.items()]
    messages = [{"role": "user", "content": frage}]
    erledigt = []

    def ergebnis_fuer(block):
        def fehler(inhalt):
            return {"type": "tool_result", "tool_use_id": block["id"], "content": inhalt, "is_error": True}

        if block["name"] not in werkzeuge:
            return fehler(f"Unbekanntes Werkzeug '{block['name']}'")
        if (block["name"], block["input"]) in erledigt:
            return fehler("Schon erledigt, das Ergebnis steht weiter oben.")
        funktion, Eingabe = werkzeuge[block["name"]]
        try:
            eingabe = Eingabe.model_validate(block["input"])
        except ValidationError as e:
            return fehler(f"Ungültige Argumente: {kurzfehler(e)}")
        try:
            ergebnis = funktion(**eingabe.model_dump())
        except Exception:
            return fehler(traceback.format_exc())
        erledigt.append((block["name"], block["input"]))
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}

    for _ in range(max_aufrufe):
        antwort = modell(messages, tools=tools)
        wuensche = [b for b in antwort if b["type"] == "tool_use"]
        if not wuensche:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [ergebnis_fuer(b) for b in wuensche]})
    raise ZuVieleRunden(f"{max_aufrufe} Modellaufrufe und noch keine Antwort")
