"""One view per game; VIEWS is the list of games the page offers, in menu order."""

from app.web.views.crosslight import CrossLightView
from app.web.views.mines import MinesView

VIEWS = {
    "crosslight": CrossLightView,
    "mines": MinesView,
}
