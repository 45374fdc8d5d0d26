"""firmware_py.files, the lowest layer: one reader of regular files with a size limit, one
check of depth and text, one quoting function — for the box's own files, the game logs and
the refusals alike (each was written twice, in two layers, before)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from companion.engine.logfile import LogError, parse_line, read_text
from companion.engine.match import canonical
from companion.engine.refusal import Refused
from companion.settings import Settings
from companion.settings import load as load_settings
from firmware_py import files

ROOT = Path(__file__).resolve().parents[1]


def test_the_lowest_layer_imports_only_the_standard_library():
    """Both the companion and the box's drivers import it, so it imports neither."""
    tree = ast.parse((ROOT / "firmware_py" / "files.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    assert imported - {"__future__"} <= set(sys.stdlib_module_names), imported


# -- one check of depth and text, each caller with its own limit ------------------------------
def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize("limit", [20, 32])
def test_depth_is_counted_alike_for_files_and_logs(limit):
    files.check_depth({"a": nested(limit - 1)}, limit)  # the object is level 1
    with pytest.raises(files.TooDeep) as caught:
        files.check_depth({"a": nested(limit)}, limit)
    assert str(caught.value) == f"nests deeper than {limit} levels"
    files.check_depth(("a", ("b",)), 2)  # an action built in code may hold tuples: they nest as lists do
    with pytest.raises(files.TooDeep):
        files.check_depth(("a", (("b",),)), 2)


def test_a_log_line_and_an_action_nest_to_32_and_a_box_file_to_20(tmp_path):
    line = '{"x": ' + "[" * 31 + "]" * 31 + "}"
    assert parse_line(line) == {"x": nested(31)}
    with pytest.raises(LogError, match="more than 32 deep"):
        parse_line('{"x": ' + "[" * 32 + "]" * 32 + "}")
    with pytest.raises(Refused, match="more than 32 deep"):
        canonical({"x": nested(32)})
    path = tmp_path / "settings.json"
    path.write_text(line, encoding="utf-8")
    assert load_settings(path)[1] == f"the settings file {path} nests deeper than 20 levels; using the defaults"


@pytest.mark.parametrize("where", ["a value", "a key"])
def test_half_a_character_is_found_in_keys_and_values_alike(where):
    half = "st\udfffar"
    value = {"claim": [half]} if where == "a value" else {"claims": {half: 1}}
    with pytest.raises(files.NotText):
        files.check_depth(value)
    files.check_depth({"name": "Zoë 🂡", "Søren": ["ñ"]})  # whole characters are text


# -- one reader: a regular file, at most so many bytes -------------------------------------------
def test_a_name_no_file_can_have_is_a_sentence_for_the_box_s_files_too(tmp_path):
    """Before, only the log reader caught the NUL; the settings' reader let ValueError out."""
    bad = str(tmp_path / "settings\0.json")
    assert load_settings(bad) == (Settings(), f"the settings file {bad} cannot be a file's name "
                                              "(it holds a NUL character); using the defaults")
    with pytest.raises(LogError) as caught:
        read_text(bad)
    assert str(caught.value).endswith("' cannot be a file's name (it holds a NUL character)")
    assert "\0" not in str(caught.value)  # quoted: the log's sentence goes to a terminal


def test_the_reader_says_which_line_is_not_utf8_whoever_asks(tmp_path):
    path = tmp_path / "notes.json"
    path.write_bytes(b"\xef\xbb\xbf{\n\n" + b'"a": "\xff"}')
    with pytest.raises(files.NotUtf8) as caught:
        files.read_text(path, 1_000)
    assert (str(caught.value), caught.value.line) == ("is not UTF-8 text", 3)
    with pytest.raises(LogError) as logged:
        read_text(path)
    assert str(logged.value) == f"{path} is not a text file of JSON lines (line 3 is not UTF-8)"


def test_a_file_over_its_limit_is_refused_by_each_caller_in_its_own_words(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"{}" + b" " * 100)
    with pytest.raises(files.TooLarge) as caught:
        files.read_bytes(path, 100)
    assert str(caught.value) == "is 102 bytes, too large for such a file (at most 100)"
    assert caught.value.limit == 100


# -- one quoting function -----------------------------------------------------------------------
def test_the_box_s_files_and_the_refusals_quote_alike():
    from companion.engine import refusal

    assert refusal.quote is files.quote and refusal.elide is files.elide
    assert files.quote("x" * 5_000) == "'" + "x" * 132 + "…" + "x" * 66 + "' (5,000 characters)"
