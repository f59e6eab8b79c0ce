"""Falsch: schlägt das Werkzeug direkt nach; ein erfundener Name wirft KeyError."""

import json

from pydantic import ValidationError

from fake_model import kurzfehler


def beantworte_tool_calls(nachricht, werkzeuge):
    antworten = []
    for call in nachricht.get("tool_calls") or []:
        name = call["function"]["name"]
        roh = call["function"]["arguments"]
        funktion, Eingabe = werkzeuge[name]
        try:
            argumente = json.loads(roh) if roh.strip() else {}
            eingabe = Eingabe.model_validate(argumente)
        except json.JSONDecodeError as e:
            inhalt = f"Fehler: arguments ist kein gültiges JSON ({e.msg})"
        except ValidationError as e:
            inhalt = f"Fehler: Ungültige Argumente: {kurzfehler(e)}"
        else:
            try:
                inhalt = str(funktion(**eingabe.model_dump()))
            except Exception as e:
                inhalt = f"Fehler: {type(e).__name__}: {e}"
        antworten.append({"role": "tool", "tool_call_id": call["id"], "content": inhalt})
    return antworten
