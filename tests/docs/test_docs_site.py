"""The docs site builds with ``mkdocs build --strict``: no broken link, no missing page,
no reference the API docs cannot resolve.

MkDocs turns every warning into a failure under ``--strict``; the test also
fails on a warning line in its output, so nothing slips through as a log
message. The build reads the compiled core (the API reference takes the
bindings' docstrings), so it runs against the installed trumpf.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build(site: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
        # The theme's notice about its successor is not about this site.
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def warnings(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in (done.stdout + done.stderr).splitlines() if "WARNING" in line]


def test_the_warning_filter_sees_a_warning() -> None:
    said = "INFO    -  Building\nWARNING -  Doc file 'a.md' contains a link 'b.md'\n"
    done = subprocess.CompletedProcess([], 0, "", said)
    assert warnings(done) == ["WARNING -  Doc file 'a.md' contains a link 'b.md'"]


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    done = build(tmp_path / "site")
    assert done.returncode == 0 and warnings(done) == [], done.stdout + done.stderr
    # The API reference rendered the compiled classes, with their docstrings.
    deal = (tmp_path / "site" / "reference" / "schnapsen" / "index.html").read_text("utf-8")
    assert "trumpf.schnapsen.Deal" in deal
    assert "The cards" in deal  # a bound method's own text, from the core


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        "# Home\n\n[a page](missing.md) and [a file](../no/such/file.py)\n", encoding="utf-8"
    )
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    keep = text.split("\nnav:\n")[0]  # the project's settings, without its pages
    keep = keep.replace("docs_dir: docs", f"docs_dir: {docs}")
    keep = keep.replace("  - docs/_ext/repo_links.py", f"  - {ROOT}/docs/_ext/repo_links.py")
    keep = keep.replace("docs/_ext/core_docstrings.py", f"{ROOT}/docs/_ext/core_docstrings.py")
    config.write_text(keep + "\nnav:\n  - index.md\n", encoding="utf-8")
    done = build(tmp_path / "site", config)
    assert done.returncode != 0
    said = "\n".join(warnings(done))
    assert "missing.md" in said and "no/such/file.py" in said
