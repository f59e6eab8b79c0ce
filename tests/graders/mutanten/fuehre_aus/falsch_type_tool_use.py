"""Falsch: übernimmt type "tool_use" aus dem Wunsch, statt "tool_result" einzutragen."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": b["type"], "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
