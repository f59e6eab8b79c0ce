"""Ergebnisse einer Bewertung: als dict (JSON-Form der CLI) und als deutscher Bericht."""

from dataclasses import dataclass, field

# Die Meldung des Platzhalters, den nbgrader an die Stelle der Lösung setzt (nbgrader_config.py).
STUB_MELDUNG = "Hier fehlt noch deine Lösung."


@dataclass
class Pruefung:
    name: str  # Titel für Lernende (erste Docstring-Zeile des Tests)
    bestanden: bool
    meldung: str = ""


@dataclass
class AufgabenErgebnis:
    id: str
    max_punkte: float
    pruefungen: list[Pruefung] = field(default_factory=list)

    @property
    def bestanden(self) -> int:
        return sum(p.bestanden for p in self.pruefungen)

    @property
    def punkte(self) -> float:
        if not self.pruefungen:
            return 0.0
        return round(self.max_punkte * self.bestanden / len(self.pruefungen), 2)

    @property
    def voll(self) -> bool:
        return bool(self.pruefungen) and self.bestanden == len(self.pruefungen)

    def als_dict(self) -> dict:
        return {
            "id": self.id,
            "punkte": self.punkte,
            "max_punkte": float(self.max_punkte),
            "pruefungen": [{"name": p.name, "bestanden": p.bestanden, "meldung": p.meldung}
                           for p in self.pruefungen],
        }

    def bericht(self) -> str:
        zeilen = [f"{self.id}: {_zahl(self.punkte)} von {_zahl(self.max_punkte)} Punkten "
                  f"({self.bestanden} von {len(self.pruefungen)} Prüfungen bestanden)"]
        gescheitert = [p for p in self.pruefungen if not p.bestanden]
        if gescheitert and len(gescheitert) == len(self.pruefungen) and all(
                STUB_MELDUNG in p.meldung for p in gescheitert):
            zeilen.append(f"  ✘ noch nicht bearbeitet: Die Lösungszelle wirft noch „{STUB_MELDUNG}“ Ersetze dort "
                          "die Zeile raise NotImplementedError(...) durch deinen Code.")
            return "\n".join(zeilen)
        gemeinsam = {p.meldung for p in gescheitert}
        if len(gescheitert) > 2 and len(gemeinsam) == 1:  # z. B. Funktion fehlt: eine Meldung reicht
            zeilen.append(f"  ✘ alle {len(gescheitert)} nicht bestandenen Prüfungen aus demselben Grund:")
            zeilen.extend("      " + z for z in gemeinsam.pop().splitlines() if z.strip())
            return "\n".join(zeilen)
        for p in gescheitert:
            zeilen.append(f"  ✘ {p.name}")
            zeilen.extend("      " + z for z in p.meldung.splitlines() if z.strip())
        return "\n".join(zeilen)


@dataclass
class NotebookErgebnis:
    notebook: str
    aufgaben: list[AufgabenErgebnis] = field(default_factory=list)
    hinweise: list[str] = field(default_factory=list)
    unbrauchbar: list[str] = field(default_factory=list)
    sekunden: float | None = None  # Dauer der Bewertung dieses Notebooks

    @property
    def punkte(self) -> float:
        return round(sum(a.punkte for a in self.aufgaben), 2)

    @property
    def max_punkte(self) -> float:
        return round(sum(a.max_punkte for a in self.aufgaben), 2)

    @property
    def exitcode(self) -> int:
        """0 = volle Punkte, 1 = Punkte fehlen, 2 = unbrauchbare Eingabe."""
        if self.unbrauchbar or not self.aufgaben:
            return 2
        return 0 if all(a.voll for a in self.aufgaben) else 1

    def als_dict(self) -> dict:
        return {
            "notebook": self.notebook,
            "punkte": self.punkte,
            "max_punkte": self.max_punkte,
            "aufgaben": [a.als_dict() for a in self.aufgaben],
            "hinweise": self.unbrauchbar + self.hinweise,
            "sekunden": None if self.sekunden is None else round(self.sekunden, 3),
        }

    def bericht(self) -> str:
        zeilen = [f"== {self.notebook}: {_zahl(self.punkte)} von {_zahl(self.max_punkte)} Punkten"]
        for text in self.unbrauchbar:
            zeilen.append(f"  ! {text}")
        for text in self.hinweise:
            zeilen.append(f"  Hinweis: {text}")
        if not self.aufgaben and not self.unbrauchbar:
            zeilen.append("  ! Keine bewertbaren Aufgaben gefunden (keine Lösungszelle mit bekannter grade_id).")
        for a in self.aufgaben:
            zeilen.append("  " + a.bericht().replace("\n", "\n  "))
        return "\n".join(zeilen)


def _zahl(x: float) -> str:
    return f"{x:g}".replace(".", ",")
