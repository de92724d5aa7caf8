"""What a reader who is not signed in can fetch through the production snippet: public pages, and nothing
about the pages that need sign-in — no titles in navigation, breadcrumbs or the pager, no sitemap entries,
and no page content brought in by server side includes written into content."""

from __future__ import annotations

import shutil

from conftest import build_site
from pages import fetch

SIGNED_IN_TITLES = ["Osprey Handbook", "Heron Leave Policy", "Guide", "Setup", "Finance", "Administration"]


def test_public_home_page_names_no_page_that_needs_sign_in(stack):
    status, html = fetch(stack, "/")
    assert status == 200 and "Welcome" in html
    for title in SIGNED_IN_TITLES:
        assert f">{title}<" not in html, f"the title '{title}' reached an anonymous reader"
    assert "<!--#" not in html, "nginx must have evaluated every server side include"


def test_public_page_in_a_signed_in_section_names_neither_section_nor_siblings(stack):
    status, html = fetch(stack, "/osprey/visitors/")
    assert status == 200 and "VISITORS-CONTENT" in html
    assert "Osprey Handbook" not in html and "Heron Leave Policy" not in html
    assert "/osprey/heron/" not in html


def test_signed_in_section_is_refused_to_anonymous_readers(stack):
    status, _ = fetch(stack, "/osprey/heron/")
    assert status == 302


def test_sitemap_lists_public_pages_only(stack):
    status, xml = fetch(stack, "/sitemap.xml")
    assert status == 200
    assert "<loc>https://handbook.acme.example/</loc>" in xml
    assert "<loc>https://handbook.acme.example/osprey/visitors/</loc>" in xml
    for path in ["/guide/", "/finance/", "/admin/", "/osprey/", "/osprey/heron/"]:
        assert f"<loc>https://handbook.acme.example{path}</loc>" not in xml


def test_build_refuses_a_server_side_include_in_content_and_keeps_the_published_site(stack, workdir, site_source):
    source = workdir / "ssi-site"
    shutil.copytree(site_source, source)
    output = workdir / "ssi-public"
    assert build_site(source, output).returncode == 0
    before = {path: path.read_bytes() for path in output.rglob("*") if path.is_file()}
    page = source / "index.md"
    text = page.read_text()
    include_line = text.count("\n") + 2  # after the blank line that ends the page's last paragraph
    page.write_text(text + '\n<!--# include virtual="/finance/" -->\n\n<!--# echo var="http_cookie" -->\n')
    result = build_site(source, output)
    assert result.returncode == 1
    assert f"index.md:{include_line}: markdown: '<!--#' in raw HTML opens an nginx Server Side Include" in result.stderr
    assert f"index.md:{include_line + 2}: markdown:" in result.stderr
    assert {path: path.read_bytes() for path in output.rglob("*") if path.is_file()} == before
