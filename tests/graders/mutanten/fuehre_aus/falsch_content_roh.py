"""Falsch: content ist der rohe Rückgabewert (etwa eine Zahl) statt Text."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": werkzeuge[b["name"]](**b["input"])}
        for b in antwort
        if b["type"] == "tool_use"
    ]
