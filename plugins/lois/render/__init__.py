"""The renderer: URLs, links and previews, generated pages (HTML through templates)."""
