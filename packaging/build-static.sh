#!/usr/bin/env bash
# The release build of sitegen and sitegen-auth that the Debian package ships (packaging/build-deb.sh), `make
# install` installs and the benchmarks of start-up measure: the Swift runtime linked statically, into
# .build-static/release (ARCHITECTURE.md, "The Debian package").
#
#   packaging/build-static.sh [--product NAME]
#
# Never build anything but this in .build-static: SwiftPM keeps one link plan per configuration and does not redo
# it when only --static-swift-stdlib changes. -z now: full RELRO, as Debian's hardening flags give C programs.
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${SWIFT:-swift}" build -c release --static-swift-stdlib --scratch-path .build-static -Xlinker -z -Xlinker now "$@"
