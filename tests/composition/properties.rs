//! Property tests of composition on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

/// `r == composition(a, b)`: `size(r) == size(b)`, `compatible(shape(b), shape(r))`, and
/// `r(c) == a(b(c))` for every `c < size(b)`.
fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Check {
    let what = format!("composition({a}, {b}) = {r}");
    prop_assert_eq!(size(r)?, size(b)?, "{}: size", what);
    prop_assert_eq!(compatible(&b.shape(), &r.shape()), Ok(true), "{}: not compatible with B", what);
    for c in 0..size(b)? {
        prop_assert_eq!(at(r, c)?, at(a, at(b, c)?)?, "{}: differs from A(B(c)) at c = {}", what, c);
    }
    Ok(())
}

#[derive(Debug)]
struct Composed {
    a: Show<Layout>,
    b: Show<Layout>,
    /// B lies in A's index space, so A o B must exist.
    aligned: bool,
}

#[test]
fn composition_is_a_after_b() {
    let input = decoded(|g| {
        let a = any_layout(g, 1024);
        let aligned = g.below(3) < 2;
        let b = if aligned {
            let at = atoms(g, &a.shape().flat_leaves());
            gens::aligned(g, &at).0
        } else {
            any_layout(g, 512)
        };
        Composed { a: Show(a), b: Show(b), aligned }
    });
    property("composition", input, |Composed { a: Show(a), b: Show(b), aligned }| match composition(a, b) {
        Err(e) => {
            prop_assert!(!aligned, "composition({}, {}) must exist (B lies in A's index space): {}", a, b, e);
            Ok(false)
        }
        Ok(r) => {
            check_composition(a, b, &r)?;
            Ok(true)
        }
    });
}

/// `l` with empty modes `()` inserted at random places, at the top level and inside tuple modes,
/// often last. An empty mode holds no coordinate: the layout is the same function on its domain
/// and, by the one rule of the extended domain (the last leaf takes what is past the size), past it.
fn with_empty_modes(g: &mut Gen, l: &Layout) -> Layout {
    fn insert(g: &mut Gen, s: &IntTuple, d: &IntTuple) -> (IntTuple, IntTuple) {
        let (HTuple::Tuple(ss), HTuple::Tuple(ds)) = (s, d) else {
            return (s.clone(), d.clone());
        };
        let (mut os, mut od) = (Vec::new(), Vec::new());
        for (x, y) in ss.iter().zip(ds) {
            if g.chance(25) {
                os.push(HTuple::Tuple(vec![]));
                od.push(HTuple::Tuple(vec![]));
            }
            let (x, y) = insert(g, x, y);
            os.push(x);
            od.push(y);
        }
        if g.chance(60) {
            os.push(HTuple::Tuple(vec![]));
            od.push(HTuple::Tuple(vec![]));
        }
        (HTuple::Tuple(os), HTuple::Tuple(od))
    }
    let (s, d) = match (l.shape(), l.stride()) {
        (HTuple::Leaf(_), _) => (HTuple::Tuple(vec![l.shape().clone()]), HTuple::Tuple(vec![l.stride().clone()])),
        (s, d) => (s.clone(), d.clone()),
    };
    let (s, d) = insert(g, &s, &d);
    Layout::new(s, d).expect("empty modes keep a layout valid")
}

/// Composition with empty modes in A: `R(c) == A(B(c))`, A evaluated with its empty modes, on
/// its extended domain too (B may reach past A's size). Evaluation and composition follow one
/// rule: A with empty modes is A, at every index.
#[test]
fn composition_with_empty_modes_is_a_after_b() {
    let input = decoded(|g| {
        let plain = any_layout(g, 256);
        let a = with_empty_modes(g, &plain);
        let at = atoms(g, &plain.shape().flat_leaves());
        let mut b = gens::aligned(g, &at).0;
        if g.chance(30) {
            // Past A's size: B's last leaf reaches into the extended domain.
            b = logical_product(&b, &"2:1".parse().unwrap()).unwrap_or(b);
        }
        Composed { a: Show(a), b: Show(b), aligned: false }
    });
    property("composition with empty modes", input, |Composed { a: Show(a), b: Show(b), .. }| {
        for i in 0..2 * size(a)? {
            let plain = Layout::new(a.shape().flatten(), a.stride().flatten()).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(at(a, i)?, at(&plain, i)?, "{} differs from its leaves {} at {}", a, plain, i);
        }
        match composition(a, b) {
            Err(_) => Ok(false),
            Ok(r) => {
                check_composition(a, b, &r)?;
                Ok(true)
            }
        }
    });
}

#[derive(Debug)]
struct Triple {
    a: Show<Layout>,
    b: Show<Layout>,
    c: Show<Layout>,
    /// B lies in A's index space and C in B's, so every composition must exist.
    aligned: bool,
}

#[test]
fn composition_is_associative() {
    let input = decoded(|g| {
        let a = any_layout(g, 512);
        let at = atoms(g, &a.shape().flat_leaves());
        let (b, b_atoms) = gens::aligned(g, &at);
        let aligned = g.below(5) < 4;
        let c = if aligned { gens::aligned(g, &atoms_of_leaves(&b_atoms)).0 } else { any_layout(g, 256) };
        Triple { a: Show(a), b: Show(b), c: Show(c), aligned }
    });
    property("associativity (T1)", input, |Triple { a: Show(a), b: Show(b), c: Show(c), aligned }| {
        let steps = [("A o B", composition(a, b)), ("B o C", composition(b, c))];
        let mut parts = Vec::new();
        for (what, r) in steps {
            match r {
                Ok(r) => parts.push(r),
                Err(e) => {
                    prop_assert!(!aligned, "{} must exist for A = {}, B = {}, C = {}: {}", what, a, b, c, e);
                    return Ok(false);
                }
            }
        }
        let (ab, bc) = (&parts[0], &parts[1]);
        let (left, right) = match (composition(ab, c), composition(a, bc)) {
            (Ok(l), Ok(r)) => (l, r),
            (l, r) => {
                prop_assert!(
                    !aligned,
                    "(A o B) o C = {:?} and A o (B o C) = {:?} must exist for A = {}, B = {}, C = {}",
                    l.map(|x| x.to_string()),
                    r.map(|x| x.to_string()),
                    a,
                    b,
                    c
                );
                return Ok(false);
            }
        };
        let what = format!("A = {a}, B = {b}, C = {c}: (A o B) o C = {left}, A o (B o C) = {right}");
        prop_assert_eq!(size(&left)?, size(c)?, "{}: size", what);
        prop_assert_eq!(size(&right)?, size(c)?, "{}: size", what);
        // A o (B o C) is A(B(C(i))) on all of C's domain (B and A on their extended domains);
        // A o B is a layout that equals A(B(x)) only for x in B's domain, so (A o B) o C agrees
        // where C(i) lies in B's domain (for C inside B's index space, everywhere). Where C leaves
        // it, the two sides may differ, in CuTe too: A = ((2,2),2):((1,1),1), B = (2):(1),
        // C = (2):(2) give (A o B) o C = (2):(2) and A o (B o C) = (2):(1).
        let nb = size(b)?;
        for i in 0..size(c)? {
            let x = at(c, i)?;
            let abc = at(a, at(b, x)?)?;
            prop_assert_eq!(at(&right, i)?, abc, "{}: A o (B o C) differs from A(B(C(i))) at i = {}", what, i);
            if (0..nb).contains(&x) {
                prop_assert_eq!(at(&left, i)?, abc, "{}: (A o B) o C differs from A(B(C(i))) at i = {}", what, i);
            } else {
                prop_assert!(!aligned, "{}: C({}) = {} is outside B's domain", what, i, x);
            }
        }
        Ok(true)
    });
}
