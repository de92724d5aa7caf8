"""A file beside a stricter page (issue 29, item 2), end to end through real nginx with the production snippet and
the real sitegen-auth: `guide/payroll.md` needs Finance.Read and links `guide/payroll.xlsx`, in the guide every
signed-in reader may read. Before the fix, bob (no roles) downloaded the spreadsheet he cannot see the page of.
"""

from __future__ import annotations

import shutil
import time

from conftest import build_site
from stack import Stack
from test_auth_hardening import fetch, get, signed_in_cookie

PAGE = """---
title: Payroll
access: { roles: [Finance.Read] }
---
# Payroll

[This month's sheet](payroll.xlsx).
"""


def test_a_file_only_a_stricter_page_links_is_refused_to_readers_of_its_folder(workdir, site_source):
    source = workdir / "site-attachments"
    shutil.copytree(site_source, source)
    (source / "guide" / "payroll.md").write_text(PAGE)
    (source / "guide" / "payroll.xlsx").write_bytes(b"PAYROLL-SHEET-CONTENT")
    site = workdir / "public-attachments"
    result = build_site(source, site)
    assert result.returncode == 0, result.stdout + result.stderr
    stack = Stack(state=workdir / "state-attachments", public=site).start()
    try:
        bob = signed_in_cookie(stack, "bob", "127.0.0.40")
        ann = signed_in_cookie(stack, "ann", "127.0.0.41")
        assert get(stack, "/guide/payroll.xlsx", bob) == 403
        assert get(stack, "/guide/payroll/", bob) == 403
        assert get(stack, "/guide/diagram.png", bob) == 200, "a file no stricter page links keeps its folder's rule"
        assert get(stack, "/guide/payroll.xlsx") == 302, "signed out: sent to sign in"
        answer, body = fetch(stack, "/guide/payroll.xlsx", {"Cookie": ann})
        assert answer.status == 200 and body == b"PAYROLL-SHEET-CONTENT"

        # The page stops linking the sheet: the next build gives it back its folder's rule.
        (source / "guide" / "payroll.md").write_text(PAGE.replace("[This month's sheet](payroll.xlsx).", "Later."))
        result = build_site(source, site)
        assert result.returncode == 0, result.stdout + result.stderr
        deadline = time.monotonic() + 10
        probe = 0
        while get(stack, f"/guide/payroll.xlsx?after={probe}", bob) != 200:
            assert time.monotonic() < deadline, "the rebuilt manifest never reached sitegen-auth"
            probe += 1
            time.sleep(0.2)
    finally:
        stack.stop()
