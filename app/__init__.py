"""Masume: grid puzzles whose rules are plain Python, run in the browser by PyScript."""
