"""Anders, aber richtig: prüft selbst und überlässt den Bau der Definition fake_model.werkzeug_aus_modell."""

import re

from fake_model import werkzeug_aus_modell


def beschreibe_werkzeug(name, beschreibung, Eingabe):
    if re.fullmatch("[A-Za-z0-9_-]+", name) is None or len(name) > 128:
        raise ValueError(f"{name!r} ist kein gültiger Werkzeugname.")
    if not beschreibung or beschreibung.isspace():
        raise ValueError("Die Beschreibung darf nicht leer sein.")
    return werkzeug_aus_modell(name, beschreibung, Eingabe)
