"""Falsch: behandelt leere arguments ("") nicht als {}, sondern als kaputtes JSON."""

import json

from pydantic import ValidationError

from fake_model import kurzfehler


def beantworte_tool_calls(nachricht, werkzeuge):
    antworten = []
    for call in nachricht.get("tool_calls") or []:
        name = call["function"]["name"]
        roh = call["function"]["arguments"]
        if name not in werkzeuge:
            antworten.append({"role": "tool", "tool_call_id": call["id"],
                              "content": f"Fehler: Unbekanntes Werkzeug '{name}'"})
            continue
        funktion, Eingabe = werkzeuge[name]
        try:
            argumente = json.loads(roh)
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
