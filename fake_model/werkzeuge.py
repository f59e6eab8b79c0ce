"""``werkzeug_aus_modell``: eine Werkzeug-Beschreibung aus einem pydantic-Modell.

Das Modell sieht von deinem Werkzeug nur Name, Beschreibung und das JSON-Schema der Eingabe.
Wenn du die Eingabe ohnehin mit einem pydantic-Modell prüfst, soll das Schema aus genau diesem
Modell kommen: dann können Beschreibung und Prüfung nicht auseinanderlaufen.
"""

import re

from pydantic import BaseModel

_MUSTER = {"anthropic": r"^[a-zA-Z0-9_-]{1,128}$", "openai": r"^[a-zA-Z0-9_-]{1,64}$"}

# In diesen Schlüsseln stehen Daten (Beispielwerte), keine Schemas: dort nichts entfernen.
_DATEN = ("default", "examples", "const", "enum")


def _ohne_titel(schema):
    """Entfernt die ``"title"``-Angaben, die pydantic in jedes Schema schreibt.

    pydantic erzeugt aus ``sendungsnr: str`` ein ``{"title": "Sendungsnr", "type": "string"}``. Der
    Titel wiederholt nur den Feldnamen, kostet Tokens und macht das Schema schwerer zu lesen; ein
    von Hand geschriebenes Tool hat ihn nie. Ein FELD namens ``title`` bleibt natürlich erhalten:
    Unter ``properties`` und ``$defs`` sind die Schlüssel Namen, keine Schema-Angaben.
    """
    if isinstance(schema, list):
        return [_ohne_titel(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    ergebnis = {}
    for schluessel, wert in schema.items():
        if schluessel == "title" and isinstance(wert, str):
            continue
        if schluessel in ("properties", "$defs") and isinstance(wert, dict):
            ergebnis[schluessel] = {name: _ohne_titel(teil) for name, teil in wert.items()}
        elif schluessel in _DATEN:
            ergebnis[schluessel] = wert
        else:
            ergebnis[schluessel] = _ohne_titel(wert)
    return ergebnis


def werkzeug_aus_modell(name, beschreibung, Eingabe, format="anthropic"):
    """Baut die Werkzeug-Beschreibung für ``tools`` aus einem pydantic-Modell ``Eingabe``.

    ``format="anthropic"`` liefert ``{"name", "description", "input_schema"}``,
    ``format="openai"`` liefert ``{"type": "function", "function": {"name", "description",
    "parameters"}}``. Das Schema ist ``Eingabe.model_json_schema()`` ohne die ``title``-Angaben
    (siehe ``_ohne_titel``); ``properties`` und ``required`` bleiben, wie pydantic sie erzeugt.
    """
    if format not in _MUSTER:
        raise ValueError(f'format muss "anthropic" oder "openai" sein, nicht {format!r}.')
    if not isinstance(name, str) or not re.fullmatch(_MUSTER[format], name):
        laenge = 128 if format == "anthropic" else 64
        raise ValueError(
            f"Der Werkzeug-Name {name!r} ist nicht erlaubt: 1 bis {laenge} Zeichen aus Buchstaben a-z/A-Z, "
            "Ziffern, _ und - (keine Leerzeichen, Punkte oder Umlaute).")
    if not isinstance(beschreibung, str) or not beschreibung.strip():
        raise ValueError(
            f"Das Werkzeug {name!r} braucht eine Beschreibung. Das Modell entscheidet nur anhand von Name und "
            "Beschreibung, ob und wie es das Werkzeug aufruft: Sag, was es liefert und welche Eingabe es erwartet.")
    if not (isinstance(Eingabe, type) and issubclass(Eingabe, BaseModel)):
        raise TypeError(
            f"Eingabe muss eine pydantic-Modellklasse sein (class Eingabe(BaseModel): ...), nicht {Eingabe!r}.")
    schema = _ohne_titel(Eingabe.model_json_schema())
    if format == "openai":
        return {"type": "function", "function": {"name": name, "description": beschreibung, "parameters": schema}}
    return {"name": name, "description": beschreibung, "input_schema": schema}
