"""Falsch: geht über alle Blöcke, auch Text-Blöcke, und scheitert an deren fehlendem "name"."""


def fuehre_aus(antwort, werkzeuge):
    ergebnisse = []
    for b in antwort:
        wert = werkzeuge[b["name"]](**b["input"])
        ergebnisse.append({"type": "tool_result", "tool_use_id": b["id"], "content": str(wert)})
    return ergebnisse
