#!/usr/bin/env python3
"""Tests of scripts/layout.py --check on tiny crates written to a temporary folder.

    python3 scripts/layout_test.py

A crate whose modules a and b use each other fails and is named; the same
crate with one direction only passes, and so does a folder module whose
part uses the folder's items (an import from an enclosing module, not a
circle).
"""
import os
import subprocess
import sys
import tempfile

LAYOUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layout.py")


def crate(root, files):
    with open(os.path.join(root, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "tiny"\nversion = "0.1.0"\n')
    for rel, text in files.items():
        path = os.path.join(root, "src", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def check(files):
    with tempfile.TemporaryDirectory() as root:
        crate(root, files)
        r = subprocess.run([sys.executable, LAYOUT, "--check", root], capture_output=True, text=True)
        return r.returncode, r.stdout, r.stderr


def main():
    failures = []

    def expect(what, ok):
        print(f"{'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            failures.append(what)

    lib = "mod a;\nmod b;\n"
    b_one_way = "pub struct B;\n"
    a_uses_b = "use crate::b::B;\npub fn a() -> B { B }\n"
    code, out, err = check({"lib.rs": lib, "a.rs": a_uses_b, "b.rs": b_one_way})
    expect("one direction passes", code == 0 and "import circles: 0" in out and err == "")

    b_uses_a = "use super::a;\npub struct B;\npub fn b() { a::a(); }\n"
    code, out, err = check({"lib.rs": lib, "a.rs": a_uses_b, "b.rs": b_uses_a})
    expect("a circle fails", code == 1)
    expect("the report names it", "{a, b}: a -> b; b -> a" in out)
    expect("the error names it", "layout check failed: 1 import circle(s)" in err and "{a, b}: a -> b; b -> a" in err)

    folder = {"lib.rs": "mod f;\n", "f/mod.rs": "mod part;\npub use part::P;\npub struct F;\n",
              "f/part.rs": "use super::F;\npub struct P(pub F);\n"}
    code, out, err = check(folder)
    expect("a part using its folder's items passes", code == 0 and "f <- f::part" in out)

    b_tests_use_a = "pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::a;\n}\n"
    code, _, _ = check({"lib.rs": lib, "a.rs": a_uses_b, "b.rs": b_tests_use_a})
    expect("a test module's imports are left out", code == 0)

    if failures:
        sys.exit(f"layout_test: {len(failures)} failed")
    print("layout_test: all passed")


if __name__ == "__main__":
    main()
