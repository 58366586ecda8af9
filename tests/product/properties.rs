//! Property tests of the products (theorems T3 and T5) on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

/// `p == logical_product(a, t)`: mode by mode for a tuple tiler; for a tile B, mode 0 is A and
/// mode 1 is `complement(A, size(A)*cosize(B)) o B` where `B(j)` is in the complement's domain.
fn check_logical_product(a: &Layout, t: &Tiler, p: &Layout) -> Check {
    let what = format!("logical_product({a}, {t}) = {p}");
    match t {
        Tiler::Underscore => prop_assert!(p == a, "{}: `_` must keep the layout", what),
        Tiler::Tuple(ts) => {
            let (am, pm) = (a.modes(), p.modes());
            prop_assert!(!p.shape().is_leaf() && pm.len() == am.len(), "{}: rank", what);
            for (k, (ak, pk)) in am.iter().zip(&pm).enumerate() {
                match ts.get(k) {
                    Some(tk) => check_logical_product(ak, tk, pk)?,
                    None => prop_assert!(ak == pk, "{}: mode {} beyond the tiler changed", what, k),
                }
            }
        }
        Tiler::Layout(_) | Tiler::Int(_) => {
            let b = tile_of(t);
            prop_assert!(!p.shape().is_leaf() && p.rank() == 2, "{}: rank", what);
            prop_assert!(p.mode(0).unwrap() == *a, "{}: mode 0 is not A", what);
            let copies = p.mode(1).unwrap();
            prop_assert_eq!(size(&copies)?, size(&b)?, "{}: size of mode 1", what);
            prop_assert_eq!(
                compatible(&b.shape(), &copies.shape()),
                Ok(true),
                "{}: mode 1 not compatible with B",
                what
            );
            let m = size(a)? * b.cosize().unwrap();
            if let Ok(star) = complement(a, &IntTuple::Leaf(m)) {
                let n = size(&star)?;
                for j in 0..size(&b)? {
                    let x = at(&b, j)?;
                    if (0..n).contains(&x) {
                        prop_assert_eq!(
                            at(&copies, j)?,
                            at(&star, x)?,
                            "{}: mode 1 differs from A* o B, A* = {}, at {}",
                            what,
                            star,
                            j
                        );
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn products_reproduce_the_block() {
    let input = decoded(|g| {
        let kind = g.below(20);
        let a = match kind {
            0..=7 => compact_layout(g, 64),
            8..=14 => injective_layout(g, 64),
            _ => any_layout(g, 64),
        };
        let t = product_tiler(g, &a, 32);
        let must = kind <= 7 && !matches!(t, Tiler::Tuple(_));
        Tiled { a: Show(a), t: Show(t), must }
    });
    property("products (T3)", input, |Tiled { a: Show(a), t: Show(t), must }| {
        let p = match logical_product(a, t) {
            Ok(p) => p,
            Err(e) => {
                prop_assert!(!must, "logical_product({}, {}) of a compact layout must exist: {}", a, t, e);
                return Ok(false);
            }
        };
        check_logical_product(a, t, &p)?;
        let (z, tl, fl) = (zipped_product(a, t), tiled_product(a, t), flat_product(a, t));
        prop_assert!(z.is_ok() == tl.is_ok() && z.is_ok() == fl.is_ok(), "zipped/tiled/flat_product({}, {})", a, t);
        if let (Ok(z), Ok(tl), Ok(fl)) = (z, tl, fl) {
            check_regroupings("product", &p, t, &z, &tl, &fl)?;
        }
        Ok(true)
    });
}

#[derive(Debug)]
struct Blocks {
    a: Show<Layout>,
    b: Show<Layout>,
}

#[test]
fn blocked_and_raked_products_regroup_the_logical_product() {
    let input = decoded(|g| {
        let a = if g.below(10) < 7 { injective_layout(g, 64) } else { any_layout(g, 64) };
        let b = if g.below(10) < 6 { compact_layout(g, 32) } else { nonneg_layout(g, 32) };
        Blocks { a: Show(a), b: Show(b) }
    });
    property("blocked/raked_product (T5)", input, |Blocks { a: Show(a), b: Show(b) }| {
        // One of them may fail alone: as in C++, zipping a 1-tuple mode with an integral one
        // fails in one order only (blocked_product((6):(1), 4:1) does not compile in C++).
        let results = [("blocked", blocked_product(a, b)), ("raked", raked_product(a, b))];
        let r = a.rank().max(b.rank());
        let mut any_ok = false;
        for (name, x) in results {
            let Ok(x) = x else { continue };
            any_ok = true;
            let lp = ok(
                "logical_product of the padded operands",
                logical_product(&a.append_to_rank(r).unwrap(), &Tiler::Layout(b.append_to_rank(r).unwrap())),
            )?;
            let what = format!("{name}_product({a}, {b}) = {x}");
            prop_assert_eq!(x.rank(), r, "{}: rank", what);
            prop_assert!(
                sorted_values(&x)? == sorted_values(&lp)?,
                "{}: offsets differ from logical_product = {}",
                what,
                lp
            );
        }
        Ok(any_ok)
    });
}
