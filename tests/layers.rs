//! cute-core's layer order (named in its crate docs, "Layers"): a module uses the modules below
//! it, never those above. The one exception is a public re-export (`pub use crate::...`) that
//! keeps an item at the path it had before it moved up, so that code naming that path still
//! builds; those are listed in `REEXPORTS` with their counts, and the check fails on any other
//! reference against the order and on a list that is no longer exact.

use std::collections::BTreeMap;
use std::path::Path;

/// cute-core's top-level modules, lowest first.
const ORDER: [&str; 17] = [
    "arith", "flat", "error", "swizzle", "dynamic", "leaf", "layout", "statics", "mixed", "basis", "ops", "tensor",
    "composed", "picture", "memory", "explain", "atom",
];

/// The re-exports against the order: (from, to, references). They keep public paths users may
/// name: the operations' steps at `cute::statics::<name>`, `cute::mixed::<name>` and
/// `cute::basis::...` (now in `ops/<name>/`), and `cute::tensor::layout_table` and
/// `print_layout` (drawn by `picture`).
const REEXPORTS: [(&str, &str, usize); 4] =
    [("statics", "ops", 11), ("mixed", "ops", 11), ("basis", "ops", 6), ("tensor", "picture", 2)];

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
/// `crate::{m, n::...}`, and the root's re-exports; each with whether it is a public re-export
/// (`pub use crate::...`).
fn uses(text: &str, roots: &BTreeMap<String, String>) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    // Comments do not import.
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{}\n", l)).collect();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let reexport = rest[..at].trim_end().ends_with("pub use");
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
                out.push((n, reexport));
            } else if let Some(m) = roots.get(&n) {
                out.push((m.clone(), reexport));
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
    let mut problems = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        let Some(from) = rank(&top) else { continue };
        for (to, reexport) in uses(&std::fs::read_to_string(&file).unwrap(), &roots) {
            if rank(&to).is_none_or(|r| r <= from) {
                continue;
            }
            if reexport {
                *found.entry((top.clone(), to)).or_default() += 1;
            } else {
                problems.push(format!("{} uses {}, a layer above it", rel.display(), to));
            }
        }
    }
    let known: BTreeMap<(String, String), usize> =
        REEXPORTS.iter().map(|(a, b, n)| ((a.to_string(), b.to_string()), *n)).collect();
    for ((from, to), n) in &found {
        match known.get(&(from.clone(), to.clone())) {
            None => problems.push(format!("{} re-exports from {} ({} references), a layer above it", from, to, n)),
            Some(k) if n != k => {
                problems.push(format!("{} re-exports from {} {} times, not the {} listed", from, to, n, k))
            }
            _ => {}
        }
    }
    for ((from, to), k) in &known {
        if !found.contains_key(&(from.clone(), to.clone())) {
            problems
                .push(format!("{} no longer re-exports from {} (listed {}): remove it from REEXPORTS", from, to, k));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The scanner finds what it should: a path, a group, a root re-export; not a comment.
#[test]
fn the_scanner_reads_paths_groups_and_root_names() {
    let roots = root_names("pub use layout::Layout;\npub use ops::{coalesce, Route};\npub use typenum;");
    let text = "use crate::statics::x;\nuse crate::{mixed::{a, b}, ops};\n// crate::tensor\nlet l: crate::Layout<S, D>;\ncrate::coalesce(l);\npub use crate::tensor::T;";
    let uses = uses(text, &roots);
    let found: Vec<(&str, bool)> = uses.iter().map(|(m, r)| (m.as_str(), *r)).collect();
    assert_eq!(
        found,
        [("statics", false), ("mixed", false), ("ops", false), ("layout", false), ("ops", false), ("tensor", true)]
    );
}
