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
