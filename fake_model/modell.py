"""Das Fake-Modell: spielt vorbereitete Antworten ab und merkt sich jede Anfrage.

Ein echtes Sprachmodell ist für Übungen ungeeignet: Es kostet Geld, braucht Netz und antwortet
jedes Mal anders. Das Fake-Modell antwortet nach einem Skript (einer Liste von Antworten), prüft
aber jede Anfrage so streng wie die echte API. So kannst du eine Tool-Schleife offline bauen und
genau sehen, was dein Code geschickt hat (``modell.anfragen``).
"""

import copy

from .bloecke import neue_tool_use_id
from .fehler import ProtokollFehler, SkriptZuEnde
from .protokoll import pruefe_anfrage


class FakeModell:
    """Ein geskriptetes Modell im Format der Anthropic Messages API.

    ``antworten`` ist eine Liste. Jedes Element ist entweder

    - eine Liste von Blöcken (``[text("..."), tool_use("wetter", {"ort": "Kiel"})]``), oder
    - eine Funktion ``f(anfrage)``, die eine Liste von Blöcken liefert. Sie bekommt die Anfrage
      (ein dict mit ``messages``, ``tools``, ``tool_choice``) und kann darauf reagieren, zum
      Beispiel das letzte tool_result lesen.

    ``danach`` (Blockliste oder Funktion) antwortet auf jeden Aufruf, wenn das Skript aufgebraucht
    ist: So baust du ein Modell, das sich endlos im Kreis dreht. Ohne ``danach`` wirft ein Aufruf
    zu viel ``SkriptZuEnde``.

    ``strikt=False`` schaltet die Prüfung der Anfragen ab (nur für Vorführungen, in denen du
    zeigen willst, was ohne Prüfung passiert).
    """

    def __init__(self, antworten, *, strikt=True, danach=None):
        self.antworten = list(antworten)
        self.strikt = strikt
        self.danach = danach
        self.anfragen = []

    def __call__(self, messages, tools=None, tool_choice=None, system=None):
        """Eine Anfrage an das Modell; liefert die nächste Antwort als Liste von Blöcken."""
        anfrage = {"messages": messages, "tools": tools, "tool_choice": tool_choice}
        if system is not None:
            anfrage["system"] = system
        # Zuerst aufzeichnen, dann prüfen: Auch eine abgelehnte Anfrage steht in modell.anfragen,
        # damit du nachsehen kannst, was du geschickt hast. Die tiefe Kopie friert den Stand ein;
        # hängt dein Code später etwas an messages an, ändert das die Aufzeichnung nicht.
        self.anfragen.append(copy.deepcopy(anfrage))
        if self.strikt:
            self._pruefe(anfrage)
        return self._naechste_antwort(copy.deepcopy(anfrage))

    def _pruefe(self, anfrage):
        if "system" in anfrage and not isinstance(anfrage["system"], str | list):
            raise ProtokollFehler("system muss ein Text (str) oder eine Liste von Text-Blöcken sein.",
                                  api_meldung="system: Input should be a valid list")
        pruefe_anfrage(anfrage["messages"], anfrage["tools"], anfrage["tool_choice"])

    def _naechste_antwort(self, anfrage):
        nummer = len(self.anfragen)  # dieser Aufruf ist der nummer-te
        if nummer <= len(self.antworten):
            element = self.antworten[nummer - 1]
            wiederholt = False
        elif self.danach is not None:
            element = self.danach
            wiederholt = True
        else:
            raise SkriptZuEnde(
                f"Das Fake-Modell hat {len(self.antworten)} vorbereitete Antwort(en), aber dies ist schon der "
                f"{nummer}. Aufruf. Dein Code fragt das Modell öfter als erwartet. Prüfe, ob deine Schleife "
                "endet, sobald eine Antwort keinen Werkzeug-Wunsch mehr enthält, und ob du nach einem "
                "Fehler das Modell nicht erneut fragst. (Alle Anfragen stehen in modell.anfragen.)")
        antwort = element(anfrage) if callable(element) else element
        antwort = self._als_antwort(antwort, nummer)
        if wiederholt and not callable(element):
            antwort = self._mit_neuen_ids(antwort)
        return antwort

    def _als_antwort(self, antwort, nummer):
        """Prüft, ob das Skript eine brauchbare Antwort geliefert hat, und liefert eine Kopie davon.

        Die Kopie sorgt dafür, dass dein Code das Skript nicht verändern kann, wenn er die Antwort
        verändert.
        """
        if not isinstance(antwort, list) or not all(isinstance(b, dict) and "type" in b for b in antwort):
            raise TypeError(
                f"Skriptfehler beim {nummer}. Aufruf: Eine Antwort muss eine Liste von Blöcken (dicts mit "
                f"'type') sein, zum Beispiel [text('Hallo')]; bekommen: {antwort!r}")
        return copy.deepcopy(antwort)

    def _mit_neuen_ids(self, antwort):
        """Gibt wiederholten tool_use-Blöcken neue Ids, wie es ein echtes Modell tut.

        ``danach`` antwortet oft viele Male mit demselben Wunsch. Ein echtes Modell vergibt jedes
        Mal eine neue Id; dieselbe Id zweimal im Verlauf lehnt die API ab.
        """
        for block in antwort:
            if block["type"] == "tool_use":
                block["id"] = neue_tool_use_id()
        return antwort
