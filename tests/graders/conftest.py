"""Die versteckten Bewerter bekommen den zu prüfenden Wert als Fixture mit seinem Namen.

Für jedes Modul `test_F.py` in diesem Verzeichnis entsteht automatisch eine Fixture `F`: beim Bewerten
der Wert der Lernenden, sonst die Musterlösung aus `solutions/` (siehe `pruefer/fixtures.py`).
Für einen neuen Bewerter ist hier nichts zu ändern.
"""

from pathlib import Path

from pruefer.fixtures import fixtures_fuer

globals().update(fixtures_fuer(Path(__file__).parent))
