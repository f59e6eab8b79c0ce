"""Falsch: baut die tool_use-Blöcke der Antwort an Ort und Stelle um, statt neue dicts anzulegen."""


def fuehre_aus(antwort, werkzeuge):
    ergebnisse = []
    for b in antwort:
        if b["type"] == "tool_use":
            b["content"] = str(werkzeuge[b["name"]](**b["input"]))
            b["type"] = "tool_result"
            b["tool_use_id"] = b["id"]
            ergebnisse.append(b)
    return ergebnisse
