"""Rauchtest für fake_model, ohne pytest: läuft mit jedem Python, das pydantic hat.

Aufruf: PYTHONPATH=<Repo> python rauch_skript.py. Gibt bei Erfolg eine Zeile mit "OK" und den
ersten Ids aus (die in jedem Python gleich sein müssen) und endet mit Exit 0.
"""

import json
import sys

from pydantic import BaseModel, ValidationError

from fake_model import (
    FakeModell,
    ProtokollFehler,
    SkriptZuEnde,
    ZuVieleRunden,
    kurzfehler,
    macken,
    text,
    text_von,
    tool_use,
    werkzeug_aus_modell,
    zeige_verlauf,
)
from fake_model.openai import FakeOpenAIModell, openai_antwort, tool_call

erste_ids = [tool_use("a", {})["id"], tool_use("a", {})["id"], tool_call("a", {})["id"]]


class Eingabe(BaseModel):
    sendungsnr: str
    anzahl: int


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort), messages
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
            for b in aufrufe]})
    raise ZuVieleRunden(max_aufrufe)


modell = FakeModell([[text("Moment."), tool_use("doppelt", {"x": 2}), tool_use("doppelt", {"x": 5})],
                     [text("4 und 10")]])
antwort, verlauf = antworte(modell, "Verdopple 2 und 5", {"doppelt": lambda x: 2 * x})
assert antwort == "4 und 10" and len(modell.anfragen) == 2
assert "tool_result #2 (" in str(zeige_verlauf(verlauf)) and "<table" in zeige_verlauf(verlauf)._repr_html_()

try:
    antworte(FakeModell([], danach=macken.endlos_gleicher_aufruf("doppelt", {"x": 1})), "?", {"doppelt": lambda x: 2 * x})
    raise AssertionError("ZuVieleRunden erwartet")
except ZuVieleRunden:
    pass

try:
    FakeModell([[text("x")]])([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_x"}]}])
    raise AssertionError("ProtokollFehler erwartet")
except ProtokollFehler as fehler:
    assert "unexpected `tool_use_id`" in fehler.api_meldung and fehler.index == 0

try:
    FakeModell([])([{"role": "user", "content": "x"}])
    raise AssertionError("SkriptZuEnde erwartet")
except SkriptZuEnde:
    pass

try:
    Eingabe.model_validate({"anzahl": "drei"})
except ValidationError as e:
    assert kurzfehler(e) == "sendungsnr: fehlt; anzahl: muss eine ganze Zahl sein", kurzfehler(e)
assert werkzeug_aus_modell("paket", "Status", Eingabe)["input_schema"]["required"] == ["sendungsnr", "anzahl"]

aufruf = tool_call("paket", {"sendungsnr": "DE1", "anzahl": 2})
chunks = FakeOpenAIModell([openai_antwort(tool_calls=[aufruf])])([{"role": "user", "content": "?"}], stream=True)
argumente = "".join(t["function"].get("arguments", "") for c in chunks
                    for t in c["choices"][0]["delta"].get("tool_calls") or [])
assert json.loads(argumente) == {"sendungsnr": "DE1", "anzahl": 2}

print("OK", sys.version_info[:2], " ".join(erste_ids))
