"""Falsch: nennt das Feld "id" statt "tool_use_id"."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
