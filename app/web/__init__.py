"""The frontend: the only package that touches the browser (DOM, canvas, audio, storage)."""
