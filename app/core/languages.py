"""The languages the page speaks; kept apart so settings and strings can both read them."""

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"
