"""kurzfehler mit echten pydantic-Fehlern."""

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from fake_model import kurzfehler


class Adresse(BaseModel):
    plz: int
    ort: str


class Posten(BaseModel):
    menge: int


class Eingabe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sendungsnr: str
    anzahl: int = 1


class Bestellung(BaseModel):
    adresse: Adresse
    posten: list[Posten]
    express: bool = False
    lager: Literal["Nord", "Sued"] = "Nord"
    gewicht: float = Field(default=1.0, gt=0)

    @field_validator("express")
    @classmethod
    def nie_sonntags(cls, wert):
        if wert:
            raise ValueError("Express gibt es nicht mehr")
        return wert


def fehler(modell, daten):
    with pytest.raises(ValidationError) as info:
        modell.model_validate(daten)
    return kurzfehler(info.value)


def test_fehlendes_feld():
    assert fehler(Eingabe, {}) == "sendungsnr: fehlt"


def test_falscher_typ_und_fehlendes_feld_zusammen():
    assert fehler(Eingabe, {"anzahl": "drei"}) == "sendungsnr: fehlt; anzahl: muss eine ganze Zahl sein"
    assert fehler(Eingabe, {"sendungsnr": 42}) == "sendungsnr: muss ein Text sein"
    assert fehler(Eingabe, {"sendungsnr": "A", "anzahl": 2.5}) == "anzahl: muss eine ganze Zahl sein"


@pytest.mark.parametrize("eingabe", [5, "A1", ["A1"], None])
def test_eingabe_ist_kein_dict(eingabe):
    assert fehler(Eingabe, eingabe) == "(Eingabe): muss ein Objekt (dict) sein"


def test_zusaetzliches_feld():
    assert fehler(Eingabe, {"sendungsnr": "A", "current_time": "now"}) == "current_time: ist nicht erlaubt"


def test_verschachtelte_felder():
    text = fehler(Bestellung, {"adresse": {"plz": "Kiel"}, "posten": [{"menge": 1}, {}]})
    assert text == "adresse.plz: muss eine ganze Zahl sein; adresse.ort: fehlt; posten.1.menge: fehlt"
    assert fehler(Bestellung, {"adresse": "Kiel", "posten": "viele"}) == (
        "adresse: muss ein Objekt (dict) sein; posten: muss eine Liste sein")


def test_weitere_fehlerarten():
    gut = {"adresse": {"plz": 24103, "ort": "Kiel"}, "posten": []}
    assert fehler(Bestellung, {**gut, "lager": "West"}) == "lager: muss einer dieser Werte sein: 'Nord' oder 'Sued'"
    assert fehler(Bestellung, {**gut, "gewicht": 0}) == "gewicht: muss größer als 0 sein"
    assert fehler(Bestellung, {**gut, "gewicht": "schwer"}) == "gewicht: muss eine Zahl sein"
    assert fehler(Bestellung, {**gut, "express": "vielleicht"}) == "express: muss true oder false sein"
    # eigene Prüfung: nur der eigene Text, ohne "Value error, "
    assert fehler(Bestellung, {**gut, "express": True}) == "express: Express gibt es nicht mehr"


def test_unbekannte_fehlerart_nimmt_den_text_von_pydantic():
    class Datum(BaseModel):
        tag: __import__("datetime").date

    assert fehler(Datum, {"tag": "gestern"}).startswith("tag: Input should be a valid date")


def test_nur_validation_error():
    with pytest.raises(TypeError, match="ValidationError"):
        kurzfehler(ValueError("x"))
