import io

from kb.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_stages_and_counts():
    stream = Terminal()
    progress = Progress(stream)
    with progress.stage("linking"):
        pass
    progress.count("building site", 3, 3)
    shown = stream.getvalue()
    assert "linking…" in shown and "linking: 0.0 s\n" in shown and "building site: 3/3\n" in shown


def test_a_log_file_stays_silent():
    stream = io.StringIO()
    progress = Progress(stream)
    with progress.stage("linking"):
        pass
    progress.count("building site", 3, 3)
    assert stream.getvalue() == ""
