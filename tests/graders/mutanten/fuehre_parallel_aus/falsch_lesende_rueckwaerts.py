"""Falsch: sortiert nach art, aber nicht stabil: die lesenden laufen in umgekehrter Reihenfolge."""


def fuehre_parallel_aus(antwort, werkzeuge):
    bloecke = [b for b in antwort if b["type"] == "tool_use"]
    lesende = [b for b in bloecke if b["name"] in werkzeuge and werkzeuge[b["name"]][1] == "lesen"]
    andere = [b for b in bloecke if b not in lesende]
    ergebnisse = {}
    for block in lesende[::-1] + andere:
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
