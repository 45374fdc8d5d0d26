"""The pygame screen: the shell (choose a game, set up, resume, settings, summary)
and one screen per game, drawn on demand."""
