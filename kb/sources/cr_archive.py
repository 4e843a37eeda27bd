"""Importer for a folder of Comprehensive Rules releases: folder -> releases in order.

An archive holds one text file per release (`YYYY-MM-DD.txt`, named by the
date it was published). Each is read by `cr_text`; a file cut short inside
its glossary is imported as far as it goes, with a warning. Releases are put
in order of the date they took effect, which can differ from the file's name.
"""

from __future__ import annotations

from pathlib import Path

from kb.errors import SourceError
from kb.model import Origin, RulesDocument
from kb.processes import parallel_map
from kb.sources.cr_text import read_rules, truncation_warning


def release_files(folder: Path) -> list[Path]:
    """The release files of an archive folder, by name; an error if there are none."""
    if not folder.is_dir():
        raise SourceError("not a folder of Comprehensive Rules releases", Origin(str(folder)), "give the archive folder")
    files = sorted(folder.glob("*.txt"))
    if not files:
        raise SourceError("no release files (*.txt) in the folder", Origin(str(folder)), "expected files like 2018-07-13.txt")
    return files


def read_archive(files: list[Path]) -> tuple[list[RulesDocument], list[str]]:
    """Every release, oldest first, and a one-line warning for each one cut short."""
    # Each file is independent: every core reads some.
    documents = parallel_map(
        lambda chunk: [read_rules(files[i], allow_truncated=True) for i in chunk], range(len(files)), min_items=2
    )
    warnings = [warning for doc in documents if (warning := truncation_warning(doc))]
    return sorted(documents, key=lambda doc: (doc.effective_date, doc.source)), warnings
