//! Property tests of the divides (theorems T2 and T4) and the partitions on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

/// `r == logical_divide(a, t)`: mode by mode for a tuple tiler; for a tile B, mode 0 is A o B
/// and `r(i) == a(d(i))` with `d = (B, complement(B, shape(coalesce(A))))` where `d(i)` is in
/// A's domain.
fn check_logical_divide(a: &Layout, t: &Tiler, r: &Layout) -> Check {
    let what = format!("logical_divide({a}, {t}) = {r}");
    match t {
        Tiler::Underscore => prop_assert!(r == a, "{}: `_` must keep the layout", what),
        Tiler::Tuple(ts) => {
            let (am, rm) = (a.modes(), r.modes());
            prop_assert!(!r.shape().is_leaf() && rm.len() == am.len(), "{}: rank", what);
            for (k, (ak, rk)) in am.iter().zip(&rm).enumerate() {
                match ts.get(k) {
                    Some(tk) => check_logical_divide(ak, tk, rk)?,
                    None => prop_assert!(ak == rk, "{}: mode {} beyond the tiler changed", what, k),
                }
            }
        }
        Tiler::Layout(_) | Tiler::Int(_) => {
            let b = tile_of(t);
            let rest = ok(&format!("{what}: complement of the tile"), complement(&b, &coalesce(a).unwrap().shape()))?;
            let d = Layout::from_modes(vec![b.clone(), rest]);
            prop_assert!(!r.shape().is_leaf() && r.rank() == 2, "{}: rank", what);
            prop_assert_eq!(size(r)?, size(&d)?, "{}: size vs (B, B*) = {}", what, d);
            let tile = r.mode(0).unwrap();
            prop_assert_eq!(size(&tile)?, size(&b)?, "{}: size of the tile", what);
            for i in 0..size(&b)? {
                prop_assert_eq!(at(&tile, i)?, at(a, at(&b, i)?)?, "{}: mode 0 differs from A o B at {}", what, i);
            }
            let n = size(a)?;
            for i in 0..size(&d)? {
                let x = at(&d, i)?;
                if (0..n).contains(&x) {
                    prop_assert_eq!(at(r, i)?, at(a, x)?, "{}: differs from A(D(i)), D = {}, at i = {}", what, d, i);
                }
            }
        }
    }
    Ok(())
}

#[test]
fn divides_compose_with_the_tile() {
    let input = decoded(|g| {
        let a = any_layout(g, 512);
        let (t, must) = divide_tiler(g, &a, 64);
        Tiled { a: Show(a), t: Show(t), must }
    });
    property("divides (T2, T4)", input, |Tiled { a: Show(a), t: Show(t), must }| {
        let r = match logical_divide(a, t) {
            Ok(r) => r,
            Err(e) => {
                prop_assert!(
                    !must,
                    "logical_divide({}, {}) must exist (the tiler lies in A's index space): {}",
                    a,
                    t,
                    e
                );
                return Ok(false);
            }
        };
        check_logical_divide(a, t, &r)?;
        let (z, tl, fl) = (zipped_divide(a, t), tiled_divide(a, t), flat_divide(a, t));
        prop_assert!(z.is_ok() == tl.is_ok() && z.is_ok() == fl.is_ok(), "zipped/tiled/flat_divide({}, {})", a, t);
        if let (Ok(z), Ok(tl), Ok(fl)) = (z, tl, fl) {
            check_regroupings("divide", &r, t, &z, &tl, &fl)?;
        }
        Ok(true)
    });
}

/// The partitions are slices of `z = zipped_divide(a, t)`: with `T = size(tile)`, the tile at
/// grid index `r` is `i -> z(i + T*r)`, element `c` of every tile is `j -> z(c + T*j)`, and a
/// thread's (V, rest) under a TV layout is `(v, j) -> z(tv(thread, v) + T*j)`; each result is
/// an offset plus a layout over those indices.
#[test]
fn partitions_are_slices_of_the_divide() {
    let input = decoded(|g| {
        let a = any_layout(g, 512);
        let (t, must) = divide_tiler(g, &a, 64);
        (Tiled { a: Show(a), t: Show(t), must }, g.below(1 << 16) as i64, g.below(1 << 16) as i64)
    });
    property("partitions", input, |(Tiled { a: Show(a), t: Show(t), .. }, pick, pick2)| {
        let Ok(z) = zipped_divide(a, t) else { return Ok(false) };
        let (tile, rest) = (z.mode(0).unwrap(), z.mode(1).unwrap());
        let (ts, rs) = (tile.size().unwrap(), rest.size().unwrap());
        let (r, c) = (pick % rs, pick % ts);
        let coord = |n: i64| HTuple::Leaf(Some(n));
        let (inner, off) =
            inner_partition(a, t, &coord(r)).map_err(|e| fail(format!("inner_partition({a}, {t}, {r}): {e}")))?;
        prop_assert_eq!(inner.size().unwrap(), ts);
        for i in 0..ts {
            prop_assert_eq!(
                off + at(&inner, i)?,
                at(&z, i + ts * r)?,
                "inner_partition({}, {}, {}) = {} o {}",
                a,
                t,
                r,
                off,
                inner
            );
        }
        let (outer, off) =
            outer_partition(a, t, &coord(c)).map_err(|e| fail(format!("outer_partition({a}, {t}, {c}): {e}")))?;
        prop_assert_eq!(outer.size().unwrap(), rs);
        for j in 0..rs {
            prop_assert_eq!(
                off + at(&outer, j)?,
                at(&z, c + ts * j)?,
                "outer_partition({}, {}, {}) = {} o {}",
                a,
                t,
                c,
                off,
                outer
            );
        }
        prop_assert!(inner_partition(a, t, &coord(rs)).unwrap_err().kind() == ErrorKind::IndexOutOfRange);
        prop_assert!(outer_partition(a, t, &coord(ts)).unwrap_err().kind() == ErrorKind::IndexOutOfRange);
        // A TV layout over the tile, (threads, values) column-major, with a thread count that
        // divides the tile's first leaf so that the tile composes with it.
        let first = tile.shape().flat_leaves()[0];
        let divisors: Vec<i64> = (1..=first).filter(|d| first % d == 0).collect();
        let threads = divisors[(*pick2 as usize) % divisors.len()];
        let tv = Layout::column_major(HTuple::Tuple(vec![HTuple::Leaf(threads), HTuple::Leaf(ts / threads)])).unwrap();
        let thread = pick2 % threads;
        let (part, off) = partition_tv(a, t, &tv, thread)
            .map_err(|e| fail(format!("partition_tv({a}, {t}, {tv}, {thread}): {e}")))?;
        let vals = ts / threads;
        for v in 0..vals {
            for j in 0..rs {
                prop_assert_eq!(
                    off + at(&part, v + vals * j)?,
                    at(&z, thread + threads * v + ts * j)?,
                    "partition_tv = {} o {}",
                    off,
                    part
                );
            }
        }
        Ok(true)
    });
}
