"""The sitegen .deb on this machine: built by packaging/build-deb.sh, installed with apt-get, removed and purged
with dpkg. The end-to-end test installs it for real, so it first checks that nothing of a `make install` or an
earlier install is there for it to replace or purge."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from stack import REPO

# What the package installs, or its purge deletes, beside its own files: each must be absent before the test.
TOUCHED = [
    Path(path) for path in (
        "/usr/bin/sitegen", "/usr/bin/sitegen-auth", "/usr/local/bin/sitegen-auth", "/etc/sitegen",
        "/etc/nginx/snippets/sitegen-auth.conf", "/etc/nginx/conf.d/sitegen-auth-http.conf",
        "/etc/systemd/system/sitegen-auth.service", "/var/lib/sitegen-auth", "/var/cache/sitegen-auth",
        "/run/sitegen-auth", "/run/nginx-sitegen-auth-cache", "/var/log/sitegen", "/etc/logrotate.d/sitegen",
    )
]
APT_ENV = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}


def run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"
    return result


def why_not_here() -> str | None:
    """Why the package must not be installed on this machine now, or None."""
    if os.geteuid() != 0:
        return "installing a package needs root"
    if installed_version() is not None:
        return "the sitegen package is installed; the test would replace and purge it"
    if user_exists("sitegen-auth"):
        return "the user sitegen-auth exists (make install?); purging the package would delete it"
    present = [str(path) for path in TOUCHED if path.exists()]
    if present:
        return "a sitegen install is here (make install?): " + ", ".join(present)
    return None


def build(output: Path, revision: int) -> Path:
    """packaging/build-deb.sh, gzip level 1 instead of xz: the same files in a fraction of the time."""
    env = {**os.environ, "DPKG_DEB_COMPRESSOR_TYPE": "gzip", "DPKG_DEB_COMPRESSOR_LEVEL": "1"}
    result = run(
        "bash", str(REPO / "packaging" / "build-deb.sh"), "--revision", str(revision), "--output-dir", str(output),
        "--no-lintian", env=env)
    return Path(result.stdout.strip().splitlines()[-1])


def install(deb: Path) -> None:
    run("apt-get", "install", "--yes", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=120", str(deb),
        env=APT_ENV)


def remove() -> None:
    run("dpkg", "--remove", "sitegen", env=APT_ENV)


def purge() -> None:
    run("dpkg", "--purge", "sitegen", env=APT_ENV)


def installed_version() -> str | None:
    status = subprocess.run(
        ["dpkg-query", "--show", "--showformat", "${db:Status-Status} ${Version}", "sitegen"],
        capture_output=True, text=True, check=False)
    state, _, version = status.stdout.partition(" ")
    return version if status.returncode == 0 and state in ("installed", "half-configured", "unpacked") else None


def user_exists(name: str) -> bool:
    return subprocess.run(["getent", "passwd", name], capture_output=True, check=False).returncode == 0


def group_exists(name: str) -> bool:
    return subprocess.run(["getent", "group", name], capture_output=True, check=False).returncode == 0


def toolchain_libraries(binary: Path) -> list[str]:
    """Lines of `ldd` that name the Swift toolchain's folder or a library that only it provides."""
    toolchain = Path(shutil.which("swift") or "/opt/swift/usr/bin/swift").resolve().parents[1]
    # A toolchain installed into a system prefix shares its folder with Debian's libraries: names only then.
    folder = None if str(toolchain) in ("/", "/usr", "/usr/local") else str(toolchain) + "/"
    lines = run("ldd", str(binary)).stdout.splitlines()
    return [line for line in lines if (folder and folder in line) or "libswift" in line or "libFoundation" in line
            or "not found" in line]
