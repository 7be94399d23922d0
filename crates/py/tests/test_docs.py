"""The Python examples of docs/python.md and the README run as written."""

import re

import pytest

from conftest import REPO

pytest.importorskip("pettingzoo")

BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def blocks(path):
    text = path.read_text(encoding="utf-8")
    return [m.group(1) for m in BLOCK.finditer(text)]


EXAMPLES = [("docs/python.md", i, code) for i, code in enumerate(blocks(REPO / "docs" / "python.md"))]
EXAMPLES += [("README.md", i, code) for i, code in enumerate(blocks(REPO / "README.md"))]


@pytest.mark.parametrize("path, index, code", EXAMPLES, ids=[f"{p}:{i}" for p, i, _ in EXAMPLES])
def test_example_runs(path, index, code):
    exec(compile(code, f"{path} example {index}", "exec"), {})
