"""Dasselbe Fake-Modell in der Form der OpenAI Chat Completions API.

Viele Anbieter (und lokale Server wie Ollama) sprechen dieses Format. Die Idee ist gleich, die
Form anders:

- Ein Werkzeug-Wunsch steht in ``message["tool_calls"]``, nicht als Block im Inhalt.
- ``arguments`` ist ein JSON-TEXT, kein dict. Du musst ihn selbst mit ``json.loads`` lesen, und
  er kann kaputt sein.
- Jedes Ergebnis ist eine eigene Nachricht mit ``"role": "tool"`` und ``tool_call_id``.
- Mit ``stream=True`` kommt die Antwort in Stücken (Chunks); die Argumente eines Aufrufs musst du
  aus mehreren Bruchstücken wieder zusammensetzen.
"""

import copy
import hashlib
import json

from .bloecke import neue_id
from .modell import FakeModell
from .openai_protokoll import pruefe_openai_anfrage

__all__ = ["FakeOpenAIModell", "openai_antwort", "pruefe_openai_anfrage", "tool_call"]

# --- Skript-Bausteine ----------------------------------------------------------------------


def tool_call(name, arguments, id=None):
    """Ein Werkzeug-Wunsch im OpenAI-Format.

    ``arguments`` als dict wird zum JSON-Text, wie ihn die API liefert. Ein Text bleibt roh, auch
    wenn er kein gültiges JSON ist: So kannst du ein Modell spielen, das kaputtes JSON schickt.
    """
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    if id is None:
        id = neue_id("call_")
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def openai_antwort(text=None, tool_calls=()):
    """Eine Assistant-Nachricht: Text, Werkzeug-Wünsche oder beides.

    Ohne Text ist ``content`` ``None`` (wie bei der echten API, wenn das Modell nur Werkzeuge
    wünscht). ``tool_calls`` fehlt, wenn es keine Wünsche gibt.
    """
    nachricht = {"role": "assistant", "content": text}
    if tool_calls:
        nachricht["tool_calls"] = list(tool_calls)
    return nachricht


# --- Antwort und Stream --------------------------------------------------------------------


def _stuecke(text):
    """Zerlegt ``text`` in Bruchstücke von 1 bis 7 Zeichen.

    Die Längen kommen aus einem Hash des Texts: Sie sehen willkürlich aus (wie bei einem echten
    Stream, wo Token-Grenzen mitten in Wörtern und JSON-Schlüsseln liegen), sind aber bei jedem
    Lauf gleich.
    """
    muster = hashlib.sha256(text.encode()).digest()
    stuecke = []
    pos = 0
    while pos < len(text):
        laenge = 1 + muster[len(stuecke) % len(muster)] % 7
        stuecke.append(text[pos:pos + laenge])
        pos += laenge
    return stuecke


class FakeOpenAIModell(FakeModell):
    """Ein geskriptetes Modell im Format der OpenAI Chat Completions API.

    Skript-Elemente sind Assistant-Nachrichten (``openai_antwort(...)``), ein Text (Kurzform für
    ``openai_antwort(text)``) oder Funktionen ``f(anfrage)``, die eine solche Nachricht liefern.
    Alles andere (``danach``, ``strikt``, ``anfragen``, ``SkriptZuEnde``) wie bei ``FakeModell``.
    """

    def __call__(self, messages, tools=None, tool_choice=None, stream=False):
        """Eine Anfrage; liefert ein Chat-Completion-dict, mit ``stream=True`` eine Liste von Chunks."""
        anfrage = {"messages": messages, "tools": tools, "tool_choice": tool_choice}
        if stream:
            anfrage["stream"] = True
        # Zuerst aufzeichnen, dann prüfen (wie bei FakeModell).
        self.anfragen.append(copy.deepcopy(anfrage))
        if self.strikt:
            pruefe_openai_anfrage(messages, tools, tool_choice)
        nachricht = self._naechste_antwort(copy.deepcopy(anfrage))
        macke = nachricht.pop("x_stream_macke", None)
        antwort_id = neue_id("chatcmpl-")
        if stream:
            return self._als_chunks(antwort_id, nachricht, macke)
        return {
            "id": antwort_id,
            "object": "chat.completion",
            "model": "fake-modell",
            "choices": [{"index": 0, "message": nachricht, "finish_reason": self._finish_reason(nachricht)}],
        }

    @staticmethod
    def _finish_reason(nachricht):
        return "tool_calls" if nachricht.get("tool_calls") else "stop"

    def _als_antwort(self, antwort, nummer):
        if isinstance(antwort, str):
            antwort = openai_antwort(antwort)
        if not isinstance(antwort, dict) or antwort.get("role") != "assistant":
            raise TypeError(
                f"Skriptfehler beim {nummer}. Aufruf: Eine Antwort muss eine Assistant-Nachricht sein, zum "
                f"Beispiel openai_antwort('Hallo') oder openai_antwort(tool_calls=[tool_call(...)]); bekommen: "
                f"{antwort!r}")
        return copy.deepcopy(antwort)

    def _mit_neuen_ids(self, antwort):
        """Wie bei FakeModell: ein wiederholter Aufruf bekommt jedes Mal eine neue Id."""
        for aufruf in antwort.get("tool_calls") or []:
            aufruf["id"] = neue_id("call_")
        return antwort

    def _als_chunks(self, antwort_id, nachricht, macke=None):
        """Zerlegt eine Nachricht in Chunks, wie sie ein Stream liefert."""

        def chunk(delta, finish_reason=None):
            return {"id": antwort_id, "object": "chat.completion.chunk", "model": "fake-modell",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}

        aufrufe = nachricht.get("tool_calls") or []
        text = nachricht.get("content")
        if macke == "doppelt":
            # Die Macke: erst der rohe Aufruf als Text, dann alle Aufrufe gebündelt in einem Chunk.
            text = json.dumps([{"name": a["function"]["name"], "arguments": a["function"]["arguments"]}
                               for a in aufrufe], ensure_ascii=False)
        chunks = [chunk({"role": "assistant", "content": "" if text else None})]
        for stueck in _stuecke(text or ""):
            chunks.append(chunk({"content": stueck}))
        if macke == "doppelt":
            gebuendelt = [{"index": j, **copy.deepcopy(a)} for j, a in enumerate(aufrufe)]
            chunks.append(chunk({"tool_calls": gebuendelt}))
        else:
            for j, aufruf in enumerate(aufrufe):
                funktion = aufruf["function"]
                chunks.append(chunk({"tool_calls": [{
                    "index": j, "id": aufruf["id"], "type": "function",
                    "function": {"name": funktion["name"], "arguments": ""}}]}))
                for stueck in _stuecke(funktion["arguments"]):
                    chunks.append(chunk({"tool_calls": [{"index": j, "function": {"arguments": stueck}}]}))
        chunks.append(chunk({}, self._finish_reason(nachricht)))
        return chunks
