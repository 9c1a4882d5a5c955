"""Linking from club websites: permalinks, short links, a static JSON API and a linkifier script."""
