# sitegen — make demo | make test | make build | make site | make install | make deb | make bench | make fuzz | make soak
# Quick start: `make demo`, then `make test`. Both install what is missing first.

SHELL := /bin/bash
.DEFAULT_GOAL := help

SWIFT        ?= swift
PYTHON       ?= python3
VENV         := .venv
DEBUG_BIN    := .build/debug
STATIC_BIN   := .build-static/release
PREFIX       ?= /usr/local
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build, the tests and the demo need.
DEBIAN_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libkf5syntaxhighlighting-dev nodejs libjs-katex \
                   libgraphviz-dev \
                   libssl-dev libsqlite3-dev libhiredis-dev redis-server nginx fcgiwrap caddy apache2 \
                   lighttpd chromium \
                   chromium-driver python3-venv \
                   libcurl4-openssl-dev lintian dpkg-dev adduser systemd logrotate
# nodejs and libjs-katex render math at build time (KaTeX), libgraphviz-dev draws diagrams. The last line is for make deb and its test: FoundationNetworking linked statically needs libcurl.so,
# dpkg-shlibdeps computes Depends, the test starts sitegen-auth with systemd-socket-activate and rotates the audit log with logrotate.

.PHONY: help deps venv build release site test unit-test e2e-test lint format demo install deb clean bench \
        bench-quick fuzz fuzz-smoke soak bench-search bench-incremental bench-throughput bench-wide bench-recheck \
        bench-cgi

# make fuzz: seconds per fuzz target (9 targets, as many at once as there are cores, FUZZ_JOBS to change it);
# on 2 cores the default takes 40 minutes (5 rounds) and gives well over 10 million executions in all.
FUZZ_SECONDS ?= 480

help:
	@echo "make demo      build, render site/ and serve it at http://127.0.0.1:8080 behind sign-in (Ctrl-C stops)"
	@echo "make test      unit tests, swift format lint, end-to-end tests (nginx + headless Chromium)"
	@echo "make build     compile sitegen and sitegen-auth (debug)"
	@echo "make site      render site/ into public/ with its search index (templates/ beside it overrides the built-in theme)"
	@echo "make install   install the binaries the package ships, nginx snippets and systemd units (as root)"
	@echo "make deb       build sitegen_VERSION_ARCH.deb (Swift runtime linked statically) and run lintian on it"
	@echo "make bench     benchmarks against Hugo, MkDocs Material and mod_auth_openidc (BENCHMARKS.md)"
	@echo "make fuzz      libFuzzer on the 9 parsers, FUZZ_SECONDS (480) each, one per core; crashes fail it (BENCHMARKS.md)"
	@echo "make fuzz-smoke  the same, 20 s each (part of make test)"
	@echo "make soak      100 connections for 60 s through nginx + release sitegen-auth, 3 runs, RSS flat"
	@echo "               (SOAK_SECONDS, SOAK_CONNECTIONS)"
	@echo "make bench-quick    make bench at 1,000 pages, once, with short throughput rounds (under 10 min once built)"
	@echo "make bench-search   only search, against MkDocs Material's, at 10,000 pages"
	@echo "make bench-incremental   only sitegen's rebuilds after an edit and the preview's edit-to-reload"
	@echo "make bench-throughput    only the request path (nginx, sitegen-auth, Apache) and metrics on and off"
	@echo "make bench-recheck  only the check with session re-checks off and every 10 s, side by side"
	@echo "make bench-wide     only output size and builds against Hugo, 10,000 pages and the wide-section corpus"
	@echo "make bench-cgi      only sitegen-auth as CGI (nginx + fcgiwrap) against the FastCGI server, and its start-up"

# Installs only what is missing; `apt-get update` runs only when something must be installed.
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(VENV)/.installed: Tests/e2e/requirements.txt | deps
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/e2e/requirements.txt
	touch $@

venv: $(VENV)/.installed

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

site: build
	$(DEBUG_BIN)/sitegen build --site site --output public

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Plugins Sources Tests Fuzz/Package.swift Fuzz/Sources

format:
	$(SWIFT) format --in-place --recursive Package.swift Plugins Sources Tests Fuzz/Package.swift Fuzz/Sources

unit-test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

e2e-test: build venv
	$(VENV)/bin/pytest -q -rs Tests/e2e

test: deps venv lint unit-test e2e-test fuzz-smoke

# libFuzzer with AddressSanitizer on every parser that reads untrusted or hand-written input (Fuzz/, ARCHITECTURE.md).
fuzz: deps
	bash Fuzz/run.sh $(FUZZ_SECONDS)

fuzz-smoke: deps
	FUZZ_SEED=1 bash Fuzz/run.sh 20

# Load through the production snippet with a real session; results in Benchmarks/.work/soak.md (BENCHMARKS.md).
soak: deps venv
	@dpkg -s wrk >/dev/null 2>&1 || { $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk; }
	$(SWIFT) build -c release
	$(VENV)/bin/python Benchmarks/soak.py

demo: build venv
	$(DEBUG_BIN)/sitegen build --site site --output .demo/public
	$(VENV)/bin/python Tests/e2e/stack.py --demo --state .demo

# The binaries the Debian package ships (packaging/build-static.sh): they run without the toolchain, and start
# faster than the release build, whose Swift runtime is 14 more shared libraries (a CGI check is mostly start-up).
install: deps
	SWIFT=$(SWIFT) bash packaging/build-static.sh
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/sitegen $(DESTDIR)/etc/sitegen \
		$(DESTDIR)/etc/nginx/snippets $(DESTDIR)/etc/nginx/conf.d $(DESTDIR)/etc/systemd/system $(DESTDIR)/etc/logrotate.d
	install -d -m 0750 -o www-data -g adm $(DESTDIR)/var/log/sitegen
	install -s -m 0755 $(STATIC_BIN)/sitegen $(STATIC_BIN)/sitegen-auth $(DESTDIR)$(PREFIX)/bin/
	install -m 0644 deploy/nginx/sitegen-auth.conf $(DESTDIR)/etc/nginx/snippets/sitegen-auth.conf
	sed 's|/usr/bin/sitegen-auth|$(PREFIX)/bin/sitegen-auth|' deploy/nginx/sitegen-auth-cgi.conf \
		> $(DESTDIR)/etc/nginx/snippets/sitegen-auth-cgi.conf
	install -m 0644 deploy/nginx/sitegen-auth-http.conf deploy/nginx/sitegen-auth-cache.conf $(DESTDIR)/etc/nginx/conf.d/
	sed 's|/usr/local/|$(PREFIX)/|' deploy/systemd/sitegen-auth.service > $(DESTDIR)/etc/systemd/system/sitegen-auth.service
	install -m 0644 deploy/systemd/sitegen-auth.socket $(DESTDIR)/etc/systemd/system/
	install -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/sitegen/README.md
	install -m 0644 deploy/logrotate/sitegen $(DESTDIR)/etc/logrotate.d/sitegen
	[ -e $(DESTDIR)/etc/sitegen/auth.toml ] || install -m 0640 deploy/auth.example.toml $(DESTDIR)/etc/sitegen/auth.toml
	id -u sitegen-auth >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin sitegen-auth
	chgrp sitegen-auth $(DESTDIR)/etc/sitegen/auth.toml
	@echo "Installed. Next: edit /etc/sitegen/auth.toml, then"
	@echo "  sitegen-auth --config /etc/sitegen/auth.toml --check-config"
	@echo "  systemctl daemon-reload && systemctl enable --now sitegen-auth.socket && systemctl reload nginx"

# The package for servers: packaging/build-deb.sh, in .build-static and .build-deb (ARCHITECTURE.md).
deb: deps
	bash packaging/build-deb.sh

# Side by side with Hugo, MkDocs Material and Apache + mod_auth_openidc; tables in BENCHMARKS.md.
bench: deps
	bash Benchmarks/run.sh

bench-quick: deps
	bash Benchmarks/run.sh --quick

# Only search against MkDocs Material's, at 10,000 pages (part of `make bench`).
bench-search: deps
	bash Benchmarks/run.sh --search-only

# Only the request path through nginx, sitegen-auth and the peers, and metrics on and off (part of `make bench`).
bench-throughput: deps
	bash Benchmarks/run.sh --throughput-only

# Only the check's throughput with session re-checks off (cₒ) and every 10 s (cₖ), in alternating pairs.
bench-recheck: deps
	bash Benchmarks/run.sh --recheck-only

# Only sitegen's rebuilds (an edit at 1,000 and 10,000 pages, a page added to the wide corpus) and the preview's
# edit-to-reload (part of `make bench`), with the sitegen the Debian package ships.
bench-incremental: deps
	bash Benchmarks/run.sh --incremental-only

# Only output size and builds against Hugo at 10,000 pages and on the wide-section corpus (part of `make bench`).
bench-wide: deps
	bash Benchmarks/run.sh --wide-only

# Only sitegen-auth as plain CGI behind fcgiwrap against the FastCGI server, and its start-up (part of `make bench`).
bench-cgi: deps
	bash Benchmarks/run.sh --cgi-only

clean:
	rm -rf .build .build-fuzz .build-static .build-deb sitegen_*.deb public .demo .e2e-artifacts Benchmarks/.work*
