"""Falsch: beantwortet nur den ersten tool_use-Block (mit next(...)), weitere Wünsche gehen verloren."""


def fuehre_aus(antwort, werkzeuge):
    b = next((b for b in antwort if b["type"] == "tool_use"), None)
    if b is None:
        return []
    return [{"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}]
