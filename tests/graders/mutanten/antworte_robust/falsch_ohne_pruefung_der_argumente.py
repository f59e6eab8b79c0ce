"""tool_result_fuer fängt Ausnahmen, prüft die Argumente aber nicht mit dem Eingabemodell: das Werkzeug läuft mit falschen Typen."""

from fake_model import ZuVieleRunden, text_von


def tool_result_fuer(block, werkzeuge):
    try:
        funktion, _ = werkzeuge[block["name"]]
        ergebnis = funktion(**block["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": f"Fehler: {e}", "is_error": True}
    return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}


def antworte_robust(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [tool_result_fuer(b, werkzeuge) for b in aufrufe]})
    raise ZuVieleRunden(f"Nach {max_aufrufe} Aufrufen will das Modell immer noch ein Werkzeug.")
