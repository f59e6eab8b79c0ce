"""Richtig, anders gebaut: lesende Aufrufe sofort, ändernde in eine Warteschlange, die danach abgearbeitet wird."""

from collections import deque


def fuehre_parallel_aus(antwort, werkzeuge):
    ergebnisse = {}
    spaeter = deque()

    def fuehre(block):
        r = {"type": "tool_result", "tool_use_id": block["id"]}
        if block["name"] not in werkzeuge:
            return {**r, "content": f"unbekanntes Werkzeug: {block['name']}", "is_error": True}
        try:
            return {**r, "content": str(werkzeuge[block["name"]][0](**block["input"]))}
        except Exception as e:
            return {**r, "content": f"{type(e).__name__}: {e}", "is_error": True}

    aufrufe = [b for b in antwort if b["type"] == "tool_use"]
    for block in aufrufe:
        if werkzeuge.get(block["name"], (None, None))[1] == "lesen":
            ergebnisse[block["id"]] = fuehre(block)
        else:
            spaeter.append(block)
    while spaeter:
        block = spaeter.popleft()
        ergebnisse[block["id"]] = fuehre(block)
    return [ergebnisse[b["id"]] for b in aufrufe]
