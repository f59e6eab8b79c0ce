"""Schickt bei jeder Anfrage auch die Werkzeug-Beschreibungen mit (tools=..., wie es die API-Doku empfiehlt);
die Beschreibungen entstehen mit werkzeug_aus_modell aus den Eingabemodellen."""

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von, werkzeug_aus_modell


def tool_result_fuer(block, werkzeuge):
    def fehler(meldung):
        return {"type": "tool_result", "tool_use_id": block["id"], "content": meldung, "is_error": True}

    if block["name"] not in werkzeuge:
        return fehler(f"Unbekanntes Werkzeug {block['name']!r}. Verfügbar: {', '.join(werkzeuge)}")
    funktion, Eingabe = werkzeuge[block["name"]]
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        return fehler(f"Ungültige Argumente: {kurzfehler(e)}")
    try:
        ergebnis = funktion(**eingabe.model_dump())
    except Exception as e:
        return fehler(f"{type(e).__name__}: {e}")
    return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}


def antworte_robust(modell, frage, werkzeuge, max_aufrufe=3):
    tools = [werkzeug_aus_modell(name, f"Werkzeug {name}", Eingabe) for name, (_, Eingabe) in werkzeuge.items()]
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages, tools=tools)
        wuensche = [b for b in antwort if b["type"] == "tool_use"]
        if not wuensche:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [tool_result_fuer(b, werkzeuge) for b in wuensche]})
    raise ZuVieleRunden(f"Nach {max_aufrufe} Aufrufen will das Modell immer noch ein Werkzeug.")
