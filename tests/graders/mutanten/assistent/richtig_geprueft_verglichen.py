"""Richtig, anders gebaut: vergleicht Wiederholungen nach der Prüfung (geprüfte Eingabe statt roher).

Das ist strenger als verlangt ("9" und 9 gelten als derselbe Aufruf), in den Szenarien aber gleich.
Beschreibung mit inspect.cleandoc(funktion.__doc__), Ergebnisse mit einer for-Schleife.
"""

import inspect

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von, werkzeug_aus_modell


def assistent(modell, frage, werkzeuge=None, max_aufrufe=5):
    werkzeuge = werkzeuge or {}
    tools = []
    for name, (funktion, Eingabe) in werkzeuge.items():
        tools.append(werkzeug_aus_modell(name, inspect.cleandoc(funktion.__doc__), Eingabe))
    messages = [{"role": "user", "content": frage}]
    schon = []
    for _ in range(max_aufrufe):
        antwort = modell(messages, tools=tools)
        if not any(b["type"] == "tool_use" for b in antwort):
            return text_von(antwort)
        ergebnisse = []
        for block in antwort:
            if block["type"] != "tool_use":
                continue
            r = {"type": "tool_result", "tool_use_id": block["id"]}
            if block["name"] not in werkzeuge:
                r.update(content=f"Fehler: unbekanntes Werkzeug {block['name']!r}", is_error=True)
                ergebnisse.append(r)
                continue
            funktion, Eingabe = werkzeuge[block["name"]]
            try:
                eingabe = Eingabe.model_validate(block["input"])
            except ValidationError as e:
                r.update(content=f"Fehler: {kurzfehler(e)}", is_error=True)
                ergebnisse.append(r)
                continue
            if (block["name"], eingabe) in schon:
                r.update(content="Fehler: genau diesen Aufruf gab es schon, das Ergebnis liegt vor.", is_error=True)
            else:
                try:
                    r["content"] = str(funktion(**eingabe.model_dump()))
                    schon.append((block["name"], eingabe))
                except Exception as e:
                    r.update(content=f"Fehler: {type(e).__name__}: {e}", is_error=True)
            ergebnisse.append(r)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": ergebnisse})
    raise ZuVieleRunden("max_aufrufe erreicht")
