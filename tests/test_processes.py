import os
import subprocess
import sys
import threading

import pytest

from kb import processes


def squares_with_pid(chunk):
    return [(n * n, os.getpid()) for n in chunk]


def test_results_keep_their_order_and_really_use_other_processes():
    # In a fresh interpreter: this one may run threads of other tests' fixtures (a browser driver's),
    # and then rightly forks nothing.
    code = (
        "import os; from kb import processes; processes.MIN_ITEMS = 10\n"
        "squares = lambda chunk: [(n * n, os.getpid()) for n in chunk]\n"
        "results = processes.parallel_map(squares, range(1000), workers=2)\n"
        "assert [s for s, _ in results] == [n * n for n in range(1000)], 'order lost'\n"
        "print(os.getpid() in {pid for _, pid in results})"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False"], "the work was done in the calling process, not by forked workers"


def test_small_inputs_and_one_worker_stay_in_this_process(monkeypatch: pytest.MonkeyPatch):
    assert {pid for _, pid in processes.parallel_map(squares_with_pid, range(50))} == {os.getpid()}
    monkeypatch.setenv("KB_WORKERS", "1")
    monkeypatch.setattr(processes, "MIN_ITEMS", 10)
    assert {pid for _, pid in processes.parallel_map(squares_with_pid, range(1000))} == {os.getpid()}


def test_with_another_thread_running_nothing_is_forked(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(processes, "MIN_ITEMS", 10)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not processes.can_fork()
        assert {pid for _, pid in processes.parallel_map(squares_with_pid, range(1000), workers=2)} == {os.getpid()}
        job = processes.Background(lambda: None, name="test-job")
        assert job.wait() is None and job._process is None  # run by a thread of this process
    finally:
        stop.set()
        other.join()


def _full_disk() -> None:
    raise OSError(28, "No space left on device", "/site/api/index.json")


def _many_lines() -> None:
    raise ValueError("first line\nTraceback (most recent call last):\n  somewhere")


@pytest.mark.parametrize("forked", [True, False])
def test_a_failed_job_says_why_in_one_line(forked: bool, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(processes, "can_fork", lambda: forked)
    assert processes.Background(_full_disk, name="test-job").wait() == "/site/api/index.json: No space left on device"
    assert processes.Background(_many_lines, name="test-job").wait() == "first line"
