"""The midend: what every game shares (history, timer, RNG, game IDs, bests, strings).

Pure Python: nothing here imports the browser, so all of it is tested under CPython.
"""
