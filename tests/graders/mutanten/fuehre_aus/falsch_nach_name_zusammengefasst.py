"""Falsch: sammelt die Wünsche in einem dict nach Werkzeugname; zwei Wünsche an dasselbe Werkzeug werden zu einem."""


def fuehre_aus(antwort, werkzeuge):
    wuensche = {b["name"]: b for b in antwort if b["type"] == "tool_use"}
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[name](**b["input"]))}
        for name, b in wuensche.items()
    ]
