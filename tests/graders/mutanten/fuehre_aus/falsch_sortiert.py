"""Falsch: sortiert die Wünsche nach Werkzeugname und ändert so die Reihenfolge."""


def fuehre_aus(antwort, werkzeuge):
    wuensche = sorted((b for b in antwort if b["type"] == "tool_use"), key=lambda b: b["name"])
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
        for b in wuensche
    ]
