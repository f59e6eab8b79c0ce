"""Versteckte Prüfungen für `beschreibe_werkzeug(name, beschreibung, Eingabe)` (Blatt 01).

Verlangt ist eine Tool-Definition im Anthropic-Format:
`{"name": name, "description": beschreibung, "input_schema": Eingabe.model_json_schema()}`.
Ein Name, der nicht auf `^[a-zA-Z0-9_-]{1,128}$` passt, und eine leere Beschreibung führen zu `ValueError`.
Die "title"-Einträge, die pydantic ins Schema schreibt, dürfen bleiben oder entfernt werden.
"""

import json
from typing import Literal

import pytest
from pydantic import BaseModel, Field

WO = "Sieh in Blatt 01 bei Übung 2 nach."


class LagerEingabe(BaseModel):
    artikel: int = Field(description="Artikelnummer, z. B. 1001", ge=1)
    lager: Literal["Nord", "Sued"] = Field("Nord", description="Lagerstandort")


class Adresse(BaseModel):
    strasse: str
    plz: str = Field(description="fünfstellige Postleitzahl")


class VersandEingabe(BaseModel):
    """Daten für einen Versandauftrag."""

    sendungsnr: str
    ziel: Adresse
    express: bool = False


class TitelFeld(BaseModel):
    title: str = Field(description="Titel des Buchs")


class LeereEingabe(BaseModel):
    pass


BESCHREIBUNG = "Liefert den Bestand eines Artikels in einem Lager als Stückzahl."


def _ohne_titel(schema):
    """Entfernt die von pydantic erzeugten "title"-Texte, lässt aber Felder namens "title" stehen."""
    if isinstance(schema, list):
        return [_ohne_titel(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    neu = {}
    for schluessel, wert in schema.items():
        if schluessel in ("properties", "$defs") and isinstance(wert, dict):
            neu[schluessel] = {k: _ohne_titel(v) for k, v in wert.items()}
        elif schluessel == "title" and isinstance(wert, str):
            continue
        else:
            neu[schluessel] = _ohne_titel(wert)
    return neu


def _definition(beschreibe_werkzeug, name, beschreibung, Eingabe):
    ergebnis = beschreibe_werkzeug(name, beschreibung, Eingabe)
    assert isinstance(ergebnis, dict), (
        f"Erwartet war ein dict, gekommen ist {type(ergebnis).__name__}: {ergebnis!r}. {WO}"
    )
    return ergebnis


def _pruefe_schema(ergebnis, Eingabe):
    assert "input_schema" in ergebnis, (
        f"Der Schlüssel 'input_schema' fehlt; gekommen sind die Schlüssel {sorted(ergebnis)}. "
        "Im Anthropic-Format heißt das Schema input_schema (nicht parameters wie bei OpenAI). " + WO
    )
    erwartet = _ohne_titel(Eingabe.model_json_schema())
    gekommen = _ohne_titel(ergebnis["input_schema"])
    assert gekommen == erwartet, (
        f"input_schema passt nicht zum pydantic-Modell {Eingabe.__name__}.\n"
        f"Erwartet (ohne title-Einträge): {erwartet}\nGekommen: {gekommen}\n"
        "Leite das Schema mit Eingabe.model_json_schema() ab, statt es von Hand zu bauen. " + WO
    )


def test_drei_schluessel(beschreibe_werkzeug):
    """Die Definition hat genau die Schlüssel name, description und input_schema"""
    ergebnis = _definition(beschreibe_werkzeug, "lager_bestand", BESCHREIBUNG, LagerEingabe)
    assert set(ergebnis) == {"name", "description", "input_schema"}, (
        f"Erwartet waren genau die Schlüssel ['description', 'input_schema', 'name'], "
        f"gekommen sind {sorted(ergebnis)}. Das Anthropic-Format ist flach, ohne 'type'/'function'-Hülle. {WO}"
    )


def test_name_und_beschreibung(beschreibe_werkzeug):
    """name und description werden unverändert übernommen"""
    ergebnis = _definition(beschreibe_werkzeug, "lager_bestand", BESCHREIBUNG, LagerEingabe)
    assert ergebnis.get("name") == "lager_bestand", (
        f"Erwartet war name='lager_bestand', gekommen ist {ergebnis.get('name')!r}. {WO}"
    )
    assert ergebnis.get("description") == BESCHREIBUNG, (
        f"Erwartet war die Beschreibung unverändert: {BESCHREIBUNG!r}, gekommen ist "
        f"{ergebnis.get('description')!r}. {WO}"
    )


def test_schema_aus_modell(beschreibe_werkzeug):
    """input_schema ist das JSON-Schema des pydantic-Modells (mit Feldbeschreibungen)"""
    ergebnis = _definition(beschreibe_werkzeug, "lager_bestand", BESCHREIBUNG, LagerEingabe)
    _pruefe_schema(ergebnis, LagerEingabe)


def test_verschachteltes_modell(beschreibe_werkzeug):
    """Auch ein verschachteltes Modell wird vollständig beschrieben ($defs, required, Standardwerte)"""
    ergebnis = _definition(beschreibe_werkzeug, "versand-anlegen", "Legt einen Versandauftrag an.",
                           VersandEingabe)
    _pruefe_schema(ergebnis, VersandEingabe)


def test_feld_namens_title(beschreibe_werkzeug):
    """Ein Feld, das selbst "title" heißt, bleibt im Schema erhalten"""
    ergebnis = _definition(beschreibe_werkzeug, "buch_suchen", "Sucht ein Buch nach seinem Titel.", TitelFeld)
    _pruefe_schema(ergebnis, TitelFeld)
    _pruefe_schema(_definition(beschreibe_werkzeug, "ohne_argumente", "Liefert die Uhrzeit.", LeereEingabe),
                   LeereEingabe)


def test_json_taugliche_definition(beschreibe_werkzeug):
    """Die Definition lässt sich als JSON verschicken"""
    ergebnis = _definition(beschreibe_werkzeug, "versand_anlegen", "Legt einen Versandauftrag an.",
                           VersandEingabe)
    try:
        text = json.dumps(ergebnis)
    except (TypeError, ValueError) as e:
        raise AssertionError(
            f"Die Definition ist kein reines JSON ({type(e).__name__}: {e}). Erwartet waren nur dicts, "
            f"Listen, Texte, Zahlen und Wahrheitswerte, keine Klassen oder Modell-Objekte. {WO}"
        ) from None
    assert json.loads(text) == ergebnis, f"Die Definition übersteht json.dumps/json.loads nicht unverändert. {WO}"


@pytest.mark.parametrize("name", ["a", "Lager_Abfrage-2", "x" * 128, "0815", "-_-"])
def test_erlaubte_namen(beschreibe_werkzeug, name):
    """Gültige Namen (Buchstaben a-z/A-Z, Ziffern, _ und -, 1 bis 128 Zeichen) werden angenommen"""
    try:
        ergebnis = beschreibe_werkzeug(name, BESCHREIBUNG, LagerEingabe)
    except ValueError as e:
        raise AssertionError(
            f"Der Name {name!r} ({len(name)} Zeichen) ist gültig, aber es kam ValueError: {e}. "
            "Erlaubt sind 1 bis 128 Zeichen aus a-z, A-Z, 0-9, _ und - (64 war eine ältere Grenze). " + WO
        ) from None
    assert isinstance(ergebnis, dict) and ergebnis.get("name") == name, (
        f"Erwartet war eine Definition mit name={name!r}, gekommen ist {ergebnis!r}. {WO}"
    )


@pytest.mark.parametrize(
    "name, warum",
    [
        ("", "ist leer"),
        ("x" * 129, "hat 129 Zeichen (höchstens 128)"),
        ("lager abfrage", "enthält ein Leerzeichen"),
        ("wetter_für_köln", "enthält Umlaute (nur a-z und A-Z sind erlaubt)"),
        ("lager.abfrage", "enthält einen Punkt"),
        ("lager_abfrage\n", "endet mit einem Zeilenumbruch (re.match mit $ übersieht ihn, re.fullmatch nicht)"),
        ("straße", "enthält ß"),
    ],
)
def test_ungueltige_namen(beschreibe_werkzeug, name, warum):
    """Ungültige Namen führen zu ValueError mit einer Meldung"""
    try:
        ergebnis = beschreibe_werkzeug(name, BESCHREIBUNG, LagerEingabe)
    except ValueError as e:
        assert str(e).strip(), f"Der ValueError für den Namen {name!r} hat keine Meldung. Sag, was nicht passt. {WO}"
        return
    except Exception as e:
        raise AssertionError(
            f"Der Name {name!r} {warum}. Erwartet war ValueError, gekommen ist {type(e).__name__}: {e}. {WO}"
        ) from None
    raise AssertionError(
        f"Der Name {name!r} {warum}. Erwartet war ValueError, gekommen ist ein Ergebnis: {ergebnis!r}. "
        f"Prüfe den ganzen Namen gegen ^[a-zA-Z0-9_-]{{1,128}}$. {WO}"
    )


def test_meldung_nennt_namen(beschreibe_werkzeug):
    """Die Meldung zu einem ungültigen Namen nennt den Namen"""
    with pytest.raises(ValueError) as info:
        beschreibe_werkzeug("wetter_für_köln", BESCHREIBUNG, LagerEingabe)
    assert "wetter_für_köln" in str(info.value), (
        f"Erwartet war eine Meldung, die den Namen 'wetter_für_köln' nennt, gekommen ist {str(info.value)!r}. {WO}"
    )


@pytest.mark.parametrize("beschreibung", ["", "   ", "\n\t"])
def test_leere_beschreibung(beschreibe_werkzeug, beschreibung):
    """Eine leere Beschreibung (auch nur Leerzeichen) führt zu ValueError"""
    try:
        ergebnis = beschreibe_werkzeug("lager_bestand", beschreibung, LagerEingabe)
    except ValueError as e:
        assert str(e).strip(), f"Der ValueError zur leeren Beschreibung hat keine Meldung. {WO}"
        return
    except Exception as e:
        raise AssertionError(
            f"Die Beschreibung {beschreibung!r} ist leer. Erwartet war ValueError, gekommen ist "
            f"{type(e).__name__}: {e}. {WO}"
        ) from None
    raise AssertionError(
        f"Die Beschreibung {beschreibung!r} ist leer (oder nur Leerraum). Erwartet war ValueError, gekommen ist "
        f"ein Ergebnis: {ergebnis!r}. Die Beschreibung ist Teil des Prompts; ohne sie rät das Modell. {WO}"
    )
