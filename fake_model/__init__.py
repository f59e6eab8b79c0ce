"""Ein geskriptetes Sprachmodell für den Kurs (offline, deterministisch)."""
