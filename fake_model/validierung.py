"""``kurzfehler``: eine pydantic-``ValidationError`` als kurzer deutscher Text.

Wenn die Argumente eines Werkzeug-Wunsches nicht zum Schema passen, soll das Modell erfahren,
WELCHE Felder falsch sind, damit es den Aufruf verbessern kann. Die Meldung von pydantic ist
lang und englisch; ``kurzfehler`` macht daraus eine Zeile wie
``"sendungsnr: fehlt; anzahl: muss eine ganze Zahl sein"``.
"""

from pydantic import ValidationError

# Deutsche Texte für die häufigsten Fehlerarten von pydantic (Schlüssel: error["type"]).
# Geschweifte Klammern werden mit den Angaben aus error["ctx"] gefüllt.
_TEXTE = {
    "missing": "fehlt",
    "extra_forbidden": "ist nicht erlaubt",
    "int_type": "muss eine ganze Zahl sein",
    "int_parsing": "muss eine ganze Zahl sein",
    "int_from_float": "muss eine ganze Zahl sein",
    "float_type": "muss eine Zahl sein",
    "float_parsing": "muss eine Zahl sein",
    "string_type": "muss ein Text sein",
    "bool_type": "muss true oder false sein",
    "bool_parsing": "muss true oder false sein",
    "model_type": "muss ein Objekt (dict) sein",
    "model_attributes_type": "muss ein Objekt (dict) sein",
    "dict_type": "muss ein Objekt (dict) sein",
    "list_type": "muss eine Liste sein",
    "literal_error": "muss einer dieser Werte sein: {expected}",
    "enum": "muss einer dieser Werte sein: {expected}",
    "greater_than": "muss größer als {gt} sein",
    "greater_than_equal": "muss mindestens {ge} sein",
    "less_than": "muss kleiner als {lt} sein",
    "less_than_equal": "darf höchstens {le} sein",
    "string_too_short": "muss mindestens {min_length} Zeichen lang sein",
    "string_too_long": "darf höchstens {max_length} Zeichen lang sein",
    "string_pattern_mismatch": "muss zum Muster {pattern} passen",
    "too_short": "muss mindestens {min_length} Einträge haben",
    "too_long": "darf höchstens {max_length} Einträge haben",
}


def _feld(loc):
    """``("adresse", "plz")`` wird zu ``"adresse.plz"``; ein leerer Ort ist die ganze Eingabe."""
    if not loc:
        return "(Eingabe)"
    return ".".join(str(teil) for teil in loc)


def _lesbar(wert):
    """Angaben aus ``ctx`` lesbar machen: ``0.0`` als ``0``, ``'a' or 'b'`` als ``'a' oder 'b'``."""
    if isinstance(wert, float) and wert.is_integer():
        return int(wert)
    if isinstance(wert, str):
        return wert.replace(" or ", " oder ")
    return wert


def _text(fehler):
    vorlage = _TEXTE.get(fehler["type"])
    if vorlage is not None:
        try:
            return vorlage.format(**{k: _lesbar(v) for k, v in fehler.get("ctx", {}).items()})
        except (KeyError, IndexError):
            pass  # unerwartete ctx-Angaben: dann lieber pydantics eigener Text
    meldung = fehler["msg"]
    # Eigene Prüfungen (field_validator) melden "Value error, <dein Text>": nur dein Text zählt.
    return meldung.removeprefix("Value error, ").removeprefix("Assertion failed, ")


def kurzfehler(validation_error):
    """Ein kurzer deutscher Text, der jedes betroffene Feld nennt.

    Beispiel: ``"sendungsnr: fehlt; anzahl: muss eine ganze Zahl sein"``. Ist die Eingabe gar
    kein dict, heißt das Feld ``(Eingabe)``. Verschachtelte Felder werden mit Punkt verbunden
    (``adresse.plz``), Listenplätze mit ihrer Nummer (``posten.0.menge``).
    """
    if not isinstance(validation_error, ValidationError):
        raise TypeError(
            "kurzfehler erwartet die ValidationError von pydantic (except ValidationError as e: kurzfehler(e)), "
            f"bekommen: {type(validation_error).__name__}")
    teile = []
    for fehler in validation_error.errors():
        teil = f"{_feld(fehler['loc'])}: {_text(fehler)}"
        if teil not in teile:
            teile.append(teil)
    return "; ".join(teile)
