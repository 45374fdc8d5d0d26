"""The pygame screen: the shell (choose a game, set up, resume, settings, summary)
and one screen per game, drawn on demand."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any screen imports pygame: the banner is noise in the kiosk's journal
