"""Falsch: nennt das Schema "parameters" wie bei OpenAI statt "input_schema"."""

import re


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if not re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name):
        raise ValueError(f"Ungültiger Name {name!r}")
    if not beschreibung.strip():
        raise ValueError("Die Beschreibung ist leer.")
    return {"name": name, "description": beschreibung, "parameters": Eingabe.model_json_schema()}
