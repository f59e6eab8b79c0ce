"""Richtig, anders gebaut: eine kleine Klasse hält Verlauf, Werkzeuge und erledigte Aufrufe."""

import inspect

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von, werkzeug_aus_modell


class _Gespraech:
    def __init__(self, werkzeuge):
        self.werkzeuge = werkzeuge
        self.tools = [werkzeug_aus_modell(n, inspect.getdoc(f), E) for n, (f, E) in werkzeuge.items()]
        self.erledigt = []

    def beantworte(self, block):
        def fehler(text):
            return {"type": "tool_result", "tool_use_id": block["id"], "content": text, "is_error": True}

        try:
            funktion, Eingabe = self.werkzeuge[block["name"]]
        except KeyError:
            return fehler(f"{block['name']} ist kein bekanntes Werkzeug.")
        aufruf = {"name": block["name"], "input": block["input"]}
        if aufruf in self.erledigt:
            return fehler("Wiederholung: dieser Aufruf wurde bereits erfolgreich ausgeführt.")
        try:
            eingabe = Eingabe.model_validate(aufruf["input"])
        except ValidationError as e:
            return fehler(kurzfehler(e))
        try:
            ergebnis = funktion(**eingabe.model_dump())
        except Exception as e:
            return fehler(f"{type(e).__name__}: {e}")
        self.erledigt.append(aufruf)
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}


def assistent(modell, frage, werkzeuge=None, max_aufrufe=5):
    g = _Gespraech(werkzeuge or {})
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages, tools=g.tools)
        wuensche = [b for b in antwort if b["type"] == "tool_use"]
        if not wuensche:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [g.beantworte(b) for b in wuensche]})
    raise ZuVieleRunden(f"Das Modell wollte nach {max_aufrufe} Aufrufen immer noch Werkzeuge.")
