"""Ein geskriptetes Sprachmodell für den Kurs (offline, deterministisch).

Alles, was Lektionen und Übungen brauchen, kommt von hier:

    from fake_model import (FakeModell, text, tool_use, text_von, kurzfehler, ZuVieleRunden,
                            ProtokollFehler, SkriptZuEnde, zeige_verlauf, werkzeug_aus_modell)

Die OpenAI-Form steht in ``fake_model.openai`` (``FakeOpenAIModell``, ``openai_antwort`` und
``tool_call`` gibt es auch hier), die Macken kleiner Modelle in ``fake_model.macken``.
"""

from .bloecke import text, text_von, tool_use
from .fehler import ProtokollFehler, SkriptZuEnde, ZuVieleRunden
from .modell import FakeModell
from .openai import FakeOpenAIModell, openai_antwort, tool_call
from .validierung import kurzfehler
from .verlauf import zeige_verlauf
from .werkzeuge import werkzeug_aus_modell

__all__ = [
    "FakeModell", "FakeOpenAIModell", "ProtokollFehler", "SkriptZuEnde", "ZuVieleRunden", "kurzfehler",
    "openai_antwort", "text", "text_von", "tool_call", "tool_use", "werkzeug_aus_modell", "zeige_verlauf",
]
