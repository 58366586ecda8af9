//! Property tests of upcast and downcast on the dynamic engine: the post-conditions checked by
//! evaluating the layouts over their domain on random inputs (see `properties_common`).

use crate::properties_common::*;

#[derive(Debug)]
struct Cast {
    l: Show<Layout>,
    n: i64,
}

#[test]
fn upcast_then_downcast_is_the_identity() {
    // A compact column-major layout, whose first leaf of size > 1 has stride 1, and n dividing
    // that leaf.
    let input = decoded(|g| {
        let s = shape(g, 1024);
        let mut leaves = s.flat_leaves();
        let first = match leaves.iter().position(|&x| x > 1) {
            Some(k) => k,
            None => {
                leaves[0] = 2;
                0
            }
        };
        let divisors: Vec<i64> = (1..=leaves[first]).filter(|d| leaves[first] % d == 0).collect();
        let n = g.pick(&divisors);
        let l = Layout::column_major(s.unflatten(&leaves).unwrap()).unwrap();
        Cast { l: Show(l), n }
    });
    property("upcast/downcast", input, |Cast { l: Show(l), n }| {
        let n = *n;
        let up = ok(&format!("upcast({n}, {l})"), upcast(n, l))?;
        let down = ok(&format!("downcast({n}, {l})"), downcast(n, l))?;
        let what = format!("upcast({n}, {l}) = {up}, downcast({n}, {l}) = {down}");
        // The round trip needs the upcast to keep a single stride-1 leaf: n below the first
        // leaf, or no other leaf. For n equal to the first leaf, the next leaf's stride becomes
        // 1 too and downcast grows both, as in C++: upcast(2, (2,2):(1,2)) = (1,2):(1,1), whose
        // downcast(2) is (2,4):(1,1).
        let first = l.flat_modes().into_iter().find(|m| m.0 > 1).map_or(1, |m| m.0);
        if n < first || l.flat_modes().iter().filter(|m| m.0 > 1).count() == 1 {
            let back = downcast(n, &up);
            prop_assert!(
                back.as_ref() == Ok(l),
                "{}: downcast of the upcast is {:?}",
                what,
                back.map(|x| x.to_string())
            );
        }
        prop_assert_eq!(size(&up)? * n, size(l)?, "{}: size of the upcast", what);
        for i in 0..size(&up)? {
            prop_assert_eq!(at(&up, i)? * n, at(l, i * n)?, "{}: upcast at {}", what, i);
        }
        prop_assert_eq!(size(&down)?, size(l)? * n, "{}: size of the downcast", what);
        for j in 0..size(&down)? {
            prop_assert_eq!(at(&down, j)?, n * at(l, j / n)? + j % n, "{}: downcast at {}", what, j);
        }
        Ok(true)
    });
}
