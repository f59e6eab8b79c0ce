"""Macken kleiner (und manchmal großer) Modelle als fertige Skript-Bausteine.

Echte Modelle halten sich nicht immer an die Werkzeug-Beschreibung. Jede Funktion hier liefert
ein Element für das Skript eines Fake-Modells, das eine solche Macke nachspielt, damit du deinen
Code dagegen härten kannst. Jede Zeile passt direkt in ein Skript:

    modell = FakeModell([macken.erfundenes_werkzeug(), [text("Fertig.")]])
    modell = FakeOpenAIModell([macken.abgeschnittenes_json("wetter", {"ort": "Paris"})])

``format="anthropic"`` (Standard) liefert Blocklisten für ``FakeModell``, ``format="openai"``
Assistant-Nachrichten für ``FakeOpenAIModell``. Die Beobachtungen stammen aus öffentlichen
Fehlerberichten und eigenen Messungen (siehe die Docstrings).
"""

import json

from .bloecke import text, tool_use
from .openai import openai_antwort, tool_call

ABLEHNUNG = "I'm sorry, but I can't assist with that."


def _wunsch(name, eingabe, format):
    """Ein einzelner Werkzeug-Wunsch im gewünschten Format."""
    if format == "anthropic":
        return [tool_use(name, eingabe)]
    if format == "openai":
        return openai_antwort(tool_calls=[tool_call(name, eingabe)])
    raise ValueError(f'format muss "anthropic" oder "openai" sein, nicht {format!r}.')


def _text(inhalt, format):
    if format == "anthropic":
        return [text(inhalt)]
    if format == "openai":
        return openai_antwort(inhalt)
    raise ValueError(f'format muss "anthropic" oder "openai" sein, nicht {format!r}.')


def erfundenes_werkzeug(name="python", eingabe=None, format="anthropic"):
    """Das Modell ruft ein Werkzeug auf, das es gar nicht gibt.

    Beobachtet: Modelle erfinden Namen wie ``python`` (llama_index#7243) oder
    ``multi_tool_use.parallel`` (vercel/ai#2786). Dein Code darf dann nicht mit ``KeyError``
    abbrechen, sondern gibt ein Fehler-Ergebnis zurück, das den Namen nennt.
    """
    if eingabe is None:
        eingabe = {"code": "print('hallo')"}
    return _wunsch(name, eingabe, format)


def erfundene_argumente(name, eingabe, extra=None, format="anthropic"):
    """Das Modell ruft das richtige Werkzeug auf, erfindet aber zusätzliche Argumente.

    Beobachtet: ``get_time`` (ohne Parameter) wurde mit einem erfundenen ``current_time``
    aufgerufen. ``werkzeuge[name](**input)`` bricht dann mit ``TypeError`` ab; ein pydantic-Modell
    mit ``extra="forbid"`` meldet ``current_time: ist nicht erlaubt``.
    """
    if extra is None:
        extra = {"current_time": "now"}
    return _wunsch(name, {**eingabe, **extra}, format)


def _falsch(wert):
    """Ein Wert, der so aussieht, wie ein Modell sich vertut, und den pydantic nicht umwandeln kann."""
    zahlwoerter = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn"]
    if isinstance(wert, bool):
        return "ja" if wert else "nein"  # "ja" ist für pydantic kein bool ("yes" wäre es)
    if isinstance(wert, int) and 0 <= wert < len(zahlwoerter):
        return zahlwoerter[wert]  # Zahl als Wort
    if isinstance(wert, int | float):
        return f"ungefähr {wert}"
    if isinstance(wert, str):
        return [wert]  # Text in eine Liste verpackt
    if isinstance(wert, dict):
        return json.dumps(wert, ensure_ascii=False)  # Objekt als JSON-Text statt als Objekt
    if isinstance(wert, list):
        return ", ".join(str(x) for x in wert)  # Liste als ein Text
    return str(wert)


def falsche_typen(name, eingabe, format="anthropic"):
    """Das Modell schickt die richtigen Felder, aber mit falschen Typen.

    Aus ``{"anzahl": 3, "ort": "Kiel"}`` wird ``{"anzahl": "drei", "ort": ["Kiel"]}``: Zahlen als
    Wort, Texte in einer Liste, Objekte als JSON-Text, Wahrheitswerte als "ja"/"nein". Solche Werte
    kann pydantic nicht umwandeln, ``kurzfehler`` nennt jedes betroffene Feld.
    """
    return _wunsch(name, {feld: _falsch(wert) for feld, wert in eingabe.items()}, format)


def abgeschnittenes_json(name, argumente):
    """(Nur OpenAI) Der JSON-Text der Argumente bricht mittendrin ab.

    Beobachtet: ``{"city": "Par`` (langchain-litellm#249). ``json.loads`` wirft dann
    ``json.JSONDecodeError``; dein Code soll das als Fehler-Ergebnis zurückgeben.
    """
    ganz = json.dumps(argumente, ensure_ascii=False)
    return openai_antwort(tool_calls=[tool_call(name, ganz[: max(1, len(ganz) * 2 // 3)])])


def leere_argumente(name):
    """(Nur OpenAI) Ein Werkzeug ohne Parameter bekommt ``""`` statt ``"{}"`` als Argumente.

    Manche Modelle und Server schicken für parameterlose Werkzeuge einen leeren Text.
    ``json.loads("")`` wirft ``JSONDecodeError``, obwohl der Aufruf gemeint ist.
    """
    return openai_antwort(tool_calls=[tool_call(name, "")])


def endlos_gleicher_aufruf(name, eingabe, format="anthropic"):
    """Das Modell wiederholt denselben Aufruf immer wieder (für ``danach=``).

    Beobachtet: über 15 gleiche ``read_file``-Aufrufe hintereinander (nanobot PR #3077), in einem
    anderen Bericht über 220 (pi#9637). Gedacht für ``FakeModell([], danach=...)``: Jeder Aufruf
    liefert denselben Wunsch mit einer neuen Id. Nur ``max_aufrufe`` beendet die Schleife.
    """

    def antwort(anfrage):
        return _wunsch(name, eingabe, format)

    return antwort


def _erzwingt_werkzeug(tool_choice):
    """Verlangt ``tool_choice`` einen Werkzeug-Aufruf? (Anthropic: any/tool, OpenAI: required/function)"""
    if tool_choice == "required":
        return True
    return isinstance(tool_choice, dict) and tool_choice.get("type") in ("any", "tool", "function")


def verweigert_bei_zwang(sonst, format="anthropic"):
    """Das Modell lehnt ab, wenn ``tool_choice`` einen Werkzeug-Aufruf erzwingt.

    Gemessen (apfel 1.5.1): Mit ``tool_choice: "required"`` antwortete das Modell
    "I'm sorry, but I can't assist with that." statt das Werkzeug aufzurufen. Ohne Zwang liefert
    dieser Baustein ``sonst`` (eine Antwort oder eine Funktion ``f(anfrage)``).
    """

    def antwort(anfrage):
        if _erzwingt_werkzeug(anfrage.get("tool_choice")):
            return _text(ABLEHNUNG, format)
        return sonst(anfrage) if callable(sonst) else sonst

    return antwort


def missversteht_ergebnis(
        satz="Es gab wohl einen Fehler beim Abrufen der Daten. Bitte versuche es später noch einmal.",
        format="anthropic"):
    """Das Werkzeug lieferte ein richtiges Ergebnis, das Modell behauptet trotzdem einen Fehler.

    Beobachtet: get_time lieferte die Uhrzeit, das Modell antwortete "It seems there was an error
    retrieving the current time." (eigene Messung, apfel; ähnlich ollama#6419). Dein Code kann das
    nicht verhindern; erkennen kannst du es nur, wenn du den Verlauf ansiehst (``zeige_verlauf``).
    """
    return _text(satz, format)


def text_nach_werkzeug(name, eingabe, satz="Ich habe das Werkzeug aufgerufen."):
    """(Anthropic) Nach dem tool_use-Block folgt noch Text in derselben Antwort.

    Beobachtet in claude-code#473. Wer nur ``antwort[0]`` oder nur den ersten Text liest, übersieht
    etwas; ``text_von`` und die Suche nach allen tool_use-Blöcken sind robust dagegen.
    """
    return [tool_use(name, eingabe), text(satz)]


def doppelt_gestreamter_aufruf(name, argumente):
    """(Nur OpenAI, ``stream=True``) Der Aufruf kommt im Stream zweimal.

    Gemessen (apfel 1.5.1): Erst kommt der rohe Aufruf als Text in ``delta.content``-Bruchstücken,
    danach alle Aufrufe gebündelt in EINEM ``delta.tool_calls``-Chunk. Wer im Stream nur
    ``delta.content`` sammelt, hält den rohen JSON-Text für die Antwort. (Den genauen Wortlaut des
    rohen Texts hat die Messung nicht festgehalten; hier ist es eine JSON-Liste der Aufrufe.)
    Ohne ``stream`` ist die Antwort ein gewöhnlicher Aufruf.
    """
    nachricht = openai_antwort(tool_calls=[tool_call(name, argumente)])
    nachricht["x_stream_macke"] = "doppelt"  # FakeOpenAIModell liest und entfernt diese Markierung
    return nachricht
