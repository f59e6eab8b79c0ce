"""Falsch: setzt voraus, dass tool_calls immer eine Liste ist (fehlt oder None -> Ausnahme)."""

import json

from pydantic import ValidationError

from fake_model import kurzfehler


def beantworte_tool_calls(nachricht, werkzeuge):
    antworten = []
    for call in nachricht["tool_calls"]:
        name = call["function"]["name"]
        roh = call["function"]["arguments"]
        if name not in werkzeuge:
            antworten.append({"role": "tool", "tool_call_id": call["id"],
                              "content": f"Fehler: Unbekanntes Werkzeug '{name}'"})
            continue
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
