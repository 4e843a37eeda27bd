import os

import pytest

from kb import processes


def squares_with_pid(chunk):
    return [(n * n, os.getpid()) for n in chunk]


def test_results_keep_their_order_and_really_use_other_processes(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(processes, "MIN_ITEMS", 10)
    results = processes.parallel_map(squares_with_pid, range(1000), workers=2)
    assert [square for square, _ in results] == [n * n for n in range(1000)]
    assert os.getpid() not in {pid for _, pid in results}


def test_small_inputs_and_one_worker_stay_in_this_process(monkeypatch: pytest.MonkeyPatch):
    assert {pid for _, pid in processes.parallel_map(squares_with_pid, range(50))} == {os.getpid()}
    monkeypatch.setenv("KB_WORKERS", "1")
    monkeypatch.setattr(processes, "MIN_ITEMS", 10)
    assert {pid for _, pid in processes.parallel_map(squares_with_pid, range(1000))} == {os.getpid()}
