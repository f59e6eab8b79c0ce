"""Rekursiv: jede Runde ruft sich mit dem längeren Verlauf und einem Aufruf weniger selbst auf; tool_result_fuer mit dict.get und einem einzigen try."""

from pydantic import ValidationError

from fake_model import ZuVieleRunden, kurzfehler, text_von


def tool_result_fuer(block, werkzeuge):
    ergebnis = {"type": "tool_result", "tool_use_id": block["id"]}
    paar = werkzeuge.get(block["name"])
    if paar is None:
        return ergebnis | {"content": f"Das Werkzeug {block['name']} gibt es nicht.", "is_error": True}
    funktion, Eingabe = paar
    try:
        argumente = Eingabe.model_validate(block["input"]).model_dump()
        ergebnis["content"] = str(funktion(**argumente))
    except ValidationError as e:
        return ergebnis | {"content": "Argumente passen nicht: " + kurzfehler(e), "is_error": True}
    except Exception as e:
        return ergebnis | {"content": f"{type(e).__name__}: {e}", "is_error": True}
    return ergebnis


def runde(modell, messages, werkzeuge, rest):
    antwort = modell(messages)
    aufrufe = [b for b in antwort if b["type"] == "tool_use"]
    if not aufrufe:
        return text_von(antwort)
    if rest == 1:
        raise ZuVieleRunden("keine Aufrufe mehr übrig")
    neu = messages + [
        {"role": "assistant", "content": antwort},
        {"role": "user", "content": [tool_result_fuer(b, werkzeuge) for b in aufrufe]},
    ]
    return runde(modell, neu, werkzeuge, rest - 1)


def antworte_robust(modell, frage, werkzeuge, max_aufrufe=3):
    return runde(modell, [{"role": "user", "content": frage}], werkzeuge, max_aufrufe)
