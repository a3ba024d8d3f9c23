"""Game backends: one module per puzzle, each filling in the surface of `app.core.game.Backend`."""
