"""Falsch: ruft jedes Werkzeug zweimal auf (einmal zum Prüfen, einmal für das Ergebnis)."""


def fuehre_aus(antwort, werkzeuge):
    ergebnisse = []
    for b in antwort:
        if b["type"] == "tool_use":
            if werkzeuge[b["name"]](**b["input"]) is None:
                inhalt = "None"
            else:
                inhalt = str(werkzeuge[b["name"]](**b["input"]))
            ergebnisse.append({"type": "tool_result", "tool_use_id": b["id"], "content": inhalt})
    return ergebnisse
