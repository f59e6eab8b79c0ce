"""Falsch: führt in der Reihenfolge des Modells aus; das Löschen kommt dem Lesen zuvor (Quelle 003)."""


def fuehre_parallel_aus(antwort, werkzeuge):
    bloecke = [b for b in antwort if b["type"] == "tool_use"]
    ergebnisse = {}
    for block in bloecke:
        if block["name"] not in werkzeuge:
            ergebnisse[block["id"]] = {"type": "tool_result", "tool_use_id": block["id"],
                                       "content": f"Unbekanntes Werkzeug '{block['name']}'", "is_error": True}
            continue
        funktion, _ = werkzeuge[block["name"]]
        try:
            inhalt = str(funktion(**block["input"]))
        except Exception as e:
            ergebnisse[block["id"]] = {"type": "tool_result", "tool_use_id": block["id"],
                                       "content": f"{type(e).__name__}: {e}", "is_error": True}
            continue
        ergebnisse[block["id"]] = {"type": "tool_result", "tool_use_id": block["id"], "content": inhalt}
    return [ergebnisse[b["id"]] for b in bloecke]
