"""Versteckter Bewerter für `tool_result_fuer(block, werkzeuge)` (Blatt 04, Übung aus Seed 004).

`werkzeuge` bildet einen Namen auf ein Paar `(funktion, EingabeModell)` ab. Zu jedem tool_use-Block kommt
genau ein tool_result-Block zurück, und die Funktion wirft nie eine Ausnahme:
unbekannter Name, Argumente, die nicht zum Modell passen (auch ein input, das kein dict ist), und eine
Ausnahme im Werkzeug werden zu Fehler-Ergebnissen mit `"is_error": True`; sonst ist `content` das Ergebnis
als Text. Das Werkzeug bekommt die geprüften (von pydantic umgewandelten) Argumente.

Geprüft wird, was im Ergebnis steht (Felder, id, erwähnte Namen), nicht der genaue Wortlaut.
"""

import copy
import os
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

ERLAUBTE_FELDER = {"type", "tool_use_id", "content", "is_error"}


class SendungEingabe(BaseModel):
    sendungsnr: str
    anzahl: int = 1


class StreckeEingabe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    von: str
    nach: str
    km: float = Field(gt=0)


class EchoEingabe(BaseModel):
    wert: Any = None


class PaketFehler(Exception):
    pass


def werkzeugkasten():
    """Werkzeuge mit Protokoll: (name, kwargs) für jeden Aufruf."""
    aufrufe = []
    pakete = {"DE123": "unterwegs", "DE456": "zugestellt"}

    def paket_status(sendungsnr, anzahl):
        aufrufe.append(("paket_status", {"sendungsnr": sendungsnr, "anzahl": anzahl}))
        return f"{pakete[sendungsnr]} ({anzahl} Paket(e))"

    def fahrzeit(von, nach, km):
        aufrufe.append(("fahrzeit", {"von": von, "nach": nach, "km": km}))
        if von == nach:
            raise PaketFehler(f"Start und Ziel sind beide {von}")
        return round(km / 80, 2)

    werkzeuge = {"paket_status": (paket_status, SendungEingabe), "fahrzeit": (fahrzeit, StreckeEingabe)}
    return werkzeuge, aufrufe


def block(name, eingabe, id="toolu_01TestBlockAbc"):
    return {"type": "tool_use", "id": id, "name": name, "input": eingabe}


def rufe(tool_result_fuer, b, werkzeuge):
    """Ruft die Lernfunktion mit einer Kopie des Blocks auf; eine Ausnahme ist immer ein Fehler."""
    try:
        ergebnis = tool_result_fuer(copy.deepcopy(b), werkzeuge)
    except Exception as e:
        raise AssertionError(
            f"tool_result_fuer darf nie eine Ausnahme werfen, hat aber {type(e).__name__}: {e} geworfen "
            f"(Block: name={b['name']!r}, input={b['input']!r}). Fang den Fehler ab und gib ein Fehler-Ergebnis "
            "mit \"is_error\": True zurück.") from None
    assert isinstance(ergebnis, dict), (
        f"Erwartet war ein dict (ein tool_result-Block), zurück kam {type(ergebnis).__name__}: {ergebnis!r}.")
    assert ergebnis.get("type") == "tool_result", (
        f"Das Ergebnis braucht \"type\": \"tool_result\", hatte {ergebnis.get('type')!r}.")
    assert ergebnis.get("tool_use_id") == b["id"], (
        f"tool_use_id muss die id des Blocks sein ({b['id']!r}), war {ergebnis.get('tool_use_id')!r}.")
    assert isinstance(ergebnis.get("content"), str), (
        f"content muss ein Text (str) sein, war {type(ergebnis.get('content')).__name__}: "
        f"{ergebnis.get('content')!r}.")
    zuviel = set(ergebnis) - ERLAUBTE_FELDER
    assert not zuviel, (
        f"Ein tool_result hat nur die Felder type, tool_use_id, content und is_error; die API lehnt weitere ab. "
        f"Bei dir zusätzlich: {sorted(zuviel)}.")
    return ergebnis


def ist_fehler(ergebnis):
    return ergebnis.get("is_error") is True


def test_erfolg_liefert_ergebnis_als_text(tool_result_fuer):
    """Erfolg: tool_result mit passender id und dem Ergebnis als Text, ohne is_error"""
    werkzeuge, aufrufe = werkzeugkasten()
    b = block("paket_status", {"sendungsnr": "DE123", "anzahl": 2}, id="toolu_01ErfolgXyz")
    ergebnis = rufe(tool_result_fuer, b, werkzeuge)
    assert ergebnis["content"] == "unterwegs (2 Paket(e))", (
        f"content sollte das Ergebnis des Werkzeugs als Text sein ('unterwegs (2 Paket(e))'), war "
        f"{ergebnis['content']!r}.")
    assert not ergebnis.get("is_error"), (
        f"Ein erfolgreiches Ergebnis ist kein Fehler: is_error fehlt oder ist False, war {ergebnis.get('is_error')!r}.")
    assert aufrufe == [("paket_status", {"sendungsnr": "DE123", "anzahl": 2})], (
        f"Das Werkzeug sollte genau einmal laufen; protokolliert: {aufrufe}.")


def test_zahl_als_text(tool_result_fuer):
    """Liefert das Werkzeug eine Zahl, steht sie als Text in content"""
    werkzeuge, _ = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("fahrzeit", {"von": "Kiel", "nach": "Hamburg", "km": 96}), werkzeuge)
    assert ergebnis["content"] == "1.2", f"Erwartet war content '1.2' (str der Zahl 1.2), war {ergebnis['content']!r}."


def test_argumente_werden_geprueft_und_umgewandelt(tool_result_fuer):
    """Das Werkzeug bekommt die geprüften Argumente (umgewandelt, mit Standardwerten)"""
    werkzeuge, aufrufe = werkzeugkasten()
    rufe(tool_result_fuer, block("paket_status", {"sendungsnr": "DE456", "anzahl": "3"}), werkzeuge)
    rufe(tool_result_fuer, block("paket_status", {"sendungsnr": "DE456"}), werkzeuge)
    erwartet = [("paket_status", {"sendungsnr": "DE456", "anzahl": 3}),
                ("paket_status", {"sendungsnr": "DE456", "anzahl": 1})]
    assert aufrufe == erwartet, (
        f"Erwartet waren die Aufrufe {erwartet} (anzahl '3' von pydantic zu 3 umgewandelt, fehlende anzahl mit "
        f"dem Standardwert 1); protokolliert: {aufrufe}. Prüfe erst mit Eingabe.model_validate(input) und rufe "
        "dann funktion(**eingabe.model_dump()) auf.")


def test_unbekanntes_werkzeug(tool_result_fuer):
    """Unbekannter Tool-Name: Fehler-Ergebnis, das den Namen nennt"""
    werkzeuge, aufrufe = werkzeugkasten()
    b = block("wetter_morgen", {"ort": "Kiel"}, id="toolu_01UnbekanntQq")
    ergebnis = rufe(tool_result_fuer, b, werkzeuge)
    assert ist_fehler(ergebnis), f"Ein unbekanntes Werkzeug ist ein Fehler: erwartet is_error True, Ergebnis {ergebnis!r}."
    assert "wetter_morgen" in ergebnis["content"], (
        f"Der Fehlertext soll den unbekannten Namen 'wetter_morgen' nennen, damit das Modell sich korrigieren "
        f"kann; content war {ergebnis['content']!r}.")
    assert aufrufe == [], f"Kein Werkzeug darf laufen, protokolliert: {aufrufe}."


def test_fehlendes_feld(tool_result_fuer):
    """Fehlendes Pflichtfeld: Fehler-Ergebnis, das das Feld nennt, Werkzeug läuft nicht"""
    werkzeuge, aufrufe = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("paket_status", {"anzahl": 1}), werkzeuge)
    assert ist_fehler(ergebnis), f"Ohne sendungsnr passt input nicht zum Modell: erwartet is_error True, kam {ergebnis!r}."
    assert "sendungsnr" in ergebnis["content"], (
        f"Der Fehlertext soll das betroffene Feld 'sendungsnr' nennen (kurzfehler(e) hilft); war {ergebnis['content']!r}.")
    assert aufrufe == [], f"Mit ungültigen Argumenten darf das Werkzeug nicht laufen; protokolliert: {aufrufe}."


def test_falscher_typ(tool_result_fuer):
    """Falscher Typ: Fehler-Ergebnis, das das Feld nennt"""
    werkzeuge, aufrufe = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("paket_status", {"sendungsnr": "DE123", "anzahl": "viele"}), werkzeuge)
    assert ist_fehler(ergebnis), f"anzahl='viele' ist keine Zahl: erwartet is_error True, kam {ergebnis!r}."
    assert "anzahl" in ergebnis["content"], f"Der Fehlertext soll das Feld 'anzahl' nennen; war {ergebnis['content']!r}."
    assert aufrufe == [], f"Mit ungültigen Argumenten darf das Werkzeug nicht laufen; protokolliert: {aufrufe}."


def test_mehrere_felder_falsch(tool_result_fuer):
    """Mehrere falsche Felder und ein überzähliges: alle werden genannt"""
    werkzeuge, aufrufe = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("fahrzeit", {"von": "Kiel", "km": -5, "umweg": True}), werkzeuge)
    assert ist_fehler(ergebnis), f"Erwartet war ein Fehler-Ergebnis (is_error True), kam {ergebnis!r}."
    fehlt = [f for f in ("nach", "km", "umweg") if f not in ergebnis["content"]]
    assert not fehlt, (
        f"Der Fehlertext soll jedes betroffene Feld nennen (nach fehlt, km ist nicht > 0, umweg ist nicht "
        f"erlaubt); nicht genannt: {fehlt}. content war {ergebnis['content']!r}.")
    assert aufrufe == [], f"Mit ungültigen Argumenten darf das Werkzeug nicht laufen; protokolliert: {aufrufe}."


def test_input_ist_kein_dict(tool_result_fuer):
    """input ist gar kein dict (Text, Liste, None): Fehler-Ergebnis statt Ausnahme"""
    werkzeuge, aufrufe = werkzeugkasten()
    for eingabe in ("DE123", ["DE123"], None):
        ergebnis = rufe(tool_result_fuer, block("paket_status", eingabe), werkzeuge)
        assert ist_fehler(ergebnis), (
            f"input={eingabe!r} passt nicht zum Modell: erwartet is_error True, kam {ergebnis!r}. Prüfe input mit "
            "Eingabe.model_validate(input), bevor du ** benutzt.")
        assert ergebnis["content"].strip(), f"Der Fehlertext ist leer (input={eingabe!r})."
    assert aufrufe == [], f"Das Werkzeug darf nicht laufen; protokolliert: {aufrufe}."


def test_ausnahme_im_werkzeug(tool_result_fuer):
    """Ausnahme im Werkzeug: Fehler-Ergebnis mit Typ und Meldung der Ausnahme"""
    werkzeuge, _ = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("fahrzeit", {"von": "Kiel", "nach": "Kiel", "km": 1}), werkzeuge)
    assert ist_fehler(ergebnis), f"Das Werkzeug warf PaketFehler: erwartet is_error True, kam {ergebnis!r}."
    assert "PaketFehler" in ergebnis["content"], (
        f"Der Fehlertext soll den Typ der Ausnahme nennen ('PaketFehler'); war {ergebnis['content']!r}.")
    assert "Start und Ziel sind beide Kiel" in ergebnis["content"], (
        f"Der Fehlertext soll die Meldung der Ausnahme enthalten ('Start und Ziel sind beide Kiel'); "
        f"war {ergebnis['content']!r}.")


def test_keyerror_im_werkzeug(tool_result_fuer):
    """KeyError im Werkzeug (unbekannte Sendung) wird zum Fehler-Ergebnis"""
    werkzeuge, _ = werkzeugkasten()
    ergebnis = rufe(tool_result_fuer, block("paket_status", {"sendungsnr": "XX9"}), werkzeuge)
    assert ist_fehler(ergebnis), f"paket_status warf KeyError: erwartet is_error True, kam {ergebnis!r}."
    assert "KeyError" in ergebnis["content"] and "XX9" in ergebnis["content"], (
        f"Der Fehlertext soll Typ und Meldung nennen (KeyError, 'XX9'); war {ergebnis['content']!r}.")


def test_kein_stacktrace_im_ergebnis(tool_result_fuer):
    """Kein Stacktrace und keine Pfade im Fehlertext"""
    werkzeuge, _ = werkzeugkasten()
    for b in (block("fahrzeit", {"von": "Ulm", "nach": "Ulm", "km": 3}),
              block("paket_status", {"sendungsnr": "NICHTDA"})):
        inhalt = rufe(tool_result_fuer, b, werkzeuge)["content"]
        verraet = [m for m in ("Traceback", 'File "', os.path.basename(__file__), os.sep + "tests" + os.sep)
                   if m in inhalt]
        assert not verraet, (
            f"Der Fehlertext enthält Teile eines Stacktraces ({verraet}). Gib dem Modell nur Typ und Meldung "
            f"der Ausnahme, keine Pfade oder Code-Zeilen. content war {inhalt[:300]!r}.")
        assert len(inhalt) < 500, f"Der Fehlertext ist {len(inhalt)} Zeichen lang; Typ und Meldung reichen."


def test_jedes_ergebnis_traegt_die_id(tool_result_fuer):
    """Jedes Ergebnis (Erfolg und jeder Fehlerfall) trägt die id seines Blocks"""
    werkzeuge, _ = werkzeugkasten()
    faelle = [block("paket_status", {"sendungsnr": "DE123"}, id="toolu_01IdEins"),
              block("unbekannt", {}, id="toolu_01IdZwei"),
              block("paket_status", {"anzahl": 2}, id="toolu_01IdDrei"),
              block("fahrzeit", {"von": "A", "nach": "A", "km": 1}, id="toolu_01IdVier")]
    for b in faelle:
        rufe(tool_result_fuer, b, werkzeuge)  # prüft tool_use_id == b["id"]


def test_block_bleibt_unveraendert(tool_result_fuer):
    """Der tool_use-Block wird nicht verändert (er gehört unverändert in den Verlauf)"""
    werkzeuge, _ = werkzeugkasten()
    for b in (block("paket_status", {"sendungsnr": "DE123", "anzahl": "2"}),
              block("fahrzeit", {"von": "Kiel"}), block("nix", {"a": 1})):
        original = copy.deepcopy(b)
        try:
            tool_result_fuer(b, werkzeuge)
        except Exception as e:
            raise AssertionError(f"tool_result_fuer warf {type(e).__name__}: {e}; sie darf nie werfen.") from None
        assert b == original, (
            f"tool_result_fuer hat den Block verändert: vorher {original!r}, nachher {b!r}. Lies nur aus dem "
            "Block; der Block gehört unverändert in die assistant-Nachricht.")


def test_erfolg_mit_falschem_wert_ist_kein_fehler(tool_result_fuer):
    """Ein Ergebnis wie None, 0 oder leerer Text ist trotzdem ein Erfolg"""
    werkzeuge = {"echo": (lambda wert: wert, EchoEingabe)}
    for wert in (None, 0, "", False):
        ergebnis = rufe(tool_result_fuer, block("echo", {"wert": wert}), werkzeuge)
        assert not ergebnis.get("is_error"), (
            f"Das Werkzeug lieferte {wert!r} ohne Fehler; das Ergebnis darf kein Fehler sein, war {ergebnis!r}. "
            "Ob ein Aufruf gescheitert ist, entscheidet eine Ausnahme, nicht der Wert.")
