"""An MkDocs hook: a link from a page to a repository file outside ``docs/``.

Read in a clone, ``[tests/conformance/README.md](../../tests/conformance/README.md)``
leads to the file; on the built site there is no such page. The hook turns
such a link into the path as code, so the site shows where the file is in
the repository, and refuses (a warning, so ``mkdocs build --strict`` fails)
a link whose file does not exist.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.repo_links")

_LINK = re.compile(r"\[([^\]]+)\]\(((?:\.\./)+[^)#\s]+)(#[^)\s]*)?\)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    docs = Path(config["docs_dir"]).resolve()
    here = (docs / page.file.src_path).parent

    def outside(match: re.Match[str]) -> str:
        target = (here / match.group(2)).resolve()
        if target.is_relative_to(docs):
            return match.group(0)  # a page of the site: MkDocs checks it
        root = docs.parent
        if not target.is_relative_to(root) or not target.exists():
            log.warning(
                "%s links to %s, which is not in the repository", page.file.src_path, match.group(2)
            )
            return match.group(0)
        path = target.relative_to(root).as_posix()
        if match.group(1).strip("`") == path:
            return f"`{path}`"
        return f"{match.group(1)} (`{path}`)"

    return _LINK.sub(outside, markdown)
