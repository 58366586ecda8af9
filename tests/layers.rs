//! cute-core's layer order (named in its crate docs, "Layers"): a module may use the modules
//! below it, not those above. The imports against the order that remain are listed in
//! `KNOWN`, each with its count; the check fails on a new one and on a count that grew, and
//! also on one that shrank (update `KNOWN`, so that the list only ever gets shorter, to none).

use std::collections::BTreeMap;
use std::path::Path;

/// cute-core's top-level modules, lowest first.
const ORDER: [&str; 15] = [
    "arith", "flat", "error", "swizzle", "dynamic", "layout", "statics", "mixed", "basis", "ops", "composed", "tensor",
    "picture", "memory", "explain",
];

/// The imports against the order still to remove: (from, to, references).
const KNOWN: [(&str, &str, usize); 9] = [
    ("layout", "statics", 2),
    ("layout", "mixed", 3),
    ("statics", "mixed", 2),
    // The operations' steps at their earlier public paths (`cute::statics::composition`,
    // `cute::mixed::divide`, `cute::basis::ComposedBasis`, ...): re-exports of `ops/<name>/`.
    ("statics", "ops", 11),
    ("mixed", "ops", 11),
    ("basis", "ops", 6),
    ("mixed", "basis", 1),
    ("composed", "tensor", 1),
    ("tensor", "picture", 2),
];

fn rank(module: &str) -> Option<usize> {
    ORDER.iter().position(|m| *m == module)
}

/// The module of each name the crate root re-exports (`pub use module::...`), so that
/// `crate::Layout` counts as a use of `layout`.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let mut rest = lib;
    while let Some(at) = rest.find("pub use ") {
        rest = &rest[at + "pub use ".len()..];
        let end = rest.find(';').unwrap_or(rest.len());
        let stmt = &rest[..end];
        let module = stmt.split("::").next().unwrap_or("").trim().to_string();
        let items =
            stmt.rsplit("::").next().unwrap_or("").trim_matches(|c: char| c == '{' || c == '}' || c.is_whitespace());
        for item in items.split(',') {
            let item = item.trim();
            if !item.is_empty() && rank(&module).is_some() {
                names.insert(item.to_string(), module.clone());
            }
        }
    }
    names
}

/// The top-level modules a source text names through `crate::`: `crate::m::...`,
/// `crate::{m, n::...}`, and the root's re-exports.
fn uses(text: &str, roots: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    // Comments do not import.
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{}\n", l)).collect();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let mut names = Vec::new();
        if let Some(group) = rest.strip_prefix('{') {
            // The group's names at depth 1.
            let mut depth = 1;
            let mut name = String::new();
            let mut first = true;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => {
                        names.push(std::mem::take(&mut name));
                        first = true;
                        continue;
                    }
                    _ => {}
                }
                if depth == 1 && first {
                    if c.is_alphanumeric() || c == '_' {
                        name.push(c);
                    } else if !name.is_empty() && !c.is_whitespace() {
                        first = false;
                    }
                }
            }
            names.push(name);
        } else {
            names.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
        for n in names {
            let n = n.trim().to_string();
            if rank(&n).is_some() {
                out.push(n);
            } else if let Some(m) = roots.get(&n) {
                out.push(m.clone());
            }
        }
    }
    out
}

fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn no_module_uses_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("cute-core/src");
    let roots = root_names(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    walk(&src, &mut files);
    let mut found: BTreeMap<(String, String), usize> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        let Some(from) = rank(&top) else { continue };
        for to in uses(&std::fs::read_to_string(&file).unwrap(), &roots) {
            if rank(&to).is_some_and(|r| r > from) {
                *found.entry((top.clone(), to)).or_default() += 1;
            }
        }
    }
    let known: BTreeMap<(String, String), usize> =
        KNOWN.iter().map(|(a, b, n)| ((a.to_string(), b.to_string()), *n)).collect();
    let mut problems = Vec::new();
    for ((from, to), n) in &found {
        match known.get(&(from.clone(), to.clone())) {
            None => problems.push(format!("{} uses {} ({} references), a layer above it", from, to, n)),
            Some(k) if n > k => problems.push(format!("{} uses {} {} times, more than the {} known", from, to, n, k)),
            Some(k) if n < k => {
                problems.push(format!("{} uses {} {} times, fewer than the {} known: lower KNOWN", from, to, n, k))
            }
            _ => {}
        }
    }
    for ((from, to), k) in &known {
        if !found.contains_key(&(from.clone(), to.clone())) {
            problems.push(format!("{} no longer uses {} (known {}): remove it from KNOWN", from, to, k));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The scanner finds what it should: a path, a group, a root re-export; not a comment.
#[test]
fn the_scanner_reads_paths_groups_and_root_names() {
    let roots = root_names("pub use layout::Layout;\npub use ops::{coalesce, Route};\npub use typenum;");
    let text = "use crate::statics::x;\nuse crate::{mixed::{a, b}, ops};\n// crate::tensor\nlet l: crate::Layout<S, D>;\ncrate::coalesce(l);";
    assert_eq!(uses(text, &roots), ["statics", "mixed", "ops", "layout", "ops"]);
}
