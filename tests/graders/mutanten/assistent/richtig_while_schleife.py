"""Richtig, anders gebaut: while-Schleife mit Zähler, Hilfsfunktion auf Modulebene, erledigte Aufrufe als JSON-Schlüssel."""

import inspect
import json

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von, werkzeug_aus_modell


def _ergebnis(block, werkzeuge, erledigt):
    basis = {"type": "tool_result", "tool_use_id": block["id"]}
    eintrag = werkzeuge.get(block["name"])
    if eintrag is None:
        return {**basis, "is_error": True,
                "content": f"Es gibt kein Werkzeug {block['name']}. Es gibt: {', '.join(werkzeuge)}."}
    schluessel = json.dumps([block["name"], block["input"]], sort_keys=True, default=repr)
    if schluessel in erledigt:
        return {**basis, "is_error": True, "content": "Dieser Aufruf ist schon erledigt; nutze das Ergebnis oben."}
    funktion, Eingabe = eintrag
    try:
        argumente = Eingabe.model_validate(block["input"]).model_dump()
    except ValidationError as e:
        return {**basis, "is_error": True, "content": "Argumente passen nicht: " + kurzfehler(e)}
    try:
        inhalt = str(funktion(**argumente))
    except Exception as e:
        return {**basis, "is_error": True, "content": f"{type(e).__name__}: {e}"}
    erledigt.add(schluessel)
    return {**basis, "content": inhalt}


def assistent(modell, frage, werkzeuge=None, max_aufrufe=5):
    werkzeuge = werkzeuge if werkzeuge is not None else {}
    tools = [werkzeug_aus_modell(n, inspect.getdoc(f), E) for n, (f, E) in werkzeuge.items()]
    messages = [{"role": "user", "content": frage}]
    erledigt = set()
    aufrufe = 0
    while True:
        if aufrufe == max_aufrufe:
            raise ZuVieleRunden(f"Nach {aufrufe} Aufrufen immer noch Werkzeug-Wünsche.")
        antwort = modell(messages, tools=tools)
        aufrufe += 1
        wuensche = [b for b in antwort if b["type"] == "tool_use"]
        if not wuensche:
            return text_von(antwort)
        messages += [{"role": "assistant", "content": antwort},
                     {"role": "user", "content": [_ergebnis(b, werkzeuge, erledigt) for b in wuensche]}]
