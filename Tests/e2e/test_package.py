"""The Debian package as an administrator meets it: `make deb`'s script builds it, apt-get installs it, the installed
programs build a site and sign a reader in through nginx with the installed snippets, an upgrade keeps the reader
signed in, `dpkg --remove` keeps the user and the sessions, and `dpkg --purge` removes them.

It installs the package on this machine (CI's is thrown away) and purges it at the end. Where a `make install` or
an installed package is present it skips rather than replace or purge them (debian_package.why_not_here)."""

from __future__ import annotations

import grp
import json
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

import debian_package as package
from installed_stack import InstalledStack
from pages import body_text, sign_in, wait

NOT_HERE = package.why_not_here()
pytestmark = pytest.mark.skipif(NOT_HERE is not None, reason=str(NOT_HERE))

STATE_DIRECTORY = Path("/var/lib/sitegen-auth")
AUDIT_LOG = Path("/var/log/sitegen/audit.log")
INSTALLED_ONLY = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


@pytest.fixture(scope="module")
def scratch():
    """A folder the unprivileged users (nginx's workers, sitegen-auth) may read."""
    with tempfile.TemporaryDirectory(prefix="sitegen-deb-") as folder:
        Path(folder).chmod(0o755)
        yield Path(folder)


@pytest.fixture(scope="module")
def packages(scratch: Path) -> tuple[Path, Path]:
    """Revisions 1 and 2 of the same build, for an install and an upgrade."""
    output = scratch / "debs"
    return package.build(output, revision=1), package.build(output, revision=2)


@pytest.fixture
def installed(packages: tuple[Path, Path]):
    package.install(packages[0])
    try:
        yield packages
    finally:
        if package.installed_version() is not None:
            package.purge()
        for leftover in ("/run/sitegen-auth", "/run/nginx-sitegen-auth-cache"):
            shutil.rmtree(leftover, ignore_errors=True)


def test_lintian_finds_nothing_to_warn_about(packages: tuple[Path, Path]):
    result = subprocess.run(["lintian", "--fail-on", "error,warning", str(packages[0])],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_man_pages_keep_their_words_whole(packages: tuple[Path, Path], tmp_path: Path):
    """man at 80 columns breaks no word with a hyphen of its own ("ng‐inx"), and groff finds nothing to warn about."""
    subprocess.run(["dpkg-deb", "-x", str(packages[0]), str(tmp_path)], check=True)
    pages = sorted((tmp_path / "usr/share/man/man1").glob("*.1.gz"))
    assert len(pages) > 10, pages
    for page in pages:
        shown = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True, check=True,
                               env={**INSTALLED_ONLY, "MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""}).stdout
        # groff marks a break it made inside a word with U+2010; the hyphens written in the text stay '-'.
        broken = [line for line in shown.splitlines() if line.endswith("\u2010")]
        assert broken == [], f"{page.name}: {broken}"
        source = subprocess.run(["zcat", str(page)], capture_output=True, text=True, check=True).stdout
        warnings = subprocess.run(["groff", "-ww", "-mandoc", "-Tutf8", "-z"], input=source, capture_output=True,
                                  text=True, check=True).stderr
        assert warnings == "", f"{page.name}: {warnings}"


def test_install_sign_in_upgrade_remove_and_purge(installed: tuple[Path, Path], scratch: Path, browser):
    for program in ("/usr/bin/sitegen", "/usr/bin/sitegen-auth"):
        assert package.toolchain_libraries(Path(program)) == [], f"{program} needs the Swift toolchain"
    assert Path("/etc/sitegen/auth.toml").stat().st_mode & 0o777 == 0o640
    assert Path("/etc/sitegen/auth.toml").group() == "sitegen-auth"
    for page in ("sitegen.1.gz", "sitegen.build.1.gz", "sitegen-auth.1.gz", "sitegen-auth.sessions.revoke.1.gz"):
        assert Path("/usr/share/man/man1", page).is_file(), f"no man page {page}"
    for page in ("index.md", "deploy/sessions.md", "deploy/metrics.md", "search.md"):
        assert Path("/usr/share/doc/sitegen/guide", page).is_file(), f"the guide lacks {page}"
    examples = Path("/usr/share/doc/sitegen/examples")
    for example in ("site.example.conf", "apache/sitegen-site.conf", "lighttpd/sitegen-auth.conf", "caddy/Caddyfile",
                    "traefik/sitegen.toml"):
        assert (examples / example).is_file(), f"the package lacks the example {example}"
    depends = subprocess.run(["dpkg-query", "--show", "--showformat", "${Depends}", "sitegen"],
                             capture_output=True, text=True, check=True).stdout
    names = {part.strip().split(" ")[0] for part in depends.replace("|", ",").split(",")}
    assert {"libc6", "libssl3", "libsqlite3-0", "libhiredis0.14"} <= names, depends
    assert "libfcgi0ldbl" not in names, f"sitegen-auth reads FastCGI itself: {depends}"
    assert not any(name.endswith("-dev") or "swift" in name for name in names), depends

    site = build_a_new_site(scratch)
    settings = {"session_store": f"sqlite:{STATE_DIRECTORY}/sessions.db", "cache_dir": "/var/cache/sitegen-auth"}
    stack = InstalledStack(state=scratch / "state", public=site / "public", auth_settings=settings)
    try:
        stack.start()
        sign_in(browser, stack, "ann", "/guide/")
        assert "Ann Lee" in body_text(browser)
        assert finds_in_the_audit_log(stack, "/guide/", "Ann Lee"), "the installed snippets feed the audit log"
        config = stack.auth_config.read_text()

        package.install(installed[1])
        assert package.installed_version() == installed[1].name.split("_")[1]
        assert stack.auth_config.read_text() == config, "an upgrade keeps the edited config"
        stack.stop_auth()
        stack.start_auth()
        assert reads_protected_page(browser, stack), "the session must survive the upgrade and the restart"
    finally:
        stack.stop()
        print(stack.log("auth")[-4000:], stack.log("nginx-error")[-4000:], sep="\n")

    rotates_the_audit_log(scratch)

    package.remove()
    assert not Path("/usr/bin/sitegen-auth").exists()
    assert package.user_exists("sitegen-auth") and (STATE_DIRECTORY / "sessions.db").exists()
    assert Path("/etc/sitegen/auth.toml").exists(), "remove keeps the configuration"

    package.purge()
    assert not package.user_exists("sitegen-auth") and not package.group_exists("sitegen-auth")
    for path in (STATE_DIRECTORY, Path("/var/cache/sitegen-auth"), Path("/etc/sitegen"), AUDIT_LOG.parent,
                 Path("/etc/nginx/snippets/sitegen-auth.conf"), Path("/etc/nginx/conf.d/sitegen-auth-http.conf")):
        assert not path.exists(), f"purge leaves {path}"


def test_maintainer_scripts_reload_and_restart_only_under_systemd(packages: tuple[Path, Path], scratch: Path):
    """No systemd runs here, so the scripts' systemd branch runs in a mount namespace whose /run has
    /run/systemd/system, with systemctl, deb-systemd-invoke and adduser replaced by stand-ins that log their calls."""
    if subprocess.run(["unshare", "--mount", "true"], capture_output=True, check=False).returncode != 0:
        pytest.skip("no mount namespaces here (unshare --mount)")
    control, stand_ins, log = scratch / "control", scratch / "stand-ins", scratch / "calls.log"
    subprocess.run(["dpkg-deb", "--control", str(packages[0]), str(control)], check=True)
    stand_ins.mkdir(exist_ok=True)
    for name in ("systemctl", "deb-systemd-invoke", "adduser"):
        (stand_ins / name).write_text(f'#!/bin/sh\necho "{name} $*" >>"$CALLS"\n')
        (stand_ins / name).chmod(0o755)

    def calls(script: str, *arguments: str) -> list[str]:
        log.write_text("")
        subprocess.run(
            ["unshare", "--mount", "sh", "-c", 'mount -t tmpfs tmpfs /run && mkdir -p /run/systemd/system && exec "$@"',
             "sh", str(control / script), *arguments],
            env={"PATH": f"{stand_ins}:/usr/sbin:/usr/bin:/sbin:/bin", "CALLS": str(log)}, check=True)
        return [line for line in log.read_text().splitlines() if not line.startswith("adduser")]

    reload, restart = "systemctl --system daemon-reload", "deb-systemd-invoke try-restart sitegen-auth.service"
    try:
        assert calls("postinst", "configure") == [reload], "a first install starts nothing"
        assert calls("postinst", "configure", "0.1.0-1") == [reload, restart]
        assert calls("prerm", "upgrade", "0.1.0-2") == []
        assert calls("prerm", "remove") == ["deb-systemd-invoke stop sitegen-auth.socket sitegen-auth.service"]
        assert calls("postrm", "remove") == [reload]
    finally:
        # postinst made the audit log's folder for real; the next run's "no sitegen install here" check needs it gone.
        shutil.rmtree(AUDIT_LOG.parent, ignore_errors=True)


def build_a_new_site(folder: Path) -> Path:
    """`sitegen new demo && cd demo && sitegen build` with the installed sitegen and nothing of the toolchain."""
    created = subprocess.run(["sitegen", "new", "demo"], cwd=folder, env=INSTALLED_ONLY,
                             capture_output=True, text=True, check=False)
    assert created.returncode == 0, created.stderr
    built = subprocess.run(["sitegen", "build"], cwd=folder / "demo", env=INSTALLED_ONLY,
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return folder / "demo"


def finds_in_the_audit_log(stack: InstalledStack, path: str, name: str) -> bool:
    """The installed sitegen-auth audit finds the reader's request in the log nginx wrote with the installed files."""
    answer = subprocess.run(
        ["sitegen-auth", "audit", "--log", str(stack.state / "audit.log"), "--path", path, "--json"],
        capture_output=True, text=True, check=True, env=INSTALLED_ONLY)
    return any(json.loads(line)["name"] == name for line in answer.stdout.splitlines())


def rotates_the_audit_log(scratch: Path) -> None:
    """The installed logrotate rule rotates /var/log/sitegen, which only www-data, root and adm may read: nginx's
    workers (www-data) reopen audit.log by name after the rotation's USR1, which they cannot in a folder of root's."""
    folder = AUDIT_LOG.parent.stat()
    assert (folder.st_mode & 0o777, pwd.getpwuid(folder.st_uid).pw_name, grp.getgrgid(folder.st_gid).gr_name) == (
        0o750, "www-data", "adm")
    line = '{"time":"2026-10-14T09:12:03+00:00","method":"GET","path":"/","status":200,"bytes":1}\n'
    AUDIT_LOG.write_text(line)
    subprocess.run(["logrotate", "--force", "--state", str(scratch / "logrotate.state"), "/etc/logrotate.d/sitegen"],
                   check=True)
    [rotated] = AUDIT_LOG.parent.glob("audit.log-*")
    assert rotated.read_text() == line and AUDIT_LOG.read_text() == ""
    assert (AUDIT_LOG.stat().st_mode & 0o777, AUDIT_LOG.owner(), AUDIT_LOG.group()) == (0o640, "www-data", "adm")


def reads_protected_page(browser, stack: InstalledStack) -> bool:
    """A new query string each time, so nginx's 5-second cache of allowed checks cannot answer for sitegen-auth."""
    browser.get(f"{stack.base_url}/guide/?probe={uuid.uuid4().hex}")
    wait(browser).until(lambda d: d.current_url.startswith((stack.base_url, stack.provider_url)))
    return browser.current_url.startswith(stack.base_url) and "Ann Lee" in body_text(browser)
