"""Falsch: übergibt das ganze input-dict als ein einziges Argument statt mit **."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](b["input"]))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
