"""Anders, aber richtig: eine Schleife mit append und anderer Reihenfolge der Schlüssel."""


def fuehre_aus(antwort, werkzeuge):
    ergebnisse = []
    for block in antwort:
        if block.get("type") != "tool_use":
            continue
        funktion = werkzeuge[block["name"]]
        wert = funktion(**block["input"])
        ergebnisse.append({"content": str(wert), "tool_use_id": block["id"], "type": "tool_result"})
    return ergebnisse
