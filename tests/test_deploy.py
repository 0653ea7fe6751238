"""The image's inputs: the lock covers pyproject.toml's runtime dependencies, and the
Dockerfile installs it in a layer of its own, before the code."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def locked() -> dict[str, tuple[Version, int]]:
    """requirements.lock's pins: name -> (version, how many hashes it has)."""
    pins: dict[str, tuple[Version, int]] = {}
    name = ""
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if pin := PIN.match(line):
            name = canonicalize_name(pin[1])
            pins[name] = (Version(pin[2]), 0)
        elif line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
    return pins


def test_the_lock_pins_every_runtime_dependency_within_its_specifier_with_hashes() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = locked()
    assert len(pins) > len(project["dependencies"])  # their own dependencies too
    for text in project["dependencies"]:
        wanted = Requirement(text)
        name = canonicalize_name(wanted.name)
        assert name in pins, f"{wanted.name} has no entry in requirements.lock: refresh it"
        version, _ = pins[name]
        assert wanted.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name}=={version}, outside {wanted.specifier}: refresh it"
        )
    unhashed = [name for name, (_, hashes) in pins.items() if hashes == 0]
    assert not unhashed, f"no hash for {unhashed}: pip install --require-hashes would refuse"


def instructions() -> list[str]:
    """The Dockerfile's instructions in order, each on one line."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_dockerfile_installs_the_lock_before_it_copies_the_code() -> None:
    steps = instructions()
    copies = [i for i, step in enumerate(steps) if step.startswith("COPY ")]
    assert steps[copies[0]] == "COPY requirements.lock /tmp/requirements.lock"  # that alone
    install = next(i for i, step in enumerate(steps) if "-r /tmp/requirements.lock" in step)
    assert copies[0] < install < copies[1]
    assert "--require-hashes" in steps[install]
    runtime = steps.index("FROM ${PYTHON_IMAGE} AS runtime")
    assert "USER 10001:10001" in steps[runtime:]  # numeric: the host can tell it is not root
    assert 'CMD ["python", "-m", "bot", "health"]' in steps[-2]  # the HEALTHCHECK
