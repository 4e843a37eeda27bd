"""A search index of the small knowledge base that tests/test_search.py ranks on."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_search import small_knowledge_base  # tests/ is on sys.path: pytest puts conftest folders there

from kb.search import INDEX_NAME
from kb.search_index import write_search_index


@pytest.fixture
def index(tmp_path: Path) -> Path:
    write_search_index(small_knowledge_base(), tmp_path)
    return tmp_path / INDEX_NAME
