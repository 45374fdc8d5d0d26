"""`make run` and `make test` set themselves up: without Debian's python3-venv pip is fetched
from PyPI, and a failure there is a sentence with the way on, never a traceback; the build
asks for a setuptools that takes the SPDX license string without a deprecation banner."""

from __future__ import annotations

import tomllib
import urllib.error
from pathlib import Path

from tools import make_venv

ROOT = Path(__file__).resolve().parent.parent


def test_pip_out_of_reach_is_a_sentence_and_a_failed_make(tmp_path, monkeypatch, capsys):
    def offline(folder):
        raise urllib.error.URLError("Temporary failure in name resolution")

    monkeypatch.setattr(make_venv, "_has_ensurepip", lambda: False)
    monkeypatch.setattr(make_venv, "_fetch_pip_wheel", offline)
    assert make_venv.main(str(tmp_path / "venv")) == 1
    err = capsys.readouterr().err
    assert "pip could not be fetched from PyPI (<urlopen error Temporary failure in name resolution>)" in err
    assert "sudo apt install python3-venv" in err and "Traceback" not in err


def test_the_license_is_an_spdx_string_for_a_setuptools_that_reads_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"  # the table form prints a deprecation banner
    assert "setuptools>=77" in project["build-system"]["requires"]  # older ones refuse the string
