"""Richtig, anders gebaut: eine Funktion pro Aufruf und eine List-Comprehension.

Fängt Ausnahmen beim Parsen breiter ab (ValueError und TypeError), das Ergebnis ist dasselbe.
"""

import json

from pydantic import ValidationError

from fake_model import kurzfehler


def _antwort(call, werkzeuge):
    f = call["function"]
    if f["name"] not in werkzeuge:
        return f"Fehler: Unbekanntes Werkzeug {f['name']}"
    funktion, Eingabe = werkzeuge[f["name"]]
    try:
        argumente = json.loads(f["arguments"] or "{}") if f["arguments"].strip() else {}
    except (ValueError, TypeError) as e:
        return f"Fehler: kein gültiges JSON in arguments ({e})"
    try:
        eingabe = Eingabe.model_validate(argumente)
    except ValidationError as e:
        return "Fehler: " + kurzfehler(e)
    try:
        return str(funktion(**eingabe.model_dump()))
    except Exception as e:
        return f"Fehler: {type(e).__name__}: {e}"


def beantworte_tool_calls(nachricht, werkzeuge):
    return [{"role": "tool", "tool_call_id": c["id"], "content": _antwort(c, werkzeuge)}
            for c in (nachricht.get("tool_calls") or [])]
