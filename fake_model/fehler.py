"""Die drei Ausnahmen des Fake-Modells.

Jede Ausnahme steht für eine andere Ursache, damit du beim Lesen eines Fehlers sofort weißt,
wo du suchen musst:

- ``ProtokollFehler``: Deine Anfrage verletzt eine Regel der API (zum Beispiel fehlt ein
  ``tool_result``). Die echte API würde mit HTTP 400 antworten.
- ``SkriptZuEnde``: Das Fake-Modell hat keine vorbereitete Antwort mehr. Meist heißt das: Dein
  Code fragt das Modell öfter, als die Aufgabe erwartet.
- ``ZuVieleRunden``: Diese Ausnahme wirfst *du* in deiner Tool-Schleife, wenn ``max_aufrufe``
  erreicht ist. Das Fake-Modell wirft sie nie selbst.
"""


class ProtokollFehler(ValueError):
    """Die Anfrage verletzt eine Regel des Protokolls.

    ``index`` ist die Nummer der Nachricht in ``messages``, an der der Fehler liegt (oder ``None``,
    wenn er nicht an einer Nachricht liegt, etwa bei ``tools``). ``api_meldung`` ist der englische
    Text, mit dem die echte API (HTTP 400) antwortet. So erkennst du die Meldung wieder, wenn du
    später mit einem echten Modell arbeitest. ``api_meldung`` ist ``None``, wenn die echte API in
    diesem Fall keinen Fehler meldet oder wir ihren genauen Wortlaut nicht kennen.
    """

    def __init__(self, erklaerung, *, index=None, api_meldung=None):
        self.erklaerung = erklaerung
        self.index = index
        self.api_meldung = api_meldung
        text = erklaerung
        if api_meldung:
            text += f"\n(Die echte API antwortet mit HTTP 400: {api_meldung})"
        super().__init__(text)


class SkriptZuEnde(RuntimeError):
    """Das Fake-Modell hat alle vorbereiteten Antworten schon abgespielt."""


class ZuVieleRunden(Exception):
    """Wirf diese Ausnahme, wenn deine Tool-Schleife ``max_aufrufe`` erreicht hat.

    Ein Modell, das sich im Kreis dreht, würde sonst endlos Werkzeuge aufrufen (und mit einem
    echten Modell endlos Geld kosten).
    """
