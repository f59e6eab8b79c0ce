"""Richtig, anders gebaut: pydantic parst den JSON-String selbst (model_validate_json).

Kaputtes JSON wird dabei zu einem ValidationError (json_invalid), also auch zu einem Fehler-Ergebnis.
"""

from pydantic import ValidationError

from fake_model import kurzfehler


def beantworte_tool_calls(nachricht, werkzeuge):
    antworten = []
    for call in nachricht.get("tool_calls") or []:
        name = call["function"]["name"]
        if name not in werkzeuge:
            inhalt = f"Fehler: Werkzeug {name!r} gibt es nicht."
        else:
            funktion, Eingabe = werkzeuge[name]
            try:
                eingabe = Eingabe.model_validate_json(call["function"]["arguments"].strip() or "{}")
                inhalt = str(funktion(**eingabe.model_dump()))
            except ValidationError as e:
                inhalt = f"Fehler: {kurzfehler(e)}"
            except Exception as e:
                inhalt = f"Fehler: {type(e).__name__}: {e}"
        antworten.append({"role": "tool", "tool_call_id": call["id"], "content": inhalt})
    return antworten
