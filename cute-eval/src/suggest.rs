//! Suggestions for an unknown function or atom name: the closest name, by edit distance.

use crate::functions::functions;

/// Names longer than this are shown cut, with `...`: an error line stays readable whatever the
/// input.
const SHOWN_BYTES: usize = 40;

/// Names whose lengths differ by more than this are never suggested, so no distance is computed
/// for them: the work per name is bounded by the table's longest name, whatever the input.
const MAX_DISTANCE: usize = 2;

/// `unknown function 'x'; did you mean 'y'? (...)`.
pub(crate) fn unknown_function(name: &str) -> String {
    let hint = did_you_mean(name, functions().iter().map(|f| f.name));
    format!("unknown function '{}'{} (`cute eval --help` lists the functions)", shown(name), hint)
}

/// `unknown atom 'x'; did you mean 'y'? (...)`, among the MMA and copy atoms.
pub(crate) fn unknown_atom(name: &str) -> String {
    let mut names = cute_core::atom::mma_atom_names();
    names.extend(cute_core::atom::copy_atom_names());
    let hint = did_you_mean(name, names.iter().map(String::as_str));
    format!("unknown atom '{}'{} (`cute eval --help` lists the atoms)", shown(name), hint)
}

/// `; did you mean 'y'?` for the closest of `names` within [`MAX_DISTANCE`] edits, or nothing.
fn did_you_mean<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> String {
    let closest = names
        .filter(|n| n.len().abs_diff(name.len()) <= MAX_DISTANCE)
        .map(|n| (edit_distance(name, n), n))
        .filter(|&(d, _)| d <= MAX_DISTANCE && d < name.len())
        .min_by_key(|&(d, _)| d);
    match closest {
        Some((_, n)) => format!("; did you mean '{}'?", n),
        None => String::new(),
    }
}

/// `name`, cut after [`SHOWN_BYTES`] bytes (at a character boundary) with `...` appended.
fn shown(name: &str) -> String {
    if name.len() <= SHOWN_BYTES {
        return name.to_string();
    }
    format!("{}...", &name[..name.floor_char_boundary(SHOWN_BYTES)])
}

/// Levenshtein distance over bytes.
// In range: every distance is at most max(a.len(), b.len()), and `i + 1`, `j + 1` and
// `b.len() + 1` are at most a slice's length plus one, far below usize::MAX.
#[allow(clippy::arithmetic_side_effects)]
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, &y) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(x != y);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_name_is_suggested() {
        assert_eq!(edit_distance("compositon", "composition"), 1);
        assert_eq!(
            unknown_function("compositon"),
            "unknown function 'compositon'; did you mean 'composition'? (`cute eval --help` lists the functions)"
        );
        assert_eq!(unknown_function("x"), "unknown function 'x' (`cute eval --help` lists the functions)");
    }

    #[test]
    fn a_long_name_is_cut_and_not_compared() {
        let name = "a".repeat(10_000_000);
        let m = unknown_function(&name);
        assert_eq!(m, format!("unknown function '{}...' (`cute eval --help` lists the functions)", "a".repeat(40)));
        assert_eq!(shown(&"é".repeat(30)), format!("{}...", "é".repeat(20)));
    }
}
