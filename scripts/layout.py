#!/usr/bin/env python3
"""A report of the code layout: folders, big files, long functions, import circles.

    python3 scripts/layout.py [--check] [REPO_DIR]

With --check the report is the same, and the script exits with status 1
when any crate has an import circle, naming each on standard error (CI runs
it: scripts/test.sh).

For every crate (a folder with a Cargo.toml, outside target/) it prints:

- its folders holding Rust files, with the number of files and lines;
- Rust files over 600 lines;
- functions over 100 lines. A heuristic, not a parser: comments, strings
  and char literals are blanked, then every `fn NAME` item is measured from
  its line to the line of the brace that closes its body (matching braces);
  a `fn` without a body (a trait method declaration) is skipped;
- import circles between the modules of its src/ tree: an edge A -> B for
  every `use crate::..`, `use super::..`, `use self::..` (brace groups
  expanded) and every `crate::..`/`super::..` path in code, resolved to the
  longest module prefix it names. Edges between a module and its own
  ancestor or descendant (a folder's mod.rs re-exporting its parts, a part
  using the folder's items) are left out of the circles and counted apart
  as "imports from an enclosing module"; `#[cfg(test)]` blocks are skipped.
  A path to an item that a module only re-exports (`pub use`) is followed
  to the module that defines it, so `crate::Shape` is an edge to `shape`
  when lib.rs says `pub use shape::Shape`. Circles are the strongly
  connected components of more than one module.
"""
import os
import re
import sys

FILE_LINES, FN_LINES = 600, 100


def blank(src):
    """Source with comments, strings and char literals replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(src)
    keep = lambda s: re.sub(r"[^\n]", " ", s)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i) % (n + 1)
        elif src.startswith("/*", i):  # nested block comments are not matched
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif (m := re.compile(r'b?r(#*)"').match(src, i)) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            end = '"' + m.group(1)
            j = src.find(end, m.end())
            j = n if j < 0 else j + len(end)
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            j += 1
        elif c == "'" and (m := re.compile(r"'(?:\\[^'\n]{1,10}|[^\\'\n])'").match(src, i)):
            j = m.end()
        else:
            out.append(c)
            i += 1
            continue
        out.append(keep(src[i:j]))
        i = j
    return "".join(out)


def close_brace(code, open_at):
    """Index of the brace closing the one at open_at."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def long_functions(code):
    for m in re.finditer(r"\bfn\s+(\w+)", code):
        k = m.end()
        while k < len(code) and code[k] not in "{;":
            k += 1
        if k >= len(code) or code[k] == ";":
            continue
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, close_brace(code, k)) + 1
        if last - first + 1 > FN_LINES:
            yield first, m.group(1), last - first + 1


def expand(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    k = tree.find("{")
    if k < 0:
        return [tree]
    inner, depth, parts, start = tree[k + 1:tree.rfind("}")], 0, [], 0
    for j, ch in enumerate(inner + ","):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            if inner[start:j]:
                parts.append(inner[start:j])
            start = j + 1
    return [tree[:k] + p for part in parts for p in expand(part)]


def module_of(rel):
    """src-relative file path -> module path (tuple)."""
    parts = rel[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def resolve(segs, base, modules, codes, depth=0):
    """Module that a crate/super/self path leads to; re-exports (`pub use`) followed."""
    base = [] if segs[0] == "crate" else list(base)
    while segs and segs[0] in ("crate", "super", "self"):
        if segs.pop(0) == "super" and base:
            base.pop()
    full = base + segs
    n = next(n for n in range(len(full), -1, -1) if tuple(full[:n]) in modules)
    mod, rest = tuple(full[:n]), full[n:]
    if not rest or depth > 4 or re.search(
            rf"\b(?:struct|enum|union|fn|trait|type|const|static|macro_rules!)\s+{re.escape(rest[0])}\b", codes[mod]):
        return mod
    for m in re.finditer(r"\bpub(?:\([\w:]+\))?\s+use\s+([^;]+);", codes[mod]):
        for p in expand(m.group(1)):
            q = p.split("::")
            if q[-1] == rest[0] or q[-1].endswith(" as " + rest[0]) or re.search(rf"\bas{rest[0]}$", q[-1]):
                if q[0] not in ("crate", "super", "self"):
                    q = ["self"] + q
                return resolve(q[:-1] + [rest[0]], mod, modules, codes, depth + 1)
    return mod


def edges_of(code, here, modules, codes):
    """Modules named by crate/super/self paths in code written in module `here`."""
    test_mod = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+\w+\s*\{")
    while m := test_mod.search(code):  # drop #[cfg(test)] modules
        code = code[:m.start()] + code[close_brace(code, m.end() - 1) + 1:]
    paths = [p for m in re.finditer(r"\buse\s+([^;]+);", code) for p in expand(m.group(1))]
    paths += re.findall(r"\b(?:crate|super|self)(?:::\w+)+", re.sub(r"\buse\s+[^;]+;", "", code))
    found = set()
    for p in paths:
        segs = [re.sub(r"as\w+$", "", s) for s in p.split("::") if s]
        if segs and segs[0] in ("crate", "super", "self"):
            found.add(resolve(segs, here, modules, codes))
    found.discard(here)
    return found


def circles(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def report(repo):
    """Prints the report; returns the circles found, as (crate, description)."""
    all_circles = []
    crates = sorted(os.path.relpath(d, repo) for d, subs, files in os.walk(repo)
                    if "Cargo.toml" in files and "target" not in os.path.relpath(d, repo).split(os.sep))
    name = lambda m: "::".join(m) or "(crate root)"
    for crate in crates:
        root = os.path.join(repo, crate)
        nested = [os.path.normpath(os.path.join(repo, c)) for c in crates if c != crate and (crate == "." or c.startswith(crate + os.sep))]
        files = {}
        for d, subs, fs in os.walk(root):
            subs[:] = sorted(s for s in subs if s != "target" and not s.startswith(".") and os.path.normpath(os.path.join(d, s)) not in nested)
            for f in sorted(fs):
                if f.endswith(".rs"):
                    with open(os.path.join(d, f), encoding="utf-8") as fh:
                        files[os.path.relpath(os.path.join(d, f), root)] = fh.read()
        total = sum(t.count("\n") for t in files.values())
        print(f"\n== {crate if crate != '.' else '. (the hypertac binary)'}: {len(files)} Rust files, {total} lines")
        folders = {}
        for rel, text in files.items():
            n, lines = folders.get(os.path.dirname(rel) or ".", (0, 0))
            folders[os.path.dirname(rel) or "."] = (n + 1, lines + text.count("\n"))
        for folder, (n, lines) in sorted(folders.items()):
            print(f"  {folder + '/':<28} {n:>3} files {lines:>6} lines")
        big = sorted((t.count("\n"), rel) for rel, t in files.items() if t.count("\n") > FILE_LINES)
        print(f"  files over {FILE_LINES} lines: {len(big)}")
        for lines, rel in reversed(big):
            print(f"    {lines:>6}  {rel}")
        codes = {rel: blank(t) for rel, t in files.items()}
        longs = sorted(((n, rel, line, fn) for rel, c in codes.items() for line, fn, n in long_functions(c)), reverse=True)
        print(f"  functions over {FN_LINES} lines: {len(longs)}")
        for n, rel, line, fn in longs:
            print(f"    {n:>6}  {rel}:{line} {fn}")
        src = {rel[len("src" + os.sep):]: c for rel, c in codes.items()
               if rel.startswith("src" + os.sep) and not rel.startswith(os.path.join("src", "bin"))}
        modules = {module_of(rel): rel for rel in src}
        mcodes = {module_of(rel): c for rel, c in src.items()}
        graph, upward = {m: set() for m in modules}, {}
        for rel, code in src.items():
            here = module_of(rel)
            for to in edges_of(code, here, modules, mcodes):
                if to == here[:len(to)]:
                    upward.setdefault(to, set()).add(here)
                elif here != to[:len(here)]:
                    graph[here].add(to)
        found = circles(graph)
        print(f"  import circles: {len(found)}")
        for comp in found:
            inside = sorted(f"{name(a)} -> {name(b)}" for a in comp for b in graph[a] if b in comp)
            text = f"{{{', '.join(name(m) for m in comp)}}}: {'; '.join(inside)}"
            print(f"    {text}")
            all_circles.append((crate, text))
        print(f"  imports from an enclosing module: {sum(len(v) for v in upward.values())}")
        for to, froms in sorted(upward.items()):
            print(f"    {name(to)} <- {', '.join(sorted(name(m) for m in froms))}")
    return all_circles


def main(argv):
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    if len(rest) > 1 or any(a.startswith("-") for a in rest):
        sys.exit("usage: layout.py [--check] [REPO_DIR]")
    found = report(rest[0] if rest else ".")
    if check and found:
        sys.stdout.flush()
        print(f"\nlayout check failed: {len(found)} import circle(s)", file=sys.stderr)
        for crate, text in found:
            print(f"  {crate}: {text}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
