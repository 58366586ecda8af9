//! Property tests of complement and complement_default on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

/// `r == complement(a, m)` for an injective `a` with non-negative strides: ordered, disjoint
/// from A, covering `[0, m)`, and `(A, R)` injective.
fn check_complement(a: &Layout, m: i64, r: &Layout) -> Check {
    let what = format!("complement({a}, {m}) = {r}");
    let rv = values(r)?;
    for i in 1..rv.len() {
        prop_assert!(rv[i - 1] < rv[i], "{}: not ordered at {}", what, i);
    }
    let ia = image(a)?;
    for (i, x) in rv.iter().enumerate().skip(1) {
        prop_assert!(!ia.contains(x), "{}: R({}) = {} is in the image of A", what, i, x);
    }
    let ar = Layout::from_modes(vec![a.clone(), r.clone()]);
    // Coverage is the post-condition for complementable A (each stride a multiple of the span of
    // the smaller modes); otherwise CuTe's complement is only ordered and disjoint.
    if complementable(a)? {
        let cosize = ok("cosize", ar.cosize())?;
        prop_assert!(cosize >= m, "{}: cosize((A, R)) = {} < {}", what, cosize, m);
    }
    prop_assert!(injective(&ar)?, "{}: (A, R) = {} is not injective", what, ar);
    Ok(())
}

#[derive(Debug)]
struct Complemented {
    a: Show<Layout>,
    m: i64,
    /// A is injective with non-negative strides by construction, so the complement must exist.
    built: bool,
}

fn complement_input(g: &mut Gen) -> Complemented {
    let built = g.below(5) < 3;
    let a = if built {
        injective_layout(g, 256)
    } else {
        // Small positive strides: injective often, but not always aligned.
        let s = shape(g, 256);
        let d: Vec<i64> = s.flat_leaves().iter().map(|_| g.pick(&[1, 2, 3, 4, 5, 6, 8, 12, 16])).collect();
        with_strides(&s, &d)
    };
    let cosize = a.cosize().expect("small layout");
    let m = match g.below(4) {
        0 => cosize,
        1 => cosize * g.range(1, 4),
        2 => g.range(1, 2 * cosize),
        _ => g.range(1, 64),
    };
    Complemented { a: Show(a), m: m.min(4096), built }
}

// Coverage is checked only for complementable A: CuTe's complement((2,2):(1,3), 6) = 1:0 does not
// cover [0, 6) (see `regression_complement_of_unaligned_strides_is_ordered_and_disjoint`).
#[test]
fn complement_is_ordered_disjoint_and_covers() {
    property("complement", decoded(complement_input), |Complemented { a: Show(a), m, built }| {
        if !injective(a)? {
            return Ok(false);
        }
        match complement(a, &IntTuple::Leaf(*m)) {
            Err(e) => {
                prop_assert!(!built, "complement({}, {}) of an injective layout failed: {}", a, m, e);
                Ok(false)
            }
            Ok(r) => {
                check_complement(a, *m, &r)?;
                Ok(true)
            }
        }
    });
}

#[test]
fn complement_default_is_ordered_disjoint_and_covers() {
    property("complement_default", decoded(complement_input), |Complemented { a: Show(a), built, .. }| {
        if !injective(a)? {
            return Ok(false);
        }
        match complement_default(a) {
            Err(e) => {
                prop_assert!(!built, "complement({}) of an injective layout failed: {}", a, e);
                Ok(false)
            }
            Ok(r) => {
                let m = ok("filter", filter(a))?.cosize().expect("small layout");
                check_complement(a, m, &r)?;
                Ok(true)
            }
        }
    });
}

#[derive(Debug)]
struct Partition {
    a: Show<Layout>,
    m: i64,
}

#[test]
fn complement_partitions_the_codomain() {
    // T6: for A compact up to gaps (each stride the span of the smaller modes times a gap) and M
    // a multiple of A's period, (A, complement(A, M)) is a bijection onto [0, M).
    let input = decoded(|g| {
        let a = injective_layout(g, 256);
        let period = a.flat_modes().iter().filter(|m| m.0 > 1).map(|m| m.0 * m.1).max().unwrap_or(1);
        let m = period * g.range(1, 4);
        Partition { a: Show(a), m }
    });
    property("complement partitions (T6)", input, |Partition { a: Show(a), m }| {
        let r = ok(&format!("complement({a}, {m})"), complement(a, &IntTuple::Leaf(*m)))?;
        let ar = Layout::from_modes(vec![a.clone(), r.clone()]);
        let v = sorted_values(&ar)?;
        prop_assert!(
            v.iter().copied().eq(0..*m),
            "(A, complement(A, {})) = {} does not cover [0, {}) exactly once",
            m,
            ar,
            m
        );
        Ok(true)
    });
}
