"""Richtig, anders gebaut: eine Hilfsfunktion liefert den Inhalt, Fehler als eigene Ausnahme.

Die Fehlertexte sind anders formuliert als in der Musterlösung; geprüft wird nur das Präfix "Fehler:".
"""

import json

from pydantic import ValidationError


class _Abgelehnt(Exception):
    pass


def _inhalt(call, werkzeuge):
    name = call["function"]["name"]
    try:
        funktion, Eingabe = werkzeuge[name]
    except KeyError:
        raise _Abgelehnt(f"kein Werkzeug namens {name}; es gibt {sorted(werkzeuge)}") from None
    roh = call["function"]["arguments"]
    try:
        daten = json.loads(roh) if roh.strip() else {}
    except ValueError as e:
        raise _Abgelehnt(f"arguments ist kein JSON: {e}") from None
    try:
        eingabe = Eingabe(**daten) if isinstance(daten, dict) else Eingabe.model_validate(daten)
    except ValidationError as e:
        felder = ", ".join(".".join(map(str, f["loc"])) or "(Eingabe)" for f in e.errors())
        raise _Abgelehnt(f"Argumente passen nicht: {felder}") from None
    try:
        return str(funktion(**dict(eingabe)))
    except Exception as e:
        raise _Abgelehnt(f"{type(e).__name__}: {e}") from None


def beantworte_tool_calls(nachricht, werkzeuge):
    ergebnis = []
    for call in nachricht.get("tool_calls") or ():
        try:
            inhalt = _inhalt(call, werkzeuge)
        except _Abgelehnt as fehler:
            inhalt = f"Fehler: {fehler}"
        ergebnis.append({"role": "tool", "tool_call_id": call["id"], "content": inhalt})
    return ergebnis
