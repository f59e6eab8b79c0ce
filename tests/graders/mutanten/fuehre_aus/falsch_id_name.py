"""Falsch: trägt den Werkzeugnamen statt der id des Wunsches als tool_use_id ein."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "tool_use_id": b["name"], "content": str(werkzeuge[b["name"]](**b["input"]))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
