//! Property tests of the inverses (right_inverse, left_inverse, nullspace, max_common_layout) on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

#[test]
fn right_inverse_is_a_right_inverse() {
    property("right_inverse", decoded(|g| Show(any_layout(g, 4096))), |Show(l)| {
        let r = ok(&format!("right_inverse({l})"), right_inverse(l))?;
        for i in 0..size(&r)? {
            prop_assert_eq!(at(l, at(&r, i)?)?, i, "right_inverse({}) = {}: L(R({})) != {}", l, r, i, i);
        }
        Ok(true)
    });
}

#[derive(Debug)]
struct Inverted {
    l: Show<Layout>,
    /// Injective with non-negative strides, each a multiple of the smaller modes' span, so the
    /// left inverse must exist.
    built: bool,
}

#[test]
fn left_inverse_is_a_left_inverse() {
    let input = decoded(|g| {
        let built = g.below(5) < 2;
        let l = if built {
            injective_layout(g, 4096)
        } else if g.chance(50) {
            nonneg_layout(g, 4096)
        } else {
            any_layout(g, 4096)
        };
        // A trailing size-1 mode, as append_to_rank pads with: it decides L past its size.
        let l = if g.chance(if built { 20 } else { 50 }) {
            l.append(&with_strides(&HTuple::Leaf(1), &[g.pick(&[0, 1, 3])]))
        } else {
            l
        };
        Inverted { l: Show(l), built }
    });
    property("left_inverse", input, |Inverted { l: Show(l), built }| {
        let r = match left_inverse(l) {
            Ok(r) => r,
            Err(e) => {
                prop_assert!(!built, "left_inverse({}) of an injective layout failed: {}", l, e);
                return Ok(false);
            }
        };
        let inj = injective(l)?;
        for (i, x) in values(l)?.into_iter().enumerate() {
            let back = at(&r, x)?;
            if inj {
                prop_assert_eq!(back, i as i64, "left_inverse({}) = {}: R(L({})) != {}", l, r, i, i);
            }
            prop_assert_eq!(at(l, back)?, x, "left_inverse({}) = {}: L(R(L({}))) != L({})", l, r, i, i);
        }
        Ok(true)
    });
}

#[test]
fn max_common_layout_maps_alike() {
    let input = decoded(|g| {
        let s = shape(g, 1024);
        let sizes = s.flat_leaves();
        let d = compact_strides(g, &sizes, false, false);
        let a = with_strides(&s, &d);
        let kind = g.below(4);
        let b = match kind {
            0 | 1 => with_strides(&s, &compact_strides(g, &sizes, false, false)),
            2 => a.clone(),
            _ => with_strides(&s, &random_strides(g, sizes.len(), false)),
        };
        Pair { a: Show(a), b: Show(b), must: kind < 3 }
    });
    property("max_common_vector/layout", input, |Pair { a: Show(a), b: Show(b), must }| {
        let (n, r) = (max_common_vector(a, b), max_common_layout(a, b));
        prop_assert_eq!(n.is_ok(), r.is_ok(), "max_common_vector/layout({}, {})", a, b);
        let (Ok(n), Ok(r)) = (n, r) else {
            prop_assert!(!must, "max_common_vector({}, {}) of compact layouts must exist", a, b);
            return Ok(false);
        };
        let what = format!("max_common_vector({a}, {b}) = {n}, max_common_layout = {r}");
        prop_assert_eq!(size(&r)?, n, "{}: size", what);
        for i in 0..n {
            let x = at(&r, i)?;
            prop_assert_eq!(at(a, x)?, i, "{}: A(R({})) != {}", what, i, i);
            prop_assert_eq!(at(b, x)?, i, "{}: B(R({})) != {}", what, i, i);
        }
        Ok(true)
    });
}

#[test]
fn nullspace_selects_the_zeros() {
    property("nullspace", decoded(|g| Show(any_layout(g, 1024))), |Show(l)| {
        let r = ok(&format!("nullspace({l})"), nullspace(l))?;
        let f = ok(&format!("filter({l})"), filter(l))?;
        let what = format!("nullspace({l}) = {r}");
        prop_assert_eq!(size(&r)? * size(&f)?, size(l)?, "{}: size", what);
        prop_assert!(injective(&r)?, "{}: not injective", what);
        for i in 0..size(&r)? {
            let x = at(&r, i)?;
            prop_assert!((0..size(l)?).contains(&x), "{}: R({}) = {} is outside L's domain", what, i, x);
            prop_assert_eq!(at(l, x)?, 0, "{}: L(R({})) != 0", what, i);
        }
        Ok(true)
    });
}
