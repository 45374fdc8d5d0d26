"""Séance Party (rules: ``shared/rules/seance-party.txt``; log: ``docs/seance-party.md``)."""

from companion.games.seance_party.game import SEANCE_PARTY, SeancePartyGame, SeanceState

__all__ = ["SEANCE_PARTY", "SeancePartyGame", "SeanceState"]
