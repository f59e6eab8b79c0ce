"""Falsch: fängt Ausnahmen im Werkzeug nicht ab."""


def fuehre_parallel_aus(antwort, werkzeuge):
    bloecke = [b for b in antwort if b["type"] == "tool_use"]
    lesende = [b for b in bloecke if b["name"] in werkzeuge and werkzeuge[b["name"]][1] == "lesen"]
    andere = [b for b in bloecke if b not in lesende]
    ergebnisse = {}
    for block in lesende + andere:
        if block["name"] not in werkzeuge:
            ergebnisse[block["id"]] = {"type": "tool_result", "tool_use_id": block["id"],
                                       "content": f"Unbekanntes Werkzeug '{block['name']}'", "is_error": True}
            continue
        funktion, _ = werkzeuge[block["name"]]
        inhalt = str(funktion(**block["input"]))
        ergebnisse[block["id"]] = {"type": "tool_result", "tool_use_id": block["id"], "content": inhalt}
    return [ergebnisse[b["id"]] for b in bloecke]
