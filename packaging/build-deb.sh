#!/usr/bin/env bash
# Builds sitegen_VERSION_ARCH.deb with dpkg-deb from a staging tree in .build-deb/ (`make deb`;
# ARCHITECTURE.md, "The Debian package").
#
#   packaging/build-deb.sh [--revision N] [--output-dir DIR] [--no-lintian]
#
# VERSION is what `sitegen --version` prints, then the Debian revision N (default 1). The last line
# printed is the path of the package.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
umask 022

revision=1
output_dir=.
run_lintian=yes
while [ $# -gt 0 ]; do
    case $1 in
    --revision) revision=$2; shift 2 ;;
    --output-dir) output_dir=$2; shift 2 ;;
    --no-lintian) run_lintian=no; shift ;;
    *) echo "usage: $0 [--revision N] [--output-dir DIR] [--no-lintian]" >&2; exit 2 ;;
    esac
done

SWIFT=${SWIFT:-swift}
# packaging/build-static.sh's folder: nothing but its build runs there.
scratch=.build-static
work=.build-deb
stage=$work/root
debian=packaging/debian

step() { echo "[deb] $*"; }
fail() { echo "build-deb: $*" >&2; exit 1; }
# A template with @VERSION@ and the like filled in (values may hold any character but newline).
fill() {
    local text
    text=$(<"$1")
    text=${text//@VERSION@/$version}
    text=${text//@UPSTREAM_VERSION@/$upstream_version}
    text=${text//@ARCH@/$arch}
    text=${text//@COMMIT@/$commit}
    text=${text//@MAINTAINER@/$maintainer}
    text=${text//@DATE@/$(date -u -R -d "@$SOURCE_DATE_EPOCH")}
    text=${text//@INSTALLED_SIZE@/${installed_size:-}}
    text=${text//@DEPENDS@/${depends:-}}
    printf '%s\n' "$text"
}

step "release build, Swift runtime linked statically ($scratch)"
SWIFT=$SWIFT bash packaging/build-static.sh
bin=$scratch/release

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")
from_toolchain=(-e "not found")
# A toolchain installed into a system prefix (/usr) shares its folder with Debian's libraries: names only then.
case "$toolchain" in /usr | /usr/local | /) ;; *) from_toolchain+=(-e "$toolchain/") ;; esac
for program in sitegen sitegen-auth; do
    libraries=$(ldd "$bin/$program")
    if grep -F "${from_toolchain[@]}" <<<"$libraries" ||
        grep -E 'lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime)' <<<"$libraries"; then
        fail "$bin/$program loads the libraries above from the toolchain; rm -rf $scratch and build again"
    fi
done

upstream_version=$("$bin/sitegen" --version)
[ "$("$bin/sitegen-auth" --version)" = "$upstream_version" ] || fail "sitegen and sitegen-auth print different versions"
version=$upstream_version-$revision
arch=$(dpkg --print-architecture)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
commit=$(git describe --always --dirty 2>/dev/null || echo unknown)
maintainer=$(sed -n 's/^Maintainer: //p' "$debian/control.in")

step "staging sitegen $version in $stage"
rm -rf "$stage" "$work/man"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/etc/sitegen" "$stage/etc/nginx/snippets" \
    "$stage/etc/nginx/conf.d" "$stage/etc/logrotate.d" "$stage/lib/systemd/system" "$stage/usr/share/man/man1" \
    "$stage/usr/share/doc/sitegen/examples"
install -m 0755 "$bin/sitegen" "$bin/sitegen-auth" "$stage/usr/bin/"
# What dh_strip does; the symbols would belong in a -dbgsym package, which this build does not make.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/"*

install -m 0644 deploy/nginx/sitegen-auth.conf deploy/nginx/sitegen-auth-cgi.conf "$stage/etc/nginx/snippets/"
install -m 0644 deploy/nginx/sitegen-auth-http.conf deploy/nginx/sitegen-auth-cache.conf "$stage/etc/nginx/conf.d/"
# The audit log's rotation; postinst makes /var/log/sitegen (0750 www-data:adm, which lintian would not take in the tree).
install -m 0644 deploy/logrotate/sitegen "$stage/etc/logrotate.d/sitegen"
# Root owns it; postinst gives it the group sitegen-auth.
install -m 0640 deploy/auth.example.toml "$stage/etc/sitegen/auth.toml"
install -m 0644 deploy/systemd/sitegen-auth.socket "$stage/lib/systemd/system/"
sed -e 's|/usr/local/bin/|/usr/bin/|' \
    -e 's|^Documentation=.*|Documentation=man:sitegen-auth(1) file:///usr/share/doc/sitegen/guide/deploy/nginx.md|' \
    deploy/systemd/sitegen-auth.service >"$stage/lib/systemd/system/sitegen-auth.service"
grep -q '^ExecStart=/usr/bin/sitegen-auth ' "$stage/lib/systemd/system/sitegen-auth.service" ||
    fail "deploy/systemd/sitegen-auth.service: ExecStart no longer starts /usr/local/bin/sitegen-auth"

step "man pages from the programs' help (swift-argument-parser's generate-manual)"
# Built as a package of its own: the GenerateManual plugin would rebuild this package in release
# without --static-swift-stdlib in $scratch, and the next static build would link dynamically.
manual_bin=$("$SWIFT" build --package-path "$scratch/checkouts/swift-argument-parser" \
    --scratch-path "$scratch/manual-tool" --product generate-manual --show-bin-path)
"$SWIFT" build --quiet --package-path "$scratch/checkouts/swift-argument-parser" \
    --scratch-path "$scratch/manual-tool" --product generate-manual
mkdir -p "$work/man"
man_date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
for program in sitegen sitegen-auth; do
    "$manual_bin/generate-manual" "$bin/$program" --multi-page --date "$man_date" --output-directory "$work/man"
done
# `help` subcommands only repeat --help; blank lines between paragraphs make groff warn (lintian);
# the quotes around a one-line description would show in `man -k`; groff's mdoc breaks words at
# line ends ("ng-inx", "--check-con-fig") unless its hyphenation register, set when mdoc loads at
# .Dd, is cleared after that line.
rm -f "$work/man/"*.help.1
sed -i -e 's/^$/.Pp/' -e 's/^\.Nd "\(.*\)"$/.Nd \1/' -e '/^\.Dd /a .nr doc-hyphen-flags 0' "$work/man/"*.1
# A subcommand's page is sitegen.theme.export.1: whatis (man -k, lintian) reads one word as its
# name, so NAME says sitegen.theme.export and the synopsis keeps the command as typed.
for page in "$work/man/"*.*.1; do
    name=$(basename "$page" .1)
    sed -i -e "0,/^\.Nm \"${name//./ }\"\$/s//.Nm $name/" -e "s/^\.Nm\$/.Nm \"${name//./ }\"/" "$page"
done
install -m 0644 "$work/man/"*.1 "$stage/usr/share/man/man1/"
gzip -9n "$stage/usr/share/man/man1/"*.1

step "documentation"
(cd site && find . -name '*.md' -print0) | while IFS= read -r -d '' page; do
    install -D -m 0644 "site/$page" "$stage/usr/share/doc/sitegen/guide/$page"
done
install -m 0644 deploy/nginx/site.example.conf "$stage/usr/share/doc/sitegen/examples/"
# The other web servers' configurations, as the guide's deploy pages name them (deploy/SERVER/ in the repository).
for example in apache/sitegen-auth.conf apache/sitegen-site.conf apache/site.example.conf \
    lighttpd/sitegen-auth.conf caddy/Caddyfile traefik/sitegen.toml; do
    install -D -m 0644 "deploy/$example" "$stage/usr/share/doc/sitegen/examples/$example"
done
install -m 0644 "$debian/copyright" "$stage/usr/share/doc/sitegen/"
install -D -m 0644 "$debian/lintian-overrides" "$stage/usr/share/lintian/overrides/sitegen"
fill "$debian/changelog.in" | gzip -9n >"$stage/usr/share/doc/sitegen/changelog.Debian.gz"

step "Depends from the libraries the programs load (dpkg-shlibdeps)"
mkdir -p "$work/shlibdeps/debian"
printf 'Source: sitegen\n\nPackage: sitegen\nArchitecture: any\n' >"$work/shlibdeps/debian/control"
shlibs=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O --warnings=1 -e"$repo/$stage/usr/bin/sitegen" \
    -e"$repo/$stage/usr/bin/sitegen-auth")
depends="adduser, ${shlibs#shlibs:Depends=}"

install -m 0644 "$debian/conffiles" "$stage/DEBIAN/"
install -m 0755 "$debian/postinst" "$debian/prerm" "$debian/postrm" "$stage/DEBIAN/"
(cd "$stage" && find usr lib -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
fill "$debian/control.in" >"$stage/DEBIAN/control"

mkdir -p "$output_dir"
deb=$output_dir/sitegen_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
step "Depends: $depends"

if [ "$run_lintian" = yes ]; then
    step "lintian"
    lintian --fail-on error,warning --display-info "$deb"
fi
echo "$deb"
