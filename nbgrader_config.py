"""nbgrader-Konfiguration: Dieses Repository ist selbst das Kursverzeichnis.

solutions/ ist die Quelle (Aufgaben MIT Lösungen), exercises/ die daraus erzeugte Ausgabe für Lernende.
"""

c = get_config()  # noqa: F821 – von nbgrader bereitgestellt

c.CourseDirectory.course_id = "llm-werkzeuge"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.db_url = "sqlite:///gradebook.db"

# Was an die Stelle der Lösung tritt. Die Meldung sieht, wer die Zelle ausführt, bevor er sie gelöst hat.
c.ClearSolutions.code_stub = {
    "python": '# DEIN CODE HIER\nraise NotImplementedError("Hier fehlt noch deine Lösung.")'
}
c.ClearSolutions.text_stub = "DEINE ANTWORT HIER"
c.Execute.timeout = 30

# --- Bewertung außerhalb des Kernels (pruefer/nbgrader_ext.py, Anleitung in docs/lehrkraefte.md) ---
# Stock-nbgrader verwirft Abgaben mit totem oder hängendem Kernel, gibt leeren Bewertungszellen volle
# Punkte und lässt sich im Kernel überlisten. Deshalb: robust ausführen (nur für die Ausgaben im Feedback)
# und dann jede Aufgabe mit Bewerter in einem frischen Prozess aus dem Quelltext neu bewerten.
from nbconvert.preprocessors import ClearMetadataPreprocessor  # noqa: E402
from nbgrader.preprocessors import (  # noqa: E402
    AssignLatePenalties,
    CheckCellMetadata,
    ClearOutput,
    DeduplicateIds,
    IgnorePattern,
    LimitOutput,
    OverwriteCells,
    OverwriteKernelspec,
    SaveAutoGrades,
)

from pruefer.nbgrader_ext import (  # noqa: E402
    BewerteAusserhalb,
    FehlendeBewertungszellen,
    RobusterExporter,
    RobustesAusfuehren,
)

c.Autograde.exporter_class = RobusterExporter
c.Autograde.sanitize_preprocessors = [
    ClearOutput, DeduplicateIds, OverwriteKernelspec, OverwriteCells, FehlendeBewertungszellen, CheckCellMetadata,
]
c.Autograde.autograde_preprocessors = [
    RobustesAusfuehren, BewerteAusserhalb,
    IgnorePattern, ClearMetadataPreprocessor, LimitOutput, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata,
]
