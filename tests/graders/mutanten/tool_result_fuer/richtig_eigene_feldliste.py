"""Anders, aber richtig: Feldnamen selbst aus e.errors() gebaut, dict(eingabe) statt model_dump, repr(e)."""

from pydantic import ValidationError


def tool_result_fuer(block, werkzeuge):
    ergebnis = {"type": "tool_result", "tool_use_id": block["id"]}
    eintrag = werkzeuge.get(block["name"])
    if eintrag is None:
        ergebnis.update(content=f"Es gibt kein Werkzeug namens {block['name']!r}.", is_error=True)
        return ergebnis
    funktion, Eingabe = eintrag
    try:
        eingabe = Eingabe.model_validate(block["input"])
    except ValidationError as e:
        felder = sorted({".".join(map(str, f["loc"])) or "input" for f in e.errors()})
        ergebnis.update(content="Falsche Argumente: " + ", ".join(felder), is_error=True)
        return ergebnis
    try:
        ergebnis["content"] = str(funktion(**dict(eingabe)))
    except Exception as e:
        ergebnis.update(content=repr(e), is_error=True)
    return ergebnis
