"""The README's CI jobs and the pre-commit hook, run as their users run them.

The commands are read from the README's "Verifying examples in CI" section, so
the documentation is what is tested. The fast tests run every command except
`pip install .` (the kb under test is already installed); the slow ones
(`pytest -m slow`) also install from scratch, and run `pre-commit try-repo .`.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from pre_commit.clientlib import load_manifest

from tests.conftest import BUNDLED

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # where this environment's `kb` is


def readme_jobs() -> tuple[dict, dict]:
    """The GitHub Actions workflow and the GitLab CI file written in the README."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Verifying examples in CI\n", 1)[1].split("\n## ", 1)[0]
    documents = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", section, re.S)]
    (github,) = [d for d in documents if "jobs" in d]
    (gitlab,) = [d for d in documents if "pages" in d]
    return github, gitlab


def github_commands(workflow: dict) -> list[str]:
    return [step["run"] for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]


def run_commands(commands: list[str], cwd: Path, path: str, skip_install: bool) -> list[subprocess.CompletedProcess[str]]:
    """Run `commands` in order as a CI runner does, stopping at the first that fails."""
    env = {**os.environ, "PATH": path}
    env.pop("GITHUB_WORKSPACE", None)
    done = []
    for command in commands:
        if skip_install and command.startswith("pip install"):
            continue
        result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        done.append(result)
        if result.returncode != 0:
            break
    return done


def test_the_readme_jobs_agree_on_their_paths():
    github, gitlab = readme_jobs()
    commands = github_commands(github)
    steps = [step for job in github["jobs"].values() for step in job["steps"]]
    uploads = {step["uses"].split("@")[0]: step["with"]["path"] for step in steps if "with" in step and "path" in step["with"]}
    assert f"--junit-xml {uploads['actions/upload-artifact']}" in " ".join(commands)
    assert uploads["actions/upload-pages-artifact"] == "site/" and "kb build" in commands
    job = gitlab["pages"]
    assert f"--junit-xml {job['artifacts']['reports']['junit']}" in " ".join(job["script"])
    assert job["artifacts"]["paths"] == ["public"] and "kb build -d public" in job["script"]


def test_the_github_job_checks_reports_and_builds(project: Path):
    github, _ = readme_jobs()
    done = run_commands(github_commands(github), project, f"{BIN}:{os.environ['PATH']}", skip_install=True)
    assert [d.returncode for d in done] == [0, 0], [d.stderr for d in done]
    assert done[0].stdout.splitlines()[-1] == f"kb check: {3 + BUNDLED.examples} checks: {3 + BUNDLED.examples} passed"
    report = ET.parse(project / "reports" / "kb-check.xml").getroot()
    assert report.get("tests") == str(3 + BUNDLED.examples) and report.get("failures") == "0"
    assert (project / "site" / "index.html").is_file() and (project / "site" / "cards" / "rona-disciple-of-gix.html").is_file()


def test_the_github_job_stops_at_a_broken_example_and_annotates_it(project: Path):
    costs = project / "content" / "rulings" / "costs.yaml"
    costs.write_text(costs.read_text(encoding="utf-8").replace("code: |\n", "code: |\n      assert False, 'no'\n", 1), "utf-8")
    github, _ = readme_jobs()
    done = run_commands(github_commands(github), project, f"{BIN}:{os.environ['PATH']}", skip_install=True)
    assert [d.returncode for d in done] == [1]  # kb build never runs
    assert done[0].stdout.startswith("::error file=content/rulings/costs.yaml,line=13,title=kb check%3A x-in-enters-abilities::")
    report = ET.parse(project / "reports" / "kb-check.xml").getroot()
    assert report.get("failures") == "1"
    assert not (project / "site").exists()


def test_the_gitlab_job_checks_reports_and_builds_into_public(project: Path):
    _, gitlab = readme_jobs()
    done = run_commands(gitlab["pages"]["script"], project, f"{BIN}:{os.environ['PATH']}", skip_install=True)
    assert [d.returncode for d in done] == [0, 0], [d.stderr for d in done]
    assert ET.parse(project / "reports" / "kb-check.xml").getroot().get("tests") == str(3 + BUNDLED.examples)
    assert (project / "public" / "index.html").is_file()


def test_the_hook_definition_is_valid_and_its_command_checks_content(project: Path):
    (hook,) = load_manifest(str(REPO / ".pre-commit-hooks.yaml"))  # pre-commit's own validation
    assert hook["id"] == "kb-check" and hook["pass_filenames"] is False
    runs_on = re.compile(hook["files"])
    assert runs_on.search("content/cards/rona-disciple-of-gix.yaml") and runs_on.search("mkdocs.yml")
    assert not runs_on.search("README.md")
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}"}
    entry = shlex.split(hook["entry"])
    assert subprocess.run(entry, cwd=project, env=env, capture_output=True, timeout=120).returncode == 0
    mana = project / "content" / "rulings" / "mana.yaml"
    mana.write_text(mana.read_text(encoding="utf-8").replace("code: |\n", "code: |\n      assert False\n", 1), "utf-8")
    failed = subprocess.run(entry, cwd=project, env=env, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1
    assert "error: content/rulings/mana.yaml:" in failed.stderr and "undefined-mana-type failed" in failed.stderr


def copy_repository(root: Path) -> Path:
    """What a clone of this repository holds (without tests and benchmarks), as a fresh git repository."""
    root.mkdir()
    for name in ("pyproject.toml", "README.md", "mkdocs.yml", ".pre-commit-hooks.yaml"):
        shutil.copy(REPO / name, root / name)
    for name in ("kb", "templates", "content"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *command], cwd=root, check=True, timeout=60)
    return root


@pytest.mark.slow
def test_the_github_job_from_a_fresh_install(tmp_path: Path):
    """Everything the job runs, `pip install .` included, in a fresh environment standing in for setup-python."""
    root = copy_repository(tmp_path / "repo")
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "python")], check=True, timeout=120)
    github, _ = readme_jobs()
    done = run_commands(github_commands(github), root, f"{tmp_path / 'python' / 'bin'}:{os.environ['PATH']}", skip_install=False)
    assert [d.returncode for d in done] == [0, 0, 0], [d.stderr[-2000:] for d in done]
    assert ET.parse(root / "reports" / "kb-check.xml").getroot().get("failures") == "0"
    assert (root / "site" / "index.html").is_file()


@pytest.mark.slow
def test_pre_commit_try_repo_runs_the_hook(tmp_path: Path):
    """`pre-commit try-repo .` installs kb as the hook's environment and runs it: it passes, then fails on a broken example."""
    root = copy_repository(tmp_path / "repo")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit")}
    # With --ref, the second run reuses the environment the first one installed.
    try_repo = [str(BIN / "pre-commit"), "try-repo", ".", "kb-check", "--ref", head, "--all-files", "--verbose"]
    passed = subprocess.run(try_repo, cwd=root, env=env, capture_output=True, text=True, timeout=900)
    assert passed.returncode == 0, passed.stdout[-3000:]
    assert re.search(r"kb check \(validate content/ and run the rulings' examples\)\.+Passed", passed.stdout)
    assert f"ok: {BUNDLED.cards} cards, {BUNDLED.rulings} rulings, {BUNDLED.examples} examples passed" in passed.stdout

    costs = root / "content" / "rulings" / "costs.yaml"
    costs.write_text(costs.read_text(encoding="utf-8").replace("code: |\n", "code: |\n      assert False, 'no'\n", 1), "utf-8")
    failed = subprocess.run(try_repo, cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert failed.returncode == 1
    assert "Failed" in failed.stdout
    assert "error: content/rulings/costs.yaml:13: example of ruling x-in-enters-abilities failed" in failed.stdout
