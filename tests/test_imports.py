"""The import contract (``[tool.importlinter]`` in pyproject.toml) holds, so ``make test``
fails the moment a driver imports the companion or the simulation, a game imports a screen or
pygame, a layer imports one above it, or two modules of a package import each other — and
each contract is shown to catch the import it forbids."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

import grimp
import pytest
from importlinter import api
from importlinter.application import use_cases
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract

CONFIG = Path(__file__).resolve().parent.parent / "pyproject.toml"
KINDS = {"forbidden": ForbiddenContract, "layers": LayersContract, "acyclic_siblings": AcyclicSiblingsContract}


@pytest.fixture(scope="module")
def contract():
    configuration = api.read_configuration(str(CONFIG))
    session = configuration["session_options"]
    graph = grimp.build_graph(*session["root_packages"], include_external_packages=True, cache_dir=None)
    contracts = [KINDS[options["type"]](name=options["name"], session_options=session, contract_options=options)
                 for options in configuration["contracts_options"]]
    return graph, contracts


def test_the_import_contract_holds(capsys):
    """As ``lint-imports`` checks it, through its own use case: its command line is not
    called, because it reconfigures logging for the whole process (``dictConfig`` disables
    every logger that exists), silencing the loggers later tests listen to."""
    assert use_cases.lint_imports(config_filename=str(CONFIG), cache_dir=None, no_logo=True), \
        capsys.readouterr().out


def broken_by(contract, importer: str, imported: str) -> list[str]:
    """The contracts one more import would break."""
    graph, contracts = contract
    changed = deepcopy(graph)
    changed.add_import(importer=importer, imported=imported)
    return [c.name for c in contracts if not c.check(deepcopy(changed), verbose=False).kept]


@pytest.mark.parametrize("importer, imported, breaks", [
    ("firmware_py.knock.calibrate", "companion.engine.journal", "never import the companion"),
    ("sim.pixels", "companion.ui.theme", "never import the companion"),
    ("firmware_py.buzzer", "sim.buzzer", "No driver imports the simulation"),
    ("companion.ui.app", "sim.factory", "The companion reaches the simulation only"),
    ("companion.games.esp.game", "companion.ui.theme", "The companion's layers"),
    ("companion.games.esp.game", "pygame", "never import pygame"),
    ("firmware_py.pentagram.scenes", "pygame", "never import pygame"),
    ("companion.engine.match", "companion.games", "The companion's layers"),
    ("companion.ui.shots", "companion.cli", "The companion's layers"),
    ("firmware_py.buttons", "firmware_py.box", "No import cycles"),
    ("companion.exits", "companion.settings", "The companion's layers"),
], ids=lambda value: value if "." in str(value) else None)
def test_each_contract_catches_the_import_it_forbids(contract, importer, imported, breaks):
    broken = broken_by(contract, importer, imported)
    assert any(breaks in name for name in broken), broken
