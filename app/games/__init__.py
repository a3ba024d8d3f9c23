"""The games: one package each, `app/games/<id>/`, exposing one `SPEC` (an `app.core.game.GameSpec`).

Which games the page offers, and in what order, is `app.catalogue.GAMES`.
"""
