"""Anders, aber richtig: ein try mit drei except-Zweigen und is_error=False bei Erfolg."""

from pydantic import ValidationError

from fake_model import kurzfehler


class _Unbekannt(Exception):
    pass


def tool_result_fuer(block, werkzeuge):
    try:
        if block["name"] not in werkzeuge:
            raise _Unbekannt(block["name"])
        funktion, Eingabe = werkzeuge[block["name"]]
        argumente = Eingabe.model_validate(block["input"]).model_dump()
        inhalt, fehler = str(funktion(**argumente)), False
    except _Unbekannt as e:
        inhalt, fehler = f"Werkzeug {e} unbekannt, erlaubt sind: {sorted(werkzeuge)}", True
    except ValidationError as e:
        inhalt, fehler = f"Argumente passen nicht: {kurzfehler(e)}", True
    except Exception as e:
        inhalt, fehler = f"Das Werkzeug meldet {type(e).__name__}: {e}", True
    return {"type": "tool_result", "tool_use_id": block["id"], "content": inhalt, "is_error": fehler}
