#!/usr/bin/env bash
# Makes komodo 1.0.1's `kzg` and `aplonk` features compile: copies
# ark-poly-commit 0.4.0 from the cargo registry into ./patched and turns
# `pub(crate) fn open` of `KZG10` into `pub fn open` (the only code change;
# its crate-level `deny` lints become `warn`, as under cargo's registry lint cap).
set -euo pipefail
cd "$(dirname "$0")"
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ark-poly-commit-0.4.0 2>/dev/null | head -1 || true)
if [ -z "$src" ]; then
    # fetch it into the registry first (the patch section is not active yet)
    tmp=$(mktemp -d)
    mkdir -p "$tmp/src" && echo 'fn main() {}' > "$tmp/src/main.rs"
    printf '[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\n[workspace]\n[dependencies]\nark-poly-commit = "=0.4.0"\n' > "$tmp/Cargo.toml"
    (cd "$tmp" && cargo fetch -q)
    src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ark-poly-commit-0.4.0 | head -1)
fi
rm -rf patched && mkdir -p patched
cp -r "$src" patched/
chmod -R u+w patched
f=patched/ark-poly-commit-0.4.0/src/kzg10/mod.rs
sed -i 's/^    pub(crate) fn open<'"'"'a>(/    pub fn open<'"'"'a>(/' "$f"
grep -q "^    pub fn open<'a>(" "$f" || { echo "prepare.sh: patch did not apply" >&2; exit 1; }
# A path dependency is compiled without cargo's lint cap: let its lint levels
# warn instead of deny, as they do when it is built from the registry.
sed -i 's/^#!\[deny(/#![warn(/' patched/ark-poly-commit-0.4.0/src/lib.rs
echo "patched ark-poly-commit 0.4.0 in $(pwd)/patched"
