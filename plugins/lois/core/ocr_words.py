"""Known OCR confusions of the French law texts, as data.

Each entry maps a damaged word (exact, case-sensitive, whole word) to its repair.
They come from reading the seed texts against a French word list; they are
general (the same damage in a newly pasted law is repaired the same way), and
never fire on clean French: every key below is not a French word.
"""

# Whole-word replacements: lost or wrong accents, cedillas, misspellings.
WORDS: dict[str, str] = {
    "étre": "être",
    "aprés": "après",
    "apreés": "après",
    "apres": "après",
    "Apres": "Après",
    "Aprés": "Après",
    "méme": "même",
    "Méme": "Même",
    "mémes": "mêmes",
    "enchére": "enchère",
    "enchere": "enchère",
    "Enchére": "Enchère",
    "Enchere": "Enchère",
    "enchéres": "enchères",
    "encheres": "enchères",
    "surenchére": "surenchère",
    "surenchere": "surenchère",
    "empécher": "empêcher",
    "altére": "altère",
    "maniere": "manière",
    "maniére": "manière",
    "sévere": "sévère",
    "précede": "précède",
    "entierement": "entièrement",
    "insuccés": "insuccès",
    "trés": "très",
    "Réglement": "Règlement",
    "pouvaoir": "pouvoir",
    "fagon": "façon",
    "recue": "reçue",
    "recoit": "reçoit",
    "remplacant": "remplaçant",
    # glued words
    "Sicet": "Si cet",
    "onattribue": "on attribue",
    # letter confusions at word start (1 for I)
    "1l": "Il",
}

# Words in capitals (headings) and their accented lower-case form, used when a
# heading typed in capitals without accents is turned into a title.
TITLE_WORDS: dict[str, str] = {
    "procedure": "procédure",
    "irregularite": "irrégularité",
    "a": "à",
    "penalisee": "pénalisée",
    "penalisees": "pénalisées",
    "discretionnaires": "discrétionnaires",
    "enchere": "enchère",
    "declaration": "déclaration",
    "d’une": "d’une",
    "l’arbitre": "l’arbitre",
}

# After "a" (OCR'd "à"), words that make it the preposition for certain.
A_PREPOSITION_NEXT = {
    "son", "sa", "ses", "la", "leur", "leurs", "moins", "savoir", "chaque",
    "celle", "celui", "ceux", "partir", "présent", "Nord", "Sud", "Est", "Ouest",
    "l", "I",
}
