"""Falsch: json.dumps statt str setzt Text in Anführungszeichen und macht aus None "null"."""

import json


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": json.dumps(werkzeuge[b["name"]](**b["input"]))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
