"""Séance Party (rules: the Séance Party rulebook, with ``docs/rules-notes.md`` for its gaps;
log: ``docs/seance-party.md``)."""

from companion.games.seance_party.game import SEANCE_PARTY, SeancePartyGame, SeanceState

__all__ = ["SEANCE_PARTY", "SeancePartyGame", "SeanceState"]
