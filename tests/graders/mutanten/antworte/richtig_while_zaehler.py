"""Anders, aber richtig: while-Schleife mit Zähler, eigener Text-Join, json für Zahlen, tools= übergeben."""

import json

from fake_model import ZuVieleRunden


def _als_text(wert):
    return wert if isinstance(wert, str) else json.dumps(wert, ensure_ascii=False)


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    verlauf = [{"role": "user", "content": frage}]
    aufrufe = 0
    while aufrufe < max_aufrufe:
        antwort = modell(verlauf, tools=None)
        aufrufe += 1
        wuensche = [b for b in antwort if b.get("type") == "tool_use"]
        if len(wuensche) == 0:
            return "\n".join(b["text"] for b in antwort if b.get("type") == "text")
        verlauf.append({"role": "assistant", "content": antwort})
        ergebnisse = []
        for w in wuensche:
            funktion = werkzeuge[w["name"]]
            ergebnisse.append({"type": "tool_result", "tool_use_id": w["id"],
                               "content": _als_text(funktion(**w["input"]))})
        verlauf.append({"role": "user", "content": ergebnisse})
    raise ZuVieleRunden("Obergrenze erreicht: " + str(max_aufrufe))
