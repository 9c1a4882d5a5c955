"""« S'entraîner »: training situations drawn from the checklists' validated cases and the replayed worked
examples, graded by the checklist engine (page ``entrainement/`` and ``lois entraine``)."""
