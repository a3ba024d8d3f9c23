"""Sound: short synthesized effects and a soft background loop, through Web Audio.

Nothing is loaded from files: every sound is an oscillator with an envelope, so
the page stays small and offline. Browsers only allow audio after a user
gesture, so the AudioContext is made (or resumed) on the first one. Without
Web Audio everything here does nothing and raises nothing.
"""

from __future__ import annotations

from typing import Any

import js

from app.web.dom import Callback

# name -> notes as (frequency Hz, start s, length s, waveform, peak gain). These are the
# site's own; a game's view declares its own in `sounds`, added when its screen opens.
Effect = tuple[tuple[float, float, float, str, float], ...]
EFFECTS: dict[str, Effect] = {
    "press": ((660.0, 0.0, 0.07, "triangle", 0.22),),
    "undo": ((587.0, 0.0, 0.06, "triangle", 0.18), (440.0, 0.06, 0.08, "triangle", 0.16)),
    "hint": ((784.0, 0.0, 0.08, "sine", 0.22), (1046.0, 0.08, 0.14, "sine", 0.2)),
    "error": ((196.0, 0.0, 0.12, "sawtooth", 0.08), (185.0, 0.1, 0.14, "sawtooth", 0.07)),
    "clear": ((523.0, 0.0, 0.12, "triangle", 0.22), (659.0, 0.1, 0.12, "triangle", 0.22),
              (784.0, 0.2, 0.12, "triangle", 0.22), (1046.0, 0.3, 0.4, "triangle", 0.24)),
    "lose": ((330.0, 0.0, 0.18, "sawtooth", 0.1), (247.0, 0.16, 0.22, "sawtooth", 0.09),
             (165.0, 0.34, 0.5, "sawtooth", 0.08)),
}

# A slow pentatonic loop: (beat, length in beats, frequency). 16 beats at 76 bpm.
BGM_TEMPO = 76.0
BGM_BEATS = 16
BGM_MELODY = (
    (0, 2, 392.0), (2, 1, 440.0), (3, 1, 523.3), (4, 3, 587.3), (7, 1, 523.3),
    (8, 2, 440.0), (10, 1, 392.0), (11, 1, 329.6), (12, 4, 293.7),
)
BGM_BASS = ((0, 4, 98.0), (4, 4, 130.8), (8, 4, 110.0), (12, 4, 146.8))
BGM_LOOKAHEAD_S = 1.5


class Audio:
    """Effects and music that switch on and off independently."""

    def __init__(self, sfx: bool, bgm: bool) -> None:
        self.sfx = sfx
        self.bgm = bgm
        self.context: Any = None
        self.available = bool(getattr(js.window, "AudioContext", None) or
                              getattr(js.window, "webkitAudioContext", None))
        self._master: Any = None
        self._music_gain: Any = None
        self._next_loop_at = 0.0
        self._tick = Callback(self._schedule_music)
        self._interval: Any = None
        self.effects: dict[str, Effect] = dict(EFFECTS)

    def add_effects(self, effects: dict[str, Effect]) -> None:
        """Make a game's own effects playable by name (a name it shares with the site's replaces it)."""
        self.effects.update(effects)

    @property
    def state(self) -> str:
        """Return "unavailable", "locked" (waiting for a gesture), or the context's state."""
        if not self.available:
            return "unavailable"
        return "locked" if self.context is None else str(self.context.state)

    def unlock(self) -> None:
        """Create or resume the AudioContext; call from a user gesture."""
        if not self.available:
            return
        try:
            if self.context is None:
                constructor = getattr(js.window, "AudioContext", None) or js.window.webkitAudioContext
                self.context = constructor.new()
                self._master = self.context.createGain()
                self._master.gain.value = 0.8
                self._master.connect(self.context.destination)
                self._music_gain = self.context.createGain()
                self._music_gain.gain.value = 0.0
                self._music_gain.connect(self._master)
            if self.context.state == "suspended":
                self.context.resume()
            self._apply_music()
        except Exception as exc:  # a browser that refuses audio plays silently
            js.console.warn("Masume: audio unavailable:", str(exc))
            self.available = False
            self.context = None

    def play(self, name: str) -> None:
        """Play one effect by name, if effects are on and audio is unlocked."""
        if not (self.sfx and self.context is not None):
            return
        try:
            now = self.context.currentTime
            for frequency, start, length, wave, peak in self.effects.get(name, ()):
                self._note(self._master, now + start, length, frequency, wave, peak)
        except Exception as exc:
            js.console.warn("Masume: effect failed:", str(exc))

    def set_sfx(self, on: bool) -> None:
        """Turn effects on or off."""
        self.sfx = on

    def set_bgm(self, on: bool) -> None:
        """Turn the background loop on or off."""
        self.bgm = on
        self._apply_music()

    def _apply_music(self) -> None:
        if self.context is None:
            return
        now = self.context.currentTime
        target = 0.35 if self.bgm else 0.0
        self._music_gain.gain.cancelScheduledValues(now)
        self._music_gain.gain.setTargetAtTime(target, now, 0.4)  # fade, never click
        if self.bgm and self._interval is None:
            self._next_loop_at = max(self._next_loop_at, now + 0.1)
            self._schedule_music()
            self._interval = js.window.setInterval(self._tick.proxy, 500)
        elif not self.bgm and self._interval is not None:
            js.window.clearInterval(self._interval)
            self._interval = None

    def _schedule_music(self, *_: Any) -> None:
        # Notes are queued on the audio clock one loop ahead, so a busy Python
        # thread (a new game being generated) never makes the music stutter.
        if self.context is None or not self.bgm:
            return
        now = self.context.currentTime
        beat = 60.0 / BGM_TEMPO
        while self._next_loop_at < now + BGM_LOOKAHEAD_S:
            start = max(self._next_loop_at, now)
            for at, length, frequency in BGM_MELODY:
                self._note(self._music_gain, start + at * beat, length * beat * 0.9, frequency, "sine", 0.09)
            for at, length, frequency in BGM_BASS:
                self._note(self._music_gain, start + at * beat, length * beat, frequency, "triangle", 0.07)
            self._next_loop_at = start + BGM_BEATS * beat

    def _note(self, output: Any, start: float, length: float, frequency: float, wave: str, peak: float) -> None:
        oscillator = self.context.createOscillator()
        gain = self.context.createGain()
        oscillator.type = wave
        oscillator.frequency.setValueAtTime(frequency, start)
        gain.gain.setValueAtTime(0.0001, start)
        gain.gain.exponentialRampToValueAtTime(peak, start + min(0.02, length / 3))
        gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
        oscillator.connect(gain)
        gain.connect(output)
        oscillator.start(start)
        oscillator.stop(start + length + 0.02)
