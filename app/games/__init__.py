"""The games Masume offers, in menu order: the one list every other part reads.

Each id names a package `app/games/<id>/` that fills in `app.core.game.Backend`
and holds `strings.py` (its `EN` and `JA` catalogues), and a view module
`app/web/views/<id>.py`. Home, routing, settings, the string catalogue, the
conformance suite and the browser tests all iterate this tuple; adding a game
is adding its id here (see README, "Adding a game").
"""

GAMES: tuple[str, ...] = ("crosslight", "mines", "pipes", "mirrors")
