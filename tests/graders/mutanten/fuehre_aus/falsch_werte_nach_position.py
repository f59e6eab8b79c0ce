"""Falsch: übergibt die Werte des input-dicts nach Position; die Reihenfolge im dict bestimmt dann das Ergebnis."""


def fuehre_aus(antwort, werkzeuge):
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](*b["input"].values()))}
        for b in antwort
        if b["type"] == "tool_use"
    ]
