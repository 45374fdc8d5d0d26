"""The table screens of the games, one module each, named by their games' entries
(``Entry.screen``, ``companion/engine/registry.py``)."""
