"""Planchette: a table companion for psychic-themed card games."""

__version__ = "0.1.0"
