"""The baseline page's whole program: import numpy, then say the page is ready."""

import js
import numpy  # noqa: F401 - importing it is the work being measured

js.document.documentElement.setAttribute("data-ready", "true")
