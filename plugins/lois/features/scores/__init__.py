"""Adjusted-score calculators: the artificial adjusted score (Loi 12C2) and the weighted score (Loi 12C1(c))."""
