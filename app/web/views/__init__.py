"""One view per game; VIEWS is the list of games the page offers, in menu order."""

from app.web.views.crosslight import CrossLightView

VIEWS = {
    "crosslight": CrossLightView,
}
